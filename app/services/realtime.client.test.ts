import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import {
  CONNECT_DELAY_MS,
  HEARTBEAT_MS,
  moduleFor,
  RealtimeSocket,
  reconnectDelayMs,
  socketUrl,
  type AuthPayload,
  type ConnectionEvent,
  type SocketConstructor,
} from "~/services/realtime.client";

/* A real `ws` server in the test; only the client's timers (and Date) are fake. */

type Received = { conn: number; op: string; seq: number; data: Record<string, unknown>; at: number };

class TestServer {
  wss!: WebSocketServer;
  url = "";
  received: Received[] = [];
  attempts: number[] = [];
  sockets: WebSocket[] = [];
  accept = true;

  async start() {
    this.wss = new WebSocketServer({
      port: 0,
      host: "127.0.0.1",
      verifyClient: (_info, done) => {
        this.attempts.push(Date.now());
        done(this.accept, 503);
      },
    });
    await new Promise((r) => this.wss.once("listening", r));
    this.url = `ws://127.0.0.1:${(this.wss.address() as AddressInfo).port}/websocket`;
    this.wss.on("connection", (ws) => {
      const conn = this.sockets.push(ws) - 1;
      ws.on("message", (raw) => {
        const m = JSON.parse(String(raw)) as Received;
        this.received.push({ ...m, conn, at: Date.now() });
        ws.send(JSON.stringify({ op: m.op, seq: m.seq, code: "1", message: "", data: { echo: m.data } }));
      });
    });
  }
  ops(conn?: number) {
    return this.received.filter((r) => conn === undefined || r.conn === conn).map((r) => r.op);
  }
  async stop() {
    for (const s of this.sockets) s.terminate();
    await new Promise((r) => this.wss.close(() => r(null)));
  }
}

const AUTH: AuthPayload = { companyId: 1, schoolId: 1, userId: 1001, token: "tok-secret", deviceId: "dev-1", module: "question" };

/** Lets real I/O happen (fake timers do not touch setImmediate) until `cond` holds. */
async function until(cond: () => boolean, what = "condition", budgetMs = 3000) {
  const end = performance.now() + budgetMs;
  while (!cond()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}
/** Real time passes (a little) with no fake time: nothing scheduled may happen. */
async function settle(ms = 60) {
  const end = performance.now() + ms;
  while (performance.now() < end) await new Promise((r) => setImmediate(r));
}

let server: TestServer;
let client: RealtimeSocket | undefined;
let events: ConnectionEvent[];

function connect(poolSize = 1) {
  events = [];
  client = new RealtimeSocket({
    url: server.url,
    auth: AUTH,
    poolSize,
    WebSocket: WebSocket as unknown as SocketConstructor,
    onEvent: (e) => events.push(e),
  });
  return client.start();
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  server = new TestServer();
  await server.start();
});

afterEach(async () => {
  client?.close();
  client = undefined;
  vi.useRealTimers();
  await server.stop();
});

