import { afterEach, describe, expect, it, vi } from "vitest";
import type { Op, ServerMessage } from "~/services/realtime.client";
import { AnswerQueue, ExamSession, HandInChannel, isHandInPush, TYPING_PAUSE_MS, type KeyValueStorage, type SessionStatus } from "./exam-session.client";

/** The offline queue of the doing page (issue 15 'Done means': answers kept until confirmed, sent after reconnect, no duplicate). */

class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

type Call = { op: Op; data: Record<string, unknown>; resolve: (m: Partial<ServerMessage>) => void };

/** A socket whose answers the test gives by hand (a request stays unanswered while "offline"). */
class FakeSocket {
  readonly calls: Call[] = [];
  serverAnswers: Record<string, string[]> = {};
  request(op: Op, data: Record<string, unknown> = {}): Promise<ServerMessage> {
    return new Promise((resolve) => {
      const call: Call = { op, data, resolve: (m) => resolve({ op, seq: 1, code: "1", message: "", data: null, ...m }) };
      this.calls.push(call);
      if (op === "paperQuestions") call.resolve({ data: { record: { answers: this.serverAnswers } } });
    });
  }
  sent(op: Op) {
    return this.calls.filter((c) => c.op === op);
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("answer queue", () => {
  it("keeps one answer per question until its op is confirmed; a newer answer is not dropped by an older confirmation", () => {
    const q = new AnswerQueue(new MemoryStorage(), 7);
    const a = q.put(1, ["A"]);
    const b = q.put(1, ["B"]);
    q.put(2, ["C"]);
    expect(q.list().map((x) => [x.questionId, x.answer])).toEqual([
      [1, ["B"]],
      [2, ["C"]],
    ]);
    q.confirm(a.opId);
    expect(q.list()).toHaveLength(2);
    q.confirm(b.opId);
    expect(q.list().map((x) => x.questionId)).toEqual([2]);
  });

  it("an answer kept without its time (an older page's) is the oldest: it never beats an answer given with one", () => {
    const storage = new MemoryStorage();
    storage.setItem("qbank:answers:8", JSON.stringify([{ questionId: 1, answer: ["C"], opId: "op-earlier" }]));
    const q = new AnswerQueue(storage, 8);
    expect(q.list()).toEqual([{ questionId: 1, answer: ["C"], opId: "op-earlier", at: 1 }]);
    expect(q.put(2, ["B"]).at).toBeGreaterThan(1);
  });
});

describe("exam session", () => {
  it("an answer stays on the device until the server confirms it, and the page is told", async () => {
    const socket = new FakeSocket();
    const storage = new MemoryStorage();
    const statuses: SessionStatus[] = [];
    const s = new ExamSession(socket, 7, new AnswerQueue(storage, 7), (x) => statuses.push(x));
    s.answer(11, ["A"]);
    expect(socket.sent("submitOne")[0]!.data).toMatchObject({ recordId: 7, questionId: 11, answer: ["A"] });
    expect(s.status().local).toEqual([11]);
    expect(storage.map.get("qbank:answers:7")).toContain('"questionId":11');
    socket.sent("submitOne")[0]!.resolve({ code: "1" });
    await flush();
    expect(s.status().local).toEqual([]);
    expect(storage.map.has("qbank:answers:7")).toBe(false);
    expect(statuses.at(-1)!.local).toEqual([]);
  });

  it("after a reload, answers only the device has are sent once the socket is back; those the server has are not sent again", async () => {
    const storage = new MemoryStorage();
    // the page before the reload: two answers never confirmed
    const before = new AnswerQueue(storage, 7);
    before.put(11, ["A"]);
    before.put(12, ["B", "C"]);

    const socket = new FakeSocket();
    socket.serverAnswers = { "11": ["A"] }; // the first one did reach the server (its answer was lost)
    const s = new ExamSession(socket, 7, new AnswerQueue(storage, 7));
    expect([...s.localAnswers().keys()]).toEqual([11, 12]);
    expect(socket.sent("submitOne")).toHaveLength(0); // nothing sent before the connection

    s.disconnected();
    await s.connectedNow();
    const sent = socket.sent("submitOne");
    expect(sent.map((c) => c.data.questionId)).toEqual([12]);
    expect(s.status().local).toEqual([12]);
    sent[0]!.resolve({ code: "1" });
    await flush();
    expect(s.status()).toMatchObject({ local: [], resent: true, connected: true });
  });

  it("an answer given while the socket is down is sent once: the socket's own resend, not a second copy", async () => {
    const socket = new FakeSocket();
    const s = new ExamSession(socket, 7, new AnswerQueue(new MemoryStorage(), 7));
    await s.connectedNow();
    s.disconnected();
    s.answer(13, ["A"]); // queued in the socket's outbox (unanswered)
    await s.connectedNow();
    expect(socket.sent("submitOne")).toHaveLength(1);
    expect(socket.sent("paperQuestions")).toHaveLength(0); // nothing waiting outside the socket
    socket.sent("submitOne")[0]!.resolve({ code: "1" });
    await flush();
    expect(s.status()).toMatchObject({ local: [], resent: true });
  });

  it("hands in only after every answer of the device was confirmed", async () => {
    const socket = new FakeSocket();
    const s = new ExamSession(socket, 7, new AnswerQueue(new MemoryStorage(), 7));
    s.answer(11, ["A"]);
    const done = s.submit();
    await new Promise((r) => setTimeout(r, 150));
    expect(socket.sent("submit")).toHaveLength(0);
    socket.sent("submitOne")[0]!.resolve({ code: "1" });
    await new Promise((r) => setTimeout(r, 150));
    expect(socket.sent("submit")).toHaveLength(1);
    socket.sent("submit")[0]!.resolve({ code: "1" });
    expect((await done).code).toBe("1");
  });
});

/**
 * Issue 21 item 1: typing question 4's blanks and going straight on to question 5 lost question 4 (one typing
 * timer for the whole paper). Each question has its own pending save, and what is typed is on the device at once.
 */
describe("typed answers: one pending save per question", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const typedSession = () => {
    vi.useFakeTimers();
    const socket = new FakeSocket();
    const storage = new MemoryStorage();
    const s = new ExamSession(socket, 7, new AnswerQueue(storage, 7));
    return { socket, storage, s };
  };

  it("question 5 typed right after question 4 does not cancel question 4's save: both are sent", async () => {
    const { socket, s } = typedSession();
    await s.connectedNow();
    s.answerSoon(4, ["北京", ""]);
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS / 3);
    s.answerSoon(4, ["北京", "上海"]);
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS / 3);
    s.answerSoon(5, ["答"]); // straight on to question 5, before question 4's pause is over
    expect(s.pendingTyping().sort()).toEqual([4, 5]);
    expect(s.status().local.sort()).toEqual([4, 5]); // both on the device already
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS);
    const sent = socket.sent("submitOne").map((c) => [c.data.questionId, c.data.answer]);
    expect(sent).toEqual([
      [4, ["北京", "上海"]],
      [5, ["答"]],
    ]);
    for (const c of socket.sent("submitOne")) c.resolve({ code: "1" });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.status().local).toEqual([]);
  });

  it("typing one question again restarts only its own pause, and only its latest answer is sent", async () => {
    const { socket, s } = typedSession();
    s.answerSoon(4, ["a"]);
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS - 100);
    s.answerSoon(4, ["ab"]);
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS - 100);
    expect(socket.sent("submitOne")).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(socket.sent("submitOne").map((c) => c.data.answer)).toEqual([["ab"]]);
  });

  it("a choice given while another question's typing pause runs keeps both", async () => {
    const { socket, s } = typedSession();
    s.answerSoon(4, ["typed"]);
    s.answer(6, ["B"]);
    expect(socket.sent("submitOne").map((c) => c.data.questionId)).toEqual([6]);
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS);
    expect(socket.sent("submitOne").map((c) => c.data.questionId)).toEqual([6, 4]);
  });

  it("across a dropped socket: both typed answers stay on the device, and 'all sent' is said only when both are confirmed", async () => {
    const { socket, storage, s } = typedSession();
    await s.connectedNow();
    s.disconnected();
    s.answerSoon(4, ["x"]);
    s.answerSoon(5, ["y"]);
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS);
    expect(s.status()).toMatchObject({ offline: true, resent: false });
    expect(s.status().local.sort()).toEqual([4, 5]);
    expect(
      new AnswerQueue(storage, 7)
        .list()
        .map((x) => x.questionId)
        .sort(),
    ).toEqual([4, 5]); // a reload would find both
    await s.connectedNow();
    const [first, second] = socket.sent("submitOne");
    first!.resolve({ code: "1" });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.status()).toMatchObject({ local: [second!.data.questionId], resent: false });
    second!.resolve({ code: "1" });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.status()).toMatchObject({ local: [], resent: true });
  });

  it("flush sends every pending typed answer at once (a button, hand-in); a later timer sends nothing twice", async () => {
    const { socket, s } = typedSession();
    s.answerSoon(4, ["x"]);
    s.answerSoon(5, ["y"]);
    s.flush();
    expect(socket.sent("submitOne").map((c) => c.data.questionId)).toEqual([4, 5]);
    expect(s.pendingTyping()).toEqual([]);
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS * 2);
    expect(socket.sent("submitOne")).toHaveLength(2);
  });
});

