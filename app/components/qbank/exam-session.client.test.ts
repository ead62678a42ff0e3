import { describe, expect, it } from "vitest";
import type { Op, ServerMessage } from "~/services/realtime.client";
import { AnswerQueue, ExamSession, type KeyValueStorage, type SessionStatus } from "./exam-session.client";

/** The offline queue of the doing page (issue 15 'Done means': answers kept until confirmed, sent after reconnect, no duplicate). */

class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  getItem(k: string) { return this.map.get(k) ?? null; }
  setItem(k: string, v: string) { this.map.set(k, v); }
  removeItem(k: string) { this.map.delete(k); }
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
  sent(op: Op) { return this.calls.filter((c) => c.op === op); }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("answer queue", () => {
  it("keeps one answer per question until its op is confirmed; a newer answer is not dropped by an older confirmation", () => {
    const q = new AnswerQueue(new MemoryStorage(), 7);
    const a = q.put(1, ["A"]);
    const b = q.put(1, ["B"]);
    q.put(2, ["C"]);
    expect(q.list().map((x) => [x.questionId, x.answer])).toEqual([[1, ["B"]], [2, ["C"]]]);
    q.confirm(a.opId);
    expect(q.list()).toHaveLength(2);
    q.confirm(b.opId);
    expect(q.list().map((x) => x.questionId)).toEqual([2]);
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
