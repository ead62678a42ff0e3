/**
 * The doing page with JavaScript (spec 001 §7 exercise session, spec 000 §7.3 socket ops): every answer
 * is kept in the browser's storage until the server confirms it, sent over the exam socket as it is
 * given, resent after a drop or a reload, and never applied twice (each answer carries an `opId`, and
 * an answer the server already holds is not sent again). Browser only; loaded by the doing page alone.
 */
import type { T } from "~/components/qbank/parts";
import type { Op, ServerMessage } from "~/services/realtime.client";

/** How long a question's typing must pause before its answer goes out (each question has its own timer). */
export const TYPING_PAUSE_MS = 600;

/** `at`: when the answer was given (ms, this device's clock); the upstream keeps the later answer per question (issue 37 §2). */
export type QueuedAnswer = { questionId: number; answer: string[]; opId: string; at?: number };
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;
/** The part of RealtimeSocket used here (tests pass a fake). */
export type RequestSocket = { request(op: Op, data?: Record<string, unknown>): Promise<ServerMessage> };

export type SessionStatus = {
  connected: boolean;
  /** the connection was up and is lost (answers now stay on this device) */
  offline: boolean;
  /** question ids whose answer is only on this device */
  local: number[];
  /** set when the connection came back and the device's answers were all sent */
  resent: boolean;
  error: string | null;
  /** the socket has not been up yet on this page: "connecting", neither "connected" nor "saved on this device" */
  connecting: boolean;
  /** the paper was handed in (here, in another tab or on another device): no answer is taken any more */
  handedIn: boolean;
  /** question ids whose latest answer the upstream refused (or can no longer take): shown as not saved */
  refused: number[];
};

const sameAnswer = (a: string[] | undefined, b: string[]) => JSON.stringify(a ?? []) === JSON.stringify(b);

let counter = 0;
function newOpId(): string {
  counter += 1;
  const rnd = typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `${rnd}-${counter}`.slice(0, 64);
}

/** The answers not yet confirmed by the server, one per question (the latest), in browser storage. */
export class AnswerQueue {
  private readonly key: string;
  constructor(
    private readonly storage: KeyValueStorage,
    recordId: number,
  ) {
    this.key = `qbank:answers:${recordId}`;
  }

  list(): QueuedAnswer[] {
    try {
      const v = JSON.parse(this.storage.getItem(this.key) ?? "[]") as unknown;
      return Array.isArray(v)
        ? (v as QueuedAnswer[])
            .filter((x) => x && typeof x.questionId === "number" && Array.isArray(x.answer) && typeof x.opId === "string")
            // an answer kept by a page without times (before decision 097) is the oldest: it never beats an answer
            // given with its time, whichever reaches the upstream last (1 ms after the epoch: the upstream reads 0 as now)
            .map((x) => (typeof x.at === "number" && x.at > 0 ? x : { ...x, at: 1 }))
        : [];
    } catch {
      return [];
    }
  }

  private save(list: QueuedAnswer[]) {
    try {
      if (list.length) this.storage.setItem(this.key, JSON.stringify(list));
      else this.storage.removeItem(this.key);
    } catch {
      // storage full or refused: the answer still goes over the socket
    }
  }

  /** Keeps the answer (replacing an older unconfirmed one of the same question) under a new op id. */
  put(questionId: number, answer: string[]): QueuedAnswer {
    const item = { questionId, answer, opId: newOpId(), at: Date.now() };
    this.save([...this.list().filter((x) => x.questionId !== questionId), item]);
    return item;
  }

  /** The server confirmed this op: forget it, unless a newer answer of the question replaced it. */
  confirm(opId: string) {
    this.save(this.list().filter((x) => x.opId !== opId));
  }

  clear() {
    this.save([]);
  }
}

export class ExamSession {
  private connected = false;
  private everConnected = false;
  private resent = false;
  private error: string | null = null;
  /** ops sent on the socket and not answered yet (the socket itself resends them after a reconnect) */
  private readonly inFlight = new Set<string>();
  private hadDrop = false;
  /**
   * The questions being typed, each with its own pending send (issue 21: one shared timer let the typing of
   * question 5 cancel the save of question 4). Their answers are already in the queue, on the device.
   */
  private readonly typing = new Map<number, ReturnType<typeof setTimeout>>();
  /** issue 37 §2: the paper is handed in (no answer is taken), and the questions whose answer was refused */
  private handedIn = false;
  private readonly refused = new Map<number, string>();

  constructor(
    private readonly socket: RequestSocket,
    private readonly recordId: number,
    private readonly queue: AnswerQueue,
    private readonly onStatus: (s: SessionStatus) => void = () => {},
    /** the upstream kept a later answer than this device's (another tab's): the page redraws those questions with it */
    private readonly onKept: (answers: Map<number, string[]>) => void = () => {},
  ) {}

