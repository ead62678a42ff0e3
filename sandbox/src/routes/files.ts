import type { FastifyInstance, FastifyReply } from 'fastify';
import { authOf, body, hostOf, query, unauthorized, type Ctx } from '../context.js';
import { fail, ok } from '../envelope.js';
import { maxBytesOf, objectStore, STORE_SIGNUP_MAX_BYTES, type UploadError } from '../storage/objects.js';
import { SPACE_TOTAL_BYTES } from '../storage/resources.js';
import { HOMEWORK } from '../homework/store.js';
import { QbankStore } from '../qbank/store.js';
import { certificatePdf, CERTIFICATES, ID_NUMBER_RE, UNLOCK_FIELDS } from '../storage/certificates.js';
import { checkSignedLink, PRIVATE_DOWNLOAD_CACHE, signedLink } from '../storage/signed-links.js';
import { SB, withCompany } from './config.js';

/**
 * Uploads, the object store and resources (spec 001 §5, §7 "Upload token", "Resources", "Download").
 * Upstream calls (under /s/api): the upload token and the storage domain, the resource list, space, save,
 * detail, view, download, delete, and the download permission check (type 'xiazai').
 * The object store (outside /s/api, at the storage domain): PUT /storage/upload (one chunk at an offset),
 * GET /storage/upload/status, POST /storage/upload/complete, GET /storage/o/<key> (the file) and
 * GET /storage/cert/<userId>/<certId>.pdf: both private, read only through a signed link the upstream
 * hands the owner (storage/signed-links.ts, decision 043); unsigned, tampered or expired: 403.
 * Control: POST /__sandbox/storage/fail {count} fails the next chunk writes; GET /__sandbox/storage/object.
 */
export const RES = `${SB}/v1/resource`;

type Row = {
  id: number;
  userId: number;
  companyId: number;
  fileName: string;
  fileType: string;
  sourcePath: string;
  sourceSize: number;
  fileCategory: string;
  uploadType: number;
  createTime: number;
};

const isError = (v: unknown): v is UploadError => typeof v === 'object' && v !== null && 'error' in v && 'status' in v;
const sendError = (reply: FastifyReply, e: UploadError) => reply.code(e.status).send({ code: e.code, error: e.error, offset: e.offset });
const upTokenOf = (auth: string | undefined) => (auth ?? '').replace(/^UpToken\s+/i, '').trim();
/** A private object read without a valid signed link: 403, as a real store answers (AccessDenied). */
const accessDenied = (reply: FastifyReply, why: string) =>
  reply
    .code(403)
    .header('Cache-Control', 'no-store')
    .send({ code: 'AccessDenied', error: `signed link ${why}` });

