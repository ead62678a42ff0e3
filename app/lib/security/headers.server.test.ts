import { describe, expect, it } from "vitest";
import { pageScriptOrigins, securityHeaders } from "~/lib/security/headers.server";

// Issue 10 part 6b: script-src lists the hosts of the company's configured scripts, never a bare `https:`.

function scriptSrc(scriptOrigins?: string[]): string[] {
  const headers = new Headers();
  securityHeaders(headers, { nonce: "abc", secure: true, scriptOrigins });
  const csp = headers.get("Content-Security-Policy") ?? "";
  const directive = csp.split("; ").find((d) => d.startsWith("script-src ")) ?? "";
  return directive.split(" ").slice(1);
}

const shell = {
  site: { stat: { type: "baidu", key: "k1" } },
  sidebar: { scripts: ["https://hm.baidu-sq.example/bdsq.js?id=10001", "https://im.other.example/widget.js?id=10001"] },
};

describe("script-src", () => {
  it("is 'self', the nonce and nothing else when the page loads no third-party script", () => {
    expect(scriptSrc()).toEqual(["'self'", "'nonce-abc'"]);
    expect(scriptSrc([])).toEqual(["'self'", "'nonce-abc'"]);
  });

  it("lists the configured analytics, chat and captcha hosts, and no bare https:", () => {
    const origins = pageScriptOrigins(shell, { cloudCaptcha: true });
    expect(origins).toEqual(["https://hm.baidu.com", "https://hm.baidu-sq.example", "https://im.other.example", "https://turing.captcha.qcloud.com"]);
    const src = scriptSrc(origins);
    expect(src).toEqual(["'self'", "'nonce-abc'", ...origins]);
    expect(src).not.toContain("https:");
    expect(src).not.toContain("http:");
  });

  it.each([
    ["google", "https://www.googletagmanager.com"],
    ["cnzz", "https://s4.cnzz.com"],
    ["tencent", "https://tajs.qq.com"],
  ])("analytics %s → %s", (type, origin) => {
    expect(pageScriptOrigins({ site: { stat: { type, key: "x" } } }, { cloudCaptcha: false })).toEqual([origin]);
  });

  it("the cloud captcha host only with CAPTCHA_PROVIDER=cloud; nothing from a shell that is missing", () => {
    expect(pageScriptOrigins(undefined, { cloudCaptcha: false })).toEqual([]);
    expect(pageScriptOrigins(null, { cloudCaptcha: true })).toEqual(["https://turing.captcha.qcloud.com"]);
    expect(pageScriptOrigins({ site: { stat: null }, sidebar: null }, { cloudCaptcha: false })).toEqual([]);
  });

  it("never lets a source list be widened or broken by a configured value", () => {
    const hostile = {
      site: { stat: { type: "unknown", key: "x" } },
      sidebar: {
        scripts: [
          "http://plain.example/a.js",
          "https://a.example/x.js; script-src *",
          "https://*.example/x.js",
          "javascript:alert(1)",
          "https://[::1]/x.js",
          42,
          "https://ok.example:8443/w.js",
        ],
      },
    };
    const origins = pageScriptOrigins(hostile, { cloudCaptcha: false });
    expect(origins).toEqual(["https://a.example", "https://ok.example:8443"]);
    expect(scriptSrc(["https:", "*", "https://a.example; object-src *", "'unsafe-inline'"])).toEqual(["'self'", "'nonce-abc'"]);
  });

  it("headers without a nonce (data requests) carry no CSP, the other headers as before", () => {
    const headers = new Headers();
    securityHeaders(headers, { secure: false });
    expect(headers.get("Content-Security-Policy")).toBeNull();
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
