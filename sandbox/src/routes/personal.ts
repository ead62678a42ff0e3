import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authState, captchaGate } from '../auth-state.js';
import { authOf, body, hostOf, query, unauthorized, type Auth, type Ctx } from '../context.js';
import { verifyPassword } from '../db.js';
import { ok, type Envelope } from '../envelope.js';
import { failMsg } from '../messages.js';
import {
  CASCADE_FIELD_IDS,
  CUSTOM_FIELDS,
  flatten,
  ITEM_CODE_FIELDS,
  LIST_TYPES,
  REGION_TREE,
  SECTION_FIELDS,
  SECTIONS,
  type Def,
  type Section,
} from '../personal/fields.js';
import { readValues, writeValues } from '../personal/store.js';
import { checkSignedLink, PRIVATE_DOWNLOAD_CACHE, signStoredUrl, unsigned } from '../storage/signed-links.js';
import { SB, withCompany } from './config.js';
import { MOBILE_RE } from './session.js';

/** Personal centre: account settings, personal data, custom fields, avatar, archive (spec 001 §7). */
export const SETTING = `${SB}/v1/student/setting`;
export const CUSTOMIZE = `${SB}/student`;

export const SMS_CODE_TTL_MS = 10 * 60_000;
export const SMS_RESEND_MS = 60_000;
export const IDENTITY_TTL_MS = 10 * 60_000;
/** Spec 001 §9: 5 MB for images. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const THIRD_TYPES = ['weixin', 'qq', 'weibo', 'weixinwork'] as const;
/** Spec 001 §5: the sign-up file upload's extensions. */
export const UPLOAD_EXTENSIONS = new Set(['pdf', 'doc', 'txt', 'ppt', 'docx', 'xlsx', 'pptx', 'jpg', 'png', 'gif', 'jpeg', 'zip', 'rar']);
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;

type Handler = (auth: Auth, req: FastifyRequest, reply: FastifyReply, cid: number) => Promise<unknown>;

