import { failMsg } from '../messages.js';
import type { FastifyInstance } from 'fastify';
import { authOf, body, unauthorized, type Ctx } from '../context.js';
import { hashPassword, verifyPassword, type MenuRow } from '../db.js';
import { ok } from '../envelope.js';
import { SB, withCompany } from './config.js';
import { identityVerified } from './personal.js';

/** Page-shell calls (chosen paths): footer menu pages, variable menu links, the forced password change. */
export function registerShellRoutes(app: FastifyInstance, ctx: Ctx): void {
  const C = (h: Parameters<typeof withCompany>[1]) => withCompany(ctx, h);

  // footer menu detail page: { id, parentId, menuName, parentName, content } (content is plain text, paragraphs split by \n)
  app.get<{ Params: { id: string } }>(
    `${SB}/v1/sysPageHeadFoot/showDetail/:id`,
    C(async (cid, req) => {
      const id = Number((req.params as { id: string }).id);
      const row = Number.isInteger(id)
        ? await ctx.db.get<MenuRow>('SELECT * FROM menus WHERE id = ? AND company_id = ? AND kind = ?', [id, cid, 'foot'])
        : undefined;
      if (!row) return failMsg('pageNotFound');
      const parent = row.parentId ? await ctx.db.get<MenuRow>('SELECT * FROM menus WHERE id = ?', [row.parentId]) : undefined;
      return ok({
        id: row.id,
        parentId: row.parentId,
        menuName: row.menuName,
        parentName: parent?.menuName ?? '',
        content: `${row.menuName}\n本页面内容由学校在管理后台「页头页脚」中维护。\n如有疑问，请联系客服 400-800-1234。`,
      });
    }),
  );

  // a LINK_VARIABLE head menu item: its link with {userId} / {schoolId} filled → { url }
  app.get<{ Params: { menuId: string } }>(
    `${SB}/v1/system/linkVariable/:menuId`,
    C(async (cid, req) => {
      const id = Number((req.params as { menuId: string }).menuId);
      const row = Number.isInteger(id)
        ? await ctx.db.get<MenuRow>('SELECT * FROM menus WHERE id = ? AND company_id = ? AND url_type = ?', [id, cid, 'LINK_VARIABLE'])
        : undefined;
      if (!row) return failMsg('menuNotFound');
      const auth = await authOf(ctx, req, cid);
      const url = row.menuUrl.replaceAll('{userId}', auth ? String(auth.user.id) : '').replaceAll('{schoolId}', auth ? String(auth.token.schoolId) : '');
      return ok({ url });
    }),
  );

  // change password: { oldPassword, newPassword }; clears the forced change flag
  app.post(
    `${SB}/v1/student/setting/update/password`,
    C(async (cid, req, reply) => {
      const auth = await authOf(ctx, req, cid);
      if (!auth) return unauthorized(reply);
      const b = body(req);
      const oldPassword = String(b.oldPassword ?? '');
      const newPassword = String(b.newPassword ?? '');
      // without the old password: allowed within 10 minutes of verifyIdentidy (routes/personal.ts), once
      const verified = !oldPassword && (await identityVerified(ctx, auth.user.id));
      if (!verified && !verifyPassword(oldPassword, auth.user.passwordHash)) return failMsg('oldPasswordWrong');
      if (newPassword.length < 6 || newPassword.length > 20) return failMsg('passwordLength');
      await ctx.db.run('UPDATE users SET password_hash = ?, change_password_config = 0 WHERE id = ?', [hashPassword(newPassword), auth.user.id]);
      if (verified) await identityVerified(ctx, auth.user.id, true);
      return ok(null);
    }),
  );
}
