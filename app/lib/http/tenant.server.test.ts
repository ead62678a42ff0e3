import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { leaveUnitSandbox, unitSandbox, type TestSandbox } from "../../../tests/unit/sandbox";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await unitSandbox();
});
afterAll(leaveUnitSandbox);

const { getPortal } = await import("~/lib/portal.server");
const { forgetUnknownSites, UNKNOWN_SITE_TTL_MS } = await import("~/lib/http/tenant.server");

async function visit(host: string) {
  try {
    await getPortal({ request: new Request(`http://${host}/home/index`, { headers: { Host: host } }), context: {} as AppLoadContext });
    return 200;
  } catch (error) {
    return error as { data?: { kind?: string }; init?: { status?: number } };
  }
}

describe("an unknown Host (issue 10 §4)", () => {
  it("is asked about once per domain per minute and answers the site-not-found page (404)", async () => {
    forgetUnknownSites();
    await sandbox.control("DELETE", "/requests");
    const answers = await Promise.all([visit("nowhere.example"), visit("nowhere.example"), visit("nowhere.example")]);
    for (let i = 0; i < 5; i++) answers.push(await visit("nowhere.example"));
    for (const answer of answers) expect(answer).toMatchObject({ data: { kind: "siteNotFound" }, init: { status: 404 } });
    expect(await sandbox.control<unknown[]>("GET", "/requests")).toHaveLength(1);

    // another unknown domain is asked about on its own
    await visit("elsewhere.example");
    expect(await sandbox.control<unknown[]>("GET", "/requests")).toHaveLength(2);

    // a minute later the upstream is asked again
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + UNKNOWN_SITE_TTL_MS + 1);
      await visit("nowhere.example");
      expect(await sandbox.control<unknown[]>("GET", "/requests")).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a known host goes on (one probe, then none)", async () => {
    await sandbox.control("DELETE", "/requests");
    expect(await visit("localhost")).toBe(200);
    expect(await visit("localhost")).toBe(200);
    expect((await sandbox.control<{ path: string }[]>("GET", "/requests")).length).toBeLessThanOrEqual(1);
  });
});
