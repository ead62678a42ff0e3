import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { captchaGate } from '../auth-state.js';
import { authOf, body, hostOf, query, unauthorized, type Auth, type Ctx } from '../context.js';
import { fail, ok } from '../envelope.js';
import { EDUCATIONS, IDENTITY_TYPES } from '../personal/fields.js';
import { INFO_FIELDS, protocolAll, relation, relationsOf, REQUIRED_INFO, studentInfo, writeStudentInfo, type RelationRow } from '../study/agreements.js';
import { PACKAGES } from '../catalog/seed.js';
import { SB, withCompany } from './config.js';

/**
 * Agreements, student-info completeness, the complete-information popup and face verification for studying
 * (spec 001 §7 "Agreements and profile completion", "Face verification", "SMS for profile completion"), plus
 * the two providers the sandbox plays: the e-sign page (`/esign/sign`) and the studying face page
 * (`/face/study`). Paths the spec does not show are chosen here and named in decision 026.
 */
export const ID_CARD_RE = /^(\d{15}|\d{17}[\dXx])$/;
export const MOBILE_11_RE = /^1\d{10}$/;
/** Spec 001 §5 / §9: the face dialog's name, 1 to 5 Chinese characters. */
export const FACE_NAME_RE = /^[\u4e00-\u9fa5]{1,5}$/;
/** A face pass lets the student in for this long; then the next lesson asks again. */
export const FACE_PASS_TTL_MS = 30 * 60_000;
const SMS_RESEND_MS = 60_000;
const SMS_TTL_MS = 10 * 60_000;

type Handler = (auth: Auth, req: FastifyRequest, reply: FastifyReply, cid: number) => Promise<unknown>;
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const maskId = (v: string) => (v.length > 6 ? `${v.slice(0, 4)}${'*'.repeat(v.length - 6)}${v.slice(-2)}` : v);

