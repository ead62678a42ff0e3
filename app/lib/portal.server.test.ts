import { describe, expect, it } from "vitest";
import { checkSameOrigin } from "~/lib/portal.server";
import { tenantOf } from "~/lib/http/tenant.server";

process.env.UPSTREAM_URL ??= "http://127.0.0.1:4000";

function post(headers: Record<string, string>, url = "http://127.0.0.1:3000/logout") {
  return new Request(url, { method: "POST", headers: { Host: "127.0.0.1:3000", ...headers } });
}

describe("same-origin check on every non-GET request", () => {
  it("lets a same-origin post through", () => {
    const request = post({ Origin: "http://127.0.0.1:3000", "Sec-Fetch-Site": "same-origin" });
    expect(checkSameOrigin(request, tenantOf(request))).toBeUndefined();
  });

  it.each([
    [{ Origin: "http://evil.example" }],
    [{ Origin: "http://127.0.0.1:3001" }],
    [{ Origin: "https://127.0.0.1:3000" }],
    [{ Origin: "null" }],
    [{ "Sec-Fetch-Site": "cross-site" }],
    [{ "Sec-Fetch-Site": "same-site" }],
    [{ Origin: "http://127.0.0.1:3000", "Sec-Fetch-Site": "cross-site" }],
  ])("refuses %j", (headers) => {
    const request = post(headers);
    expect(checkSameOrigin(request, tenantOf(request))).toBeDefined();
  });

  it("does not check GET", () => {
    const request = new Request("http://127.0.0.1:3000/", { headers: { Origin: "http://evil.example" } });
    expect(checkSameOrigin(request, tenantOf(request))).toBeUndefined();
  });

  it("ignores X-Forwarded-Host unless TRUST_PROXY=1", () => {
    const request = post({ Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" });
    expect(tenantOf(request).host).toBe("127.0.0.1:3000");
    expect(checkSameOrigin(request, tenantOf(request))).toBeDefined();
  });
});

describe("tenant behind a trusted proxy", () => {
  it("takes X-Forwarded-Host and X-Forwarded-Proto when TRUST_PROXY=1", async () => {
    const { env } = await import("~/env.server");
    const current = env() as { TRUST_PROXY: unknown };
    current.TRUST_PROXY = { kind: "hops", hops: 1 };
    try {
      const request = post({ "X-Forwarded-Host": "school.example.com", "X-Forwarded-Proto": "https", Origin: "https://school.example.com" });
      const tenant = tenantOf(request);
      expect(tenant).toEqual({ host: "school.example.com", domain: "school.example.com", secure: true, origin: "https://school.example.com" });
      expect(checkSameOrigin(request, tenant)).toBeUndefined();
      // the same host over plain http is another origin on an https site
      const downgraded = post({ "X-Forwarded-Host": "school.example.com", "X-Forwarded-Proto": "https", Origin: "http://school.example.com" });
      expect(checkSameOrigin(downgraded, tenantOf(downgraded))).toBe("foreign origin");
      // one hop: the proxy's (right-most) value wins over what the client wrote
      const spoofed = post({ "X-Forwarded-Host": "evil.example, school.example.com", "X-Forwarded-Proto": "http, https" });
      expect(tenantOf(spoofed).origin).toBe("https://school.example.com");
    } finally {
      current.TRUST_PROXY = { kind: "none" };
    }
  });
});
