import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf, query, resolveCompany, companyNotFound, type Auth, type Ctx } from '../context.js';
import { fail, ok } from '../envelope.js';
import { APPLY_ITEMS, CATALOG_COMPANY_ID, GROUPS, QUESTIONS } from '../catalog/seed.js';
import { SB } from './config.js';

/**
 * Q&A, groups and independent-exam sign-up that can be used (issue 17 part B; spec 001 §7 "Questions and
 * answers", "Groups"). The seeded threads, groups and exam items (catalog/seed.ts) are read-only; what
 * users write lives in community/store.ts and is layered over them here. Paths: the spec's where it names
 * them (`/v1/question/findMyQuestion`, `findMyAnswers`, `countMyQuestion`, `findUnReadCount`,
 * `/v1/companyGroup/countUserOrderStatus`, `getMyCreateGroups`, `getMyJoinGroups`, `getMyTopics`), the rest
 * *(chosen)*: see sandbox/README.md. Business failures answer code 1300xxxxx with a Chinese message.
 */
export const QUESTION = `${SB}/v1/question`;
export const GROUP = `${SB}/v1/companyGroup`;
export const APPLY = `${SB}/v1/front/apply`;

export const QA_LIMITS = { titleMax: 50, contentMax: 1000, answerMax: 1000 } as const;
export const TOPIC_LIMITS = { titleMax: 50, contentMax: 2000 } as const;

/** The coded business failures of this module (the portal translates them by code). */
export const COMMUNITY_FAILURES = {
  titleRequired: ['130010001', '问题标题不能为空'],
  titleTooLong: ['130010002', `问题标题不能超过${QA_LIMITS.titleMax}个字`],
  questionNotFound: ['130010003', '问题不存在'],
  answerRequired: ['130010004', '回答内容不能为空'],
  contentTooLong: ['130010005', `内容不能超过${QA_LIMITS.contentMax}个字`],
  ownQuestion: ['130010006', '不能回答自己的问题'],
  groupNotFound: ['130020001', '小组不存在'],
  alreadyJoined: ['130020002', '您已加入该小组'],
  notMember: ['130020003', '您还不是该小组成员'],
  joinFirst: ['130020004', '请先加入小组再发表话题'],
  topicTitleRequired: ['130020005', '话题标题不能为空'],
  ownerCannotLeave: ['130020006', '组长不能退出自己创建的小组'],
  applyNotFound: ['130030001', '报名项目不存在'],
  applyFull: ['130030002', '报名人数已满'],
  alreadyApplied: ['130030004', '您已报名该考试'],
} as const satisfies Record<string, readonly [string, string]>;

const failWith = (k: keyof typeof COMMUNITY_FAILURES) => fail(COMMUNITY_FAILURES[k][0], COMMUNITY_FAILURES[k][1]);

