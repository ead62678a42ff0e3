import { failMsg } from '../messages.js';
import type { FastifyInstance } from 'fastify';
import { authOf, body, companyNotFound, query, resolveCompany, resolveSchool, schoolJson, type Ctx } from '../context.js';
import type { MenuRow } from '../db.js';
import { ok } from '../envelope.js';
import { EXT, SB, withCompany } from './config.js';

interface MenuJson {
  id: number;
  parentId: number;
  menuName: string;
  menuUrl: string;
  urlType: string;
  pageHeadType: string;
  openType: string;
  children: MenuJson[];
}

function tree(rows: MenuRow[]): MenuJson[] {
  const byId = new Map<number, MenuJson>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id,
      parentId: r.parentId,
      menuName: r.menuName,
      menuUrl: r.menuUrl,
      urlType: r.urlType,
      pageHeadType: r.pageHeadType,
      openType: r.openType,
      children: [],
    });
  }
  const roots: MenuJson[] = [];
  for (const r of rows) {
    const m = byId.get(r.id)!;
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    if (parent) parent.children.push(m);
    else roots.push(m);
  }
  return roots;
}

const posInt = (v: string | undefined, dflt: number): number => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : dflt;
};

export function registerSchoolRoutes(app: FastifyInstance, ctx: Ctx): void {
  const C = (h: Parameters<typeof withCompany>[1]) => withCompany(ctx, h);

  app.get(
    `${EXT}/schools/searchMerge`,
    C(async (cid, req) => {
      const q = query(req);
      const page = posInt(q.page ?? q.current, 1);
      const size = posInt(q.pageSize ?? q.size, 20);
      const name = (q.schoolName ?? '').trim();
      let schools = await ctx.db.schools(cid);
      if (name) schools = schools.filter((s) => s.schoolName.includes(name));
      const def = await ctx.db.defaultSchool(cid);
      return ok({
        schoolPage: {
          records: schools.slice((page - 1) * size, page * size).map(schoolJson),
          total: schools.length,
          current: page,
          size,
        },
        schoolResp: def ? schoolJson(def) : null,
      });
    }),
  );

  app.get(
    `${EXT}/system/querySysMenuHeadAndFoot`,
    C(async (cid, req) => {
      const school = await resolveSchool(ctx, req, cid);
      return ok({
        headMenus: tree(await ctx.db.menus(cid, school.id, 'head')),
        footMenus: tree(await ctx.db.menus(cid, school.id, 'foot')),
      });
    }),
  );

  // companyId query parameter first, then the usual resolution
  app.get(`${SB}/v1/school/info/suffix`, async (req, reply) => {
    const q = query(req);
    let cid: number | undefined;
    if (q.companyId && /^\d+$/.test(q.companyId)) cid = (await ctx.db.companyExists(Number(q.companyId))) ? Number(q.companyId) : undefined;
    else cid = await resolveCompany(ctx, req);
    if (cid === undefined) return companyNotFound(reply);
    const suffix = (q.suffix ?? '').trim();
    const school = (await ctx.db.schools(cid)).find((s) => s.suffix === suffix);
    return school ? ok(schoolJson(school)) : failMsg('schoolNotFound');
  });

  app.post(
    `${SB}/v1/saveSessionSchoolId`,
    C(async (cid, req) => {
      const b = body(req);
      const id = Number(b.schoolId ?? query(req).schoolId);
      const school = Number.isInteger(id) ? await ctx.db.school(id) : undefined;
      if (!school || school.companyId !== cid) return failMsg('schoolNotFound');
      const auth = await authOf(ctx, req, cid);
      if (auth) await ctx.db.run('UPDATE tokens SET school_id = ? WHERE token = ?', [school.id, auth.token.token]);
      return ok({ schoolId: school.id });
    }),
  );
}
