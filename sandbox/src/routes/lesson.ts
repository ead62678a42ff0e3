import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf, body, companyNotFound, hostOf, query, resolveCompany, unauthorized, type Ctx } from '../context.js';
import { fail, ok } from '../envelope.js';
import { OPEN_COURSES } from '../catalog/seed.js';
import { isEnrolled } from '../study/enrolments.js';
import { readProgress, savePosition } from '../study/progress.js';
import {
  clipOf,
  CLIP_DURATION_S,
  posterOf,
  gateOf,
  GATES,
  LESSON_FAIL,
  lessonAccess,
  lessonInfo,
  openCourseRefusal,
  openSignups,
  parseRange,
  readClip,
  setGate,
  setLesson,
  signUpOpenCourse,
  type Gate,
  type LessonRefusal,
} from '../study/video.js';

/**
 * The lesson side of studying (issue 14; all paths *(chosen)* unless the spec names them, see sandbox/README.md
 * "Lessons"): the entry chain's questions (lesson, proxy-exam schedule, free-course popup, agreement and face
 * status), the video page's play answer and position reports, the live-room address, open-course sign-ups; the
 * clips with HTTP Range (`/__media/`), the live-room provider page (`/__live/room`), and test control.
 */

const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : undefined;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const failWith = (k: LessonRefusal) => fail(LESSON_FAIL[k][0], LESSON_FAIL[k][1]);

/** The gate's stored value: a reason text (sign-up open) or JSON `{ submitTimeType, msg }`; none: nothing to sign up for. */
export function proxyExamAnswer(value: string | undefined): { needSignUp: 0 | 1; submitTimeType: 0 | 1 | 2; msg: string } {
  if (value === undefined) return { needSignUp: 0, submitTimeType: 0, msg: '' };
  let parsed: { submitTimeType?: unknown; msg?: unknown } | undefined;
  try {
    const v: unknown = JSON.parse(value);
    if (v && typeof v === 'object') parsed = v as { submitTimeType?: unknown; msg?: unknown };
  } catch {
    parsed = undefined;
  }
  if (!parsed) return { needSignUp: 1, submitTimeType: 1, msg: value };
  return { needSignUp: 1, submitTimeType: Number(parsed.submitTimeType) === 2 ? 2 : 1, msg: typeof parsed.msg === 'string' ? parsed.msg : '' };
}