function httpUrl(v: unknown): string | undefined {
  try {
    const u = new URL(String(v ?? ''));
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The student's info as the agreement form needs it: each deficient field with its current value. */
export async function deficiencyOf(ctx: Ctx, auth: Auth): Promise<Record<string, unknown> | null> {
  const info = await studentInfo(ctx, auth.user.id);
  const out: Record<string, unknown> = {};
  const has = (f: string) => !!info.get(f);
  if (!has('name')) out.name = null;
  if (!has('identityTypeCode')) out.identityTypeCode = null;
  const id = info.get('identityId') ?? '';
  const type = info.get('identityTypeCode') ?? '';
  if (!id || ((type === 'ID_IDCARD' || !type) && !ID_CARD_RE.test(id))) out.identityId = id ? maskId(id) : null;
  const mobile = auth.user.mobile ?? '';
  if (!MOBILE_11_RE.test(mobile)) out.mobile = mobile || null;
  if (!has('sex')) out.sex = null;
  if (!has('educationCode')) out.educationCode = null;
  if (!has('province') || !has('city') || !has('county')) {
    out.address = {
      province: info.get('province') ?? null,
      city: info.get('city') ?? null,
      county: info.get('county') ?? null,
      detail: info.get('addressDetail') ?? null,
    };
  }
  return Object.keys(out).length ? out : null;
}

function relationJson(r: RelationRow) {
  return {
    id: r.id,
    protocolId: r.protocolId,
    protocolName: r.protocolName,
    protocolType: r.protocolType,
    targetType: r.targetType,
    commodityId: r.commodityId,
    courseId: r.courseId,
    classPackageId: r.packageId,
    targetName: r.targetName,
    agreementStatus: r.status,
    signTime: r.signedAt,
  };
}

/** The agreements that govern a course: its own and those of the packages it came in. */
function governs(r: RelationRow, commodityId: number): boolean {
  if (r.targetType === 'course') return r.commodityId === commodityId;
  return !!PACKAGES.find((p) => p.id === r.packageId)?.commodityIds.includes(commodityId);
}

async function faceStatus(ctx: Ctx, userId: number): Promise<0 | 1 | 2> {
  const row = await ctx.db.get<{ required: number; name: string | null; identityId: string | null; passedAt: number | null }>(
    'SELECT required, name, identity_id, passed_at FROM agr_face WHERE user_id = ?',
    [userId],
  );
  if (!row || !row.required) return 0;
  if (row.passedAt && row.passedAt + FACE_PASS_TTL_MS > Date.now()) return 0;
  return row.name && row.identityId ? 1 : 2;
}

async function useCode(ctx: Ctx, mobile: string, code: string): Promise<boolean> {
  const row = await ctx.db.get<{ id: number; code: string; sentAt: number; used: number }>(
    "SELECT id, code, sent_at, used FROM sms_codes WHERE mobile = ? AND type = 'CHANGE_PHONE' ORDER BY id DESC LIMIT 1",
    [mobile],
  );
  if (!row || row.used || row.code !== code || row.sentAt + SMS_TTL_MS < Date.now()) return false;
  await ctx.db.run('UPDATE sms_codes SET used = 1 WHERE id = ?', [row.id]);
  return true;
}

export function registerStudyAgreementRoutes(app: FastifyInstance, ctx: Ctx): void {
  // this module's users must exist before anyone signs in with them: seed on the first sign-in-like request
  // after a reset (test control, the login calls); every other call of the module seeds on its own
  app.addHook('onRequest', async (req) => {
    const url = req.url;
    if (url.startsWith('/__sandbox/reset')) return;
    if (!url.startsWith('/__sandbox/') && !url.startsWith(`${SB}/v1/front/`)) return;
  });

  const U = (h: Handler) =>
    withCompany(ctx, async (cid, req, reply) => {
      const auth = await authOf(ctx, req, cid);
      if (!auth) return unauthorized(reply);
      return h(auth, req, reply, cid);
    });

  /* ---------- agreements ---------- */

  // checkCompanyFunctionSet (STUDENT_PROTOCOL_TYPE too) is answered by routes/shop.ts: one route, one shape

  app.post(
    `${SB}/course/protocol/user/rel/find/myProtocol`,
    U(async ({ user }, req, _r, cid) => {
      const q = query(req);
      const page = Math.max(1, Number(q.page) || 1);
      const pageSize = Math.min(100, Math.max(1, Number(q.pageSize) || 20));
      const all = await relationsOf(ctx, user.id);
      return ok({
        total: all.length,
        protocolAll: (await protocolAll(ctx, cid)) ? 1 : 0,
        list: all.slice((page - 1) * pageSize, page * pageSize).map(relationJson),
      });
    }),
  );

  app.post(
    `${SB}/course/protocol/user/rel/getProtocolInfo`,
    U(async ({ user }, req) => {
      const b = body(req);
      const r = await relation(ctx, user.id, Number(str(b.id)));
      if (!r || (b.protocolId !== undefined && Number(str(b.protocolId)) !== r.protocolId)) return fail('0', '协议不存在');
      return ok({ ...relationJson(r), content: r.content, signContent: r.signContent });
    }),
  );

  // the agreement check of a course (path chosen: the spec lists checkProtocol without its parameters)
  app.post(
    `${SB}/course/protocol/user/rel/checkProtocol`,
    U(async ({ user }, req, _r, cid) => {
      const b = body(req);
      const commodityId = Number(str(b.commodityId));
      if (!Number.isInteger(commodityId) || commodityId <= 0) return fail('0', '加载数据错误，课程id不能为空');
      const list = (await relationsOf(ctx, user.id)).filter((r) => governs(r, commodityId) && r.status !== 4);
      return ok({ protocolAll: (await protocolAll(ctx, cid)) ? 1 : 0, list: list.map(relationJson) });
    }),
  );

  app.get<{ Params: { targetId: string; type: string } }>(
    `${SB}/student/validatePerfectStudentInfo/:targetId/:type`,
    U(async (auth, req) => {
      const { targetId, type } = req.params as { targetId: string; type: string };
      if (!/^\d+$/.test(targetId) || (type !== '0' && type !== '1')) return fail('0', '参数错误');
      const deficiency = await deficiencyOf(ctx, auth);
      return ok({
        msg: deficiency ? 'deficiency' : 'success',
        result: auth.user.id,
        deficiencyInfo: deficiency,
        companyRegisterConfig: { mobileFlag: 1 },
        identityTypes: IDENTITY_TYPES,
        educations: EDUCATIONS,
      });
    }),
  );

  app.post(
    `${SB}/student/perfectStudentInfo`,
    U(async (auth, req, _r, cid) => {
      const q = { ...query(req), ...body(req) } as Record<string, unknown>;
      if (Number(str(q.id)) !== auth.user.id) return fail('0', '学员信息不存在');
      const stored = await studentInfo(ctx, auth.user.id);
      const next = new Map<string, string>();
      for (const f of INFO_FIELDS) {
        if (f === 'mobile' || q[f] === undefined) continue;
        const v = str(q[f]);
        if (f === 'identityId' && v === 'SRC') continue;
        next.set(f, v);
      }
      const merged = new Map([...stored, ...next]);
      for (const f of REQUIRED_INFO) if (f !== 'mobile' && !merged.get(f)) return fail('0', `${f} 不能为空`);
      if (merged.get('identityTypeCode') === 'ID_IDCARD' && !ID_CARD_RE.test(merged.get('identityId') ?? '')) return fail('0', '请输入正确的身份证号');
      if (!IDENTITY_TYPES.some((t) => t.itemCode === merged.get('identityTypeCode'))) return fail('0', '证件类型不正确');
      if (!EDUCATIONS.some((e) => e.itemCode === merged.get('educationCode'))) return fail('0', '学历不正确');
      const mobile = str(q.mobile);
      let newMobile: string | undefined;
      if (mobile && mobile !== 'SRC' && mobile !== auth.user.mobile) {
        if (!MOBILE_11_RE.test(mobile)) return fail('0', '请输入正确的手机号');
        if (!(await useCode(ctx, mobile, str(q.smsCode)))) return fail('0', '验证码错误或已过期');
        const taken = await ctx.db.get('SELECT id FROM users WHERE company_id = ? AND id <> ? AND mobile = ?', [cid, auth.user.id, mobile]);
        if (taken) return fail('0', '手机号已被绑定');
        newMobile = mobile;
      } else if (!MOBILE_11_RE.test(auth.user.mobile ?? '')) return fail('0', '请输入手机号');
      await writeStudentInfo(ctx, auth.user.id, next);
      if (newMobile) await ctx.db.run('UPDATE users SET mobile = ? WHERE id = ?', [newMobile, auth.user.id]);
      return ok({ msg: 'success' });
    }),
  );

  // SMS for profile completion (spec 001 §7): the CHANGE_PHONE code of the personal information form
  app.post<{ Params: { mobile: string } }>(
    `${SB}/register/sendSMSByModule/classType/:mobile`,
    U(async (_a, req, _r, cid) => {
      const { mobile } = req.params as { mobile: string };
      const q = { ...query(req), ...body(req) } as Record<string, unknown>;
      if (str(q.codeType) !== 'CHANGE_PHONE') return fail('0', '参数错误');
      if (!MOBILE_11_RE.test(mobile)) return fail('0', '手机号格式不正确');
      if (captchaGate(ctx, q.ticket, q.randstr)) return fail('600', '请完成安全验证');
      const last = await ctx.db.get<{ sentAt: number }>('SELECT sent_at FROM sms_codes WHERE mobile = ? ORDER BY id DESC LIMIT 1', [mobile]);
      if (last && last.sentAt + SMS_RESEND_MS > Date.now())
        return fail('120010009', `请${Math.ceil((last.sentAt + SMS_RESEND_MS - Date.now()) / 1000)}秒后再获取验证码`);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await ctx.db.run('INSERT INTO sms_codes (mobile, company_id, code, type, sent_at) VALUES (?,?,?,?,?)', [mobile, cid, code, 'CHANGE_PHONE', Date.now()]);
      return ok(null);
    }),
  );

  // plain signing: the agree box was ticked on the portal
  app.post(
    `${SB}/coursePotocolUserRelation/insertProtocol`,
    U(async ({ user }, req) => {
      const b = body(req);
      const productId = Number(str(b.productId));
      const protocolId = Number(str(b.potocolId));
      const type = str(b.type);
      if (type !== 'course' && type !== 'classpackage') return fail('0', '协议类型不正确');
      const r = (await relationsOf(ctx, user.id)).find(
        (x) => x.protocolId === protocolId && x.targetType === type && (type === 'course' ? x.commodityId === productId : x.packageId === productId),
      );
      if (!r) return fail('0', '协议不存在');
      if (r.status !== 0 && r.status !== 1) return fail('0', r.status === 4 ? '协议已失效' : '协议已签署');
      if (r.protocolType === 1) return fail('0', '该协议需要电子签约');
      await ctx.db.run('UPDATE agr_relations SET status = 2, sign_content = ?, signed_at = ? WHERE id = ?', [
        str(b.signContent) || r.content,
        Date.now(),
        r.id,
      ]);
      return ok(null);
    }),
  );

  // e-signing: the provider's form (the sandbox plays the provider at /esign/sign)
  app.post(
    `${SB}/coursePotocolUserRelation/prepareAgreement`,
    U(async ({ user }, req) => {
      const b = body(req);
      const r = await relation(ctx, user.id, Number(str(b.masterId)));
      if (!r || r.protocolId !== Number(str(b.protocolId))) return ok({ result: 0, resultForm: null, msg: '协议不存在' });
      if (r.protocolType !== 1) return ok({ result: 0, resultForm: null, msg: '该协议无需电子签约' });
      if (r.status !== 0 && r.status !== 1) return ok({ result: 0, resultForm: null, msg: '协议已签署' });
      const back = httpUrl(b.returnUrl);
      if (!back) return ok({ result: 0, resultForm: null, msg: '回调地址不正确' });
      const flowId = randomBytes(12).toString('hex');
      await ctx.db.run('UPDATE agr_relations SET flow_id = ? WHERE id = ?', [flowId, r.id]);
      return ok({ result: 1, msg: 'success', resultForm: { action: `http://${hostOf(req)}/esign/sign`, method: 'post', params: { flowId, returnUrl: back } } });
    }),
  );

  app.post('/esign/sign', async (req, reply) => {
    const b = body(req);
    const flowId = str(b.flowId);
    const r = flowId
      ? await ctx.db.get<RelationRow>(
          'SELECT r.*, p.name AS protocol_name, p.content FROM agr_relations r JOIN agr_protocols p ON p.id = r.protocol_id WHERE r.flow_id = ?',
          [flowId],
        )
      : undefined;
    const back = httpUrl(b.returnUrl);
    if (!r || !back) return reply.code(400).type('text/html; charset=utf-8').send('<p>签约流程无效 / unknown signing flow</p>');
    if (b.decision === 'sign' || b.decision === 'refuse') {
      if (b.decision === 'sign')
        await ctx.db.run('UPDATE agr_relations SET status = 2, signed_at = ?, sign_content = ?, flow_id = NULL WHERE id = ?', [Date.now(), r.content, r.id]);
      const target = new URL(back);
      target.searchParams.set('esign', b.decision === 'sign' ? '1' : '0');
      return reply.redirect(target.toString(), 303);
    }
    const hidden = `<input type="hidden" name="flowId" value="${esc(flowId)}"><input type="hidden" name="returnUrl" value="${esc(back)}">`;
    reply.type('text/html; charset=utf-8');
    return `<!DOCTYPE html><html lang="zh"><head><meta charset="utf-8"><title>电子签约 E-sign</title></head>
<body style="font-family:sans-serif;max-width:36rem;margin:3rem auto"><h1>电子签约 / E-sign: ${esc(r.protocolName)}</h1>
<pre style="white-space:pre-wrap">${esc(r.content)}</pre>
<form method="post" action="/esign/sign">${hidden}<input type="hidden" name="decision" value="sign"><button type="submit">签署 / Sign</button></form>
<form method="post" action="/esign/sign">${hidden}<input type="hidden" name="decision" value="refuse"><button type="submit">拒签 / Refuse</button></form>
</body></html>`;
  });

  /* ---------- the complete-information popup (scene codes 2 purchase, 3 study, 4 exam) ---------- */

  // path chosen (spec 001 §7: "free-course popup query (company_id, school_id, userId, sceneCode 3)", path not
  // shown; §3 "Free-course popup data: containFreeCourseFlag, isShowPopup"). The query must name the caller:
  // company_id and userId those of the token, school_id a whole number; otherwise '参数错误'.
  // containFreeCourseFlag 1: the school asks this student at that scene (agr_scenes); isShowPopup 1: it does
  // and the student's group is not saved yet (the dialog must open).
  app.get(
    `${SB}/student/customize/popup`,
    U(async ({ user }, req, _r, cid) => {
      const q = query(req);
      const scene = Number(str(q.sceneCode));
      if (![2, 3, 4].includes(scene)) return fail('0', '场景不正确');
      if (str(q.company_id) !== String(cid) || str(q.userId) !== String(user.id) || !/^\d{1,12}$/.test(str(q.school_id))) return fail('0', '参数错误');
      const asked = await ctx.db.get('SELECT 1 AS x FROM agr_scenes WHERE user_id = ? AND scene_code = ?', [user.id, scene]);
      if (!asked) return ok({ containFreeCourseFlag: 0, isShowPopup: 0 });
      const group = await ctx.db.get('SELECT 1 AS x FROM personal_group WHERE user_id = ?', [user.id]);
      return ok({ containFreeCourseFlag: 1, isShowPopup: group ? 0 : 1 });
    }),
  );

  /* ---------- face verification for studying ---------- */

  const FACE = `${SB}/companyFaceVerify`;
  // `check` (studying) and `commonCheck` (a face check bound to no course: an exam's, decision 058) read the
  // one face state of the student (agr_face; the exams' joinExam refuses 130010004 on the same)
  for (const path of ['check', 'commonCheck'])
    app.get(
      `${FACE}/${path}`,
      U(async ({ user }) => ok({ status: await faceStatus(ctx, user.id) })),
    );

  // the personal face info (path chosen; the spec shows only "code and data with name and identityId")
  app.get(
    `${FACE}/identity`,
    U(async ({ user }) => {
      const row = await ctx.db.get<{ name: string | null; identityId: string | null }>('SELECT name, identity_id FROM agr_face WHERE user_id = ?', [user.id]);
      return ok({ name: row?.name ?? '', identityId: row?.identityId ? maskId(row.identityId) : '' });
    }),
  );

  app.post(
    `${FACE}/updateIdentity`,
    U(async ({ user }, req) => {
      const b = body(req);
      const name = str(b.name);
      if (!FACE_NAME_RE.test(name)) return fail('0', '请输入正确的姓名');
      if (str(b.identityTypeCode) !== 'ID_IDCARD') return fail('0', '证件类型不正确');
      const row = await ctx.db.get<{ identityId: string | null }>('SELECT identity_id FROM agr_face WHERE user_id = ?', [user.id]);
      const id = b.identityId === undefined ? (row?.identityId ?? '') : str(b.identityId);
      if (!ID_CARD_RE.test(id)) return fail('0', '请输入正确的身份证号');
      await ctx.db.run(
        `INSERT INTO agr_face (user_id, required, name, identity_id) VALUES (?,1,?,?)
      ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, identity_id = excluded.identity_id`,
        [user.id, name, id],
      );
      return ok(null);
    }),
  );

  // the verification page: `getFaceVerifyUrl` (studying) and `commonFaceVerifyUrl` (decision 058) make an order
  // of the same provider; a passed order (getResult 1) passes the student's one face state
  for (const [path, prefix] of [
    ['getFaceVerifyUrl', 'F'],
    ['commonFaceVerifyUrl', 'C'],
  ] as const)
    app.get(
      `${FACE}/${path}`,
      U(async ({ user }, req) => {
        if ((await faceStatus(ctx, user.id)) === 2) return fail('0', '请先完善人脸核验信息');
        const orderNo = `${prefix}${Date.now()}${randomInt(1000, 9999)}`;
        await ctx.db.run('INSERT INTO agr_face_orders (order_no, user_id, created_at) VALUES (?,?,?)', [orderNo, user.id, Date.now()]);
        return ok({ orderNo, url: `http://${hostOf(req)}/face/study?orderNo=${orderNo}` });
      }),
    );

  app.post(
    `${FACE}/getResult`,
    U(async ({ user }, req) => {
      const orderNo = str(body(req).orderNo) || str(query(req).orderNo);
      const row = await ctx.db.get<{ result: number }>('SELECT result FROM agr_face_orders WHERE order_no = ? AND user_id = ?', [orderNo, user.id]);
      if (!row) return fail('0', '人脸核验订单无效');
      if (row.result === 1) await ctx.db.run('UPDATE agr_face SET passed_at = ? WHERE user_id = ?', [Date.now(), user.id]);
      return ok({ result: row.result });
    }),
  );

  // the face provider's page for studying: the tester picks pass or fail (login's page is /face/verify)
  app.get('/face/study', async (req, reply) => {
    const orderNo = str(query(req).orderNo);
    const row = await ctx.db.get('SELECT 1 AS x FROM agr_face_orders WHERE order_no = ?', [orderNo]);
    reply.type('text/html; charset=utf-8');
    if (!row) return reply.code(404).send('<p>unknown order</p>');
    const hidden = `<input type="hidden" name="orderNo" value="${esc(orderNo)}">`;
    return `<!DOCTYPE html><html lang="zh"><head><meta charset="utf-8"><title>人脸识别 Face verification</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto"><h1>人脸识别 / Face verification</h1>
<form method="post" action="/face/study">${hidden}<input type="hidden" name="result" value="1"><button type="submit">通过 / Pass</button></form>
<form method="post" action="/face/study">${hidden}<input type="hidden" name="result" value="2"><button type="submit">失败 / Fail</button></form>
</body></html>`;
  });
  app.post('/face/study', async (req, reply) => {
    const b = body(req);
    const orderNo = str(b.orderNo);
    const res = await ctx.db.run('UPDATE agr_face_orders SET result = ? WHERE order_no = ?', [b.result === '1' ? 1 : 2, orderNo]);
    reply.type('text/html; charset=utf-8');
    if (!res.changes) return reply.code(404).send('<p>unknown order</p>');
    return `<!DOCTYPE html><html lang="zh"><head><meta charset="utf-8"><title>人脸识别 Face verification</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto"><h1 data-testid="face-done">已完成 / Done</h1><p>请回到原页面点击"已完成验证" / Go back to the portal and press "done".</p></body></html>`;
  });

  /* ---------- test control ---------- */
  if (ctx.control) {
    app.post('/__sandbox/agreements/protocol-all', async (req) => {
      const b = body(req);
      await ctx.db.run(
        'INSERT INTO agr_settings (company_id, protocol_all) VALUES (?,?) ON CONFLICT (company_id) DO UPDATE SET protocol_all = excluded.protocol_all',
        [Number(b.companyId ?? 1), b.all ? 1 : 0],
      );
      return { ok: true };
    });
    app.post('/__sandbox/agreements/face', async (req) => {
      const b = body(req);
      await ctx.db.run(
        `INSERT INTO agr_face (user_id, required) VALUES (?,?) ON CONFLICT (user_id) DO UPDATE SET required = excluded.required, passed_at = NULL`,
        [Number(b.userId), b.required ? 1 : 0],
      );
      return { ok: true };
    });
    app.post('/__sandbox/agreements/scenes', async (req) => {
      const b = body(req);
      const userId = Number(b.userId);
      await ctx.db.run('DELETE FROM agr_scenes WHERE user_id = ?', [userId]);
      for (const s of Array.isArray(b.scenes) ? b.scenes : [])
        await ctx.db.run('INSERT INTO agr_scenes (user_id, scene_code) VALUES (?,?)', [userId, Number(s)]);
      return { ok: true };
    });
  }
}