/** A call of a logged-in user (401 otherwise), with the personal tables ready. */
export function withUser(ctx: Ctx, h: Handler) {
  return withCompany(ctx, async (cid, req, reply) => {
    const auth = await authOf(ctx, req, cid);
    if (!auth) return unauthorized(reply);
    return h(auth, req, reply, cid);
  });
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

async function taken(ctx: Ctx, cid: number, userId: number, column: 'mobile' | 'email' | 'username', value: string) {
  return !!(await ctx.db.get('SELECT id FROM users WHERE company_id = ? AND id <> ? AND ' + column + ' = ?', [cid, userId, value]));
}

/** Stores a code in the sandbox's SMS table (readable with GET /__sandbox/sms); the 60 s resend rule (the refusal: smsRetryLater). */
async function sendCode(ctx: Ctx, cid: number, mobile: string, type: string): Promise<Envelope<null> | undefined> {
  const last = await ctx.db.get<{ sentAt: number }>('SELECT sent_at FROM sms_codes WHERE mobile = ? ORDER BY id DESC LIMIT 1', [mobile]);
  const now = Date.now();
  if (last && last.sentAt + SMS_RESEND_MS > now) return failMsg('smsRetryLater', Math.ceil((last.sentAt + SMS_RESEND_MS - now) / 1000));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.run('INSERT INTO sms_codes (mobile, company_id, code, type, sent_at) VALUES (?,?,?,?,?)', [mobile, cid, code, type, now]);
  return undefined;
}

/** The latest code of that type sent to the mobile, unused and at most 10 minutes old, is used up. */
async function useCode(ctx: Ctx, mobile: string, type: string, code: string): Promise<boolean> {
  const row = await ctx.db.get<{ id: number; code: string; sentAt: number; used: number }>(
    'SELECT id, code, sent_at, used FROM sms_codes WHERE mobile = ? AND type = ? ORDER BY id DESC LIMIT 1',
    [mobile, type],
  );
  if (!row || row.used || row.code !== code || row.sentAt + SMS_CODE_TTL_MS < Date.now()) return false;
  await ctx.db.run('UPDATE sms_codes SET used = 1 WHERE id = ?', [row.id]);
  return true;
}

/** Whether the user verified their identity (verifyIdentidy) in the last 10 minutes; `consume` uses it up. */
export async function identityVerified(ctx: Ctx, userId: number, consume = false): Promise<boolean> {
  const row = await ctx.db.get<{ verifiedAt: number }>('SELECT verified_at FROM personal_verified WHERE user_id = ?', [userId]);
  const valid = !!row && row.verifiedAt + IDENTITY_TTL_MS > Date.now();
  if (valid && consume) await ctx.db.run('DELETE FROM personal_verified WHERE user_id = ?', [userId]);
  return valid;
}

/* ---------- fields: definitions + values in the upstream's two shapes ---------- */

function outValue(def: Def, v: unknown[] | undefined): unknown {
  if (!v || !v.length) return LIST_TYPES.has(def.fieldType) ? [] : null;
  return LIST_TYPES.has(def.fieldType) ? v : v[0];
}

function studentInfoField(def: Def, values: Map<string, unknown[]>): Record<string, unknown> {
  return {
    fieldId: def.fieldId,
    fieldCode: def.fieldCode,
    fieldName: def.fieldName,
    fieldType: def.fieldType,
    required: def.required,
    length: def.length ?? null,
    fieldTip: def.fieldTip ?? null,
    frontUpdateFlag: def.frontUpdateFlag ?? 0,
    value: outValue(def, values.get(def.fieldCode)),
    fieldOptions: def.fieldOptions ?? [],
    chooseRelList: (def.chooseRelList ?? []).map((r) => ({ ...r, showFieldInfo: r.showFieldInfo.map((d) => studentInfoField(d, values)) })),
  };
}

function customField(def: Def, values: Map<string, unknown[]> | null): Record<string, unknown> {
  return {
    id: def.fieldId,
    fieldName: def.fieldName,
    fieldCode: def.fieldCode,
    fieldType: def.fieldType,
    length: def.length ?? null,
    dataOptions: def.fieldOptions ?? [],
    dataValues: values ? (values.get(def.fieldCode) ?? []).map((fieldValue) => ({ fieldValue })) : [],
    fieldTip: def.fieldTip ?? null,
    samplePathUrl: def.samplePathUrl ?? null,
    stencilPathUrl: def.stencilPathUrl ?? null,
    associatedFlag: def.associatedFlag ?? 0,
    chooseRelList: (def.chooseRelList ?? []).map((r) => ({ ...r, showFieldInfo: r.showFieldInfo.map((d) => customField(d, values)) })),
  };
}

/**
 * Spec 001 §3 custom-info payload: "Images also carry imageInfoList and resourceId values." The shape is
 * not in the spec (chosen, sandbox/README.md): an image field's entry carries `imageInfoList`, one
 * `{ url, resourceId? }` per value in the values' order (`url` as posted in `fieldValues`; `resourceId` the
 * `fileId` the sign-up upload answered for a file uploaded with this save), and `resourceId`, the list of
 * those ids. A missing or mismatched list, or an id that is not one of the student's uploads, is refused.
 */
async function checkImageInfo(ctx: Ctx, userId: number, defs: Def[], list: unknown, stored: Map<string, unknown[]>): Promise<Envelope<null> | null> {
  const byCode = new Map(flatten(defs).map((d) => [d.fieldCode, d]));
  for (const item of Array.isArray(list) ? (list as Array<Record<string, unknown>>) : []) {
    const def = byCode.get(str(item?.fieldCode));
    if (def?.fieldType !== 'image') continue;
    const values = (Array.isArray(item.fieldValues) ? item.fieldValues : []).filter((v) => v !== null && v !== '');
    if (!values.length) continue;
    const infos = Array.isArray(item.imageInfoList) ? (item.imageInfoList as Array<Record<string, unknown>>) : null;
    if (!infos || infos.length !== values.length || infos.some((info, i) => str(info?.url) !== String(values[i])))
      return failMsg('imageInfoRequired', undefined, def.fieldName);
    const ids = infos.map((info) => info.resourceId).filter((id) => id !== undefined && id !== null && id !== '');
    const listed = Array.isArray(item.resourceId) ? item.resourceId : [];
    if (listed.length !== ids.length || listed.some((id, i) => String(id) !== String(ids[i]))) return failMsg('imageInfoRequired', undefined, def.fieldName);
    for (const id of ids) {
      const row = await ctx.db.get<{ userId: number }>('SELECT user_id FROM personal_files WHERE id = ?', [Number(id) || 0]);
      if (row?.userId !== userId) return failMsg('imageResourceUnknown', undefined, def.fieldName);
    }
    // an image new to this field that is one of this sandbox's uploads must name that upload as its resource
    const kept = new Set((stored.get(def.fieldCode) ?? []).map(String));
    for (const info of infos) {
      const url = unsigned(str(info.url));
      const upload = /\/__files\/(\d+)\//.exec(url);
      if (upload && !kept.has(url) && String(info.resourceId ?? '') !== upload[1]) return failMsg('imageInfoRequired', undefined, def.fieldName);
    }
  }
  return null;
}

/** Annex and image values: addresses of the student's private files. */
const FILE_TYPES = new Set(['annex', 'image']);

/** The values as handed to their owner: private files' addresses as fresh signed links (decision 043). */
const signedValues = (ctx: Ctx, values: Map<string, unknown[]>) => new Map([...values].map(([code, v]) => [code, v.map((x) => signStoredUrl(ctx, x))]));

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The chosen sub-fields of the submitted values (chooseRelList), recursively. */
function shownDefs(defs: Def[], values: Map<string, unknown[]>): Def[] {
  return defs.flatMap((d) => [
    d,
    ...shownDefs(
      (d.chooseRelList ?? [])
        .filter((r) => (values.get(d.fieldCode) ?? []).some((v) => v === r.chooseFieldValue || v === r.chooseFieldItemCode))
        .flatMap((r) => r.showFieldInfo),
      values,
    ),
  ]);
}

/**
 * Checks a submitted field list `[{ fieldId, fieldCode, fieldValues }]` against the definitions: unknown
 * fields, read-only changes, required values of shown fields (`allRequired` for custom fields), options
 * (itemCode for identity type, education, sex), formats (birthday as a millisecond timestamp).
 */
function checkFields(
  defs: Def[],
  list: unknown,
  stored: Map<string, unknown[]>,
  allRequired: boolean,
): { error: Envelope<null> } | { values: Map<string, unknown[]> } {
  if (!Array.isArray(list)) return { error: failMsg('fieldListRequired') };
  const byCode = new Map(flatten(defs).map((d) => [d.fieldCode, d]));
  const submitted = new Map<string, unknown[]>();
  for (const item of list) {
    const code = str((item as { fieldCode?: unknown })?.fieldCode);
    const def = byCode.get(code);
    if (!def) return { error: failMsg('fieldNotFound') };
    const raw = (item as { fieldValues?: unknown }).fieldValues;
    const values = (Array.isArray(raw) ? raw : [])
      .filter((v) => v !== null && v !== '' && (typeof v === 'string' || typeof v === 'number'))
      // a file's address is kept without the signature it was shown with (decision 043: signed again on each read)
      .map((v) => (FILE_TYPES.has(def.fieldType) && typeof v === 'string' ? unsigned(v) : v));
    if (values.length > 1 && !LIST_TYPES.has(def.fieldType)) return { error: failMsg('fieldSingleValue', undefined, def.fieldName) };
    submitted.set(code, values);
  }
  const merged = new Map([...stored, ...submitted]);
  for (const def of shownDefs(defs, merged)) {
    const values = submitted.get(def.fieldCode);
    if (def.frontUpdateFlag === 1) {
      if (values && JSON.stringify(values) !== JSON.stringify(stored.get(def.fieldCode) ?? []))
        return { error: failMsg('fieldReadOnly', undefined, def.fieldName) };
      continue;
    }
    if (!values) {
      if (allRequired || (def.required && !(stored.get(def.fieldCode) ?? []).length)) return { error: failMsg('fieldRequired', undefined, def.fieldName) };
      continue;
    }
    if (!values.length) {
      if (def.required || allRequired) return { error: failMsg('fieldRequired', undefined, def.fieldName) };
      continue;
    }
    const strings = values.map(String);
    if (def.length && strings.some((v) => v.length > def.length!)) return { error: failMsg('fieldTooLong', def.length, def.fieldName) };
    if (def.fieldOptions?.length) {
      const allowed = new Set(def.fieldOptions.map((o) => (ITEM_CODE_FIELDS.has(def.fieldCode) ? o.itemCode : o.content)));
      if (strings.some((v) => !allowed.has(v))) return { error: failMsg('fieldOption', undefined, def.fieldName) };
    }
    if (def.fieldCode === 'birthday' && !values.every((v) => typeof v === 'number' && Number.isInteger(v))) return { error: failMsg('birthdayTimestamp') };
    if (def.fieldType === 'number' && strings.some((v) => !/^\d+$/.test(v))) return { error: failMsg('fieldDigits', undefined, def.fieldName) };
    if (def.fieldType === 'date' && def.fieldCode !== 'birthday' && strings.some((v) => !DATE_RE.test(v)))
      return { error: failMsg('fieldDate', undefined, def.fieldName) };
    if (def.fieldType === 'dateTime' && strings.some((v) => !DATE_TIME_RE.test(v))) return { error: failMsg('fieldDateTime', undefined, def.fieldName) };
    if (def.fieldType === 'period' && (strings.length !== 2 || !strings.every((v) => DATE_RE.test(v)) || strings[0]! > strings[1]!))
      return { error: failMsg('fieldPeriod', undefined, def.fieldName) };
  }
  return { values: submitted };
}

/* ---------- avatar ---------- */

export function imageKind(bytes: Buffer): 'jpg' | 'png' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  return undefined;
}