export function registerFileRoutes(app: FastifyInstance, ctx: Ctx): void {
  const store = objectStore(ctx);

  const withUser = (
    h: (user: { id: number; companyId: number }, req: Parameters<Parameters<typeof withCompany>[1]>[1], cid: number, host: string) => Promise<unknown>,
  ) =>
    withCompany(ctx, async (cid, req, reply) => {
      const auth = await authOf(ctx, req, cid);
      if (!auth) return unauthorized(reply);
      return h({ id: auth.user.id, companyId: cid }, req, cid, hostOf(req));
    });

  async function used(userId: number): Promise<{ used: number; deduction: number }> {
    const sum = await ctx.db.get<{ total: number | null }>('SELECT SUM(source_size) AS total FROM file_resources WHERE user_id = ?', [userId]);
    const extra = await ctx.db.get<{ extraUsed: number; deduction: number }>('SELECT extra_used, deduction FROM file_space WHERE user_id = ?', [userId]);
    return { used: (sum?.total ?? 0) + (extra?.extraUsed ?? 0), deduction: extra?.deduction ?? 1 };
  }

  /** A fresh signed link to a private object of the store (decision 043). */
  const objectLink = (host: string, key: string, attname?: string) => signedLink(ctx, `http://${host}`, `/storage/o/${key}`, { attname });
  const json = (r: Row, host: string) => ({
    id: r.id,
    fileName: r.fileName,
    fileType: r.fileType,
    sourcePath: objectLink(host, r.sourcePath),
    sourceSize: r.sourceSize,
    fileCategory: r.fileCategory,
    uploadType: r.uploadType,
    createTime: r.createTime,
  });
  /** A sealed object is the file of the user whose token wrote it (decision 044); one the store has no uploader for is taken. */
  const uploadedBy = (key: string, userId: number) => (store.uploaderOf(key) ?? userId) === userId;
  const own = (userId: number, id: number) => ctx.db.get<Row>('SELECT * FROM file_resources WHERE id = ? AND user_id = ?', [id, userId]);

  // the upload token and the storage domain (spec 001 §7 "Upload token": code '1', data.uptoken, data.qndomain)
  app.post(
    `${RES}/getuptoken`,
    withUser(async (user, req) =>
      ok({ uptoken: store.issueToken(user.companyId, user.id, body(req).scene === 'signup' ? STORE_SIGNUP_MAX_BYTES : undefined) }),
    ),
  );
  app.get(
    `${RES}/getqndomain`,
    withUser(async (_u, _r, _c, host) => ok({ qndomain: `http://${host}/storage/o` })),
  );

  app.post(
    `${RES}/getSpaceSize`,
    withUser(async (user) => {
      const u = await used(user.id);
      return ok({ usedSpace: u.used, totalSpace: SPACE_TOTAL_BYTES, deductionSpaceFlag: u.deduction });
    }),
  );
  app.post(
    `${RES}/selectAll`,
    withUser(async (user, req, _c, host) => {
      const b = body(req);
      const page = Math.max(1, Number(b.pageNum ?? 1) || 1);
      const size = Math.min(50, Math.max(1, Number(b.pageSize ?? 10) || 10));
      const rows = await ctx.db.all<Row>('SELECT * FROM file_resources WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?', [
        user.id,
        size,
        (page - 1) * size,
      ]);
      const total = await ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM file_resources WHERE user_id = ?', [user.id]);
      return ok({ list: rows.map((r) => json(r, host)), total: total?.n ?? 0, pageNum: page, pageSize: size });
    }),
  );
  app.get<{ Params: { id: string } }>(
    `${RES}/detail/:id`,
    withUser(async (user, req, _c, host) => {
      const row = await own(user.id, Number((req.params as { id: string }).id));
      return row ? ok(json(row, host)) : fail('0', '资源不存在');
    }),
  );
  for (const kind of ['view', 'download'] as const) {
    app.get<{ Params: { id: string } }>(
      `${RES}/${kind}/:id`,
      withUser(async (user, req, _c, host) => {
        const row = await own(user.id, Number((req.params as { id: string }).id));
        return row ? ok({ url: objectLink(host, row.sourcePath, kind === 'download' ? row.fileName : undefined) }) : fail('0', '资源不存在');
      }),
    );
  }
  app.post(
    `${RES}/save`,
    withUser(async (user, req) => {
      const b = body(req);
      const key = String(b.sourcePath ?? '');
      const status = await store.status(key);
      if (!status.complete || !key.startsWith(`${user.companyId}/`) || !uploadedBy(key, user.id)) return fail('0', '文件未上传完成');
      if (await ctx.db.get('SELECT id FROM file_resources WHERE source_path = ?', [key])) return fail('-602', '文件重复');
      if ((await vipOnly(user.id)) && !(await isMember(user.id))) return fail('0', '资源共享仅对会员开放，请先开通会员');
      const u = await used(user.id);
      if (u.deduction === 1 && u.used + status.offset > SPACE_TOTAL_BYTES) return fail('0', '存储空间不足，请联系管理员扩容');
      const name = String(b.fileName ?? '').slice(0, 200) || key.split('/').pop()!;
      const type = (name.split('.').pop() ?? '').toLowerCase();
      const category = ['jpg', 'jpeg', 'png', 'gif'].includes(type) ? 'image' : type === 'pdf' ? 'pdf' : 'docs';
      const r = await ctx.db.run(
        'INSERT INTO file_resources (user_id, company_id, file_name, file_type, source_path, source_size, file_category, upload_type, create_time) VALUES (?,?,?,?,?,?,?,0,?)',
        [user.id, user.companyId, name, type, key, status.offset, category, Date.now()],
      );
      return ok({ id: r.lastId });
    }),
  );
  app.post(
    `${RES}/delResource`,
    withUser(async (user, req) => {
      const ids = String(body(req).ids ?? '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);
      for (const id of ids) {
        const row = await own(user.id, id);
        if (!row) continue;
        await ctx.db.run('DELETE FROM file_resources WHERE id = ?', [id]);
        await store.remove(row.sourcePath);
      }
      return ok(null);
    }),
  );
  // whether sharing resources is for members (VIP) only: 1 for the students in file_vip (a school setting
  // the sandbox keeps per student so tests stay apart); save refuses a non-member then
  const vipOnly = async (userId: number) => Boolean(await ctx.db.get('SELECT user_id FROM file_vip WHERE user_id = ?', [userId]));
  const isMember = async (userId: number) =>
    (await ctx.db.get<{ memberFlag: number }>('SELECT member_flag FROM users WHERE id = ?', [userId]))?.memberFlag === 1;
  app.get(
    `${RES}/getVipFlag`,
    withUser(async (user) => ok((await vipOnly(user.id)) ? 1 : 0)),
  );
  // deletes the given resources that are videos (homework videos kept as resources); others are left
  app.post(
    `${RES}/batchDelVideo`,
    withUser(async (user, req) => {
      const ids = String(body(req).ids ?? '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
        .slice(0, 100);
      if (!ids.length) return fail('0', '请选择要删除的视频');
      let deleted = 0;
      for (const id of ids) {
        const row = await own(user.id, id);
        if (!row || row.fileCategory !== 'video') continue;
        await ctx.db.run('DELETE FROM file_resources WHERE id = ?', [id]);
        await ctx.db.run("DELETE FROM homework_attachments WHERE user_id = ? AND source_path = ? AND kind = 'video'", [user.id, row.sourcePath]);
        await store.remove(row.sourcePath);
        deleted++;
      }
      return ok({ deleted });
    }),
  );
  // the download permission check (spec 001 §5: type 'xiazai'); user 2902 is refused
  app.get(
    `${SB}/v1/student/checkPermission`,
    withUser(async (user, req) => {
      if (query(req).type !== 'xiazai') return fail('0', '未知的权限类型');
      return user.id === 2902 ? fail('0', '您没有下载权限，请联系管理员') : ok(true);
    }),
  );

  // ---- homework (spec 001 §7 "Homework") ----
  const HW = `${SB}/v1/homework`;
  const HSC = `${SB}/v1/homeworkStudentComplete`;
  const withHomework = (
    h: (user: { id: number; companyId: number }, req: Parameters<Parameters<typeof withCompany>[1]>[1], host: string) => Promise<unknown>,
  ) => withUser(async (user, req, _c, host) => h(user, req, host));
  // submitted: a saved submission, or a paper homework whose question-bank record is handed in
  const submitted = async (userId: number) => {
    const out = new Set(
      (await ctx.db.all<{ homeworkId: number }>('SELECT homework_id FROM homework_submissions WHERE user_id = ?', [userId])).map((r) => r.homeworkId),
    );
    const papers = await ctx.db.all<{ homeworkId: number; recordId: number }>('SELECT homework_id, record_id FROM homework_papers WHERE user_id = ?', [userId]);
    for (const p of papers) {
      const rec = await ctx.db.get<{ state: string }>('SELECT state FROM qbank_records WHERE id = ?', [p.recordId]).catch(() => undefined);
      if (rec?.state === 'submitted') out.add(p.homeworkId);
    }
    return out;
  };
  const homeworkOf = (req: Parameters<Parameters<typeof withCompany>[1]>[1]) => HOMEWORK.find((h) => h.id === Number(body(req).homeworkId));
  app.post(
    `${HSC}/queryStudentClassOrPackageLessonList`,
    withHomework(async (user, req) => {
      const kind = body(req).type === 'package' ? 'package' : 'class';
      const done = await submitted(user.id);
      return ok(
        HOMEWORK.filter((h) => h.kind === kind).map((h) => ({
          homeworkId: h.id,
          courseName: h.courseName,
          lessonId: h.lessonId,
          lessonName: h.lessonName,
          title: h.title,
          closed: h.closed,
          status: done.has(h.id) ? 1 : 0,
          paper: h.paperId ? 1 : 0,
          deadline: h.deadline,
        })),
      );
    }),
  );
  app.post(
    `${HSC}/queryStudentClassOrPackageLessonListCount`,
    withHomework(async (user) => {
      const done = await submitted(user.id);
      return ok({
        classCount: HOMEWORK.filter((h) => h.kind === 'class').length,
        packageCount: HOMEWORK.filter((h) => h.kind === 'package').length,
        submittedCount: HOMEWORK.filter((h) => done.has(h.id)).length,
        unsubmittedCount: HOMEWORK.filter((h) => !done.has(h.id)).length,
      });
    }),
  );
  app.post(
    `${HW}/checkCanSubmitHomework`,
    withHomework(async (_user, req) => {
      const h = homeworkOf(req);
      if (!h) return fail('0', '作业不存在');
      return h.closed ? fail('0', '作业已截止，不能提交') : ok(true);
    }),
  );
  app.post(
    `${HW}/getStuHomeworkDetail`,
    withHomework(async (user, req, host) => {
      const h = homeworkOf(req);
      if (!h) return fail('0', '作业不存在');
      await ctx.db.get<{ content: string; submitTime: number }>('SELECT content, submit_time FROM homework_submissions WHERE homework_id = ? AND user_id = ?', [
        h.id,
        user.id,
      ]);
      return ok({ ...(await submissionOf(h, user.id, host)), closed: h.closed });
    }),
  );
  const submissionOf = async (h: (typeof HOMEWORK)[number], userId: number, host: string) => {
    const sub = await ctx.db.get<{ content: string; submitTime: number }>(
      'SELECT content, submit_time FROM homework_submissions WHERE homework_id = ? AND user_id = ?',
      [h.id, userId],
    );
    const files = await ctx.db.all<{ id: number; fileName: string; sourcePath: string; sourceSize: number; kind: string }>(
      'SELECT id, file_name, source_path, source_size, kind FROM homework_attachments WHERE homework_id = ? AND user_id = ? ORDER BY id',
      [h.id, userId],
    );
    const file = (f: (typeof files)[number]) => ({ id: f.id, fileName: f.fileName, sourcePath: objectLink(host, f.sourcePath), sourceSize: f.sourceSize });
    return {
      homeworkId: h.id,
      title: h.title,
      content: h.content,
      courseName: h.courseName,
      lessonName: h.lessonName,
      deadline: h.deadline,
      paper: h.paperId ? 1 : 0,
      submission: sub ? { content: sub.content, submitTime: sub.submitTime } : null,
      attachments: files.filter((f) => f.kind !== 'video').map(file),
      videos: files.filter((f) => f.kind === 'video').map(file),
    };
  };
  // the preview: the homework and what the student handed in, as the teacher will see it
  app.post(
    `${HW}/preview`,
    withHomework(async (user, req, host) => {
      const h = homeworkOf(req);
      return h ? ok({ ...(await submissionOf(h, user.id, host)), submitted: (await submitted(user.id)).has(h.id) ? 1 : 0 }) : fail('0', '作业不存在');
    }),
  );
  // notices of homework left (assigned) to the student and not yet handed in
  app.post(
    `${HW}/findHomeworkLeaveNotifyByUserId`,
    withHomework(async (user) => {
      const done = await submitted(user.id);
      return ok(
        HOMEWORK.filter((h) => !h.closed && !done.has(h.id)).map((h, i) => ({
          id: h.id * 10 + 1,
          homeworkId: h.id,
          title: h.title,
          courseName: h.courseName,
          lessonName: h.lessonName,
          deadline: h.deadline,
          leaveTime: Date.UTC(2026, 10, 1 + i, 1),
          paper: h.paperId ? 1 : 0,
        })),
      );
    }),
  );
  app.get<{ Params: { id: string } }>(
    `${HW}/gotoFinishHomeworkPage/:id`,
    withHomework(async (user, req) => {
      const h = HOMEWORK.find((x) => x.id === Number((req.params as { id: string }).id));
      if (!h) return fail('0', '作业不存在');
      const done = await submitted(user.id);
      if (!done.has(h.id)) return fail('0', '作业尚未提交');
      const sub = await ctx.db.get<{ submitTime: number }>('SELECT submit_time FROM homework_submissions WHERE homework_id = ? AND user_id = ?', [
        h.id,
        user.id,
      ]);
      const counts = await ctx.db.all<{ kind: string; n: number }>(
        'SELECT kind, COUNT(*) AS n FROM homework_attachments WHERE homework_id = ? AND user_id = ? GROUP BY kind',
        [h.id, user.id],
      );
      const next = HOMEWORK.find((x) => !x.closed && !done.has(x.id));
      return ok({
        homeworkId: h.id,
        title: h.title,
        submitTime: sub?.submitTime ?? null,
        paper: h.paperId ? 1 : 0,
        attachmentCount: counts.find((c) => c.kind !== 'video')?.n ?? 0,
        videoCount: counts.find((c) => c.kind === 'video')?.n ?? 0,
        next: next ? { homeworkId: next.id, title: next.title } : null,
      });
    }),
  );
  // a paper homework: the question-bank record to answer it on (made once per student, then reused)
  app.get(
    `${HW}/gotoPaperHomeworkPage`,
    withHomework(async (user, req) => {
      const h = HOMEWORK.find((x) => x.id === Number(query(req).homeworkId));
      if (!h?.paperId) return fail('0', '作业不存在');
      const kept = await ctx.db.get<{ recordId: number }>('SELECT record_id FROM homework_papers WHERE homework_id = ? AND user_id = ?', [h.id, user.id]);
      if (kept) return ok({ recordId: kept.recordId, paperId: h.paperId });
      if (h.closed) return fail('0', '作业已截止，不能提交');
      const record = await new QbankStore(ctx).generate({ userId: user.id, clientId: null, schoolId: 1 }, 'paper', { paperId: h.paperId });
      await ctx.db.run('INSERT INTO homework_papers (homework_id, user_id, record_id) VALUES (?,?,?)', [h.id, user.id, record.recordId]);
      return ok({ recordId: record.recordId, paperId: h.paperId });
    }),
  );
  // the storage check before a homework video is uploaded (the student's resource space, deduction)
  app.post(
    `${HW}/uploadVideo/judgeVideoStorage`,
    withHomework(async (user, req) => {
      const size = Number(body(req).size);
      if (!Number.isFinite(size) || size <= 0) return fail('0', '视频大小无效');
      const u = await used(user.id);
      return u.deduction === 1 && u.used + size > SPACE_TOTAL_BYTES ? fail('0', '视频存储空间不足，请联系管理员') : ok(true);
    }),
  );
  // a homework video, uploaded to the store: kept with the homework and as a resource (category video)
  app.post(
    `${HW}/homeworkUpload`,
    withHomework(async (user, req) => {
      const h = homeworkOf(req);
      if (!h) return fail('0', '作业不存在');
      if (h.closed) return fail('0', '作业已截止，不能提交');
      const b = body(req);
      const key = String(b.sourcePath ?? '');
      const st = await store.status(key).catch(() => undefined);
      if (!st?.complete || !key.startsWith(`${user.companyId}/`) || !uploadedBy(key, user.id)) return fail('0', '视频未上传完成');
      if (await ctx.db.get('SELECT id FROM file_resources WHERE source_path = ?', [key])) return fail('-602', '文件重复');
      const name = String(b.fileName ?? '').slice(0, 200) || key.split('/').pop()!;
      await ctx.db.run('INSERT INTO homework_attachments (homework_id, user_id, file_name, source_path, source_size, kind) VALUES (?,?,?,?,?,?)', [
        h.id,
        user.id,
        name,
        key,
        st.offset,
        'video',
      ]);
      await ctx.db.run(
        "INSERT INTO file_resources (user_id, company_id, file_name, file_type, source_path, source_size, file_category, upload_type, create_time) VALUES (?,?,?,?,?,?,'video',1,?)",
        [user.id, user.companyId, name, (name.split('.').pop() ?? 'mp4').toLowerCase(), key, st.offset, Date.now()],
      );
      return ok(null);
    }),
  );
  app.post(
    `${HW}/saveHomework`,
    withHomework(async (user, req) => {
      const h = homeworkOf(req);
      if (!h) return fail('0', '作业不存在');
      if (h.closed) return fail('0', '作业已截止，不能提交');
      const b = body(req);
      const content = String(b.content ?? '').trim();
      if (!content || content.length > 5000) return fail('0', '作业内容不能为空且不超过 5000 字');
      const attachments = Array.isArray(b.attachments) ? (b.attachments as Array<Record<string, unknown>>) : [];
      for (const a of attachments) {
        const key = String(a.sourcePath ?? '');
        const st = await store.status(key);
        if (!st.complete || !key.startsWith(`${user.companyId}/`) || !uploadedBy(key, user.id)) return fail('0', '附件未上传完成');
      }
      await ctx.db.run('INSERT OR REPLACE INTO homework_submissions (homework_id, user_id, content, submit_time) VALUES (?,?,?,?)', [
        h.id,
        user.id,
        content,
        Date.now(),
      ]);
      for (const a of attachments) {
        const key = String(a.sourcePath);
        await ctx.db.run('INSERT INTO homework_attachments (homework_id, user_id, file_name, source_path, source_size) VALUES (?,?,?,?,?)', [
          h.id,
          user.id,
          String(a.fileName ?? '').slice(0, 200) || key,
          key,
          (await store.status(key)).offset,
        ]);
      }
      return ok(null);
    }),
  );
  app.post(
    `${HW}/delreslist`,
    withHomework(async (user, req) => {
      const h = homeworkOf(req);
      if (!h) return fail('0', '作业不存在');
      const ids = String(body(req).ids ?? '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);
      for (const id of ids) {
        const row = await ctx.db.get<{ sourcePath: string }>('SELECT source_path FROM homework_attachments WHERE id = ? AND homework_id = ? AND user_id = ?', [
          id,
          h.id,
          user.id,
        ]);
        if (!row) continue;
        await ctx.db.run('DELETE FROM homework_attachments WHERE id = ?', [id]);
        await store.remove(row.sourcePath);
      }
      return ok(null);
    }),
  );

  // ---- certificates (spec 001 §7 "Certificates"); read flags in file_cert_read, created ones in
  // file_cert_created, the student's details per certificate in file_cert_student ----
  const CER = `${SB}/v1/certificate`;
  const readOf = async (userId: number) =>
    new Set((await ctx.db.all<{ certId: number }>('SELECT cert_id FROM file_cert_read WHERE user_id = ?', [userId])).map((r) => r.certId));
  const createdOf = async (userId: number) =>
    new Map(
      (await ctx.db.all<{ certId: number; createTime: number }>('SELECT cert_id, create_time FROM file_cert_created WHERE user_id = ?', [userId])).map((r) => [
        r.certId,
        r.createTime,
      ]),
    );
  /** The user's certificates: the seed, with the ones this user created obtained. */
  const certsOf = async (userId: number) => {
    const created = await createdOf(userId);
    return CERTIFICATES.map((c) => {
      const at = created.get(c.id);
      return at === undefined
        ? { ...c, unlock: c.status === 0 && c.unlockable ? 1 : 0 }
        : { ...c, status: 1 as const, issuedAt: new Date(at + 8 * 3_600_000).toISOString().slice(0, 10), unlock: 0 };
    });
  };
  const detailsOf = async (userId: number, certId: number) =>
    new Map(
      (
        await ctx.db.all<{ fieldCode: string; value: string }>('SELECT field_code, value FROM file_cert_student WHERE user_id = ? AND cert_id = ?', [
          userId,
          certId,
        ])
      ).map((r) => [r.fieldCode, r.value]),
    );
  app.get(
    `${CER}/get/cer/list`,
    withUser(async (user, req) => {
      const status = query(req).status;
      const rows = (await certsOf(user.id)).filter((c) => status === undefined || status === '' || String(c.status) === status);
      for (const c of rows) if (c.status === 1) await ctx.db.run('INSERT OR IGNORE INTO file_cert_read (user_id, cert_id) VALUES (?,?)', [user.id, c.id]);
      return ok(rows.map((c) => ({ id: c.id, certificateName: c.name, status: c.status, type: c.kind, issueTime: c.issuedAt, unlockFlag: c.unlock })));
    }),
  );
  app.get(
    `${CER}/get/cer/count`,
    withUser(async (user) => {
      const all = await certsOf(user.id);
      return ok({ obtained: all.filter((c) => c.status === 1).length, notObtained: all.filter((c) => c.status === 0).length });
    }),
  );
  app.get(
    `${CER}/get/unread/count`,
    withUser(async (user) => {
      const read = await readOf(user.id);
      return ok((await certsOf(user.id)).filter((c) => c.status === 1 && !read.has(c.id)).length);
    }),
  );
  // the fields to give before a certificate can be created, with what the student gave before
  app.get(
    `${CER}/get/unlock/field`,
    withUser(async (user, req) => {
      const c = (await certsOf(user.id)).find((x) => x.id === Number(query(req).id));
      if (!c) return fail('0', '证书不存在');
      if (!c.unlock) return fail('0', '该证书暂不能领取');
      const given = await detailsOf(user.id, c.id);
      return ok({
        id: c.id,
        certificateName: c.name,
        relationIds: String(c.id),
        fields: UNLOCK_FIELDS.map((f) => ({ ...f, dataValues: given.has(f.fieldCode) ? [{ fieldValue: given.get(f.fieldCode) }] : [] })),
      });
    }),
  );
  // the student's details for the certificates named by relationIds (comma list)
  app.post(
    `${CER}/update/student`,
    withUser(async (user, req) => {
      const b = body(req);
      const ids = String(b.relationIds ?? '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);
      const mine = await certsOf(user.id);
      if (!ids.length || ids.some((id) => !mine.some((c) => c.id === id && c.unlock))) return fail('0', '证书不存在或不能领取');
      const list = Array.isArray(b.fields) ? (b.fields as Array<Record<string, unknown>>) : [];
      const value = (code: string) => {
        const f = list.find((x) => x.fieldCode === code);
        const v = Array.isArray(f?.fieldValues) ? f.fieldValues[0] : undefined;
        return typeof v === 'string' ? v.trim() : '';
      };
      const name = value('cert_real_name');
      const idNumber = value('cert_id_number');
      if (!name || name.length > 20) return fail('0', '请填写证书姓名（不超过 20 个字）');
      if (!ID_NUMBER_RE.test(idNumber)) return fail('0', '请输入正确的身份证号');
      for (const id of ids) {
        await ctx.db.run('INSERT OR REPLACE INTO file_cert_student (user_id, cert_id, field_code, value) VALUES (?,?,?,?)', [
          user.id,
          id,
          'cert_real_name',
          name,
        ]);
        await ctx.db.run('INSERT OR REPLACE INTO file_cert_student (user_id, cert_id, field_code, value) VALUES (?,?,?,?)', [
          user.id,
          id,
          'cert_id_number',
          idNumber.toUpperCase(),
        ]);
      }
      return ok(null);
    }),
  );
  app.post(
    `${CER}/create/certificate`,
    withUser(async (user, req) => {
      const id = Number(body(req).id);
      const c = (await certsOf(user.id)).find((x) => x.id === id);
      if (!c) return fail('0', '证书不存在');
      if (!c.unlock) return fail('0', '该证书暂不能领取');
      const given = await detailsOf(user.id, id);
      if (!given.get('cert_real_name') || !given.get('cert_id_number')) return fail('0', '请先完善证书信息');
      await ctx.db.run('INSERT OR IGNORE INTO file_cert_created (user_id, cert_id, create_time) VALUES (?,?,?)', [user.id, id, Date.now()]);
      return ok({ id, type: c.kind });
    }),
  );
  for (const [path, kind] of [
    ['getTrainsPdfUrl', 'train'],
    ['getLearnPdfUrl', 'learn'],
  ] as const) {
    app.get(
      `${CER}/${path}`,
      withUser(async (user, req, _c, host) => {
        const c = (await certsOf(user.id)).find((x) => x.id === Number(query(req).id) && x.kind === kind && x.status === 1);
        return c ? ok({ url: signedLink(ctx, `http://${host}`, `/storage/cert/${user.id}/${c.id}.pdf`) }) : fail('0', '证书不存在');
      }),
    );
  }
  app.get<{ Params: { user: string; id: string } }>('/storage/cert/:user/:id.pdf', async (req, reply) => {
    const refused = checkSignedLink(ctx, req.url.split('?')[0]!, query(req));
    if (refused) return accessDenied(reply, refused);
    const user = await ctx.db.get<{ nickName: string; id: number }>('SELECT id, nick_name FROM users WHERE id = ?', [Number(req.params.user)]);
    const c = user ? (await certsOf(user.id)).find((x) => x.id === Number(req.params.id) && x.status === 1) : undefined;
    if (!c || !user) return reply.code(404).send({ error: 'not found' });
    const given = await detailsOf(user.id, c.id);
    const idNumber = given.get('cert_id_number');
    const pdf = certificatePdf([
      c.name,
      `Student id ${user.id}`,
      ...(idNumber ? [`ID number ****${idNumber.slice(-4)}`] : []),
      `Issued ${c.issuedAt}`,
      `Certificate no. ${c.id}-${user.id}`,
    ]);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Length', String(pdf.length))
      .header('Cache-Control', PRIVATE_DOWNLOAD_CACHE)
      .send(pdf);
  });

  // ---- the object store ----
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    scope.put('/storage/upload', async (req, reply) => {
      const key = query(req).key ?? '';
      const owner = store.check(upTokenOf(req.headers.authorization), key, true);
      if (isError(owner)) {
        (req.body as NodeJS.ReadableStream).resume();
        return sendError(reply, owner);
      }
      const offset = Number(query(req).offset);
      if (!Number.isInteger(offset) || offset < 0) return sendError(reply, { status: 400, code: 400, error: 'bad offset' });
      const r = await store.write(key, offset, req.body as import('node:stream').Readable, Math.max(maxBytesOf(key), owner.maxBytes ?? 0));
      return isError(r) ? sendError(reply, r) : r;
    });
    scope.get('/storage/upload/status', async (req, reply) => {
      const key = query(req).key ?? '';
      const owner = store.check(upTokenOf(req.headers.authorization), key);
      return isError(owner) ? sendError(reply, owner) : store.status(key);
    });
    scope.post('/storage/upload/complete', async (req, reply) => {
      const key = query(req).key ?? '';
      const owner = store.check(upTokenOf(req.headers.authorization), key);
      if (isError(owner)) return sendError(reply, owner);
      const r = await store.complete(key, Number(query(req).size));
      return isError(r) ? sendError(reply, r) : r;
    });
  });
  app.get('/storage/o/*', async (req, reply) => {
    const refused = checkSignedLink(ctx, req.url.split('?')[0]!, query(req));
    if (refused) return accessDenied(reply, refused);
    const key = decodeURIComponent((req.params as { '*': string })['*']);
    const s = await store.status(key).catch(() => undefined);
    if (!s?.complete) return reply.code(404).send({ error: 'not found' });
    const name = query(req).attname;
    const ext = key.split('.').pop() ?? '';
    const type = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', pdf: 'application/pdf' }[ext] ?? 'application/octet-stream';
    reply.header('Content-Type', type).header('Content-Length', String(s.offset)).header('Cache-Control', PRIVATE_DOWNLOAD_CACHE);
    if (name) reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    return reply.send(store.read(key));
  });

  if (ctx.control) {
    app.post('/__sandbox/storage/fail', async (req) => {
      store.failNext = Math.max(0, Math.min(100, Number(body(req).count ?? 1) || 0));
      return { ok: true, failNext: store.failNext };
    });
    // the files area is seeded with every other one (src/areas.ts); kept so a test may still call it
    app.post('/__sandbox/files/seed', async () => ({ ok: true }));
    app.get('/__sandbox/storage/object', async (req, reply) => {
      const key = query(req).key ?? '';
      const s = await store.status(key).catch(() => undefined);
      if (!s?.complete) return reply.code(404).send({ error: 'not found' });
      return {
        key,
        path: store.pathOf(key),
        size: s.offset,
        sha256: await store.sha256(key),
        chunkWrites: store.chunkWrites,
        failedWrites: store.failedWrites,
      };
    });
    app.get('/__sandbox/storage/stats', async () => ({
      chunkWrites: store.chunkWrites,
      failedWrites: store.failedWrites,
      failNext: store.failNext,
      lastKey: store.lastCompleted,
    }));
  }
}