describe("realtime socket (spec 000 sections 4, 7.3, 9)", () => {
  it("opens 3.5 s after start and authenticates first, with the module of the page area", async () => {
    expect(CONNECT_DELAY_MS).toBe(3500);
    const t0 = Date.now();
    connect();
    vi.advanceTimersByTime(3499);
    await settle();
    expect(server.attempts).toHaveLength(0);
    vi.advanceTimersByTime(1);
    await until(() => server.received.length >= 1, "auth");
    expect(server.attempts[0]! - t0).toBe(3500);
    const first = server.received[0]!;
    expect(first.op).toBe("auth");
    expect(first.seq).toBe(1);
    expect(first.data).toEqual({ ...AUTH, date: t0 + 3500 });
    await until(() => events.some((e) => e.type === "authenticated"), "authenticated");
  });

  it("sends a heartbeat every 10 s", async () => {
    expect(HEARTBEAT_MS).toBe(10_000);
    connect();
    vi.advanceTimersByTime(CONNECT_DELAY_MS);
    await until(() => server.ops().includes("auth"), "auth");
    vi.advanceTimersByTime(9_999);
    await settle();
    expect(server.ops()).not.toContain("heartbeat");
    vi.advanceTimersByTime(1);
    await until(() => server.ops().filter((o) => o === "heartbeat").length === 1, "first heartbeat");
    vi.advanceTimersByTime(10_000);
    await until(() => server.ops().filter((o) => o === "heartbeat").length === 2, "second heartbeat");
    for (const n of [3, 4]) {
      vi.advanceTimersByTime(10_000);
      await until(() => server.ops().filter((o) => o === "heartbeat").length === n, `heartbeat ${n}`);
    }
    const beats = server.received.filter((r) => r.op === "heartbeat").map((r) => r.at);
    expect(beats.slice(1).map((t, i) => t - beats[i]!)).toEqual([10_000, 10_000, 10_000]);
  });

  it("reconnects after 4, 8, 16, 32, 64, 128, 180, 180 s; an explicit close stops it", async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(reconnectDelayMs)).toEqual([4, 8, 16, 32, 64, 128, 180, 180].map((s) => s * 1000));
    server.accept = false;
    connect();
    vi.advanceTimersByTime(CONNECT_DELAY_MS);
    await until(() => server.attempts.length === 1, "first attempt");
    const expected = [4, 8, 16, 32, 64, 128, 180, 180];
    for (const [i, seconds] of expected.entries()) {
      await until(() => events.filter((e) => e.type === "reconnect").length === i + 1, `failure ${i + 1}`);
      vi.advanceTimersByTime(seconds * 1000 - 1);
      await settle(30);
      expect(server.attempts).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      await until(() => server.attempts.length === i + 2, `attempt ${i + 2}`);
    }
    const gaps = server.attempts.slice(1).map((t, i) => t - server.attempts[i]!);
    expect(gaps).toEqual(expected.map((s) => s * 1000));
    expect(events.filter((e) => e.type === "reconnect").map((e) => (e as { delayMs: number }).delayMs)).toEqual(expected.map((s) => s * 1000));

    await until(() => events.filter((e) => e.type === "reconnect").length === expected.length + 1, "last failure");
    client!.close();
    vi.advanceTimersByTime(3_600_000);
    await settle();
    expect(server.attempts).toHaveLength(expected.length + 1);
  });

  it("after a drop re-authenticates, replays the history and delivers what was sent meanwhile", async () => {
    const socket = connect();
    const joined = socket.liveIn({ channelId: 7 });
    vi.advanceTimersByTime(CONNECT_DELAY_MS);
    expect((await joined).code).toBe("1");
    expect(server.ops(0)).toEqual(["auth", "liveIn"]);

    server.sockets[0]!.terminate();
    await until(() => events.some((e) => e.type === "reconnect"), "drop noticed");
    expect(events.find((e) => e.type === "reconnect")).toMatchObject({ attempts: 1, delayMs: 4000 });
    const answer = socket.submitOne(9001, 90011, "A");
    vi.advanceTimersByTime(3_999);
    await settle();
    expect(server.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect((await answer).data).toEqual({ echo: { paperId: 9001, questionId: 90011, answer: "A" } });
    expect(server.ops(1)).toEqual(["auth", "liveIn", "submitOne"]);
    expect(server.received.filter((r) => r.conn === 1).map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(server.received.find((r) => r.conn === 1 && r.op === "liveIn")!.data).toEqual({ channelId: 7 });

    // a successful re-authentication resets the backoff
    server.sockets[1]!.terminate();
    await until(() => events.filter((e) => e.type === "reconnect").length === 2, "second drop");
    expect(events.filter((e) => e.type === "reconnect")[1]).toMatchObject({ attempts: 1, delayMs: 4000 });
  });

  it("opens the configured number of connections and spreads requests over them", async () => {
    const socket = connect(3);
    expect(socket.size).toBe(3);
    vi.advanceTimersByTime(CONNECT_DELAY_MS);
    await until(() => events.filter((e) => e.type === "authenticated").length === 3, "three authenticated");
    expect(server.sockets).toHaveLength(3);
    await Promise.all([socket.mark(9001, 90011), socket.sign(9001, 90012), socket.pause(9001)]);
    const conns = server.received.filter((r) => r.op !== "auth").map((r) => r.conn);
    expect(new Set(conns).size).toBe(3);
  });

  it("chooses the auth module by page area and never puts the token in the URL", () => {
    expect(moduleFor("/home/index")).toBe("home");
    expect(moduleFor("/home/index/beijing")).toBe("home");
    expect(moduleFor("/lib/subject")).toBe("question");
    expect(moduleFor("/lib/subject/doing/1/2/3")).toBe("question");
    expect(moduleFor("/personal/course/lessons")).toBe("yunduo");
    expect(moduleFor("/homework")).toBe("yunduo");
    const query = { yunId: "y", additional: "5", domain: "localhost", sessionid: "s1", userId: "1001", schoolId: "1", companyId: "1", platform: "pc" };
    expect(socketUrl("sock.example:81", query, "https:")).toBe(
      "wss://sock.example:81/websocket?yunId=y&additional=5&domain=localhost&sessionid=s1&userId=1001&schoolId=1&companyId=1&platform=pc",
    );
    expect(socketUrl("sock.example", query, "http:").startsWith("ws://sock.example/websocket?")).toBe(true);
  });
});
