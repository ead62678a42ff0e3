import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { query } from '../context.js';
import { ok } from '../envelope.js';
import { failMsg } from '../messages.js';
import { syncUnread } from '../personal/store.js';
import { SB } from './config.js';
import { withUser } from './personal.js';

/** Messages (spec 001 §7): count, page, read, delete; unReadNum of getCurrentUser follows the unread count. */
export const MESSAGE = `${SB}/v1/student/message`;
export const MESSAGE_PAGE_MAX = 50;

interface MessageRow {
  id: number;
  title: string;
  content: string;
  messageType: string;
  readFlag: number;
  createTime: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm:ss` in China time. */
function chinaTime(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function registerMessageRoutes(app: FastifyInstance, ctx: Ctx): void {
  const U = (h: Parameters<typeof withUser>[1]) => withUser(ctx, h);

  app.get(
    `${MESSAGE}/count`,
    U(async ({ user }) => {
      const r = await ctx.db.get<{ unread: number; total: number }>(
        'SELECT SUM(CASE WHEN read_flag = 0 THEN 1 ELSE 0 END) AS unread, COUNT(*) AS total FROM personal_messages WHERE user_id = ?',
        [user.id],
      );
      return ok({ unReadNum: Number(r?.unread ?? 0), total: Number(r?.total ?? 0) });
    }),
  );

  // ?page&pageSize (default 10, at most 50)&readFlag=0|1
  app.get(
    `${MESSAGE}/page`,
    U(async ({ user }, req) => {
      const q = query(req);
      const page = Math.max(1, Math.floor(Number(q.page ?? 1)) || 1);
      const size = Math.min(MESSAGE_PAGE_MAX, Math.max(1, Math.floor(Number(q.pageSize ?? 10)) || 10));
      const filter = q.readFlag === '0' || q.readFlag === '1' ? ' AND read_flag = ' + q.readFlag : '';
      const total = await ctx.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM personal_messages WHERE user_id = ?${filter}`, [user.id]);
      const rows = await ctx.db.all<MessageRow>(
        `SELECT id, title, content, message_type, read_flag, create_time FROM personal_messages WHERE user_id = ?${filter} ORDER BY create_time DESC, id DESC LIMIT ? OFFSET ?`,
        [user.id, size, (page - 1) * size],
      );
      return ok({
        records: rows.map((r) => ({
          id: r.id,
          title: r.title,
          content: r.content,
          messageType: r.messageType,
          readFlag: r.readFlag,
          createTime: chinaTime(r.createTime),
        })),
        total: Number(total?.n ?? 0),
        current: page,
        size,
      });
    }),
  );

  app.post<{ Params: { id: string } }>(
    `${MESSAGE}/read/:id`,
    U(async ({ user }, req) => {
      const id = Number((req.params as { id: string }).id);
      const r = Number.isInteger(id)
        ? await ctx.db.run('UPDATE personal_messages SET read_flag = 1 WHERE id = ? AND user_id = ?', [id, user.id])
        : { changes: 0 };
      if (!r.changes) return failMsg('messageNotFound');
      await syncUnread(ctx, user.id);
      return ok(null);
    }),
  );

  app.delete<{ Params: { id: string } }>(
    `${MESSAGE}/delete/:id`,
    U(async ({ user }, req) => {
      const id = Number((req.params as { id: string }).id);
      const r = Number.isInteger(id) ? await ctx.db.run('DELETE FROM personal_messages WHERE id = ? AND user_id = ?', [id, user.id]) : { changes: 0 };
      if (!r.changes) return failMsg('messageNotFound');
      await syncUnread(ctx, user.id);
      return ok(null);
    }),
  );
}
