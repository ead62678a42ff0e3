import type { Op, RealtimeSocket, ServerMessage } from "~/services/realtime.client";

/**
 * The live channel of the socket (spec 000 §7.3, decision 059; browser only): what the class video page and the
 * live-room entry send on the exam/live socket (`realtime.client.ts`, module `yunduo`). Entering joins the
 * module's channel (`channelInfo`) and then the place: `videoIn` on the video page, `liveIn` / `replayIn` when the
 * student opens a live room or its replay. `videoReady` follows once the video can play. These ops are the
 * socket's history: after a reconnect the socket re-authenticates and sends them again (realtime.client.ts).
 * Nothing here is needed for the page to work: without JavaScript or with the socket down it is not sent.
 */

import { channelData, type ChannelPlace, type ChannelTarget } from "~/services/live-channel";

/** The ops that enter a place, in order (the channel first). */
export function enterMessages(place: ChannelPlace, target: ChannelTarget): Array<{ op: Op; data: Record<string, unknown> }> {
  const ids = channelData(target);
  const op: Op = place === "video" ? "videoIn" : place === "live" ? "liveIn" : "replayIn";
  return [
    { op: "channelInfo", data: ids },
    { op, data: ids },
  ];
}

/**
 * One lesson's channel on a socket: `enter` sends a place's ops once (a second click on 'enter live' sends
 * nothing new), `ready` sends `videoReady` once after `videoIn`. Failures (socket closed, an error code) are
 * the socket's business: they never reach the page.
 */
export class LessonChannel {
  private readonly entered = new Set<ChannelPlace>();
  private channelSent = false;
  private readySent = false;

  private readonly target: ChannelTarget;
  private readonly lesson: Record<string, number>;

  constructor(
    private readonly socket: Pick<RealtimeSocket, "request">,
    target: ChannelTarget,
  ) {
    this.target = target;
    this.lesson = channelData(target);
  }

  /** Sends the place's ops not sent yet; resolves with the answers (empty when nothing was new). */
  enter(place: ChannelPlace): Promise<ServerMessage[]> {
    if (this.entered.has(place)) return Promise.resolve([]);
    this.entered.add(place);
    const messages = enterMessages(place, this.target).filter((m) => m.op !== "channelInfo" || !this.channelSent);
    this.channelSent = true;
    return Promise.all(messages.map((m) => this.socket.request(m.op, m.data).catch(() => null))).then((answers) =>
      answers.filter((a): a is ServerMessage => a !== null),
    );
  }

  /** The video can play: `videoReady` with its duration, once, and only after `videoIn`. */
  ready(durationS: number): Promise<ServerMessage | null> {
    if (this.readySent || !this.entered.has("video")) return Promise.resolve(null);
    this.readySent = true;
    const duration = Number.isFinite(durationS) && durationS > 0 ? Math.round(durationS) : null;
    return this.socket.request("videoReady", { ...this.lesson, durationS: duration }).catch(() => null);
  }
}
