/**
 * The exam/live socket of spec 000 sections 4, 7.3 and 9 (browser only; loaded with a dynamic
 * `import()` by the pages that need it). The message format is in
 * docs/decisions/007-realtime-socket.md: `{ op, seq, data }` out, `{ op, seq, code, message, data }` in.
 */

/** Spec 000 section 9: connect 3.5 s after load, heartbeat every 10 s, reconnect wait 2^(n+1) s capped at 180 s. */
export const CONNECT_DELAY_MS = 3_500;
export const HEARTBEAT_MS = 10_000;
export const MAX_RECONNECT_S = 180;
export const SOCKET_PATH = "/websocket";

/** Wait before reconnect attempt `attempts` (1, 2, ...): 4, 8, 16, 32, 64, 128, 180, 180 ... seconds. */
export function reconnectDelayMs(attempts: number): number {
  return Math.min(2 ** (attempts + 1), MAX_RECONNECT_S) * 1000;
}

export const OPS = [
  "auth",
  "heartbeat",
  "paperQuestions",
  "review",
  "submitOne",
  "pause",
  "resume",
  "mark",
  "sign",
  "switchQuestion",
  "submit",
  "close",
  "examFace",
  "liveIn",
  "replayIn",
  "logOn",
  "logOff",
  "channelInfo",
  "videoIn",
  "videoReady",
] as const;
export type Op = (typeof OPS)[number];

/** Ops that put the connection in a state (a room, a video, a presence): replayed after a reconnect. */
export const HISTORY_OPS: ReadonlySet<Op> = new Set<Op>(["liveIn", "replayIn", "videoIn", "videoReady", "channelInfo", "logOn"]);

export type SocketModule = "home" | "question" | "yunduo";

/** Spec 000 section 7.3: `home` for the home area, `question` for the library (question bank) area, else `yunduo`. */
export function moduleFor(pathname: string): SocketModule {
  if (pathname === "/home" || pathname.startsWith("/home/")) return "home";
  if (pathname === "/lib" || pathname.startsWith("/lib/")) return "question";
  return "yunduo";
}

/** The query of spec 000 section 7.3 (the token is never in it: it goes in the auth message). */
export type SocketQuery = {
  yunId: string;
  additional: string;
  domain: string;
  sessionid: string;
  userId: string;
  schoolId: string;
  companyId: string;
  platform: string;
};

export type AuthPayload = {
  companyId: number;
  schoolId: number;
  userId: number;
  token: string;
  /** set when the message is sent */
  date?: number;
  deviceId: string;
  module: SocketModule;
};

/** What a page's loader hands the browser (app/services/realtime.server.ts `socketBootstrap`). */
/** `poolSize`: connections in the pool (spec 000 section 4, system configuration pc.socket.pool.size). */
export type SocketBootstrap = { host: string; query: SocketQuery; auth: AuthPayload; poolSize: number };

/** ws or wss by the page's protocol, the socket host, path /websocket, the query. */
export function socketUrl(host: string, query: SocketQuery, pageProtocol: string): string {
  const scheme = pageProtocol === "https:" ? "wss" : "ws";
  return `${scheme}://${host}${SOCKET_PATH}?${new URLSearchParams(query).toString()}`;
}

export type ServerMessage = { op: Op | "error"; seq: number; code: string; message: string; data: unknown };
export type ClientMessage = { op: Op; seq: number; data: Record<string, unknown> };

/** The part of the WebSocket API used here: the browser's and `ws`'s both fit. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketConstructor = new (url: string) => SocketLike;

export type RealtimeOptions = {
  url: string;
  auth: AuthPayload;
  /** connections in the pool (default 1) */
  poolSize?: number;
  /** defaults to the browser's WebSocket; tests pass `ws` */
  WebSocket?: SocketConstructor;
  connectDelayMs?: number;
  /** every message from the server (answers and pushes) */
  onMessage?: (message: ServerMessage) => void;
  /** a connection opened, authenticated, closed or scheduled a reconnect */
  onEvent?: (event: ConnectionEvent) => void;
};

export type ConnectionEvent =
  | { type: "open"; index: number }
  | { type: "authenticated"; index: number }
  | { type: "closed"; index: number; code: number }
  | { type: "reconnect"; index: number; attempts: number; delayMs: number };

