import type { FastifyInstance, FastifyRequest } from 'fastify';
import { companyNotFound, query, resolveCompany, type Ctx } from '../context.js';
import { ok } from '../envelope.js';
import {
  APPLY_ITEMS,
  CATALOG_COMPANY_ID,
  CATEGORIES,
  COURSES,
  CUSTOM_PAGE,
  GROUPS,
  NEWS,
  OPEN_COURSES,
  PACKAGES,
  QUESTIONS,
  STUDENT_VOICES,
  TEACHERS,
  TRAINING_PLANS,
  VIP_LEVELS,
  type Course,
} from '../catalog/seed.js';

/**
 * Public content of spec 000 sections 1, 2.1 and 6 (all paths *(chosen)*, see sandbox/README.md):
 * catalogue, course detail and contents, packages, open courses and teachers under `/course/v1/front`;
 * news, Q&A, groups, vip, exam sign-up, student voices, custom page and training plans under
 * `/saas-business/v1/front`. Visitors may call all of them (no token needed). Image fields are generated SVG
 * placeholders (`/__static/covers/...`, made absolute by the server, see routes/static.ts).
 * An unknown id answers `'1'` with `data: null`; a company without seeded content gets empty lists.
 */

const PAGE_SIZE_MAX = 50;
const num = (v: string | undefined, fallback: number) => (v && /^\d+$/.test(v) ? Number(v) : fallback);

function pageOf<T>(all: T[], q: Record<string, string | undefined>, defaultSize: number) {
  const size = Math.min(Math.max(num(q.pageSize, defaultSize), 1), PAGE_SIZE_MAX);
  const current = Math.max(num(q.page, 1), 1);
  return { records: all.slice((current - 1) * size, current * size), total: all.length, current, size };
}

const teacherRef = (id: number) => {
  const t = TEACHERS.find((x) => x.id === id)!;
  return { id: t.id, teacherName: t.teacherName, title: t.title, avatar: t.avatar };
};

export function courseCard(c: Course) {
  const { chapters: _c, introduction: _i, teacherIds, ...card } = c;
  return { ...card, teachers: teacherIds.map(teacherRef) };
}

function byCourse(id: number) {
  return COURSES.find((c) => c.commodityId === id);
}

const SORTS: Record<string, (a: Course, b: Course) => number> = {
  new: (a, b) => b.createTime.localeCompare(a.createTime),
  hot: (a, b) => b.studyCount - a.studyCount,
  priceAsc: (a, b) => a.price - b.price || a.commodityId - b.commodityId,
  priceDesc: (a, b) => b.price - a.price || a.commodityId - b.commodityId,
};

