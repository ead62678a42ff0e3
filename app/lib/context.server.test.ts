import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/v4";
import { leaveUnitSandbox, unitSandbox } from "../../tests/unit/sandbox";

// Decision 053 (issue 23 step 2): the request context is made once per request and holds that request's
// state only: its portal (made once, shared by every loader of the request), its upstream timings, its form.

beforeAll(async () => {
  await unitSandbox();
});
afterAll(leaveUnitSandbox);

const { getLoadContext, requestContext, timingsOf } = await import("~/lib/context.server");
const { getPortal, requireValidPost, submittedFieldsOf } = await import("~/lib/portal.server");

const ORIGIN = "http://127.0.0.1:3000";
const page = (path = "/home/index", init: RequestInit = {}) => new Request(ORIGIN + path, { ...init, headers: { Host: "127.0.0.1:3000", ...init.headers } });
/** One uncached upstream call through the portal's client (company 1's company config). */
const callThrough = (portal: Awaited<ReturnType<typeof getPortal>>) =>
  portal.upstream.call({ path: "/saas-business/v1/company/config/getCompany", schema: z.unknown(), auth: "none" });

describe("getLoadContext (decision 053)", () => {
  it("makes a new context for every request: its own timings, the address the server resolved, no portal yet", () => {
    const a = getLoadContext(page(), { clientIp: "203.0.113.9" });
    const b = getLoadContext(page());
    expect(a).not.toBe(b);
    expect(a.timings).not.toBe(b.timings);
    expect(a).toMatchObject({ clientIp: "203.0.113.9", timings: [] });
    expect(b.clientIp).toBeUndefined();
    expect(a.portal).toBeUndefined();
  });

  it("builds the portal once per request: every loader of the request gets the same one", async () => {
    const request = page();
    const context = getLoadContext(request);
    const [first, second, third] = await Promise.all([getPortal({ request, context }), getPortal({ request, context }), getPortal({ request, context })]);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(getPortal({ request, context })).toBe(context.portal);
  });

  it("shares nothing across requests: each has its own portal, session and timings", async () => {
    const one = { request: page(), context: getLoadContext(page()) };
    const two = { request: page(), context: getLoadContext(page()) };
    const [a, b] = await Promise.all([getPortal(one), getPortal(two)]);
    expect(a).not.toBe(b);
    expect(a.session).not.toBe(b.session);
    // a visitor without a clientId cookie gets a new one per request: the second did not reuse the first's
    expect(a.clientId).not.toBe(b.clientId);
    const before = timingsOf(two.context).length;
    await callThrough(a);
    expect(timingsOf(one.context).at(-1)).toMatchObject({ path: "/saas-business/v1/company/config/getCompany", outcome: "ok" });
    expect(timingsOf(two.context)).toHaveLength(before);
  });

  it("completes a bare {} (remix-serve gives each request a new one, a test calls a loader with one) in place", async () => {
    const context = { clientIp: "198.51.100.7" } as AppLoadContext;
    const request = page();
    const portal = await getPortal({ request, context });
    expect(requestContext(context)).toBe(context);
    expect(context.clientIp).toBe("198.51.100.7");
    expect(Array.isArray(context.timings)).toBe(true);
    await callThrough(portal);
    expect(timingsOf(context).length).toBeGreaterThan(0);
    expect(await getPortal({ request, context })).toBe(portal);
    expect(timingsOf(undefined)).toEqual([]);
  });

  it("a refused post's answer stays with its request: its later getPortal throws it, the next request is served", async () => {
    const post = page("/logout", {
      method: "POST",
      headers: { Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    const context = getLoadContext(post);
    const refusal = await requireValidPost({ request: post, context }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ data: { kind: "forbidden", reason: "foreign origin" }, init: { status: 403 } });
    await expect(getPortal({ request: post, context })).rejects.toBe(refusal);
    expect(submittedFieldsOf(context)).toBeUndefined();
    const next = page();
    await expect(getPortal({ request: next, context: getLoadContext(next) })).resolves.toMatchObject({ clientId: expect.any(String) });
  });
});
