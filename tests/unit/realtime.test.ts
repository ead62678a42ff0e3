import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { Portal } from "~/lib/portal.server";
import { leaveUnitSandbox, unitSandbox, type TestSandbox } from "./sandbox";

/* The portal side of the real-time module against a real sandbox: the bootstrap a page's loader
   hands the browser, and the client module speaking to the sandbox's exam socket with it. */

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await unitSandbox();
});
afterAll(leaveUnitSandbox);

const { createUpstream } = await import("~/lib/http/upstream.server");
const { socketBootstrap, presenceBootstrap } = await import("~/services/realtime.server");
const { RealtimeSocket, socketUrl } = await import("~/services/realtime.client");
const { LessonChannel } = await import("~/services/live-channel.client");

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

  it("the live channel (spec 000 §7.3, decision 059): channelInfo, videoIn, videoReady and liveIn are recorded; a reopened socket re-authenticates and replays them", async () => {
    await sandbox.control("POST", "/reset");
    const boot = (await socketBootstrap(await portalFor("13700002506"), "yunduo"))!;
    const events: string[] = [];
    const socket = new RealtimeSocket({
      url: socketUrl(boot.host, boot.query, "http:"),
      auth: boot.auth,
      WebSocket: WebSocket as never,
      connectDelayMs: 0,
      onEvent: (e) => events.push(e.type),
    }).start();
    type Status = {
      exam: {
        authenticated: Array<{ userId: number; module: string }>;
        channel: Array<{ op: string; userId: number; module: string; data: Record<string, unknown> }>;
        places: Array<{ userId: number; module: string; channel: string | null; room: unknown; video: unknown }>;
      };
    };
    const status = () => sandbox.control<Status>("GET", "/realtime");
    const lesson = { commodityId: 5001, courseId: 101, lessonId: 101012 };
    try {
      const channel = new LessonChannel(socket, lesson);
      const [info, videoIn] = await channel.enter("video");
      expect(info).toMatchObject({ op: "channelInfo", code: "1", data: { channel: "yunduo:1", online: 1 } });
      expect(videoIn).toMatchObject({ op: "videoIn", code: "1", data: { video: { ...lesson, ready: false } } });
      expect(await channel.ready(93.4)).toMatchObject({ op: "videoReady", code: "1", data: { video: { ready: true, durationS: 93 } } });
      expect(await channel.enter("video")).toEqual([]); // once
      const [live] = await new LessonChannel(socket, { commodityId: 5003, courseId: 103, lessonId: 103031 }).enter("live");
      expect(live).toMatchObject({ op: "channelInfo" });
      const s1 = (await status()).exam;
      expect(s1.channel.map((c) => [c.op, c.module, c.userId])).toEqual([
        ["channelInfo", "yunduo", 2506],
        ["videoIn", "yunduo", 2506],
        ["videoReady", "yunduo", 2506],
        ["channelInfo", "yunduo", 2506],
        ["liveIn", "yunduo", 2506],
      ]);
      expect(s1.places).toEqual([
        {
          userId: 2506,
          module: "yunduo",
          channel: "yunduo:1",
          room: { kind: "live", commodityId: 5003, courseId: 103, lessonId: 103031 },
          video: { ...lesson, ready: true, durationS: 93 },
        },
      ]);
      // the socket drops: the client reconnects (4 s: spec 000 §9), authenticates again and replays the history
      await sandbox.control("POST", "/realtime/drop");
      await expect.poll(async () => (await status()).exam.authenticated.length, { timeout: 10_000, interval: 200 }).toBe(2);
      await expect.poll(async () => (await status()).exam.places[0]?.room, { timeout: 5_000, interval: 100 }).toBeTruthy();
      const s2 = (await status()).exam;
      expect(s2.authenticated.map((a) => a.module)).toEqual(["yunduo", "yunduo"]);
      expect(s2.channel.slice(5).map((c) => c.op)).toEqual(["channelInfo", "videoIn", "videoReady", "channelInfo", "liveIn"]);
      expect(s2.places[0]).toMatchObject({ channel: "yunduo:1", video: { ready: true }, room: { kind: "live" } });
      expect(events).toContain("reconnect");
    } finally {
      socket.close();
    }
  }, 20_000);
});