type Pending = { message: ClientMessage; remember: boolean; resolve: (m: ServerMessage) => void; reject: (e: Error) => void };

export class SocketClosedError extends Error {
  constructor() {
    super("socket closed");
  }
}

const OPEN = 1;
const ignore = () => {};

/** Handlers of a socket we are done with: no-ops (an emitter without an error listener would throw). */
function detach(socket: SocketLike) {
  socket.onopen = socket.onmessage = socket.onclose = null;
  socket.onerror = ignore;
}

/** One connection of the pool: open, authenticate, heartbeat, reconnect with backoff, replay its history. */
class Connection {
  private socket: SocketLike | null = null;
  private seq = 0;
  private attempts = 0;
  private authenticated = false;
  private stopped = false;
  private openTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  /** sent and not answered yet (resent after a reconnect) */
  private readonly pending = new Map<number, Pending>();
  /** waiting for the connection to be authenticated */
  private readonly outbox: Pending[] = [];
  /** state-setting messages the server accepted, replayed after every re-authentication */
  private readonly history: ClientMessage[] = [];

  constructor(
    readonly index: number,
    private readonly options: RealtimeOptions & { WebSocket: SocketConstructor },
  ) {}

  get ready(): boolean {
    return this.authenticated;
  }

  schedule(delayMs: number) {
    if (this.stopped || this.openTimer) return;
    this.openTimer = setTimeout(() => {
      this.openTimer = null;
      this.open();
    }, delayMs);
  }

  private open() {
    if (this.stopped) return;
    const socket = new this.options.WebSocket(this.options.url);
    this.socket = socket;
    this.seq = 0; // sequence numbers count per socket: auth is 1
    socket.onopen = () => {
      this.options.onEvent?.({ type: "open", index: this.index });
      this.write({ op: "auth", seq: this.nextSeq(), data: { ...this.options.auth, date: Date.now() } });
      this.heartbeat = setInterval(() => {
        this.write({ op: "heartbeat", seq: this.nextSeq(), data: {} });
      }, HEARTBEAT_MS);
    };
    socket.onmessage = (ev) => this.receive(String(ev.data));
    socket.onerror = () => this.dropped(socket, 1006);
    socket.onclose = (ev) => this.dropped(socket, ev.code);
  }

  private nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  private write(message: ClientMessage) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private receive(raw: string) {
    let message: ServerMessage;
    try {
      message = JSON.parse(raw) as ServerMessage;
    } catch {
      return;
    }
    if (message.op === "auth") {
      if (message.code === "1") this.authenticatedNow();
    } else {
      const pending = this.pending.get(message.seq);
      if (pending && pending.message.op === message.op) {
        this.pending.delete(message.seq);
        if (pending.remember && message.code === "1") this.history.push({ ...pending.message, seq: 0 });
        pending.resolve(message);
      }
    }
    this.options.onMessage?.(message);
  }

  private authenticatedNow() {
    this.authenticated = true;
    this.attempts = 0;
    this.options.onEvent?.({ type: "authenticated", index: this.index });
    for (const message of this.history) this.write({ ...message, seq: this.nextSeq() });
    // unanswered messages of the lost connection, then those sent while it was down
    const resend = [...this.pending.values(), ...this.outbox.splice(0)];
    this.pending.clear();
    for (const p of resend) this.dispatch(p);
  }

  private dropped(socket: SocketLike, code: number) {
    if (socket !== this.socket) return; // error then close of the same socket: handled once
    this.socket = null;
    this.authenticated = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    detach(socket);
    if (socket.readyState === OPEN) socket.close();
    this.options.onEvent?.({ type: "closed", index: this.index, code });
    if (this.stopped) return;
    this.attempts += 1;
    const delayMs = reconnectDelayMs(this.attempts);
    this.options.onEvent?.({ type: "reconnect", index: this.index, attempts: this.attempts, delayMs });
    this.schedule(delayMs);
  }

  dispatch(p: Pending) {
    if (this.stopped) return p.reject(new SocketClosedError());
    if (!this.authenticated) {
      this.outbox.push(p);
      return;
    }
    const message = { ...p.message, seq: this.nextSeq() };
    p.message = message;
    this.pending.set(message.seq, p);
    this.write(message);
  }