  status(): SessionStatus {
    return {
      connected: this.connected,
      offline: this.everConnected && !this.connected,
      local: this.queue.list().map((x) => x.questionId),
      resent: this.resent,
      error: this.error,
      connecting: !this.everConnected && !this.connected,
      handedIn: this.handedIn,
      refused: [...this.refused.keys()],
    };
  }

  private emit() {
    this.onStatus(this.status());
  }

  /** The answers kept on this device (a reload shows them over the server's). */
  localAnswers(): Map<number, string[]> {
    return new Map(this.queue.list().map((x) => [x.questionId, x.answer]));
  }

  /** An answer as it is given (a choice): kept on the device, then sent. */
  answer(questionId: number, answer: string[]) {
    if (this.refuseWhenHandedIn(questionId)) return;
    this.stopTyping(questionId);
    const item = this.queue.put(questionId, answer);
    this.resent = false;
    this.send(item);
    this.emit();
  }

  /**
   * An answer being typed: kept on the device now, sent when THIS question's typing pauses for `delayMs`.
   * Another question's typing never delays or cancels it.
   */
  answerSoon(questionId: number, answer: string[], delayMs = TYPING_PAUSE_MS) {
    if (this.refuseWhenHandedIn(questionId)) return;
    this.stopTyping(questionId);
    this.queue.put(questionId, answer);
    this.resent = false;
    this.typing.set(
      questionId,
      setTimeout(() => {
        this.typing.delete(questionId);
        this.sendLatest(questionId);
      }, delayMs),
    );
    this.emit();
  }

  /** Sends every answer still waiting for its typing pause now (a button, a question switch, hand-in). */
  flush() {
    for (const questionId of [...this.typing.keys()]) {
      this.stopTyping(questionId);
      this.sendLatest(questionId);
    }
  }

  /** Question ids whose typing pause is still running (for tests and the page). */
  pendingTyping(): number[] {
    return [...this.typing.keys()];
  }

  /** The page goes away: no timer outlives it (what was typed stays in the queue, sent on the next visit). */
  dispose() {
    for (const questionId of [...this.typing.keys()]) this.stopTyping(questionId);
  }

  private stopTyping(questionId: number) {
    const timer = this.typing.get(questionId);
    if (timer !== undefined) clearTimeout(timer);
    this.typing.delete(questionId);
  }

  /** The latest answer of the question on the device, unless it is already on its way or confirmed. */
  private sendLatest(questionId: number) {
    const item = this.queue.list().find((x) => x.questionId === questionId);
    if (item && !this.inFlight.has(item.opId)) this.send(item);
  }

  private send(item: QueuedAnswer) {
    this.inFlight.add(item.opId);
    this.socket
      .request("submitOne", { recordId: this.recordId, questionId: item.questionId, answer: item.answer, opId: item.opId, at: item.at })
      .then((m) => {
        this.inFlight.delete(item.opId);
        this.answered(item, m);
        this.settled();
      })
      .catch(() => {
        this.inFlight.delete(item.opId);
      });
  }

  /**
   * The upstream's answer to one save. '1' stored (or `stale`: a later answer of the question, from another tab,
   * is kept: nothing more to send); '409' the paper is handed in: the answer can never be saved, so it leaves the
   * device's queue and is shown as not saved, and the session takes no more answers; any other code: kept on the
   * device and shown as not saved (issue 37 §2: a refusal is shown, never dropped).
   */
  private answered(item: QueuedAnswer, m: ServerMessage) {
    if (m.code === "1") {
      this.queue.confirm(item.opId);
      this.refused.delete(item.questionId);
      const kept = m.data as { stale?: boolean; answers?: Record<string, string[]> } | null;
      // only when no newer answer of the question was given here meanwhile (that one is on its way)
      if (kept?.stale && !this.queue.list().some((x) => x.questionId === item.questionId))
        this.onKept(new Map([[item.questionId, kept.answers?.[String(item.questionId)] ?? []]]));
    } else if (m.code === "409") {
      this.queue.confirm(item.opId);
      this.refused.set(item.questionId, m.code);
      this.handedInNow();
    } else {
      this.error = m.message || m.code;
      this.refused.set(item.questionId, m.code);
    }
  }

  /** After the hand-in an answer is not sent: its question is shown as not saved. */
  private refuseWhenHandedIn(questionId: number): boolean {
    if (!this.handedIn) return false;
    this.refused.set(questionId, "409");
    this.emit();
    return true;
  }

  /**
   * The paper is handed in (a refusal, another tab, the upstream's push): no pending typing goes out, and what
   * only this device had is shown as not saved.
   */
  handedInNow() {
    if (this.handedIn) return;
    this.handedIn = true;
    for (const questionId of [...this.typing.keys()]) this.stopTyping(questionId);
    for (const x of this.queue.list()) if (!this.inFlight.has(x.opId)) this.refused.set(x.questionId, "409");
    this.queue.clear();
    this.emit();
  }

