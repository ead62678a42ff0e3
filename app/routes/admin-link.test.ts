import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";

// Nothing listens here: a refused request must be answered before any upstream call.
process.env.UPSTREAM_URL ??= "http://127.0.0.1:9";

const { action, httpUrl, loader } = await import("./admin-link");
const { adminLinkDocument } = await import("~/components/shell/admin-link-document.server");
const { csrf } = await import("~/lib/security/csrf.server");

const ORIGIN = "http://127.0.0.1:3000";

async function post(options: { token?: string; headers?: Record<string, string> } = {}) {
  const [token, setCookie] = await csrf(false).commitToken();
  const body = new FormData();
  if (options.token !== undefined || !("token" in options)) body.set("csrf", options.token ?? token);
  const request = new Request(`${ORIGIN}/admin-link`, {
    method: "POST",
    body,
    headers: { Host: "127.0.0.1:3000", Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", Cookie: (setCookie ?? "").split(";")[0] ?? "", ...options.headers },
  });
  return action({ request, context: {} as AppLoadContext, params: {} });
}

async function refusal(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status;
  }
  return undefined;
}

describe("POST /admin-link refusals (before any upstream call)", () => {
  it("refuses another site's post", async () => {
    expect(await refusal(post({ headers: { Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" } }))).toBe(403);
  });

  it("refuses a post without the CSRF token, or with another one", async () => {
    expect(await refusal(post({ token: undefined }))).toBe(403);
    expect(await refusal(post({ token: "not-the-token" }))).toBe(403);
  });

  it("refuses a visitor: 401 for the script, the home page for a plain post", async () => {
    const json = (await post({ headers: { Accept: "application/json" } })) as Response;
    expect(json.status).toBe(401);
    expect(json.headers.get("Cache-Control")).toBe("no-store");
    const plain = (await post()) as Response;
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe("/home/index");
  });

  it("GET only goes home", () => {
    const res = loader();
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/home/index");
  });
});

describe("the management-centre link", () => {
  it("takes absolute http(s) URLs only", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(httpUrl("https://admin.example.com/sso?ticket=a b")).toBe("https://admin.example.com/sso?ticket=a%20b");
    expect(httpUrl("HTTP://admin.example.com")).toBe("http://admin.example.com/");
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "/admin", "//evil.example/x", "ftp://admin.example.com", ""]) {
      expect(() => httpUrl(bad), bad).toThrow(/bad-response/);
    }
    // The log line names the call, never the link.
    expect(log.mock.calls.map((call) => String(call[0])).join("\n")).not.toContain("javascript");
    log.mockRestore();
  });

  it("the no-JS page moves on by meta refresh, escaped, with a fallback link and strict headers", async () => {
    const url = httpUrl(`https://admin.example.com/in?a=1&b="><script>alert(1)</script>`);
    const res = adminLinkDocument({ locale: "zh", url }, { secure: true });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    expect(res.headers.get("Strict-Transport-Security")).toContain("max-age=");
    const html = await res.text();
    expect(html).not.toContain("<script");
    const escaped = url.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${escaped}"/>`);
    expect(html).toContain(`<a href="${escaped}" rel="noreferrer" data-testid="admin-open">打开管理中心</a>`);
    expect(html).toMatch(/^<!DOCTYPE html><html lang="zh">/);
  });

  it("the no-JS failure page shows the upstream's message (escaped) or the generic one", async () => {
    const failed = adminLinkDocument({ locale: "en", message: "<b>no</b>" }, { status: 502, secure: false });
    expect(failed.status).toBe(502);
    const html = await failed.text();
    expect(html).toContain('<p role="alert">&lt;b&gt;no&lt;/b&gt;</p>');
    expect(html).not.toContain("http-equiv");
    expect(await adminLinkDocument({ locale: "en", message: "" }, { status: 504, secure: false }).text()).toContain(
      '<p role="alert">Could not get the management centre link</p>',
    );
  });
});
