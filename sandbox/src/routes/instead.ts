import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf, body, query, unauthorized, type Auth, type Ctx } from '../context.js';
import { fail, ok, type Envelope } from '../envelope.js';
import {
  beijing,
  cascadeOptions,
  itemFields,
  mySignList,
  placeView,
  provincesWithTimes,
  relationOf,
  setSpaceQuota,
  spaceQuota,
  spaceUsed,
  STATUS,
  timesOfProvince,
  timeView,
  valuesOf,
  withValues,
} from '../instead/store.js';
import { EXAM_PLACES, ITEM_TIMES, PROVINCES } from '../instead/seed.js';
import { objectStore } from '../storage/objects.js';
import { signStoredUrl, unsigned } from '../storage/signed-links.js';
import { SB, withCompany } from './config.js';

/**
 * Instead sign-up (spec 001 §7 'Instead sign-up', §7 'Account settings' `v2/check/instead/sign/status`;
 * decision 036). The spec gives the paths (prefixes and the flow space check's path chosen), not the
 * payloads: chosen here and mirrored by the portal's zod schemas (`app/services/instead.server.ts`).
 */
export const INSTEAD_FRONT = `${SB}/v1/front/instead`;
export const INSTEAD_STUDENT = `${SB}/v1/student/instead`;
export const INSTEAD_STATUS = `${SB}/v1/student/setting/v2/check/instead/sign/status`;

/** Failures of this area (codes chosen in the 150xxxxxx range, Chinese like every upstream message). */
export const INSTEAD_FAILURES = {
  notFound: ['150010001', '报名记录不存在'],
  itemNotFound: ['150010002', '报名项目不存在'],
  notOpen: ['150010003', '不在报名时间内'],
  duplicate: ['150010004', '您已报名该项目，请勿重复报名'],
  underReview: ['150010005', '报名信息审核中，暂不能修改'],
  approved: ['150010006', '报名已审核通过，不能修改'],
  required: ['150010007', '请填写{name}'],
  badValue: ['150010008', '{name}填写有误'],
  noPlace: ['150010009', '请选择考点'],
  notApproved: ['150010010', '报名尚未审核通过，不能分配考点'],
  wrongPlace: ['150010011', '考点不属于该报名场次'],
  placeFull: ['150010012', '考点「{name}」名额已满'],
  noSpace: ['150010013', '报名附件存储空间不足，请联系机构'],
  provinceRequired: ['150010014', '请选择省份'],
} as const;
type FailureKey = keyof typeof INSTEAD_FAILURES;
const failWith = (k: FailureKey, name?: string): Envelope<null> =>
  fail(INSTEAD_FAILURES[k][0], name === undefined ? INSTEAD_FAILURES[k][1] : INSTEAD_FAILURES[k][1].replace('{name}', name));

type Handler = (auth: Auth, req: FastifyRequest, reply: FastifyReply, cid: number) => Promise<unknown>;

const positiveId = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^\d{1,12}$/.test(v.trim()) ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};
const strings = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v])
    .filter((x) => typeof x === 'string' || typeof x === 'number')
    .map((x) => String(x).trim())
    .filter(Boolean);

type RawField = {
  fieldId: number;
  fieldCode: string;
  fieldName: string;
  fieldType: string;
  required?: number;
  length?: number;
  fieldOptions?: Array<{ id: number; content: string; itemCode?: string }>;
  chooseRelList?: Array<{ chooseFieldValue: string; showFieldInfo: RawField[] }>;
};

/**
 * The fields shown for the posted values (sub-fields of chosen options), each checked: required, length,
 * digits, dates, options, cascade path. Answers the first failure or the values to store.
 */