const PAGE_MAX = 50;
/** the demo company's zone, Asia/Shanghai (UTC+8, no daylight saving) */
const TZ_OFFSET_MS = 8 * 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm:ss` in the school's time (Beijing), as the upstream writes every time (and the other areas here). */
const timeOf = (ms: number) => {
  const d = new Date(ms + TZ_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
const whole = (v: unknown) => (/^\d{1,12}$/.test(str(v)) ? Number(str(v)) : undefined);
function paging(q: Record<string, unknown>) {
  const size = Math.min(PAGE_MAX, Math.max(1, whole(q.pageSize) ?? 10));
  const current = Math.max(1, whole(q.page) ?? 1);
  return { size, current };
}
function pageOf<T>(all: T[], q: Record<string, unknown>) {
  const { size, current } = paging(q);
  return { records: all.slice((current - 1) * size, current * size), total: all.length, current, size };
}
const nameOf = (a: Auth) => a.user.nickName || a.user.username || `学员${a.user.id}`;

interface QRow {
  id: number;
  companyId: number;
  userId: number;
  userName: string;
  title: string;
  content: string;
  courseName: string;
  createTime: number;
}
interface ARow {
  id: number;
  questionId: number;
  userId: number;
  userName: string;
  content: string;
  createTime: number;
  readFlag: number;
}
interface TRow {
  id: number;
  groupId: number;
  userId: number;
  userName: string;
  title: string;
  content: string;
  createTime: number;
}

type H = (c: { cid: number; auth: Auth | undefined }, req: FastifyRequest, reply: FastifyReply) => unknown;

export function registerCommunityRoutes(app: FastifyInstance, ctx: Ctx): void {
  /** Company, and the user when a valid token came (visitors may read). */
  const V = (h: H) => async (req: FastifyRequest, reply: FastifyReply) => {
    const cid = await resolveCompany(ctx, req);
    if (cid === undefined) return companyNotFound(reply);
    return h({ cid, auth: await authOf(ctx, req, cid) }, req, reply);
  };
  /** The same, a token required (401 without). */
  const U = (h: (c: { cid: number; auth: Auth }, req: FastifyRequest, reply: FastifyReply) => unknown) =>
    V((c, req, reply) => (c.auth ? h({ cid: c.cid, auth: c.auth }, req, reply) : reply.code(401).send({ code: '401', message: 'unauthorized' })));
  const body = (req: FastifyRequest) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});
  const seeded = (cid: number) => cid === CATALOG_COMPANY_ID;

  // ---------- questions and answers ----------
  const answersOf = (questionId: number) =>
    ctx.db.all<ARow>('SELECT id, question_id, user_id, user_name, content, create_time, read_flag FROM community_answers WHERE question_id = ? ORDER BY id', [
      questionId,
    ]);
  const answerView = (a: ARow) => ({ id: a.id, userName: a.userName, content: a.content, createTime: timeOf(a.createTime), likeCount: 0, teacherFlag: 0 });
  async function questionsOf(cid: number) {
    const rows = await ctx.db.all<QRow & { answerCount: number }>(
      `SELECT q.*, (SELECT COUNT(*) FROM community_answers a WHERE a.question_id = q.id) AS answer_count
       FROM community_questions q WHERE company_id = ? ORDER BY q.id DESC`,
      [cid],
    );
    const extra = await ctx.db.all<{ questionId: number; n: number }>(
      'SELECT question_id, COUNT(*) AS n FROM community_answers WHERE question_id < 20000 GROUP BY question_id',
    );
    const more = new Map(extra.map((r) => [r.questionId, Number(r.n)]));
    const own = rows.map((q) => ({
      id: q.id,
      title: q.title,
      content: q.content,
      userName: q.userName,
      courseName: q.courseName,
      createTime: timeOf(q.createTime),
      viewCount: 0,
      answerCount: Number(q.answerCount),
      userId: q.userId,
    }));
    const seed = seeded(cid) ? QUESTIONS.map(({ answers, ...q }) => ({ ...q, answerCount: answers.length + (more.get(q.id) ?? 0), userId: 0 })) : [];
    return [...own, ...seed];
  }
  async function questionOf(cid: number, id: number) {
    const seed = seeded(cid) ? QUESTIONS.find((q) => q.id === id) : undefined;
    if (seed) return { ...seed, userId: 0, answers: [...seed.answers, ...(await answersOf(id)).map(answerView)] };
    const q = await ctx.db.get<QRow>('SELECT * FROM community_questions WHERE id = ? AND company_id = ?', [id, cid]);
    if (!q) return null;
    return {
      id: q.id,
      title: q.title,
      content: q.content,
      userName: q.userName,
      courseName: q.courseName,
      createTime: timeOf(q.createTime),
      viewCount: 0,
      userId: q.userId,
      answers: (await answersOf(id)).map(answerView),
    };
  }

  app.get(
    `${QUESTION}/page`,
    V(async ({ cid }, req) =>
      ok(
        pageOf(
          (await questionsOf(cid)).map(({ userId: _u, ...q }) => q),
          query(req),
        ),
      ),
    ),
  );

  // The asker reading their own thread marks its answers read (findUnReadCount).
  app.get<{ Params: { id: string } }>(
    `${QUESTION}/detail/:id`,
    V(async ({ cid, auth }, req) => {
      const id = whole((req.params as { id: string }).id);
      const q = id ? await questionOf(cid, id) : null;
      if (!q) return ok(null);
      const { userId, ...view } = q;
      if (auth && userId === auth.user.id) await ctx.db.run('UPDATE community_answers SET read_flag = 1 WHERE question_id = ?', [q.id]);
      return ok({ ...view, mine: auth !== undefined && userId === auth.user.id ? 1 : 0 });
    }),
  );

  app.post(
    `${QUESTION}/ask`,
    U(async ({ cid, auth }, req) => {
      const b = body(req);
      const title = str(b.title);
      const content = str(b.content);
      if (!title) return failWith('titleRequired');
      if ([...title].length > QA_LIMITS.titleMax) return failWith('titleTooLong');
      if ([...content].length > QA_LIMITS.contentMax) return failWith('contentTooLong');
      const r = await ctx.db.run(
        'INSERT INTO community_questions (company_id, user_id, user_name, title, content, course_name, create_time) VALUES (?,?,?,?,?,?,?)',
        [cid, auth.user.id, nameOf(auth), title, content, str(b.courseName), Date.now()],
      );
      return ok({ id: r.lastId });
    }),
  );

  app.post(
    `${QUESTION}/answer`,
    U(async ({ cid, auth }, req) => {
      const b = body(req);
      const id = whole(b.questionId);
      const q = id ? await questionOf(cid, id) : null;
      if (!q) return failWith('questionNotFound');
      const content = str(b.content);
      if (!content) return failWith('answerRequired');
      if ([...content].length > QA_LIMITS.answerMax) return failWith('contentTooLong');
      if (q.userId === auth.user.id) return failWith('ownQuestion');
      const r = await ctx.db.run('INSERT INTO community_answers (question_id, user_id, user_name, content, create_time) VALUES (?,?,?,?,?)', [
        q.id,
        auth.user.id,
        nameOf(auth),
        content,
        Date.now(),
      ]);
      return ok({ id: r.lastId });
    }),
  );

  app.post(
    `${QUESTION}/findMyQuestion`,
    U(async ({ cid, auth }, req) => {
      const rows = await ctx.db.all<QRow & { answerCount: number; unread: number }>(
        `SELECT q.*, (SELECT COUNT(*) FROM community_answers a WHERE a.question_id = q.id) AS answer_count,
         (SELECT COUNT(*) FROM community_answers a WHERE a.question_id = q.id AND a.read_flag = 0) AS unread
       FROM community_questions q WHERE company_id = ? AND user_id = ? ORDER BY q.id DESC`,
        [cid, auth.user.id],
      );
      return ok(
        pageOf(
          rows.map((q) => ({
            id: q.id,
            title: q.title,
            content: q.content,
            courseName: q.courseName,
            createTime: timeOf(q.createTime),
            answerCount: Number(q.answerCount),
            unReadCount: Number(q.unread),
          })),
          { ...query(req), ...body(req) },
        ),
      );
    }),
  );

  app.post(
    `${QUESTION}/findMyAnswers`,
    U(async ({ cid, auth }, req) => {
      const rows = await ctx.db.all<ARow>('SELECT * FROM community_answers WHERE user_id = ? ORDER BY id DESC', [auth.user.id]);
      const all = await questionsOf(cid);
      const titleOf = new Map(all.map((q) => [q.id, q.title]));
      const mine = rows
        .filter((a) => titleOf.has(a.questionId))
        .map((a) => ({ id: a.id, questionId: a.questionId, questionTitle: titleOf.get(a.questionId)!, content: a.content, createTime: timeOf(a.createTime) }));
      return ok(pageOf(mine, { ...query(req), ...body(req) }));
    }),
  );

  app.post(
    `${QUESTION}/countMyQuestion`,
    U(async ({ cid, auth }) => {
      const q = await ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM community_questions WHERE company_id = ? AND user_id = ?', [cid, auth.user.id]);
      const a = await ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM community_answers WHERE user_id = ?', [auth.user.id]);
      return ok({ questionCount: Number(q?.n ?? 0), answerCount: Number(a?.n ?? 0) });
    }),
  );

  app.get(
    `${QUESTION}/findUnReadCount`,
    U(async ({ cid, auth }) => {
      const r = await ctx.db.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM community_answers a JOIN community_questions q ON q.id = a.question_id
       WHERE q.company_id = ? AND q.user_id = ? AND a.read_flag = 0`,
        [cid, auth.user.id],
      );
      return ok({ unReadCount: Number(r?.n ?? 0) });
    }),
  );

  // ---------- groups ----------
  const groupsOf = (cid: number) => (seeded(cid) ? GROUPS : []);
  async function groupStats() {
    const members = await ctx.db.all<{ groupId: number; n: number }>('SELECT group_id, COUNT(*) AS n FROM community_members GROUP BY group_id');
    const topics = await ctx.db.all<{ groupId: number; n: number }>('SELECT group_id, COUNT(*) AS n FROM community_topics GROUP BY group_id');
    return { members: new Map(members.map((r) => [r.groupId, Number(r.n)])), topics: new Map(topics.map((r) => [r.groupId, Number(r.n)])) };
  }
  async function membership(userId: number | undefined) {
    if (userId === undefined) return new Map<number, { owner: number; joinTime: number }>();
    const rows = await ctx.db.all<{ groupId: number; owner: number; joinTime: number }>(
      'SELECT group_id, owner, join_time FROM community_members WHERE user_id = ?',
      [userId],
    );
    return new Map(rows.map((r) => [r.groupId, r]));
  }
  async function groupCards(cid: number, auth: Auth | undefined) {
    const [stats, mine] = await Promise.all([groupStats(), membership(auth?.user.id)]);
    return groupsOf(cid).map(({ topics, ...g }) => ({
      ...g,
      memberCount: g.memberCount + (stats.members.get(g.id) ?? 0),
      topicCount: topics.length + (stats.topics.get(g.id) ?? 0),
      joined: mine.has(g.id) ? 1 : 0,
      owner: mine.get(g.id)?.owner ?? 0,
    }));
  }
  const topicView = (t: TRow) => ({ id: t.id, title: t.title, content: t.content, userName: t.userName, replyCount: 0, createTime: timeOf(t.createTime) });

  app.get(
    `${GROUP}/list`,
    V(async ({ cid, auth }) => ok(await groupCards(cid, auth))),
  );
  app.get<{ Params: { id: string } }>(
    `${GROUP}/detail/:id`,
    V(async ({ cid, auth }, req) => {
      const id = whole((req.params as { id: string }).id);
      const seed = groupsOf(cid).find((g) => g.id === id);
      if (!seed) return ok(null);
      const card = (await groupCards(cid, auth)).find((g) => g.id === seed.id)!;
      const own = await ctx.db.all<TRow>('SELECT * FROM community_topics WHERE group_id = ? ORDER BY id DESC', [seed.id]);
      const { topicCount: _t, ...rest } = card;
      return ok({ ...rest, topics: [...own.map(topicView), ...seed.topics.map((t) => ({ ...t, content: '' }))] });
    }),
  );

  const groupIdOf = (cid: number, req: FastifyRequest) => {
    const id = whole(body(req).groupId);
    return groupsOf(cid).some((g) => g.id === id) ? id : undefined;
  };
  app.post(
    `${GROUP}/join`,
    U(async ({ cid, auth }, req) => {
      const id = groupIdOf(cid, req);
      if (!id) return failWith('groupNotFound');
      const r = await ctx.db.run('INSERT OR IGNORE INTO community_members (group_id, user_id, owner, join_time) VALUES (?,?,0,?)', [
        id,
        auth.user.id,
        Date.now(),
      ]);
      return r.changes ? ok(null) : failWith('alreadyJoined');
    }),
  );
  app.post(
    `${GROUP}/leave`,
    U(async ({ cid, auth }, req) => {
      const id = groupIdOf(cid, req);
      if (!id) return failWith('groupNotFound');
      const m = (await membership(auth.user.id)).get(id);
      if (!m) return failWith('notMember');
      if (m.owner) return failWith('ownerCannotLeave');
      await ctx.db.run('DELETE FROM community_members WHERE group_id = ? AND user_id = ?', [id, auth.user.id]);
      return ok(null);
    }),
  );
  app.post(
    `${GROUP}/topic`,
    U(async ({ cid, auth }, req) => {
      const id = groupIdOf(cid, req);
      if (!id) return failWith('groupNotFound');
      if (!(await membership(auth.user.id)).has(id)) return failWith('joinFirst');
      const b = body(req);
      const title = str(b.title);
      const content = str(b.content);
      if (!title) return failWith('topicTitleRequired');
      if ([...title].length > TOPIC_LIMITS.titleMax) return failWith('titleTooLong');
      if ([...content].length > TOPIC_LIMITS.contentMax) return failWith('contentTooLong');
      const r = await ctx.db.run('INSERT INTO community_topics (group_id, user_id, user_name, title, content, create_time) VALUES (?,?,?,?,?,?)', [
        id,
        auth.user.id,
        nameOf(auth),
        title,
        content,
        Date.now(),
      ]);
      return ok({ id: r.lastId });
    }),
  );
  app.get(
    `${GROUP}/countUserOrderStatus`,
    U(async ({ cid, auth }) => {
      const cards = await groupCards(cid, auth);
      const topics = await ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM community_topics WHERE user_id = ?', [auth.user.id]);
      return ok({
        createCount: cards.filter((g) => g.owner).length,
        joinCount: cards.filter((g) => g.joined && !g.owner).length,
        topicCount: Number(topics?.n ?? 0),
      });
    }),
  );
  app.get(
    `${GROUP}/getMyCreateGroups`,
    U(async ({ cid, auth }) => ok((await groupCards(cid, auth)).filter((g) => g.owner))),
  );
  app.get(
    `${GROUP}/getMyJoinGroups`,
    U(async ({ cid, auth }) => ok((await groupCards(cid, auth)).filter((g) => g.joined && !g.owner))),
  );
  app.get(
    `${GROUP}/getMyTopics`,
    U(async ({ cid, auth }, req) => {
      const rows = await ctx.db.all<TRow>('SELECT * FROM community_topics WHERE user_id = ? ORDER BY id DESC', [auth.user.id]);
      const names = new Map(groupsOf(cid).map((g) => [g.id, g.groupName]));
      return ok(
        pageOf(
          rows.filter((t) => names.has(t.groupId)).map((t) => ({ ...topicView(t), groupId: t.groupId, groupName: names.get(t.groupId)! })),
          query(req),
        ),
      );
    }),
  );

  // ---------- independent exam sign-up ----------
  // The seeded periods are fixed around the catalog's SEED_DATE; the sandbox keeps them open (see README).
  const itemOf = (cid: number, id: number | undefined) => (seeded(cid) ? APPLY_ITEMS.find((a) => a.id === id) : undefined);
  const appliedCount = async (id: number) =>
    Number((await ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM community_signups WHERE apply_id = ?', [id]))?.n ?? 0);

  app.get<{ Params: { id: string } }>(
    `${APPLY}/state/:id`,
    U(async ({ cid, auth }, req) => {
      const item = itemOf(cid, whole((req.params as { id: string }).id));
      if (!item) return ok(null);
      const row = await ctx.db.get<{ createTime: number }>('SELECT create_time FROM community_signups WHERE apply_id = ? AND user_id = ?', [
        item.id,
        auth.user.id,
      ]);
      return ok({
        id: item.id,
        applied: item.applied + (await appliedCount(item.id)),
        quota: item.quota,
        signedUp: row ? 1 : 0,
        signUpTime: row ? timeOf(row.createTime) : '',
      });
    }),
  );
  app.post(
    `${APPLY}/signUp`,
    U(async ({ cid, auth }, req) => {
      const item = itemOf(cid, whole(body(req).applyId));
      if (!item) return failWith('applyNotFound');
      if (item.applied + (await appliedCount(item.id)) >= item.quota) return failWith('applyFull');
      const r = await ctx.db.run('INSERT OR IGNORE INTO community_signups (apply_id, user_id, create_time) VALUES (?,?,?)', [
        item.id,
        auth.user.id,
        Date.now(),
      ]);
      return r.changes ? ok(null) : failWith('alreadyApplied');
    }),
  );
  app.get(
    `${APPLY}/mine`,
    U(async ({ cid, auth }) => {
      const rows = await ctx.db.all<{ applyId: number; createTime: number }>(
        'SELECT apply_id, create_time FROM community_signups WHERE user_id = ? ORDER BY create_time DESC',
        [auth.user.id],
      );
      return ok(
        rows.flatMap((r) => {
          const item = itemOf(cid, r.applyId);
          return item
            ? [
                {
                  id: item.id,
                  title: item.title,
                  examName: item.examName,
                  examTime: item.examTime,
                  place: item.place,
                  fee: item.fee,
                  signUpTime: timeOf(r.createTime),
                },
              ]
            : [];
        }),
      );
    }),
  );
}
