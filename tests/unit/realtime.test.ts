import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { Portal } from "~/lib/portal.server";
import { startTestSandbox, type TestSandbox } from "./sandbox";

/* The portal side of the real-time module against a real sandbox: the bootstrap a page's loader
   hands the browser, and the client module speaking to the sandbox's exam socket with it. */

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  process.env.UPSTREAM_URL = sandbox.url;
});
afterAll(() => sandbox.close());

const { createUpstream } = await import("~/lib/http/upstream.server");
const { socketBootstrap, presenceBootstrap } = await import("~/services/realtime.server");
const { RealtimeSocket, socketUrl } = await import("~/services/realtime.client");

async function portalFor(account: string | null): Promise<Portal> {
  const t = account ? await sandbox.control<{ token: string; userId: number; companyId: number }>("POST", "/tokens", { account }) : null;
  const session = new Map<string, unknown>(t ? [["companyId", t.companyId]] : []);
  const upstream = createUpstream({
    request: new Request("http://localhost:3000/lib/subject"),
    domain: "localhost",
    token: t?.token,
    companyId: t?.companyId,
    schoolId: 1,
    systemOs: "linux",
    timings: [],
    clearSession: async () => "",
  });
  return {
    request: new Request("http://localhost:3000/lib/subject"),
    tenant: { host: "localhost:3000", domain: "localhost", secure: false, origin: "http://localhost:3000" },
    session: { get: (k: string) => session.get(k) },
    upstream,
    schoolId: 1,
    token: t?.token,
    userId: t?.userId,
    clientId: "client-0001",
    commitSession: async () => "",
  } as unknown as Portal;
}

describe("socketBootstrap (spec 000 section 7.3)", () => {
  it("gives the socket host, the query without the token, and the auth message with it", async () => {
    const portal = await portalFor("13800000001");
    const boot = (await socketBootstrap(portal, "question"))!;
    expect(boot.host).toBe(new URL(sandbox.url).host);
    expect(boot.query).toMatchObject({
      yunId: "yunduo-live-1",
      additional: "5",
      domain: "localhost",
      userId: "1001",
      schoolId: "1",
      companyId: "1",
      platform: "pc",
    });
    expect(boot.query.sessionid).toMatch(/^[0-9a-f]{16}$/);
    expect(Object.keys(boot.query)).toEqual(["yunId", "additional", "domain", "sessionid", "userId", "schoolId", "companyId", "platform"]);
    const url = socketUrl(boot.host, boot.query, "http:");
    expect(url).not.toContain(portal.token!);
    expect(boot.auth).toEqual({ userId: 1001, companyId: 1, schoolId: 1, token: portal.token, deviceId: "client-0001", module: "question" });
  });

  it("the pool size comes from the system configuration pc.socket.pool.size (spec 000 section 4)", async () => {
    const { configCache } = await import("~/services/config.server");
    configCache.clear();
    expect((await socketBootstrap(await portalFor("13800000001"), "question"))!.poolSize).toBe(1);
    await sandbox.control("PATCH", "/companies/1/config", { sysConfig: { "pc.socket.pool.size": "3" } });
    configCache.clear();
    expect((await socketBootstrap(await portalFor("13800000001"), "question"))!.poolSize).toBe(3);
    const calls = await sandbox.control<Array<{ path: string }>>("GET", `/requests?path=${encodeURIComponent("sys/config/1/pc\\.socket\\.pool\\.size")}`);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    await sandbox.control("POST", "/reset");
  });

  it("gives visitors nothing", async () => {
    expect(await socketBootstrap(await portalFor(null), "home")).toBeNull();
    expect(await presenceBootstrap(await portalFor(null))).toBeNull();
  });

  it("presence gets the node host and the session id, never the token", async () => {
    const portal = await portalFor("13800000001");
    const presence = (await presenceBootstrap(portal))!;
    expect(presence).toEqual({ hosts: [new URL(sandbox.url).host], userId: 1001, companyId: 1, sessionId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(JSON.stringify(presence)).not.toContain(portal.token!);
  });

  it("the client module authenticates at the sandbox's socket with it and runs exam operations", async () => {
    await sandbox.control("POST", "/reset");
    const boot = (await socketBootstrap(await portalFor("13800000001"), "question"))!;
    const socket = new RealtimeSocket({
      url: socketUrl(boot.host, boot.query, "http:"),
      auth: boot.auth,
      WebSocket: WebSocket as never,
      connectDelayMs: 0,
    }).start();
    try {
      const paper = await socket.paperQuestions(9001);
      expect(paper.code).toBe("1");
      expect((paper.data as { questions: unknown[] }).questions).toHaveLength(5);
      expect((await socket.submitOne(9001, 90013, ["B", "A", "D"])).data).toMatchObject({ answers: { 90013: ["A", "B", "D"] } });
      expect((await socket.submit(9001)).data).toMatchObject({ state: "submitted", score: 20 });
      const status = await sandbox.control<{ exam: { authenticated: Array<{ userId: number; module: string; sessionid: string }> } }>("GET", "/realtime");
      expect(status.exam.authenticated).toEqual([{ userId: 1001, module: "question", sessionid: boot.query.sessionid }]);
    } finally {
      socket.close();
    }
  });
});