  /**
   * Another tab said it hands the paper in (HandInChannel): asks the upstream for the record's state a few
   * times over about ten seconds (that tab's post is on its way) and closes the session once it is handed in.
   * Answers whether it was.
   */
  async checkHandedIn(delaysMs: readonly number[] = [250, 500, 1000, 2000, 3000, 4000]): Promise<boolean> {
    for (const delay of delaysMs) {
      await new Promise((r) => setTimeout(r, delay));
      if (this.handedIn) return true;
      const m = await this.socket.request("paperQuestions", { recordId: this.recordId }).catch(() => null);
      const state = m?.code === "1" ? (m.data as { record?: { state?: string } } | null)?.record?.state : m?.code === "409" ? "submitted" : undefined;
      if (state === "submitted") {
        this.handedInNow();
        return true;
      }
    }
    return false;
  }

  private settled() {
    if (this.hadDrop && this.queue.list().length === 0) {
      this.resent = true;
      this.hadDrop = false;
    }
    this.emit();
  }

  /** The connection is (again) authenticated: send what only this device has, unless the server has it already. */
  async connectedNow() {
    this.connected = true;
    this.everConnected = true;
    this.emit();
    const waiting = this.queue.list().filter((x) => !this.inFlight.has(x.opId));
    if (!waiting.length) return;
    this.hadDrop = true;
    const m = await this.socket.request("paperQuestions", { recordId: this.recordId });
    const server = m.code === "1" ? ((m.data as { record?: { answers?: Record<string, string[]> } }).record?.answers ?? {}) : null;
    for (const item of waiting) {
      if (this.inFlight.has(item.opId)) continue;
      if (server && sameAnswer(server[String(item.questionId)], item.answer)) this.queue.confirm(item.opId);
      else this.send(item);
    }
    this.settled();
  }

  disconnected() {
    if (this.connected) this.hadDrop = true;
    this.connected = false;
    this.resent = false;
    this.emit();
  }

  mark(questionId: number, on: boolean) {
    return this.socket.request("mark", { recordId: this.recordId, questionId, marked: on });
  }
  sign(questionId: number, on: boolean) {
    return this.socket.request("sign", { recordId: this.recordId, questionId, signed: on });
  }
  switchTo(index: number) {
    return this.socket.request("switchQuestion", { recordId: this.recordId, index });
  }
  pause() {
    return this.socket.request("pause", { recordId: this.recordId });
  }
  resume() {
    return this.socket.request("resume", { recordId: this.recordId });
  }

  /** Hands in after every answer of this device reached the server. */
  async submit(): Promise<ServerMessage> {
    this.flush();
    for (let i = 0; i < 600 && (this.queue.list().length > 0 || this.inFlight.size > 0); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const m = await this.socket.request("submit", { recordId: this.recordId });
    if (m.code === "1") this.queue.clear();
    return m;
  }
}

/**
 * Tabs of one record told of a hand-in (issue 37 §2): a `BroadcastChannel` per record. The tab that hands in
 * announces it as its hand-in goes out; every other tab of the record hears it (`onHandIn`), asks the upstream
 * (ExamSession.checkHandedIn) and stops taking answers. Without BroadcastChannel nothing is heard: the first
 * refused answer (409) closes the session instead.
 */
export class HandInChannel {
  private readonly channel: BroadcastChannel | null;
  constructor(recordId: number, onHandIn: () => void) {
    this.channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(`qbank:record:${recordId}`);
    if (this.channel)
      this.channel.onmessage = (e: MessageEvent) => {
        if ((e.data as { type?: unknown } | null)?.type === "handIn") onHandIn();
      };
  }
  announce() {
    this.channel?.postMessage({ type: "handIn" });
  }
  close() {
    this.channel?.close();
  }
}

/** The upstream's push that a record was handed in (the exam socket, `seq` 0: issue 37 §2), for this record. */
export function isHandInPush(message: ServerMessage, recordId: number): boolean {
  return message.seq === 0 && message.op === "submit" && (message.data as { recordId?: unknown } | null)?.recordId === recordId;
}

/**
 * The status line of a record's answers with JavaScript (the doing page and the exam paper; issue 37 §1, §2):
 * honest about where the answers are. Until the socket is first up it says "connecting" (not "connected", not
 * "saved on this device", even with answers waiting on the device); after a hand-in (here or in another tab)
 * it says so. `t` is the qbank namespace's. Here, not in the pages' scripts: there is a status only once this
 * module is loaded (the page's first script stays under its budget, decision 040).
 */
export function syncStatusText(status: SessionStatus | null, t: T): string | null {
  if (status === null) return null;
  if (status.handedIn) return t("doing.handedInStatus");
  // offline (issue 37 §1): how many answers wait on this device
  if (typeof navigator !== "undefined" && !navigator.onLine) return t("doing.offlineCount", { count: status.local.length });
  if (status.connecting) return t("doing.connecting");
  if (status.offline && !status.local.length) return t("doing.offline");
  if (status.local.length) return t("doing.localSaved", { count: status.local.length });
  if (status.resent) return t("doing.resent");
  return status.connected ? t("doing.online") : t("doing.connecting");
}