describe("two tabs, one exam (issue 37 §2)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("each save carries when the answer was given (`at`), so the upstream keeps the later one", () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const socket = new FakeSocket();
    const s = new ExamSession(socket, 7, new AnswerQueue(new MemoryStorage(), 7));
    s.answer(11, ["A"]);
    vi.setSystemTime(1_700_000_000_500);
    s.answerSoon(12, ["x"], 100);
    vi.advanceTimersByTime(100);
    expect(socket.sent("submitOne").map((c) => c.data.at)).toEqual([1_700_000_000_000, 1_700_000_000_500]);
  });

  it("an answer the upstream refuses (409: handed in) is shown as not saved for its question, not dropped; the session stops taking answers", async () => {
    const socket = new FakeSocket();
    const s = new ExamSession(socket, 7, new AnswerQueue(new MemoryStorage(), 7));
    s.answer(11, ["A"]);
    socket.sent("submitOne")[0]!.resolve({ code: "409", message: "已交卷" });
    await flush();
    expect(s.status()).toMatchObject({ handedIn: true, refused: [11] });
    // a later answer is not sent: it is refused at once, for its question
    s.answer(12, ["B"]);
    expect(socket.sent("submitOne")).toHaveLength(1);
    expect(s.status().refused).toEqual([11, 12]);
    expect(s.status().local).toEqual([]);
  });

  it("another refusal (paused, bad answer) is shown per question and cleared when a later save of it succeeds", async () => {
    const socket = new FakeSocket();
    const s = new ExamSession(socket, 7, new AnswerQueue(new MemoryStorage(), 7));
    s.answer(11, ["A"]);
    socket.sent("submitOne")[0]!.resolve({ code: "423", message: "练习已暂停" });
    await flush();
    expect(s.status()).toMatchObject({ handedIn: false, refused: [11] });
    s.answer(11, ["B"]);
    socket.sent("submitOne")[1]!.resolve({ code: "1" });
    await flush();
    expect(s.status().refused).toEqual([]);
  });

  it("a stale save (the upstream kept a later answer from another tab) is confirmed, not resent, and the page is given the kept answer", async () => {
    const socket = new FakeSocket();
    const kept: Array<Map<number, string[]>> = [];
    const s = new ExamSession(socket, 7, new AnswerQueue(new MemoryStorage(), 7), undefined, (k) => kept.push(k));
    s.answer(11, ["A"]);
    socket.sent("submitOne")[0]!.resolve({ code: "1", data: { stale: true, answers: { "11": ["B"] } } });
    await flush();
    expect(s.status()).toMatchObject({ local: [], refused: [] });
    expect(kept).toEqual([new Map([[11, ["B"]]])]);
    // a save that was applied gives nothing; nor a stale one while a newer answer of the question is on its way
    s.answer(12, ["A"]);
    socket.sent("submitOne")[1]!.resolve({ code: "1", data: { stale: false } });
    s.answer(13, ["A"]);
    s.answer(13, ["B"]);
    socket.sent("submitOne")[2]!.resolve({ code: "1", data: { stale: true, answers: { "13": ["C"] } } });
    await flush();
    expect(kept).toHaveLength(1);
  });

  it("says connecting until the socket is first up (not 'saved on this device' nor 'connected')", async () => {
    const storage = new MemoryStorage();
    new AnswerQueue(storage, 7).put(11, ["A"]);
    const socket = new FakeSocket();
    const s = new ExamSession(socket, 7, new AnswerQueue(storage, 7));
    expect(s.status()).toMatchObject({ connecting: true, connected: false, offline: false });
    await s.connectedNow();
    expect(s.status().connecting).toBe(false);
    s.disconnected();
    expect(s.status()).toMatchObject({ connecting: false, offline: true });
  });

  it("told that another tab hands in, the session asks the upstream and stops taking answers once the record is handed in; unsent answers are shown as not saved", async () => {
    vi.useFakeTimers();
    const socket = new FakeSocket();
    let state = "doing";
    socket.request = function (op: Op, data: Record<string, unknown> = {}) {
      return new Promise<ServerMessage>((resolve) => {
        const call: Call = { op, data, resolve: (m) => resolve({ op, seq: 1, code: "1", message: "", data: null, ...m }) };
        this.calls.push(call);
        if (op === "paperQuestions") call.resolve({ data: { record: { answers: {}, state } } });
      });
    };
    const s = new ExamSession(socket, 7, new AnswerQueue(new MemoryStorage(), 7));
    s.answerSoon(12, ["typed"], 10_000);
    const checked = s.checkHandedIn();
    await vi.advanceTimersByTimeAsync(300);
    expect(s.status().handedIn).toBe(false);
    state = "submitted";
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await checked).toBe(true);
    expect(s.status()).toMatchObject({ handedIn: true, refused: [12], local: [] });
    expect(s.pendingTyping()).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.sent("submitOne")).toHaveLength(0);
  });

  it("the upstream's push of this record's hand-in closes the session at once; another record's or an answer does not", () => {
    const push = (data: unknown, seq = 0, op: Op = "submit"): ServerMessage => ({ op, seq, code: "1", message: "", data });
    expect(isHandInPush(push({ recordId: 7, state: "submitted" }), 7)).toBe(true);
    expect(isHandInPush(push({ recordId: 8, state: "submitted" }), 7)).toBe(false);
    expect(isHandInPush(push({ recordId: 7 }, 3), 7)).toBe(false);
    expect(isHandInPush(push({ recordId: 7 }, 0, "mark"), 7)).toBe(false);
    const storage = new MemoryStorage();
    const s = new ExamSession(new FakeSocket(), 7, new AnswerQueue(storage, 7));
    s.answerSoon(12, ["typed"], 10_000);
    s.handedInNow();
    expect(s.status()).toMatchObject({ handedIn: true, refused: [12], local: [] });
    expect(s.pendingTyping()).toEqual([]);
  });

  it("a hand-in in one tab is told to the other tabs of the same record (BroadcastChannel), not to another record's", async () => {
    const heard: string[] = [];
    const a = new HandInChannel(7, () => heard.push("a"));
    const b = new HandInChannel(7, () => heard.push("b"));
    const other = new HandInChannel(8, () => heard.push("other"));
    a.announce();
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(["b"]);
    for (const c of [a, b, other]) c.close();
  });
});