/* ---------- archive (chosen path) ---------- */

function archiveOf(userId: number, nickName: string | null) {
  const seeded = userId === 1001 || userId === 1003;
  return {
    userId,
    realName: nickName,
    studyDays: seeded ? (userId === 1001 ? 46 : 212) : 0,
    studyMinutes: seeded ? (userId === 1001 ? 1835 : 9620) : 0,
    courses: seeded
      ? [
          {
            courseId: 101,
            courseName: '人力资源管理师（三级）精讲班',
            progress: 62,
            studyMinutes: 1210,
            lastStudyTime: '2024-11-20 20:15:00',
            status: 'studying',
          },
          { courseId: 104, courseName: '初级会计实务 VIP 直播班', progress: 100, studyMinutes: 625, lastStudyTime: '2024-10-02 09:40:00', status: 'finished' },
        ]
      : [],
    exams: seeded ? [{ examId: 9101, examName: '初级会计实务 模拟考试（一）', score: 86, totalScore: 100, passFlag: 1, examTime: '2024-10-05 14:00:00' }] : [],
    certificates: seeded ? [{ certificateId: 9301, certificateName: '初级会计实务 结业证书', number: `YD-2024-${userId}`, issueTime: '2024-10-08' }] : [],
  };
}

/* ---------- routes ---------- */

