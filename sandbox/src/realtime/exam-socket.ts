import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { hashOf, type Ctx } from '../context.js';
import { ExamError, ExamStore } from './exam-store.js';
import { onRecordSubmitted, QbankError, QbankStore } from '../qbank/store.js';
import { ExamsError, ExamsStore } from '../exams/store.js';
import { CLOSE_AUTH_FAILED, parseClientMessage, type ClientMessage, type Op, type ServerMessage } from './protocol.js';
import { LESSON_FAIL, lessonAccess, lessonInfo, openCourseRefusal, type LessonRefusal } from '../study/video.js';

export const EXAM_SOCKET_PATH = '/websocket';

interface Conn {
  ws: WebSocket;
  query: Record<string, string>;
  userId?: number;
  companyId?: number;
  module?: string;
  /** where the connection is (the live channel of spec 000 §7.3, decision 059) */
  place?: ChannelPlace;
  /** the channel ops in the order they came: an entry awaits its lesson check, and a `videoReady` sent right
   * behind its `videoIn` (a reconnect replays both at once) must find the video entered */
  channelQueue?: Promise<unknown>;
}

/** The live channel's ops: they put a connection in a channel, a live room, a replay or a video. */
export const CHANNEL_OPS = ['channelInfo', 'liveIn', 'replayIn', 'videoIn', 'videoReady'] as const;
type ChannelOp = (typeof CHANNEL_OPS)[number];
const isChannelOp = (op: Op): op is ChannelOp => (CHANNEL_OPS as readonly string[]).includes(op);

/** One connection's place: its channel, and the live room, replay or video it entered (by lesson). */
export interface ChannelPlace {
  channel: string | null;
  room: { kind: 'live' | 'replay'; commodityId: number | null; courseId: number | null; lessonId: number | null; openCourseId?: number } | null;
  video: { commodityId: number | null; courseId: number | null; lessonId: number | null; ready: boolean; durationS: number | null } | null;
}

/** What the control API shows about the socket server (GET /__sandbox/realtime). */
export interface ExamSocketLog {
  connections: number;
  authenticated: Array<{ userId: number; module: string; sessionid: string | null }>;
  /** the ops received, oldest first (at most 500) */
  ops: Array<{ op: Op; userId: number | null }>;
  /** the live channel's ops received from authenticated connections, oldest first (at most 500), with their module and data */
  channel: Array<{ op: ChannelOp; userId: number; module: string; data: Record<string, unknown> }>;
  /** where each open authenticated connection is now (its channel, room or video) */
  places: Array<{ userId: number; module: string } & ChannelPlace>;
}

const num = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return undefined;
};

/**
 * The exam/live socket: a `ws` server on `/websocket` of the sandbox's HTTP server. The first message
 * must be `auth` with a valid session token of the sandbox's database; then heartbeats are answered
 * and the exam operations run on the seeded paper (exam-store.ts).
 */
