import { describe, expect, it } from "vitest";
import { byTestId, formBrowser, text, usePortal } from "./portal";

// Spec 000 §8, issue 39 §12: a third-party login that fails shows the generic line and the provider's own words
// (escaped), once; the words come from the provider's redirect (same state only) or the upstream's refusal,
// never from the login page's address.
const ctx = usePortal();

async function started() {
  const b = formBrowser(ctx, { stripTextSeparators: true });
  const start = await b.get("/join/third/weixin?backUrl=%2Fcourse%2Flist");
  expect(start.status).toBe(302);
  const state = new URL(start.headers.get("Location")!).searchParams.get("state");
  expect(state).toBeTruthy();
  return { b, state: state! };
}

async function loginPage(b: ReturnType<typeof formBrowser>, location: string | null) {
  expect(location).toMatch(/^\/join\/login\?.*third=failed/);
  return b.page(location!);
}

describe("a failed third-party login (spec 000 §8)", () => {
  it("the provider's refusal: the generic line and its words, escaped, once", async () => {
    const { b, state } = await started();
    const words = "<b>provider down</b> & 稍后再试";
    const back = await b.get(`/join/callback/weixin?error=access_denied&error_description=${encodeURIComponent(words)}&state=${state}`);
    expect(back.status).toBe(302);
    const html = await loginPage(b, back.headers.get("Location"));
    expect(html).toContain("第三方登录未完成，请重试");
    const said = byTestId(html, "third-message") ?? "";
    expect(said).toContain("&lt;b&gt;provider down&lt;/b&gt; &amp; 稍后再试");
    expect(text(said)).toBe(`对方的说明：${words}`);
    expect(html).not.toContain("<b>provider down</b>");
    // shown once: the same address again has the generic line only
    const again = await b.page(back.headers.get("Location")!);
    expect(again).toContain("第三方登录未完成，请重试");
    expect(byTestId(again, "third-message")).toBeUndefined();
  });

  it("`error=access_denied` alone is what the provider said; in English too", async () => {
    const { b, state } = await started();
    const back = await b.get(`/join/callback/weixin?error=access_denied&state=${state}`);
    const html = await b.page(`${back.headers.get("Location")!}&lng=en`);
    expect(text(byTestId(html, "third-message") ?? "")).toBe("The provider said: access_denied");
  });

  it("an answer with another state is not trusted: the generic line only; the upstream's refusal of a code is shown", async () => {
    const { b, state } = await started();
    const forged = await b.get(`/join/callback/weixin?error=access_denied&error_description=call%20us&state=not-${state}`);
    const html = await loginPage(b, forged.headers.get("Location"));
    expect(byTestId(html, "third-message")).toBeUndefined();
    const second = await started();
    const refused = await second.b.get(`/join/callback/weixin?code=not-a-provider-code&state=${second.state}`);
    const page = await loginPage(second.b, refused.headers.get("Location"));
    expect(text(byTestId(page, "third-message") ?? "")).toMatch(/^对方的说明：.+/);
  });
});