export function registerPersonalRoutes(app: FastifyInstance, ctx: Ctx): void {
  const U = (h: Handler) => withUser(ctx, h);

  // account information
  app.get(
    `${SETTING}/get/account/info`,
    U(async ({ user }) => {
      const bound = await ctx.db.all<{ type: string; nickName: string }>('SELECT type, nick_name FROM personal_third WHERE user_id = ?', [user.id]);
      return ok({
        userId: user.id,
        username: user.username,
        mobile: user.mobile,
        email: user.email,
        nickName: user.nickName,
        headPic: user.headPicMax,
        thirdPartyList: THIRD_TYPES.map((type) => {
          const b = bound.find((r) => r.type === type);
          return { type, bound: b ? 1 : 0, nickName: b?.nickName ?? null };
        }),
      });
    }),
  );

  app.get(
    `${SETTING}/check/captcha`,
    U(async () => ok({ captchaFlag: authState(ctx).captchaRequired ? 1 : 0 })),
  );

  // checks before binding
  app.post(
    `${SETTING}/check/email`,
    U(async ({ user }, req, _r, cid) => {
      const email = str(body(req).email);
      if (!EMAIL_RE.test(email)) return failMsg('emailInvalid');
      if (await taken(ctx, cid, user.id, 'email', email)) return failMsg('emailBound');
      return ok(null);
    }),
  );
  app.post(
    `${SETTING}/check/username`,
    U(async ({ user }, req, _r, cid) => {
      const username = str(body(req).username);
      if (!USERNAME_RE.test(username)) return failMsg('usernameFormat');
      if (await taken(ctx, cid, user.id, 'username', username)) return failMsg('usernameBound');
      return ok(null);
    }),
  );
  app.put(
    `${SETTING}/check/mobile`,
    U(async ({ user }, req, _r, cid) => {
      const mobile = str(body(req).mobile);
      if (!MOBILE_RE.test(mobile)) return failMsg('mobileInvalid');
      if (await taken(ctx, cid, user.id, 'mobile', mobile)) return failMsg('phoneBound');
      return ok(null);
    }),
  );

  // SMS for binding a mobile: '600' while the captcha is required and no ticket comes with it
  app.post(
    `${SETTING}/send/sms`,
    U(async ({ user }, req, _r, cid) => {
      const b = body(req);
      if (captchaGate(ctx, b.ticket, b.randstr)) return failMsg('captchaRequired');
      const mobile = str(b.mobile);
      if (!MOBILE_RE.test(mobile)) return failMsg('mobileInvalid');
      if (await taken(ctx, cid, user.id, 'mobile', mobile)) return failMsg('phoneBound');
      const busy = await sendCode(ctx, cid, mobile, 'bind');
      return busy ?? ok(null);
    }),
  );

  // binding
  app.put(
    `${SETTING}/bind/email`,
    U(async ({ user }, req, _r, cid) => {
      const email = str(body(req).email);
      if (!EMAIL_RE.test(email)) return failMsg('emailInvalid');
      if (await taken(ctx, cid, user.id, 'email', email)) return failMsg('emailBound');
      await ctx.db.run('UPDATE users SET email = ? WHERE id = ?', [email, user.id]);
      return ok(null);
    }),
  );
  app.put(
    `${SETTING}/bind/mobile`,
    U(async ({ user }, req, _r, cid) => {
      const b = body(req);
      const mobile = str(b.mobile);
      if (!MOBILE_RE.test(mobile)) return failMsg('mobileInvalid');
      if (!str(b.smsCode)) return failMsg('smsCodeEmpty');
      if (await taken(ctx, cid, user.id, 'mobile', mobile)) return failMsg('phoneBound');
      if (!(await useCode(ctx, mobile, 'bind', str(b.smsCode)))) return failMsg('smsCodeWrong');
      await ctx.db.run('UPDATE users SET mobile = ? WHERE id = ?', [mobile, user.id]);
      return ok(null);
    }),
  );
  app.put(
    `${SETTING}/bind/username`,
    U(async ({ user }, req, _r, cid) => {
      const username = str(body(req).username);
      if (user.username) return failMsg('usernameAlreadySet');
      if (!USERNAME_RE.test(username)) return failMsg('usernameFormat');
      if (await taken(ctx, cid, user.id, 'username', username)) return failMsg('usernameBound');
      await ctx.db.run('UPDATE users SET username = ? WHERE id = ?', [username, user.id]);
      return ok(null);
    }),
  );
  app.put(
    `${SETTING}/unbind/third/party/account`,
    U(async ({ user }, req) => {
      const type = str(body(req).type);
      const r = await ctx.db.run('DELETE FROM personal_third WHERE user_id = ? AND type = ?', [user.id, type]);
      return r.changes ? ok(null) : failMsg('thirdPartyNotBound');
    }),
  );

  // password change: the STU_UPDATE_PWD code to the user's own mobile, then verifyIdentidy, then update/password
  app.put(
    `${SETTING}/send/sms/STU_UPDATE_PWD`,
    U(async ({ user }, req, _r, cid) => {
      const b = body(req);
      if (captchaGate(ctx, b.ticket, b.randstr)) return failMsg('captchaRequired');
      if (!user.mobile) return failMsg('bindMobileFirst');
      const busy = await sendCode(ctx, cid, user.mobile, 'STU_UPDATE_PWD');
      return busy ?? ok(null);
    }),
  );
  app.post(
    `${SETTING}/verifyIdentidy`,
    U(async ({ user }, req) => {
      const b = body(req);
      if (str(b.smsCode)) {
        if (!user.mobile || !(await useCode(ctx, user.mobile, 'STU_UPDATE_PWD', str(b.smsCode)))) return failMsg('smsCodeWrong');
      } else if (typeof b.password === 'string' && b.password) {
        if (!verifyPassword(b.password, user.passwordHash)) return failMsg('passwordWrong');
      } else return failMsg('smsCodeEmpty');
      await ctx.db.run(
        'INSERT INTO personal_verified (user_id, verified_at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET verified_at = excluded.verified_at',
        [user.id, Date.now()],
      );
      return ok({ verified: true, expiresInS: IDENTITY_TTL_MS / 1000 });
    }),
  );

  // avatar: { image: base64 of a JPG/PNG (≤ 5 MB) } or { headPic: URL }
  app.put(
    `${SETTING}/head/portrait`,
    { bodyLimit: 8 * 1024 * 1024 },
    U(async ({ user }, req) => {
      const b = body(req);
      let url: string;
      if (typeof b.image === 'string' && b.image) {
        const bytes = Buffer.from(b.image.replace(/^data:[^,]*,/, ''), 'base64');
        const kind = imageKind(bytes);
        if (!kind) return failMsg('imageFormat');
        if (bytes.length > AVATAR_MAX_BYTES) return failMsg('imageTooLarge');
        const last = await ctx.db.get<{ v: number | null }>('SELECT MAX(version) AS v FROM personal_avatars WHERE user_id = ?', [user.id]);
        const version = (last?.v ?? 0) + 1;
        await ctx.db.run('INSERT INTO personal_avatars (user_id, version, content_type, data) VALUES (?,?,?,?)', [
          user.id,
          version,
          kind === 'png' ? 'image/png' : 'image/jpeg',
          bytes.toString('base64'),
        ]);
        url = `http://${hostOf(req)}/__avatar/${user.id}-${version}.${kind}`;
      } else if (typeof b.headPic === 'string' && /^https?:\/\//.test(b.headPic)) {
        url = b.headPic;
      } else return failMsg('imageRequired');
      await ctx.db.run('UPDATE users SET head_pic_max = ? WHERE id = ?', [url, user.id]);
      return ok({ headPic: url });
    }),
  );
  app.get<{ Params: { file: string } }>('/__avatar/:file', async (req, reply) => {
    const m = /^(\d+)-(\d+)\.(jpg|png)$/.exec(req.params.file);
    const row = m
      ? await ctx.db.get<{ contentType: string; data: string }>('SELECT content_type, data FROM personal_avatars WHERE user_id = ? AND version = ?', [
          Number(m[1]),
          Number(m[2]),
        ])
      : undefined;
    if (!row) return reply.code(404).send({ error: 'not found' });
    return reply.header('content-type', row.contentType).header('cache-control', 'public, max-age=86400').send(Buffer.from(row.data, 'base64'));
  });

  // file upload for annex/image values (spec path of the sign-up upload; body chosen: JSON { fileName, data: base64 })
  app.post(
    `${SETTING}/sign/source/upload`,
    { bodyLimit: 8 * 1024 * 1024 },
    U(async ({ user }, req) => {
      const b = body(req);
      const fileName = str(b.fileName).replace(/[\\/]/g, '_');
      const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
      if (!UPLOAD_EXTENSIONS.has(ext)) return failMsg('fileTypeNotAllowed');
      if (typeof b.data !== 'string' || !b.data) return failMsg('fileRequired');
      const bytes = Buffer.from(b.data, 'base64');
      if (bytes.length > AVATAR_MAX_BYTES) return failMsg('fileTooLarge');
      const r = await ctx.db.run('INSERT INTO personal_files (user_id, file_name, data) VALUES (?,?,?)', [user.id, fileName, bytes.toString('base64')]);
      return ok({ fileId: r.lastId, filePath: `http://${hostOf(req)}/__files/${r.lastId}/${encodeURIComponent(fileName)}` });
    }),
  );
  // private (personal documents): read only through the signed link the upstream hands the owner, 403 otherwise
  app.get<{ Params: { id: string; name: string } }>('/__files/:id/:name', async (req, reply) => {
    const refused = checkSignedLink(ctx, req.url.split('?')[0]!, query(req));
    if (refused)
      return reply
        .code(403)
        .header('Cache-Control', 'no-store')
        .send({ code: 'AccessDenied', error: `signed link ${refused}` });
    const row = await ctx.db.get<{ fileName: string; data: string }>('SELECT file_name, data FROM personal_files WHERE id = ?', [Number(req.params.id) || 0]);
    if (!row || row.fileName !== req.params.name) return reply.code(404).send({ error: 'not found' });
    const ext = row.fileName.split('.').pop()!.toLowerCase();
    const type =
      ext === 'png'
        ? 'image/png'
        : ext === 'jpg' || ext === 'jpeg'
          ? 'image/jpeg'
          : ext === 'gif'
            ? 'image/gif'
            : ext === 'pdf'
              ? 'application/pdf'
              : 'application/octet-stream';
    return reply.header('content-type', type).header('cache-control', PRIVATE_DOWNLOAD_CACHE).send(Buffer.from(row.data, 'base64'));
  });

  // personal data: four sections in the student-info shape
  app.get(
    `${SETTING}/get/detail`,
    U(async ({ user }) => {
      const out: Record<string, unknown> = { userId: user.id };
      for (const section of SECTIONS) {
        const values = signedValues(ctx, await readValues(ctx, user.id, section));
        if (section === 'contact') values.set('mobile', user.mobile ? [user.mobile] : []);
        out[`${section}Info`] = SECTION_FIELDS[section].map((d) => studentInfoField(d, values));
      }
      return ok(out);
    }),
  );
  for (const section of SECTIONS) {
    app.put(
      `${SETTING}/save/${section}/info`,
      U(async ({ user }, req) => {
        const stored = await readValues(ctx, user.id, section);
        if (section === 'contact') stored.set('mobile', user.mobile ? [user.mobile] : []);
        const b = body(req);
        const checked = checkFields(SECTION_FIELDS[section as Section], b.fieldList ?? b.fields, stored, false);
        if ('error' in checked) return checked.error;
        checked.values.delete('mobile');
        await writeValues(ctx, user.id, section, checked.values);
        return ok(null);
      }),
    );
  }
  app.get(
    `${SETTING}/get/custom/field/data`,
    U(async ({ user }) => {
      const values = signedValues(ctx, await readValues(ctx, user.id, 'custom'));
      return ok(CUSTOM_FIELDS.map((d) => customField(d, values)));
    }),
  );

  // learning archive (chosen path)
  app.get(
    `${SETTING}/archives`,
    U(async ({ user }) => ok(archiveOf(user.id, user.nickName))),
  );

  // customizable fields (spec 001 §7)
  app.get(
    `${CUSTOMIZE}/getCustomizeFields`,
    U(async () => ok(CUSTOM_FIELDS.map((d) => customField(d, null)))),
  );
  app.get(
    `${CUSTOMIZE}/customize/info`,
    U(async ({ user }) => {
      const values = signedValues(ctx, await readValues(ctx, user.id, 'custom'));
      const group = await ctx.db.get<{ groupIds: string; proxyId: number | null }>('SELECT group_ids, proxy_id FROM personal_group WHERE user_id = ?', [
        user.id,
      ]);
      const missing = shownDefs(CUSTOM_FIELDS, values).some((d) => !(values.get(d.fieldCode) ?? []).length);
      return ok({
        customFieldList: CUSTOM_FIELDS.map((d) => customField(d, values)),
        studentGroupList: await studentGroups(ctx),
        proxyOrgList: PROXY_ORGS,
        studentGroupValue: group ? (JSON.parse(group.groupIds) as number[]) : [],
        proxyId: group?.proxyId ?? null,
        completeFlag: missing || !group ? 0 : 1,
      });
    }),
  );
  app.get<{ Params: { fieldId: string; pid: string } }>(
    `${CUSTOMIZE}/customize/option/:fieldId/:pid`,
    U(async (_a, req) => {
      const { fieldId, pid } = req.params as { fieldId: string; pid: string };
      const id = Number(fieldId);
      if (!flatten([...CUSTOM_FIELDS, ...Object.values(SECTION_FIELDS).flat()]).some((d) => d.fieldId === id)) return failMsg('fieldNotFound');
      if (!CASCADE_FIELD_IDS.has(id)) return ok([]);
      return ok((REGION_TREE[pid] ?? []).map((o) => ({ ...o, pid: Number(pid), leafFlag: REGION_TREE[String(o.id)] ? 0 : 1 })));
    }),
  );
  app.put(
    `${CUSTOMIZE}/improve/custom/info`,
    U(async ({ user }, req) => {
      const stored = await readValues(ctx, user.id, 'custom');
      const b = body(req);
      const checked = checkFields(CUSTOM_FIELDS, b.fieldList ?? b.fields, new Map(), true);
      if ('error' in checked) return checked.error;
      const images = await checkImageInfo(ctx, user.id, CUSTOM_FIELDS, b.fieldList ?? b.fields, stored);
      if (images) return images;
      await writeValues(ctx, user.id, 'custom', new Map([...stored, ...checked.values]));
      return ok(null);
    }),
  );
  app.put(
    `${CUSTOMIZE}/studentGroupAndProxyOrg/info`,
    U(async ({ user }, req) => {
      const b = body(req);
      const ids = ['groupOneId', 'groupTwoId', 'groupThreeId', 'groupFourId', 'groupFiveId']
        .map((k) => b[k])
        .filter((v) => v !== undefined && v !== null && v !== '')
        .map(Number);
      if (!ids.length || !ids.every(Number.isInteger)) return failMsg('groupRequired');
      const proxyId = Number(b.proxyId);
      if (!PROXY_ORGS.some((p) => p.id === proxyId)) return failMsg('proxyRequired');
      await ctx.db.run(
        'INSERT INTO personal_group (user_id, group_ids, proxy_id) VALUES (?,?,?) ON CONFLICT (user_id) DO UPDATE SET group_ids = excluded.group_ids, proxy_id = excluded.proxy_id',
        [user.id, JSON.stringify(ids), proxyId],
      );
      return ok(null);
    }),
  );

  /* ---------- test control ---------- */
  if (ctx.control) {
    // a first level of `count` classes more (studentGroups): the cascader's 50-hit limit in a browser
    app.post('/__sandbox/personal/groups-wide', async (req, reply) => {
      const count = Number(body(req).count);
      if (!Number.isInteger(count) || count < 0 || count > 500) return reply.code(400).send({ error: 'count 0-500' });
      await ctx.db.run('INSERT INTO personal_group_wide (id, count) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET count = excluded.count', [count]);
      return { ok: true };
    });
  }
}

