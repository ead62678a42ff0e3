import { describe, expect, it } from "vitest";
import { enterMessages, LessonChannel } from "~/services/live-channel.client";
import { livePlace } from "~/services/live-channel";
import { HISTORY_OPS, type Op, type ServerMessage } from "~/services/realtime.client";

/* The live channel's message logic (spec 000 §7.3, decision 059) on a fake socket: which ops, in which order, once. */

const LESSON = { commodityId: 5001, courseId: 101, lessonId: 101012 };

class FakeSocket {
  sent: Array<{ op: Op; data: Record<string, unknown> }> = [];
  fail = false;
  request(op: Op, data: Record<string, unknown> = {}): Promise<ServerMessage> {
    this.sent.push({ op, data });
    if (this.fail) return Promise.reject(new Error("socket closed"));
    return Promise.resolve({ op, seq: this.sent.length, code: "1", message: "", data: { op } });
  }
}

describe("enterMessages", () => {
  it("joins the channel, then the place: videoIn, liveIn or replayIn with the lesson's ids", () => {
    expect(enterMessages("video", LESSON)).toEqual([
      { op: "channelInfo", data: LESSON },
      { op: "videoIn", data: LESSON },
    ]);
    expect(enterMessages("live", LESSON).map((m) => m.op)).toEqual(["channelInfo", "liveIn"]);
    expect(enterMessages("replay", LESSON).map((m) => m.op)).toEqual(["channelInfo", "replayIn"]);
  });

  it("an open course's room is named by its openCourseId alone (decision 069)", async () => {
    expect(enterMessages("live", { openCourseId: 402 })).toEqual([
      { op: "channelInfo", data: { openCourseId: 402 } },
      { op: "liveIn", data: { openCourseId: 402 } },
    ]);
    const socket = new FakeSocket();
    await new LessonChannel(socket, { openCourseId: 402 }).enter("replay");
    expect(socket.sent).toEqual([
      { op: "channelInfo", data: { openCourseId: 402 } },
      { op: "replayIn", data: { openCourseId: 402 } },
    ]);
  });

  it("a finished live lesson (status 2) is entered as its replay, any other as the live room", () => {
    expect(livePlace(2)).toBe("replay");
    expect([0, 1, null].map(livePlace)).toEqual(["live", "live", "live"]);
  });

  it("every op that puts the connection somewhere is history: replayed after a reconnect", () => {
    for (const op of ["channelInfo", "videoIn", "videoReady", "liveIn", "replayIn"] as const) expect(HISTORY_OPS.has(op), op).toBe(true);
  });
});

describe("LessonChannel", () => {
  it("sends a place's ops once, the channel once, and only the lesson's ids", async () => {
    const socket = new FakeSocket();
    const channel = new LessonChannel(socket, { ...LESSON, lessonName: "供给与需求" } as typeof LESSON);
    expect((await channel.enter("video")).map((a) => a.op)).toEqual(["channelInfo", "videoIn"]);
    expect(await channel.enter("video")).toEqual([]);
    await channel.enter("live");
    await channel.enter("live");
    expect(socket.sent).toEqual([
      { op: "channelInfo", data: LESSON },
      { op: "videoIn", data: LESSON },
      { op: "liveIn", data: LESSON },
    ]);
  });

  it("videoReady only after videoIn, once, with the whole seconds of the duration (null when unknown)", async () => {
    const socket = new FakeSocket();
    const channel = new LessonChannel(socket, LESSON);
    expect(await channel.ready(60)).toBeNull();
    expect(socket.sent).toEqual([]);
    await channel.enter("video");
    expect(await channel.ready(93.6)).toMatchObject({ op: "videoReady" });
    expect(await channel.ready(93.6)).toBeNull();
    expect(socket.sent.at(-1)).toEqual({ op: "videoReady", data: { ...LESSON, durationS: 94 } });
    const other = new FakeSocket();
    const live = new LessonChannel(other, LESSON);
    await live.enter("video");
    await live.ready(Number.NaN);
    expect(other.sent.at(-1)).toEqual({ op: "videoReady", data: { ...LESSON, durationS: null } });
  });

  it("a closed socket never reaches the page: the answers are left out, nothing throws", async () => {
    const socket = new FakeSocket();
    socket.fail = true;
    const channel = new LessonChannel(socket, LESSON);
    await expect(channel.enter("replay")).resolves.toEqual([]);
    await expect(channel.ready(10)).resolves.toBeNull();
    expect(socket.sent.map((m) => m.op)).toEqual(["channelInfo", "replayIn"]);
  });
});