function checkValues(fields: RawField[], posted: Map<string, string[]>): { error: Envelope<null> } | { values: Array<[RawField, string[]]> } {
  const out: Array<[RawField, string[]]> = [];
  const walk = (list: RawField[]): Envelope<null> | undefined => {
    for (const f of list) {
      const v = posted.get(String(f.fieldId)) ?? [];
      if (f.required && v.length === 0) return failWith('required', f.fieldName);
      if (v.length) {
        const bad = () => failWith('badValue', f.fieldName);
        if (f.fieldType === 'text' && (v.length !== 1 || (f.length && [...v[0]!].length > f.length))) return bad();
        if (f.fieldType === 'number' && (v.length !== 1 || !/^\d+$/.test(v[0]!) || (f.length && v[0]!.length > f.length))) return bad();
        if (f.fieldType === 'date' && (v.length !== 1 || !/^\d{4}-\d{2}-\d{2}$/.test(v[0]!) || v[0]! < '1900-01-01' || v[0]! > '2101-01-01')) return bad();
        if (f.fieldType === 'period' && (v.length !== 2 || v.some((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d)) || v[0]! > v[1]!)) return bad();
        if (['radio', 'select', 'checkbox'].includes(f.fieldType)) {
          const allowed = new Set((f.fieldOptions ?? []).flatMap((o) => [o.content, o.itemCode ?? o.content]));
          if ((f.fieldType !== 'checkbox' && v.length !== 1) || v.some((x) => !allowed.has(x))) return bad();
        }
        if (f.fieldType === 'cascade') {
          let pid = '0';
          for (const id of v) {
            if (!cascadeOptions(String(f.fieldId), pid).some((o) => o.id === id)) return bad();
            pid = id;
          }
          if (cascadeOptions(String(f.fieldId), pid).length) return bad(); // the path must reach a leaf
        }
        if ((f.fieldType === 'annex' || f.fieldType === 'image') && v.some((u) => !/^https?:\/\//.test(u))) return bad();
      }
      out.push([f, v]);
      for (const rel of f.chooseRelList ?? [])
        if (v.includes(rel.chooseFieldValue)) {
          const e = walk(rel.showFieldInfo);
          if (e) return e;
        }
    }
    return undefined;
  };
  const error = walk(fields);
  return error ? { error } : { values: out };
}

/** Whether the sign-up can be (re)filled now: to fill or refused, inside its sign window. */
async function editable(ctx: Ctx, rel: { status: number; itemTimeId: number }): Promise<FailureKey | undefined> {
  if (rel.status === STATUS.review) return 'underReview';
  if (rel.status === STATUS.approved || rel.status === STATUS.placed) return 'approved';
  const time = ITEM_TIMES.find((t) => t.id === rel.itemTimeId);
  if (!time || !(await timeView(ctx, time)).open) return 'notOpen';
  return undefined;
}

export function registerInsteadRoutes(app: FastifyInstance, ctx: Ctx): void {
  /** Whether one of these file addresses is another user's upload: a store object (its uploader) or a sign-up upload (its row). */
  const someoneElsesFile = async (userId: number, urls: string[]): Promise<boolean> => {
    for (const url of urls) {
      let path: string;
      try {
        path = new URL(url).pathname;
      } catch {
        continue;
      }
      const object = /^\/storage\/o\/(.+)$/.exec(path);
      const upload = /^\/__files\/(\d+)\/([^/]+)$/.exec(path);
      if (object) {
        const owner = objectStore(ctx).uploaderOf(decodeURIComponent(object[1]!));
        if (owner !== undefined && owner !== userId) return true;
      } else if (upload) {
        const row = await ctx.db.get<{ userId: number; fileName: string }>('SELECT user_id, file_name FROM personal_files WHERE id = ?', [Number(upload[1])]);
        if (row && row.fileName === decodeURIComponent(upload[2]!) && row.userId !== userId) return true;
      }
    }
    return false;
  };
  /** The sign-up's values for its owner, the store's private files as fresh signed links (decision 043). */
  const signedValuesOf = async (itemUserId: number) =>
    new Map([...(await valuesOf(ctx, itemUserId))].map(([id, v]) => [id, v.map((x) => signStoredUrl(ctx, x))]));
  const U = (h: Handler) =>
    withCompany(ctx, async (cid, req, reply) => {
      const auth = await authOf(ctx, req, cid);
      if (!auth) return unauthorized(reply);
      return h(auth, req, reply, cid);
    });

  // GET myInsteadSignList: my sign-ups, newest first (approved ones with their session's places and seats left)
  app.get(
    `${INSTEAD_FRONT}/myInsteadSignList`,
    U(async ({ user }) => ok(await mySignList(ctx, user.id))),
  );

  // GET get/sign/province: the provinces with sessions
  app.get(
    `${INSTEAD_STUDENT}/get/sign/province`,
    U(async () => ok(provincesWithTimes())),
  );

  // GET getItemTimeByProvinceCode ?provinceCode: the sessions of a province (open 1 inside the sign window; signed 1: item already mine)
  app.get(
    `${INSTEAD_FRONT}/getItemTimeByProvinceCode`,
    U(async ({ user }, req) => {
      const code = String(query(req).provinceCode ?? '');
      if (!PROVINCES.some((p) => p.code === code)) return failWith('provinceRequired');
      return ok(await timesOfProvince(ctx, user.id, code));
    }),
  );

  // POST saveUserItemRel { itemTimeId }: the user-item relation (status 0, to fill in) → { itemUserId }
  app.post(
    `${INSTEAD_STUDENT}/saveUserItemRel`,
    U(async ({ user }, req) => {
      const time = ITEM_TIMES.find((t) => t.id === positiveId(body(req).itemTimeId));
      if (!time) return failWith('itemNotFound');
      if (!(await timeView(ctx, time)).open) return failWith('notOpen');
      const dup = await ctx.db.get('SELECT id FROM instead_user_item WHERE user_id = ? AND item_id = ?', [user.id, time.itemId]);
      if (dup) return failWith('duplicate');
      const r = await ctx.db.run('INSERT INTO instead_user_item (user_id, item_id, item_time_id, status, created_at) VALUES (?,?,?,?,?)', [
        user.id,
        time.itemId,
        time.id,
        STATUS.toFill,
        Date.now(),
      ]);
      return ok({ itemUserId: r.lastId });
    }),
  );

  // GET getItemInfoByItemUserId ?itemUserId: the sign-up's item, session and field form (values filled)
  app.get(
    `${INSTEAD_FRONT}/getItemInfoByItemUserId`,
    U(async ({ user }, req) => {
      const rel = await relationOf(ctx, user.id, positiveId(query(req).itemUserId) ?? 0);
      if (!rel) return failWith('notFound');
      const time = ITEM_TIMES.find((t) => t.id === rel.itemTimeId)!;
      return ok({
        itemUserId: rel.id,
        status: rel.status,
        reason: rel.reason ?? '',
        ...(await timeView(ctx, time)),
        fields: withValues(itemFields(rel.itemId), await signedValuesOf(rel.id)),
      });
    }),
  );

  // GET get/sign/detail ?itemUserId: status, refusal reason, the exam place, the values as filled
  app.get(
    `${INSTEAD_STUDENT}/get/sign/detail`,
    U(async ({ user }, req) => {
      const rel = await relationOf(ctx, user.id, positiveId(query(req).itemUserId) ?? 0);
      if (!rel) return failWith('notFound');
      const time = ITEM_TIMES.find((t) => t.id === rel.itemTimeId)!;
      const place = EXAM_PLACES.find((p) => p.id === rel.placeId);
      return ok({
        itemUserId: rel.id,
        status: rel.status,
        reason: rel.reason ?? '',
        ...(await timeView(ctx, time)),
        submitTime: rel.submittedAt ? beijing(rel.submittedAt) : '',
        place: place ? { placeId: place.id, placeName: place.name, address: place.address } : null,
        fields: withValues(itemFields(rel.itemId), await signedValuesOf(rel.id)),
      });
    }),
  );

  // GET get/cascade/options ?fieldId&pid (pid 0: the first level)
  app.get(
    `${INSTEAD_STUDENT}/get/cascade/options`,
    U(async (_auth, req) => {
      const q = query(req);
      return ok(cascadeOptions(String(q.fieldId ?? ''), String(q.pid ?? '0')));
    }),
  );

  // GET v2/check/instead/sign/status ?itemUserId: whether the sign-up may be filled in now (editable 1) or why not (msg)
  app.get(
    INSTEAD_STATUS,
    U(async ({ user }, req) => {
      const rel = await relationOf(ctx, user.id, positiveId(query(req).itemUserId) ?? 0);
      if (!rel) return failWith('notFound');
      const why = await editable(ctx, rel);
      return ok({ itemUserId: rel.id, status: rel.status, editable: why ? 0 : 1, msg: why ? INSTEAD_FAILURES[why][1] : '' });
    }),
  );

  // GET check/flow/space ?size: whether `size` more bytes of sign-up files fit the company's space (path chosen)
  app.get(
    `${INSTEAD_STUDENT}/check/flow/space`,
    U(async (_auth, req, _reply, cid) => {
      const size = Number(query(req).size ?? 0);
      if (!Number.isSafeInteger(size) || size < 0) return failWith('badValue', 'size');
      const remain = Math.max(0, (await spaceQuota(ctx, cid)) - (await spaceUsed(ctx, cid)));
      return ok({ enough: size <= remain ? 1 : 0, remain, msg: size <= remain ? '' : INSTEAD_FAILURES.noSpace[1] });
    }),
  );

  // POST saveItemFieldFormData { itemUserId, fieldList: [{ fieldId, fieldCode, fieldValues }] }: checked, stored, status 1
  app.post(
    `${INSTEAD_STUDENT}/saveItemFieldFormData`,
    U(async ({ user }, req) => {
      const b = body(req);
      const rel = await relationOf(ctx, user.id, positiveId(b.itemUserId) ?? 0);
      if (!rel) return failWith('notFound');
      const why = await editable(ctx, rel);
      if (why) return failWith(why);
      const posted = new Map<string, string[]>();
      for (const entry of Array.isArray(b.fieldList) ? b.fieldList : []) {
        const e = entry as { fieldId?: unknown; fieldValues?: unknown };
        if (e && (typeof e.fieldId === 'string' || typeof e.fieldId === 'number')) posted.set(String(e.fieldId), strings(e.fieldValues));
      }
      const checked = checkValues(itemFields(rel.itemId) as RawField[], posted);
      if ('error' in checked) return checked.error;
      // a file is the student's own upload (issue 21 item 4, decision 044): another student's object or sign-up
      // upload is refused as a wrong value, as the store refuses another's upload token
      for (const [f, v] of checked.values) {
        if ((f.fieldType === 'annex' || f.fieldType === 'image') && (await someoneElsesFile(user.id, v))) return failWith('badValue', f.fieldName);
      }
      await ctx.db.batch([
        { sql: 'DELETE FROM instead_values WHERE item_user_id = ?', args: [rel.id] },
        // a file's address is kept without the signature it was shown with (decision 043: signed again on each read)
        ...checked.values.map(([f, v]) => ({
          sql: 'INSERT INTO instead_values (item_user_id, field_id, field_code, value) VALUES (?,?,?,?)',
          args: [rel.id, String(f.fieldId), f.fieldCode, JSON.stringify(f.fieldType === 'annex' || f.fieldType === 'image' ? v.map(unsigned) : v)],
        })),
        { sql: 'UPDATE instead_user_item SET status = ?, reason = NULL, submitted_at = ? WHERE id = ?', args: [STATUS.review, Date.now(), rel.id] },
      ]);
      return ok({ itemUserId: rel.id, status: STATUS.review });
    }),
  );

  // PUT assign/examine/place/batch { list: [{ itemUserId, placeId }] }: all or nothing; each place's seats counted
  app.put(
    `${INSTEAD_STUDENT}/assign/examine/place/batch`,
    U(async ({ user }, req) => {
      const list = Array.isArray(body(req).list) ? (body(req).list as Array<Record<string, unknown>>) : [];
      const wanted = list.map((x) => ({ itemUserId: positiveId(x?.itemUserId), placeId: positiveId(x?.placeId) }));
      if (!wanted.length || wanted.some((w) => w.itemUserId === undefined || w.placeId === undefined)) return failWith('noPlace');
      if (new Set(wanted.map((w) => w.itemUserId)).size !== wanted.length) return failWith('badValue', 'itemUserId');
      const perPlace = new Map<number, number>();
      for (const w of wanted) {
        const rel = await relationOf(ctx, user.id, w.itemUserId!);
        if (!rel) return failWith('notFound');
        if (rel.status !== STATUS.approved) return failWith('notApproved');
        const place = EXAM_PLACES.find((p) => p.id === w.placeId);
        if (!place || place.itemTimeId !== rel.itemTimeId) return failWith('wrongPlace');
        perPlace.set(place.id, (perPlace.get(place.id) ?? 0) + 1);
      }
      for (const [placeId, n] of perPlace) {
        const place = EXAM_PLACES.find((p) => p.id === placeId)!;
        if ((await placeView(ctx, place)).remain < n) return failWith('placeFull', place.name);
      }
      // one write batch: the seats counted above cannot be taken in between (the sandbox serves one call at a time per statement batch)
      await ctx.db.batch(
        wanted.map((w) => ({
          sql: 'UPDATE instead_user_item SET place_id = ?, status = ? WHERE id = ? AND user_id = ? AND status = ?',
          args: [w.placeId!, STATUS.placed, w.itemUserId!, user.id, STATUS.approved],
        })),
      );
      return ok({ assigned: wanted.length });
    }),
  );

  if (ctx.control) {
    // the school's review: POST /__sandbox/instead/review { itemUserId, pass, reason }: 1 → 2 (pass) or 3 (refused)
    app.post('/__sandbox/instead/review', async (req, reply) => {
      const b = body(req);
      const id = positiveId(b.itemUserId);
      const row = id ? await ctx.db.get<{ status: number }>('SELECT status FROM instead_user_item WHERE id = ?', [id]) : undefined;
      if (!row || row.status !== STATUS.review) return reply.code(400).send({ error: 'not under review' });
      await ctx.db.run('UPDATE instead_user_item SET status = ?, reason = ? WHERE id = ?', [
        b.pass ? STATUS.approved : STATUS.refused,
        b.pass ? null : String(b.reason ?? ''),
        id!,
      ]);
      return { ok: true };
    });
    // POST /__sandbox/instead/space { companyId, quotaBytes }: the company's sign-up file space
    app.post('/__sandbox/instead/space', async (req, reply) => {
      const b = body(req);
      const companyId = positiveId(b.companyId) ?? 1;
      const quota = Number(b.quotaBytes);
      if (!Number.isSafeInteger(quota) || quota < 0) return reply.code(400).send({ error: 'quotaBytes' });
      await setSpaceQuota(ctx, companyId, quota);
      return { ok: true };
    });
  }
}