export function registerLessonRoutes(app: FastifyInstance, ctx: Ctx): void {
  const api = '/s/api';

  /** Company and (optional) user of a call; undefined after answering an unknown company. */
  async function who(req: FastifyRequest, reply: FastifyReply) {
    const companyId = await resolveCompany(ctx, req);
    if (companyId === undefined) {
      companyNotFound(reply);
      return undefined;
    }
    const auth = await authOf(ctx, req, companyId);
    return { companyId, auth };
  }
  const ids = (req: FastifyRequest) => {
    const p = req.params as Record<string, string>;
    return { commodityId: num(p.commodityId), courseId: num(p.courseId), lessonId: num(p.lessonId) };
  };

  // What the entry chain needs about one lesson; null for a lesson not in that course. Visitors may ask.
  app.get(`${api}/course/v1/user/lesson/entry/:commodityId/:courseId/:lessonId`, async (req, reply) => {
    const w = await who(req, reply);
    if (!w) return reply;
    const { commodityId, courseId, lessonId } = ids(req);
    if (commodityId === undefined || courseId === undefined || lessonId === undefined) return ok(null);
    const info = await lessonInfo(ctx, commodityId, courseId, lessonId);
    if (!info) return ok(null);
    const enrolled = w.auth ? await isEnrolled(ctx, w.auth.user.id, commodityId) : false;
    const { hasAddress: _h, ...rest } = info;
    return ok({ ...rest, enrolled: enrolled ? 1 : 0 });
  });

  // The video page's answer: the clip, its length and the position saved. Enrolled students, or anyone for a trial lesson.
  app.get(`${api}/course/v1/user/lesson/play/:commodityId/:courseId/:lessonId`, async (req, reply) => {
    const w = await who(req, reply);
    if (!w) return reply;
    const { commodityId, courseId, lessonId } = ids(req);
    const info =
      commodityId !== undefined && courseId !== undefined && lessonId !== undefined ? await lessonInfo(ctx, commodityId, courseId, lessonId) : undefined;
    if (!info) return failWith('noLesson');
    const { enrolled, refusal } = await lessonAccess(ctx, w.auth?.user.id, info, 'play');
    if (refusal) return failWith(refusal);
    let positionS = 0;
    if (w.auth && enrolled) {
      const progress = await readProgress(ctx, w.auth.user.id, info.commodityId);
      positionS = progress.lessons.find((l) => l.lessonId === info.lessonId)?.positionS ?? 0;
    }
    return ok({
      commodityId: info.commodityId,
      courseId: info.courseId,
      courseName: info.courseName,
      chapterName: info.chapterName,
      lessonId: info.lessonId,
      lessonName: info.lessonName,
      type: info.type,
      tryFlag: info.tryFlag,
      playUrl: `http://${hostOf(req)}/__media/${clipOf(info.lessonId)}`,
      coverUrl: `http://${hostOf(req)}/__media/${posterOf(info.lessonId)}`,
      durationS: CLIP_DURATION_S,
      positionS: positionS >= CLIP_DURATION_S ? 0 : positionS,
      enrolled: enrolled ? 1 : 0,
    });
  });

  // A position report (pause, every 15 s, leaving): enrolled students only.
  app.post(`${api}/course/v1/user/lesson/position`, async (req, reply) => {
    const w = await who(req, reply);
    if (!w) return reply;
    if (!w.auth) return unauthorized(reply);
    const b = body(req);
    const commodityId = num(b.commodityId);
    const courseId = num(b.courseId);
    const lessonId = num(b.lessonId);
    const positionS = Number(b.positionS);
    const durationS = Number(b.durationS);
    if (commodityId === undefined || courseId === undefined || lessonId === undefined || !Number.isFinite(positionS) || positionS < 0)
      return failWith('noLesson');
    if (!(await isEnrolled(ctx, w.auth.user.id, commodityId))) return failWith('notBought');
    const saved = await savePosition(ctx, { userId: w.auth.user.id, commodityId, courseId, lessonId, positionS, durationS });
    return saved ? ok(saved) : failWith('noLesson');
  });

  // The live room of a live or meeting lesson: the provider's address ('' when the provider has none for it).
  app.get(`${api}/course/v1/user/live/room/:commodityId/:courseId/:lessonId`, async (req, reply) => {
    const w = await who(req, reply);
    if (!w) return reply;
    if (!w.auth) return unauthorized(reply);
    const { commodityId, courseId, lessonId } = ids(req);
    const info =
      commodityId !== undefined && courseId !== undefined && lessonId !== undefined ? await lessonInfo(ctx, commodityId, courseId, lessonId) : undefined;
    if (!info) return failWith('noLesson');
    if (info.type !== 'live' && info.type !== 'meeting') return failWith('notLive');
    const { refusal } = await lessonAccess(ctx, w.auth.user.id, info, 'room');
    if (refusal) return failWith(refusal);
    const room = new URLSearchParams({
      provider: info.provider ?? '',
      lessonId: String(info.lessonId),
      name: info.lessonName,
      status: String(info.liveStatus ?? 0),
    });
    return ok({
      provider: info.provider,
      liveType: info.liveType ?? '',
      roomName: info.lessonName,
      liveStatus: info.liveStatus,
      address: info.hasAddress ? `http://${hostOf(req)}/__live/room?${room}` : '',
    });
  });

  // Spec 001 §7 'Timetable and courses': the meeting password of a meeting lesson (service prefix chosen).
  app.get(`${api}/course/front/commodity/getLesZoomPassword`, async (req, reply) => {
    const w = await who(req, reply);
    if (!w) return reply;
    if (!w.auth) return unauthorized(reply);
    const q = query(req);
    const commodityId = num(q.commodityId);
    const courseId = num(q.courseId);
    const lessonId = num(q.lessonId);
    const info =
      commodityId !== undefined && courseId !== undefined && lessonId !== undefined ? await lessonInfo(ctx, commodityId, courseId, lessonId) : undefined;
    if (!info) return failWith('noLesson');
    if (info.type !== 'meeting') return failWith('notLive');
    const { refusal } = await lessonAccess(ctx, w.auth.user.id, info, 'room');
    if (refusal) return failWith(refusal);
    return ok({ password: String(info.lessonId).slice(-6).padStart(6, '0') });
  });

  // Spec 001 §7 'Instead sign-up': the proxy-exam schedule check (path not shown); §3 "Proxy-exam check:
  // needSignUp, submitTimeType". needSignUp 1: the student has a proxy-exam sign-up to make before this lesson;
  // submitTimeType 1 the sign-up is open now, 2 it is not (closed or not yet open); msg the school's reason.
  app.get(`${api}/saas-business/v1/student/instead/check/schedule`, async (req, reply) => {
    const w = await who(req, reply);
    if (!w) return reply;
    if (!w.auth) return unauthorized(reply);
    return ok(proxyExamAnswer(await gateOf(ctx, w.auth.user.id, 'proxyExam')));
  });

  // The agreement, complete-information popup and face status the chain also asks are answered by the
  // agreements module (`routes/study-agreements.ts`, its seed users and control API: README 'Agreements…').

  // Open courses: the user's sign-ups, signing up, the room.
  app.get(`${api}/course/v1/user/open-course/signups`, async (req, reply) => {
    const w = await who(req, reply);
    if (!w) return reply;
    if (!w.auth) return unauthorized(reply);
    return ok(await openSignups(ctx, w.auth.user.id));
  });
  app.post(`${api}/course/v1/user/open-course/:id/signup`, async (req, reply) => {
    const w = await who(req, reply);
    if (!w) return reply;
    if (!w.auth) return unauthorized(reply);
    const id = num((req.params as { id: string }).id);
    if (id === undefined || !(await signUpOpenCourse(ctx, w.auth.user.id, id))) return failWith('openCourseNotFound');
    return ok({ signedUp: 1 });
  });
  app.get(`${api}/course/v1/user/open-course/:id/room`, async (req, reply) => {
    const w = await who(req, reply);
    if (!w) return reply;
    if (!w.auth) return unauthorized(reply);
    const id = num((req.params as { id: string }).id);
    const refusal = await openCourseRefusal(ctx, w.auth.user.id, id);
    if (refusal) return failWith(refusal);
    const open = OPEN_COURSES.find((o) => o.id === id)!;
    const room = new URLSearchParams({
      provider: 'gh',
      openCourseId: String(open.id),
      name: open.title,
      status: open.status === 'live' ? '1' : open.status === 'replay' ? '2' : '0',
    });
    return ok({ provider: 'gh', liveType: '', roomName: open.title, address: `http://${hostOf(req)}/__live/room?${room}` });
  });

  // The clips, with HTTP Range (a browser seeks a <video> by ranges), and their posters.
  app.get('/__media/:name', async (req, reply) => {
    const buf = await readClip((req.params as { name: string }).name);
    if (!buf) return reply.code(404).send({ error: 'not found' });
    const range = parseRange(req.headers.range, buf.length);
    reply
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'public, max-age=3600')
      .type((req.params as { name: string }).name.endsWith('.jpg') ? 'image/jpeg' : 'video/webm');
    if (range.status === 416) return reply.code(416).header('Content-Range', `bytes */${buf.length}`).send('');
    if (range.status === 206) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${buf.length}`);
    return reply.header('Content-Length', range.end - range.start + 1).send(buf.subarray(range.start, range.end + 1));
  });

  // The live-room provider page the room address points to.
  app.get('/__live/room', async (req, reply) => {
    const q = query(req);
    const status = q.status === '2' ? '回放 / Replay' : q.status === '1' ? '直播中 / On air' : '未开始 / Not started';
    reply.type('text/html; charset=utf-8');
    return `<!DOCTYPE html><html lang="zh"><head><meta charset="utf-8"><title>直播间 Live room</title></head>
<body style="font-family:sans-serif;max-width:36rem;margin:3rem auto"><h1>直播间 / Live room</h1>
<p data-testid="live-room-name">${esc(q.name ?? '')}</p><p>提供方 / Provider: <span data-testid="live-room-provider">${esc(q.provider ?? '')}</span></p>
<p data-testid="live-room-status">${status}</p></body></html>`;
  });

  if (ctx.control) {
    // Test control: a lesson's type and live fields; a user's gates.
    app.post('/__sandbox/study/lesson', async (req, reply) => {
      const b = body(req);
      const commodityId = num(b.commodityId);
      const lessonId = num(b.lessonId);
      if (commodityId === undefined || lessonId === undefined) return reply.code(400).send({ error: 'commodityId and lessonId required' });
      const n = (v: unknown) => (v === undefined || v === null ? null : Number(v));
      const s = (v: unknown) => (v === undefined || v === null ? null : String(v));
      await setLesson(ctx, commodityId, lessonId, {
        type: s(b.type),
        liveStatus: n(b.liveStatus),
        viewReplayFlag: n(b.viewReplayFlag),
        provider: s(b.provider),
        liveType: s(b.liveType),
        addressFlag: n(b.addressFlag),
      });
      return { ok: true };
    });
    app.post('/__sandbox/study/gate', async (req, reply) => {
      const b = body(req);
      const userId = num(b.userId);
      const gate = String(b.gate ?? '') as Gate;
      if (userId === undefined || !GATES.includes(gate)) return reply.code(400).send({ error: `userId and gate (${GATES.join(', ')}) required` });
      await setGate(ctx, userId, gate, b.value === null || b.value === undefined ? null : typeof b.value === 'string' ? b.value : JSON.stringify(b.value));
      return { ok: true };
    });
  }
}