export function attachExamSocket(server: Server, ctx: Ctx, store: ExamStore) {
  const wss = new WebSocketServer({ noServer: true });
  const conns = new Set<Conn>();
  const log: ExamSocketLog['ops'] = [];
  const authenticated: ExamSocketLog['authenticated'] = [];
  const channelLog: ExamSocketLog['channel'] = [];
  const qbank = new QbankStore(ctx);
  const exams = new ExamsStore(ctx);
  /** until this time (ms) new connections are refused (a network failure that lasts: /__sandbox/realtime/drop { refuseMs }) */
  let refuseUntil = 0;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    if (url.pathname !== EXAM_SOCKET_PATH) return; // socket.io handles its own path
    if (Date.now() < refuseUntil) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: Conn = { ws, query: Object.fromEntries(url.searchParams) };
      conns.add(conn);
      ws.on('close', () => conns.delete(conn));
      ws.on('message', (raw) => void handle(conn, String(raw)));
    });
  };
  server.on('upgrade', onUpgrade);
  // a record handed in (HTTP handInPaper, the socket's submit, the clock): every connection of its student hears
  // it at once, `{ op: 'submit', seq: 0, data: { recordId, state: 'submitted' } }`, so another tab or device of
  // the paper stops taking answers (issue 37 §2)
  const stopSubmitted = onRecordSubmitted(ctx, (userId, recordId) => {
    for (const c of conns) if (c.userId === userId) send(c, { op: 'submit', seq: 0, code: '1', message: '', data: { recordId, state: 'submitted' } });
  });

  function send(conn: Conn, msg: ServerMessage) {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(JSON.stringify(msg));
  }

  async function handle(conn: Conn, raw: string) {
    const msg = parseClientMessage(raw);
    if (!msg) return send(conn, { op: 'error', seq: 0, code: '400', message: 'bad message', data: null });
    if (log.length >= 500) log.shift();
    log.push({ op: msg.op, userId: conn.userId ?? null });
    const reply = (data: unknown, code = '1', message = '') => send(conn, { op: msg.op, seq: msg.seq, code, message, data });
    try {
      if (msg.op === 'auth') return await auth(conn, msg, reply);
      if (msg.op === 'heartbeat') return reply({ time: Date.now() });
      if (conn.userId === undefined) return reply(null, '401', 'not authenticated');
      if (isChannelOp(msg.op)) {
        const op = msg.op;
        const entered = (conn.channelQueue ?? Promise.resolve()).catch(() => undefined).then(() => enter(conn, op, msg.data));
        conn.channelQueue = entered;
        return reply(await entered);
      }
      return reply(await operate(conn.userId, msg));
    } catch (e) {
      if (e instanceof ExamError || e instanceof QbankError || e instanceof ExamsError) return reply(null, e.code, e.message);
      console.error('sandbox socket:', e);
      return reply(null, '500', 'server error');
    }
  }

  async function auth(conn: Conn, msg: ClientMessage, reply: (data: unknown, code?: string, message?: string) => void) {
    const d = msg.data;
    const token = typeof d.token === 'string' ? d.token : '';
    const t = await ctx.db.validToken(token);
    if (!t || t.userId !== num(d.userId) || t.companyId !== num(d.companyId)) {
      reply(null, '401', 'auth failed');
      conn.ws.close(CLOSE_AUTH_FAILED, 'auth failed');
      return;
    }
    conn.userId = t.userId;
    conn.companyId = t.companyId;
    conn.module = typeof d.module === 'string' ? d.module : '';
    const sessionid = conn.query.sessionid ?? null;
    if (authenticated.length >= 500) authenticated.shift();
    authenticated.push({ userId: t.userId, module: conn.module, sessionid });
    reply({ userId: t.userId, module: conn.module, sessionOk: sessionid === hashOf(token).slice(0, 16) });
  }

  /**
   * The live channel (spec 000 §7.3; payloads chosen, decision 059): `channelInfo` joins the module's channel of
   * the company, `liveIn` / `replayIn` a lesson's live room or replay, `videoIn` a lesson's video, `videoReady`
   * marks that video playable. Each answers where the connection now is and how many are there. A room or a
   * video is entered only as the lesson calls let the student in (issue 36 §4): else their code and message,
   * and the place stays as it was.
   */
  async function enter(conn: Conn, op: ChannelOp, d: Record<string, unknown>) {
    if (channelLog.length >= 500) channelLog.shift();
    channelLog.push({ op, userId: conn.userId!, module: conn.module ?? '', data: d });
    const refusal = await entryRefusal(conn.userId!, op, d);
    if (refusal) throw new ExamError(LESSON_FAIL[refusal][0], LESSON_FAIL[refusal][1]);
    const place = (conn.place ??= { channel: null, room: null, video: null });
    const lesson = { commodityId: num(d.commodityId) ?? null, courseId: num(d.courseId) ?? null, lessonId: num(d.lessonId) ?? null };
    switch (op) {
      case 'channelInfo':
        place.channel = `${conn.module || 'yunduo'}:${conn.companyId}`;
        break;
      case 'liveIn':
      case 'replayIn':
        // an open course's room names only its openCourseId (decision 069)
        place.room = {
          kind: op === 'liveIn' ? 'live' : 'replay',
          ...lesson,
          ...(num(d.openCourseId) !== undefined ? { openCourseId: num(d.openCourseId)! } : {}),
        };
        break;
      case 'videoIn':
        place.video = { ...lesson, ready: false, durationS: null };
        break;
      case 'videoReady':
        if (!place.video || place.video.lessonId !== lesson.lessonId) throw new ExamError('409', 'videoIn first');
        place.video.ready = true;
        place.video.durationS = num(d.durationS) ?? null;
        break;
    }
    const here = [...conns].filter((c) => c.userId !== undefined && c.place?.channel === place.channel);
    return { ...place, online: place.channel ? here.length : 0 };
  }

  /**
   * Why `liveIn` / `replayIn` / `videoIn` may not enter, by the HTTP lesson calls' own rule (study/video.ts
   * `lessonAccess`, `openCourseRefusal`): an open course (named by `openCourseId` alone, decision 069) needs a
   * sign-up; a lesson must exist in its course and be bought (a trial lesson's video excepted). Before issue 36
   * any lesson answered '1', teaching the portal that a room of a course not bought could be entered.
   */
  async function entryRefusal(userId: number, op: ChannelOp, d: Record<string, unknown>): Promise<LessonRefusal | null> {
    if (op !== 'liveIn' && op !== 'replayIn' && op !== 'videoIn') return null;
    const [commodityId, courseId, lessonId] = [num(d.commodityId), num(d.courseId), num(d.lessonId)];
    if (op !== 'videoIn' && d.openCourseId !== undefined && lessonId === undefined) return openCourseRefusal(ctx, userId, num(d.openCourseId));
    const info =
      commodityId !== undefined && courseId !== undefined && lessonId !== undefined ? await lessonInfo(ctx, commodityId, courseId, lessonId) : undefined;
    if (!info) return 'noLesson';
    return (await lessonAccess(ctx, userId, info, op === 'videoIn' ? 'play' : 'room')).refusal;
  }

  async function operate(userId: number, msg: ClientMessage): Promise<unknown> {
    const d = msg.data;
    const paperId = num(d.paperId);
    const questionId = num(d.questionId);
    const needPaper = () => {
      if (paperId === undefined) throw new ExamError('400', 'paperId required');
      return paperId;
    };
    const needQuestion = () => {
      if (questionId === undefined) throw new ExamError('400', 'questionId required');
      return questionId;
    };
    // the exam face check of "my exams" (decision 034): { examId } -> { status } (0 go on, 1 verify, 2 face info)
    if (msg.op === 'examFace' && num(d.examId) !== undefined) {
      return exams.examFace(userId, num(d.examId)!);
    }
    const recordId = num(d.recordId);
    if (recordId !== undefined) return operateRecord(userId, recordId, msg, needQuestion);
    switch (msg.op) {
      case 'paperQuestions':
        return store.paperQuestions(userId, needPaper());
      case 'submitOne':
        return store.submitOne(userId, needPaper(), needQuestion(), d.answer);
      case 'mark':
        return store.flag('marks', userId, needPaper(), needQuestion(), d.marked !== false);
      case 'sign':
        return store.flag('signs', userId, needPaper(), needQuestion(), d.signed !== false);
      case 'switchQuestion':
        return store.switchQuestion(userId, needPaper(), needQuestion());
      case 'pause':
        return store.setPaused(userId, needPaper(), true);
      case 'resume':
        return store.setPaused(userId, needPaper(), false);
      case 'submit':
        return store.submit(userId, needPaper());
      case 'review':
        return store.review(userId, needPaper());
      // presence operations (logOn, logOff) and close: acknowledged
      default:
        return { ok: true };
    }
  }

  /** The exam ops on a question-bank record (spec 001 §7 exercise session; decision 027): `recordId` instead of `paperId`. */
  async function operateRecord(userId: number, recordId: number, msg: ClientMessage, needQuestion: () => number): Promise<unknown> {
    const d = msg.data;
    const who = { userId, clientId: null, schoolId: 0 };
    switch (msg.op) {
      case 'paperQuestions':
        return qbank.paperQuestions(who, recordId);
      case 'submitOne':
        return qbank.submitOne(who, recordId, needQuestion(), d.answer, typeof d.opId === 'string' ? d.opId : undefined, 'socket', d.at);
      case 'mark':
        return qbank.flag('marks', who, recordId, needQuestion(), d.marked !== false);
      case 'sign':
        return qbank.flag('signs', who, recordId, needQuestion(), d.signed !== false);
      case 'switchQuestion': {
        const index = num(d.index);
        if (index === undefined) throw new ExamError('400', 'index required');
        return qbank.switchQuestion(who, recordId, index);
      }
      case 'pause':
        return qbank.setPaused(who, recordId, true);
      case 'resume':
        return qbank.setPaused(who, recordId, false);
      case 'submit':
        return qbank.submit(who, recordId);
      case 'review':
        return qbank.report(who, recordId);
      default:
        return { ok: true };
    }
  }

  return {
    status(): ExamSocketLog {
      const places = [...conns].flatMap((c) =>
        c.userId !== undefined && c.place ? [{ userId: c.userId, module: c.module ?? '', ...structuredClone(c.place) }] : [],
      );
      return { connections: conns.size, authenticated: [...authenticated], ops: [...log], channel: [...channelLog], places };
    },
    /** Drops every connection (as a network failure would). */
    dropAll(code = 1012, refuseMs = 0) {
      refuseUntil = refuseMs > 0 ? Date.now() + refuseMs : 0;
      for (const c of conns) c.ws.close(code, 'dropped');
    },
    /** Empties the log and ends a refusal (`POST /__sandbox/reset`). */
    reset() {
      log.length = 0;
      authenticated.length = 0;
      channelLog.length = 0;
      refuseUntil = 0;
    },
    async close() {
      stopSubmitted();
      server.off('upgrade', onUpgrade);
      for (const c of conns) c.ws.terminate();
      await new Promise<void>((r) => wss.close(() => r()));
    },
  };
}
