import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaveUnitSandbox, unitSandbox, type TestSandbox } from "../../tests/unit/sandbox";
import { connectPresence, offlinePath, pickHost, presenceUrl } from "~/services/presence.client";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await unitSandbox();
});
afterAll(leaveUnitSandbox);

describe("presence client (spec 000 section 4)", () => {
  it("picks one of the comma-separated hosts per user and the scheme by page protocol", () => {
    expect(pickHost(["a:1", "b:2", "c:3"], 1001)).toBe("c:3");
    expect(pickHost(["a:1", "b:2", "c:3"], 1002)).toBe("a:1");
    expect(presenceUrl("node.example:8080", "https:")).toBe("https://node.example:8080");
    expect(presenceUrl("node.example", "http:")).toBe("http://node.example");
    expect(presenceUrl("wss://node.example", "http:")).toBe("https://node.example");
    expect(offlinePath("school.example.com")).toBe("/redirect/online?u=school.example.com");
  });

  it("logs on when connected, logs off on demand, and hands out_online to the page", async () => {
    await sandbox.control("POST", "/reset");
    const { createUpstream } = await import("~/lib/http/upstream.server");
    const t = await sandbox.control<{ token: string; userId: number }>("POST", "/tokens", { account: "13800000001" });
    const upstream = createUpstream({
      request: new Request("http://localhost:3000/"),
      domain: "localhost",
      token: t.token,
      companyId: 1,
      schoolId: 1,
      systemOs: "linux",
      timings: [],
      clearSession: async () => "",
    });
    const { loadNodeOnline } = await import("~/services/realtime.server");
    const node = await loadNodeOnline(upstream);
    const seen: string[] = [];
    const presence = connectPresence({
      hosts: node.online_school_nodejs_domain.split(","),
      userId: t.userId,
      companyId: 1,
      sessionId: node._sessionId,
      pageProtocol: "http:",
      onOutOnline: () => seen.push("out_online"),
      onFrontLogout: () => seen.push("front_logout"),
    });
    try {
      await new Promise((r) => presence.socket.once("connect", () => r(null)));
      presence.logOff();
      await expect
        .poll(async () => (await sandbox.control<{ presence: { events: unknown[] } }>("GET", "/realtime")).presence.events)
        .toEqual([
          { userId: t.userId, event: "logOn" },
          { userId: t.userId, event: "logOff" },
        ]);
      expect(await sandbox.control("POST", "/push", { userId: t.userId, event: "out_online" })).toEqual({ delivered: 1 });
      await expect.poll(() => seen).toEqual(["out_online"]);
    } finally {
      presence.close();
    }
  });
});
