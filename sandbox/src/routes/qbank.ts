import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf, body, hostOf, query, tokenOf, type Ctx } from '../context.js';
import { fail, ok, UNAUTHORIZED } from '../envelope.js';
import { chapterDetail, chapterPage, explanationSvg, mediaPreview, sectionDetail, sectionPage, validPlay } from '../qbank/chapters.js';
import { CATEGORIES } from '../qbank/content.js';
import { CLIPS, parseRange, readClip } from '../study/video.js';
import { QbankError, QbankStore, type ExerciseType, type Who } from '../qbank/store.js';
import { EXT, QUESTION, withCompany } from './config.js';

/**
 * The question bank and exercise calls of spec 001 §7 ("Question bank and exams", anonymous exercise,
 * exercise session, points). Paths the spec shows are kept exactly; the others are chosen here and
 * listed in docs/decisions/027-question-bank.md. A call without a token is a visitor's, known by the
 * `clientId` query; a token that is not valid is HTTP 401.
 */
const V = `${QUESTION}/v1`;

const int = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^\d{1,12}$/.test(v.trim())) return Number(v.trim());
  return undefined;
};

type Handler = (who: Who, req: FastifyRequest, reply: FastifyReply, store: QbankStore) => Promise<unknown>;

export function registerQbankRoutes(app: FastifyInstance, ctx: Ctx): void {
  const store = new QbankStore(ctx);

  /** `login`: the call needs a signed-in user (else HTTP 401). */
  const H = (h: Handler, login = false) =>
    withCompany(ctx, async (cid, req, reply) => {
      const q = query(req);
      let who: Who;
      if (tokenOf(req)) {
        const auth = await authOf(ctx, req, cid);
        if (!auth) return reply.code(401).send(UNAUTHORIZED);
        who = { userId: auth.user.id, clientId: null, schoolId: int(q.schoolId) ?? auth.token.schoolId };
      } else {
        if (login) return reply.code(401).send(UNAUTHORIZED);
        const clientId = (q.clientId ?? q.currentId ?? '').slice(0, 64);
        who = { userId: null, clientId: clientId || null, schoolId: int(q.schoolId) ?? 1 };
      }
      try {
        return ok(await h(who, req, reply, store));
      } catch (e) {
        if (e instanceof QbankError) return fail(e.code, e.message);
        throw e;
      }
    });
  const need = (v: unknown, what: string): number => {
    const n = int(v);
    if (n === undefined) throw new QbankError('400', `${what}不正确`);
    return n;
  };
  const P = (req: FastifyRequest) => req.params as Record<string, string>;
  const page = (req: FastifyRequest) => ({ page: int(query(req).page ?? query(req).pageIndex) ?? 1, pageSize: int(query(req).pageSize) ?? 10 });

  /* ---- browsing (spec 001 §7, paths as shown) ---- */
  app.get(
    `${V}/question/front/user/statistics`,
    H(async (who, _r, _p, s) => s.statistics(who)),
  );
  // statistics by weeks, years and academic year (paths chosen, decision 027)
  for (const [name, by] of [
    ['weeks', 'weeks'],
    ['years', 'years'],
    ['academicYear', 'academic'],
  ] as const) {
    app.get(
      `${V}/question/front/user/statistics/${name}`,
      H(async (who, _r, _p, s) => s.trend(who, by), true),
    );
  }
  app.get(
    `${V}/question/front/user/studied/categories`,
    H(async (who, req, _p, s) => {
      const { page: p, pageSize } = page(req);
      return s.categories(p, pageSize, await s.studiedCategoryIds(who));
    }),
  );
  app.get(
    `${V}/question/front/user/all/categories`,
    H(async (_w, req, _p, s) => s.categories(page(req).page, page(req).pageSize)),
  );
  // spec 001 §7: every category, unpaged (the portal's subject filter)
  app.get(
    `${V}/question/categories`,
    H(async (_w, _req, _p, s) => s.categories(1, CATEGORIES.length || 1).records.map((c) => ({ id: c.id, name: c.name, subjectCount: c.subjectCount }))),
  );
  // chosen paths (decision 027)
  app.get(
    `${V}/question/categories/search`,
    H(async (_w, req) => {
      const kw = (query(req).keyword ?? '').trim();
      return CATEGORIES.filter((c) => !kw || c.name.includes(kw));
    }),
  );
  app.get(
    `${V}/question/subjects`,
    H(async (_w, req, _p, s) => {
      const q = query(req);
      return s.subjects({ ...page(req), categoryId: int(q.categoryId), keyword: q.keyword?.slice(0, 50) });
    }),
  );
  app.get(
    `${V}/exercise/overview/:subjectId`,
    H(async (who, req, _p, s) => s.overview(who, need(P(req).subjectId, '科目'))),
  );
  // today's practice and the daily practice rank (paths chosen, decision 027)
  app.get(
    `${V}/exercise/daily/today/:subjectId`,
    H(async (who, req, _p, s) => s.daily(who, need(P(req).subjectId, '科目'))),
  );
  app.get(
    `${V}/exercise/unfinished`,
    H(async (who, _r, _p, s) => s.unfinished(who)),
  );
  app.get(
    `${V}/exercise/record`,
    H(async (who, req, _p, s) => s.records(who, page(req).page, page(req).pageSize)),
  );
  app.get(
    `${V}/exercise/record/detail/:recordId`,
    H(async (who, req, _p, s) => s.state(await s.owned(who, need(P(req).recordId, '记录')))),
  );
  app.get(
    `${V}/exercise/report/:recordId`,
    H(async (who, req, _p, s) => {
      const report = await s.report(who, need(P(req).recordId, '记录'));
      // a picture's URL is absolute, on the sandbox's own host (a real upstream answers CDN URLs); audio and video have none: the preview calls give it
      return {
        ...report,
        questions: report.questions.map((q) => (q.media && 'url' in q.media ? { ...q, media: { ...q.media, url: `http://${hostOf(req)}${q.media.url}` } } : q)),
      };
    }),
  );

  /* ---- generation: POST with schoolId and clientId ---- */
  const gen = (type: ExerciseType, pick: (req: FastifyRequest) => Parameters<QbankStore['generate']>[2]) =>
    H(async (who, req, _p, s) => s.generate(who, type, pick(req)));
  app.post(
    `${V}/exercise/chapter/generate/:subjectId/:chapterId`,
    gen('chapter', (req) => ({
      subjectId: need(P(req).subjectId, '科目'),
      chapterId: need(P(req).chapterId, '章节'),
      sectionId: int(query(req).sectionId ?? body(req).sectionId),
    })),
  );
  app.post(
    `${V}/exercise/order/paper/generate/:subjectId`,
    gen('order', (req) => ({ subjectId: need(P(req).subjectId, '科目') })),
  );
  app.post(
    `${V}/exercise/paper/generate/:paperId`,
    gen('paper', (req) => ({ paperId: need(P(req).paperId, '试卷') })),
  );
  app.post(
    `${V}/exercise/daily/paper/generate/:subjectId`,
    gen('daily', (req) => ({ subjectId: need(P(req).subjectId, '科目') })),
  );
  app.post(
    `${V}/exercise/smart/paper/generate/:subjectId`,
    gen('smart', (req) => ({ subjectId: need(P(req).subjectId, '科目') })),
  );
  app.post(
    `${V}/exercise/quick/paper/generate/:categoryId/:subjectId`,
    gen('quick', (req) => ({
      categoryId: need(P(req).categoryId, '分类'),
      subjectId: need(P(req).subjectId, '科目'),
    })),
  );
  app.post(
    `${V}/exercise/reexamine/paper/generate/:recordId`,
    gen('reexamine', (req) => ({ recordId: need(P(req).recordId, '记录') })),
  );
  app.post(
    `${V}/exercise/wrong/start/:subjectId`,
    H(async (who, req, _p, s) => s.generate(who, 'wrong', { subjectId: need(P(req).subjectId, '科目') }), true),
  );

  /* ---- exercise session (HTTP; the socket speaks the same ops) ---- */
  const S = `${V}/exercise/session`;
  const rec = (req: FastifyRequest) => need(body(req).recordId ?? query(req).recordId, '记录');
  app.post(
    `${S}/paper/questions/v2`,
    H(async (who, req, _p, s) => s.paperQuestions(who, rec(req))),
  );
  app.post(
    `${S}/answer/submit`,
    H(async (who, req, _p, s) => {
      const b = body(req);
      return s.submitOne(who, rec(req), need(b.questionId, '题目'), b.answer, typeof b.opId === 'string' ? b.opId : undefined, 'http', b.at);
    }),
  );
  app.post(
    `${S}/batch/submit`,
    H(async (who, req, _p, s) => {
      const items = Array.isArray(body(req).answers) ? (body(req).answers as Array<Record<string, unknown>>) : [];
      return s.batchSubmit(
        who,
        rec(req),
        items.slice(0, 500).map((it) => ({
          questionId: need(it?.questionId, '题目'),
          answer: it?.answer,
          opId: typeof it?.opId === 'string' ? it.opId : undefined,
          at: it?.at,
        })),
        'http',
      );
    }),
  );
  app.post(
    `${S}/mark/modify`,
    H(async (who, req, _p, s) => s.flag('marks', who, rec(req), need(body(req).questionId, '题目'), body(req).marked !== false)),
  );
  app.post(
    `${S}/sign/modify`,
    H(async (who, req, _p, s) => s.flag('signs', who, rec(req), need(body(req).questionId, '题目'), body(req).signed !== false)),
  );
  app.post(
    `${S}/question/switch`,
    H(async (who, req, _p, s) => s.switchQuestion(who, rec(req), need(body(req).index, '题号'))),
  );
  app.post(
    `${S}/pause`,
    H(async (who, req, _p, s) => s.setPaused(who, rec(req), true)),
  );
  app.post(
    `${S}/resume`,
    H(async (who, req, _p, s) => s.setPaused(who, rec(req), false)),
  );
  app.post(
    `${S}/submit`,
    H(async (who, req, _p, s) => s.submit(who, rec(req))),
  );
  app.post(
    `${S}/wrong/questions`,
    H(async (who, req, _p, s) => (await s.report(who, rec(req))).questions.filter((q) => !q.right)),
  );
  app.post(
    `${S}/disconnect`,
    H(async (who, req, _p, s) => s.state(await s.owned(who, rec(req)))),
  );

  /* ---- anonymous exercise (spec 001 §7, paths as shown) ---- */
  app.post(
    `${V}/exercise/unlogin/submit`,
    H(async (who, req, _p, s) => {
      const recordId = need(query(req).recordId, '记录');
      const b = body(req);
      const items = Array.isArray(b.answers) ? (b.answers as Array<Record<string, unknown>>) : [];
      if (items.length)
        await s.batchSubmit(
          who,
          recordId,
          items.slice(0, 500).map((it) => ({
            questionId: need(it?.questionId, '题目'),
            answer: it?.answer,
            opId: typeof it?.opId === 'string' ? it.opId : undefined,
            at: it?.at,
          })),
          'http',
        );
      return s.submit(who, recordId);
    }),
  );
  app.post(
    `${V}/exercise/unlogin/reexamine/paper/generate`,
    H(async (who, req, _p, s) => s.generate(who, 'reexamine', { recordId: need(body(req).recordId ?? query(req).recordId, '记录') })),
  );

  /* ---- wrong questions and collections ---- */
  app.get(
    `${V}/wrong/list`,
    H(async (who, req, _p, s) => s.wrongList(who.userId!, int(query(req).subjectId), page(req).page, page(req).pageSize), true),
  );
  app.delete(
    `${V}/wrong/:id`,
    H(async (who, req, _p, s) => {
      const done = await s.deleteWrong(who.userId!, need(P(req).id, '错题'), need(query(req).parentId, 'parentId'));
      if (!done) throw new QbankError('404', '错题不存在');
      return true;
    }, true),
  );
  app.get(
    `${V}/collect/list`,
    H(async (who, req, _p, s) => s.collectList(who.userId!, page(req).page, page(req).pageSize), true),
  );
  app.post(
    `${V}/collect/add`,
    H(async (who, req, _p, s) => s.collect(who.userId!, need(body(req).questionId, '题目'), true), true),
  );
  app.post(
    `${V}/collect/remove`,
    H(async (who, req, _p, s) => s.collect(who.userId!, need(body(req).questionId, '题目'), false), true),
  );

  /* ---- points (spec 001 §7 "Points score") ---- */
  app.get(
    `${EXT}/integral/getscore`,
    H(async (who, _r, _p, s) => ({ score: await s.pointsTotal(who.userId!) }), true),
  );
  app.post(
    `${EXT}/integral/incr`,
    H(async (who, req, _p, s) => s.incrPoints(who.userId!, need(query(req).record_id ?? body(req).record_id, '记录')), true),
  );
  app.put(
    `${EXT}/integral/getIntegralGainScore`,
    H(async (who, req, _p, s) => {
      const r = await s.owned(who, need(query(req).record_id ?? body(req).record_id, '记录'));
      return { recordId: r.id, points: r.points ?? 0, total: await s.pointsTotal(who.userId!) };
    }, true),
  );

  /* ---- chapter and section pages and detail (spec 001 §7; paths chosen, decision 035) ---- */
  app.get(
    `${V}/chapter/page`,
    H(async (who, req, _p, s) => chapterPage(s, who, need(query(req).subjectId, '科目'), page(req).page, page(req).pageSize)),
  );
  app.get(
    `${V}/chapter/detail/:chapterId`,
    H(async (who, req, _p, s) => chapterDetail(s, who, need(P(req).chapterId, '章节'))),
  );
  app.get(
    `${V}/section/page`,
    H(async (who, req, _p, s) => sectionPage(s, who, need(query(req).chapterId, '章节'), page(req).page, page(req).pageSize)),
  );
  app.get(
    `${V}/section/detail/:sectionId`,
    H(async (who, req, _p, s) => sectionDetail(s, who, need(P(req).sectionId, '小节'))),
  );

  /* ---- explanation media: video and audio preview (paths chosen, decision 035), the short-answer video (spec 001 §7, as shown) ---- */
  const preview = (want: 'audio' | 'video' | 'short') =>
    H(async (who, req, _p, s) =>
      mediaPreview(s, who, need(query(req).recordId, '记录'), need(P(req).questionId ?? query(req).questionId, '题目'), want, `http://${hostOf(req)}`),
    );
  app.get(`${V}/media/video/preview/:questionId`, preview('video'));
  app.get(`${V}/media/audio/preview/:questionId`, preview('audio'));
  app.get(`${QUESTION}/examSys/shortAnswerQuestionVideo`, preview('short'));
  // what a preview address plays: the signed address only, until it expires (403 otherwise); video with HTTP Range
  app.get(`${V}/media/play/:file`, async (req, reply) => {
    const m = /^(\d{1,9})\.(webm|wav)$/.exec(P(req).file ?? '');
    const q = query(req);
    const kind = m?.[2] === 'webm' ? 'video' : 'audio';
    if (!m || !validPlay(Number(m[1]), kind, Number(q.expires), String(q.sign ?? ''))) return reply.code(403).type('text/plain').send('forbidden');
    const buf = kind === 'video' ? await readClip(CLIPS[0]!) : toneWav();
    if (!buf) return reply.code(404).send('');
    const range = parseRange(req.headers.range, buf.length);
    reply
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'private, max-age=600')
      .type(kind === 'video' ? 'video/webm' : 'audio/wav');
    if (range.status === 416) return reply.code(416).header('Content-Range', `bytes */${buf.length}`).send('');
    if (range.status === 206) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${buf.length}`);
    return reply.header('Content-Length', range.end - range.start + 1).send(buf.subarray(range.start, range.end + 1));
  });
  // an explanation's picture (public)
  app.get(`${V}/media/image/:file`, async (req, reply) => {
    const m = /^(\d{1,9})\.svg$/.exec(P(req).file ?? '');
    const [q] = m ? await store.questions([Number(m[1])]) : [];
    if (!q || q.media?.kind !== 'image') return reply.code(404).type('text/plain').send('not found');
    return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(explanationSvg(q));
  });

  if (ctx.control) {
    // every applied answer of a record (the socket journeys count them)
    app.get('/__sandbox/qbank/answers', async (req) => ({ answers: await store.answerLog(int(query(req).recordId) ?? 0) }));
    // a timed record's end moved to `inS` seconds from now
    app.post('/__sandbox/qbank/deadline', async (req, reply) => {
      const recordId = int(body(req).recordId);
      const inS = Number(body(req).inS ?? 0);
      if (recordId === undefined || !Number.isFinite(inS)) return reply.code(400).send({ error: 'give { recordId, inS }' });
      const { changes } = await ctx.db.run('UPDATE qbank_records SET deadline_at = ? WHERE id = ? AND deadline_at IS NOT NULL', [
        Date.now() + inS * 1000,
        recordId,
      ]);
      return { ok: changes > 0 };
    });
  }
}

let wav: Buffer | undefined;
function toneWav(): Buffer {
  if (wav) return wav;
  const rate = 8000;
  const n = rate * 2;
  const b = Buffer.alloc(44 + n);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + n, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(n, 40);
  for (let i = 0; i < n; i++) b[44 + i] = 128 + Math.round(40 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return (wav = b);
}