export function registerCatalogRoutes(app: FastifyInstance, ctx: Ctx) {
  /** Runs `fn` for a company with content; other known companies get `empty`. */
  const seeded = (empty: unknown, fn: (req: FastifyRequest) => unknown) => async (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const companyId = await resolveCompany(ctx, req);
    if (companyId === undefined) return companyNotFound(reply);
    if (companyId !== CATALOG_COMPANY_ID) return ok(empty);
    return ok(fn(req) ?? null);
  };
  const emptyPage = { records: [], total: 0, current: 1, size: 0 };
  const idParam = (req: FastifyRequest, name = 'id') => num((req.params as Record<string, string>)[name], -1);

  // ---- course service ----
  app.get(
    '/s/api/course/v1/front/category/tree',
    seeded([], () => CATEGORIES),
  );
  app.get(
    '/s/api/course/v1/front/course/page',
    seeded(emptyPage, (req) => {
      const q = query(req);
      const name = (q.courseName ?? '').trim().toLowerCase();
      const categoryId = num(q.categoryId, 0);
      let list = COURSES.filter(
        (c) =>
          (!categoryId || c.categoryId === categoryId) &&
          (q.priceType !== 'free' || c.freeFlag === 1) &&
          (q.priceType !== 'paid' || c.freeFlag === 0) &&
          (!name || c.courseName.toLowerCase().includes(name)),
      );
      list = [...list].sort(SORTS[q.sort ?? ''] ?? ((a, b) => a.commodityId - b.commodityId));
      return pageOf(list.map(courseCard), q, 12);
    }),
  );
  app.get(
    '/s/api/course/v1/front/course/recommend',
    seeded([], (req) =>
      COURSES.filter((c) => c.recommend === 1)
        .slice(0, num(query(req).size, 8))
        .map(courseCard),
    ),
  );
  app.get(
    '/s/api/course/v1/front/course/detail/:commodityId',
    seeded(null, (req) => {
      const c = byCourse(idParam(req, 'commodityId'));
      if (!c) return null;
      return { ...courseCard(c), introduction: c.introduction, teachers: c.teacherIds.map((id) => TEACHERS.find((t) => t.id === id)!), chapters: c.chapters };
    }),
  );
  app.get(
    '/s/api/course/v1/front/course/:commodityId/:courseId/contents',
    seeded(null, (req) => {
      const c = byCourse(idParam(req, 'commodityId'));
      if (!c || c.courseId !== idParam(req, 'courseId')) return null;
      return {
        commodityId: c.commodityId,
        courseId: c.courseId,
        courseType: c.courseType,
        courseName: c.courseName,
        cover: c.cover,
        lessonCount: c.lessonCount,
        totalDurationS: c.totalDurationS,
        chapters: c.chapters,
      };
    }),
  );
  app.get(
    '/s/api/course/v1/front/package/page',
    seeded(emptyPage, (req) =>
      pageOf(
        PACKAGES.map(({ introduction: _i, ...p }) => ({ ...p, courseCount: p.commodityIds.length })),
        query(req),
        12,
      ),
    ),
  );
  app.get(
    '/s/api/course/v1/front/package/detail/:id',
    seeded(null, (req) => {
      const p = PACKAGES.find((x) => x.id === idParam(req));
      return p ? { ...p, courseCount: p.commodityIds.length, courses: p.commodityIds.map((id) => courseCard(byCourse(id)!)) } : null;
    }),
  );
  app.get(
    '/s/api/course/v1/front/open-course/list',
    seeded([], () => OPEN_COURSES.map((o) => ({ ...o, teacher: teacherRef(o.teacherId) }))),
  );
  app.get(
    '/s/api/course/v1/front/teacher/list',
    seeded([], () => TEACHERS),
  );
  app.get(
    '/s/api/course/v1/front/teacher/detail/:id',
    seeded(null, (req) => {
      const t = TEACHERS.find((x) => x.id === idParam(req));
      return t ? { ...t, courses: COURSES.filter((c) => c.teacherIds.includes(t.id)).map(courseCard) } : null;
    }),
  );

  // ---- business service ----
  const biz = '/s/api/saas-business/v1/front';
  app.get(
    `${biz}/news/page`,
    seeded(emptyPage, (req) => {
      const q = query(req);
      const list = [...NEWS]
        .sort((a, b) => b.top - a.top || b.publishTime.localeCompare(a.publishTime))
        .filter((n) => !q.categoryName || n.categoryName === q.categoryName)
        .map(({ content: _c, ...n }) => n);
      return pageOf(list, q, 10);
    }),
  );
  app.get(
    `${biz}/news/detail/:id`,
    seeded(null, (req) => {
      const i = NEWS.findIndex((x) => x.id === idParam(req));
      if (i < 0) return null;
      const ref = (n: (typeof NEWS)[number] | undefined) => (n ? { id: n.id, title: n.title } : null);
      return { ...NEWS[i], prev: ref(NEWS[i - 1]), next: ref(NEWS[i + 1]) };
    }),
  );
  app.get(
    `${biz}/qa/page`,
    seeded(emptyPage, (req) =>
      pageOf(
        QUESTIONS.map(({ answers, ...q }) => ({ ...q, answerCount: answers.length })),
        query(req),
        10,
      ),
    ),
  );
  app.get(
    `${biz}/qa/detail/:id`,
    seeded(null, (req) => QUESTIONS.find((x) => x.id === idParam(req)) ?? null),
  );
  app.get(
    `${biz}/group/list`,
    seeded([], () => GROUPS.map(({ topics, ...g }) => ({ ...g, topicCount: topics.length }))),
  );
  app.get(
    `${biz}/group/detail/:id`,
    seeded(null, (req) => GROUPS.find((x) => x.id === idParam(req)) ?? null),
  );
  app.get(
    `${biz}/vip/levels`,
    seeded([], () => VIP_LEVELS),
  );
  app.get(
    `${biz}/apply/list`,
    seeded([], () => APPLY_ITEMS.map(({ description: _d, requirements: _r, ...a }) => a)),
  );
  app.get(
    `${biz}/apply/detail/:id`,
    seeded(null, (req) => APPLY_ITEMS.find((x) => x.id === idParam(req)) ?? null),
  );
  app.get(
    `${biz}/student-voice/list`,
    seeded([], () => STUDENT_VOICES),
  );
  app.get(
    `${biz}/custom-page`,
    seeded(null, () => CUSTOM_PAGE),
  );
  app.get(
    `${biz}/training-plan/list`,
    seeded([], () => TRAINING_PLANS.map(({ stages, ...p }) => ({ ...p, courseCount: stages.reduce((s, x) => s + x.commodityIds.length, 0) }))),
  );
  app.get(
    `${biz}/training-plan/detail/:id`,
    seeded(null, (req) => {
      const p = TRAINING_PLANS.find((x) => x.id === idParam(req));
      return p ? { ...p, stages: p.stages.map((s) => ({ ...s, courses: s.commodityIds.map((id) => courseCard(byCourse(id)!)) })) } : null;
    }),
  );
}