/** Student groups (a tree of up to five levels, spec 001 §3) and proxy organisations of the complete-information dialog. */
export const STUDENT_GROUPS = [
  {
    id: 1,
    groupName: '2024 级',
    studentGroupRespList: [
      { id: 11, groupName: '会计一班', studentGroupRespList: [] },
      { id: 12, groupName: '会计二班', studentGroupRespList: [] },
    ],
  },
  {
    id: 2,
    groupName: '2025 级',
    studentGroupRespList: [
      { id: 21, groupName: '人力一班', studentGroupRespList: [] },
      // five levels deep (spec 001 §9: up to 5): the complete-information journeys choose this path
      {
        id: 22,
        groupName: '财会学院',
        studentGroupRespList: [
          {
            id: 221,
            groupName: '会计系',
            studentGroupRespList: [
              {
                id: 2211,
                groupName: '会计 A 组',
                studentGroupRespList: [
                  { id: 22111, groupName: '周末班', studentGroupRespList: [] },
                  { id: 22112, groupName: '晚班', studentGroupRespList: [] },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
/**
 * The student groups as `customize/info` answers them: STUDENT_GROUPS, and with the control
 * `POST /__sandbox/personal/groups-wide { count }` a first level 2026 级 of `count` classes 扩招 N 班 (a tree
 * wide enough for the cascader's 50-hit limit, spec 001 §9; ids 30001…).
 */
async function studentGroups(ctx: Ctx) {
  const wide = await ctx.db.get<{ count: number }>('SELECT count FROM personal_group_wide WHERE id = 1');
  if (!wide?.count) return STUDENT_GROUPS;
  const classes = Array.from({ length: wide.count }, (_, i) => ({ id: 30001 + i, groupName: `扩招 ${i + 1} 班`, studentGroupRespList: [] }));
  return [...STUDENT_GROUPS, { id: 3, groupName: '2026 级', studentGroupRespList: classes }];
}
export const PROXY_ORGS = [
  { id: 1, name: '北京代理机构' },
  { id: 2, name: '上海代理机构' },
];
