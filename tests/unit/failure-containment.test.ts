// Issue 10 part 5: failures that loop or break the shell (docs/decisions/013-failure-containment.md).
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestSandbox, thrown, type TestSandbox } from "./sandbox";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  process.env.UPSTREAM_URL = sandbox.url;
  process.env.CONFIG_TTL_S = "0";
  process.env.CONTENT_TTL_S = "0";
});
afterAll(() => sandbox?.close());
beforeEach(() => sandbox.control("POST", "/reset"));

const ORIGIN = "http://localhost:3000";
const root = () => import("~/root");

function get(path: string, cookie = "", host = "localhost:3000") {
  return new Request(`http://${host}${path}`, { headers: { Host: host, Cookie: cookie } });
}
function args(request: Request) {
  return { request, context: {} as AppLoadContext, params: {} };
}
function setCookies(response: { headers?: Headers; init?: ResponseInit | null }): string[] {
  const headers = response.headers ?? new Headers(response.init?.headers);
  return headers.getSetCookie();
}

describe("a cookie that cannot be read counts as absent (never a 500)", () => {
  const bad = ["", "garbage", "eyJ", "%E0%A4%A", "eyJhIjoxfQ%3D%3D.badsignature", "x".repeat(3000)];
  it.each(bad.flatMap((value) => ["csrf", "portal_session", "lng", "clientId"].map((name) => [name, value] as const)))(
    "%s=%s: the root loader answers with a usable CSRF token",
    async (name, value) => {
      const { loader } = await root();
      const result = (await loader(args(get("/home/index", `${name}=${value}`)))) as unknown as { data: { csrfToken: string }; init: ResponseInit };
      expect(result.data.csrfToken).toMatch(/^[\w-]+\.[\w-]+$/);
      if (name === "csrf") expect(setCookies(result).some((c) => c.startsWith("csrf=") && !c.startsWith("csrf=;"))).toBe(true);
    },
  );
});