  close() {
    this.stopped = true;
    if (this.openTimer) clearTimeout(this.openTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.openTimer = this.heartbeat = null;
    const socket = this.socket;
    this.socket = null;
    this.authenticated = false;
    if (socket) {
      detach(socket);
      socket.close(1000, "closed");
    }
    for (const p of [...this.pending.values(), ...this.outbox.splice(0)]) p.reject(new SocketClosedError());
    this.pending.clear();
  }
}

/**
 * The socket pool. `start()` opens every connection after 3.5 s; requests go round-robin to the
 * connections (queued until one is authenticated); `close()` stops for good.
 */
export class RealtimeSocket {
  private readonly connections: Connection[];
  private next = 0;
  private started = false;

  constructor(private readonly options: RealtimeOptions) {
    const WebSocketImpl = options.WebSocket ?? (globalThis.WebSocket as unknown as SocketConstructor);
    const size = Math.max(1, Math.floor(options.poolSize ?? 1));
    this.connections = Array.from({ length: size }, (_, i) => new Connection(i, { ...options, WebSocket: WebSocketImpl }));
  }

  get size(): number {
    return this.connections.length;
  }

  start(): this {
    if (this.started) return this;
    this.started = true;
    for (const c of this.connections) c.schedule(this.options.connectDelayMs ?? CONNECT_DELAY_MS);
    return this;
  }

  /** Sends one operation and resolves with the server's answer (code '1' or an error code). */
  request(op: Op, data: Record<string, unknown> = {}): Promise<ServerMessage> {
    const ready = this.connections.filter((c) => c.ready);
    const pool = ready.length ? ready : this.connections;
    const connection = pool[this.next++ % pool.length]!;
    const message: ClientMessage = { op, seq: 0, data };
    return new Promise((resolve, reject) => connection.dispatch({ message, remember: HISTORY_OPS.has(op), resolve, reject }));
  }

  close(): void {
    for (const c of this.connections) c.close();
  }

  /* ---------- typed operations (spec 000 section 7.3, spec 001 section 7) ---------- */
  paperQuestions(paperId: number) {
    return this.request("paperQuestions", { paperId });
  }
  review(paperId: number) {
    return this.request("review", { paperId });
  }
  submitOne(paperId: number, questionId: number, answer: string | string[]) {
    return this.request("submitOne", { paperId, questionId, answer });
  }
  pause(paperId: number) {
    return this.request("pause", { paperId });
  }
  resume(paperId: number) {
    return this.request("resume", { paperId });
  }
  mark(paperId: number, questionId: number, marked = true) {
    return this.request("mark", { paperId, questionId, marked });
  }
  sign(paperId: number, questionId: number, signed = true) {
    return this.request("sign", { paperId, questionId, signed });
  }
  switchQuestion(paperId: number, questionId: number) {
    return this.request("switchQuestion", { paperId, questionId });
  }
  submit(paperId: number) {
    return this.request("submit", { paperId });
  }
  closePaper(paperId: number) {
    return this.request("close", { paperId });
  }
  examFace(paperId: number, image: string) {
    return this.request("examFace", { paperId, image });
  }
  liveIn(data: Record<string, unknown>) {
    return this.request("liveIn", data);
  }
  replayIn(data: Record<string, unknown>) {
    return this.request("replayIn", data);
  }
  logOn() {
    return this.request("logOn");
  }
  logOff() {
    return this.request("logOff");
  }
  channelInfo(data: Record<string, unknown>) {
    return this.request("channelInfo", data);
  }
  videoIn(data: Record<string, unknown>) {
    return this.request("videoIn", data);
  }
  videoReady(data: Record<string, unknown>) {
    return this.request("videoReady", data);
  }
}

/** For a page: the socket of a loader's bootstrap, started (it opens 3.5 s later). */
export function openRealtime(bootstrap: SocketBootstrap, options: Omit<RealtimeOptions, "url" | "auth"> = {}): RealtimeSocket {
  const url = socketUrl(bootstrap.host, bootstrap.query, window.location.protocol);
  return new RealtimeSocket({ ...options, url, auth: bootstrap.auth }).start();
}
