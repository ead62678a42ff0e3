import { registerQrCodeControl, registerQrCodeRoutes } from './routes/qrcode.js';
import Fastify, { type FastifyError } from 'fastify';
import type { AddressInfo } from 'node:net';
import { createCtx, hostOf, logRequest, type Ctx } from './context.js';
import { openDb } from './db.js';
import { sendFault } from './faults.js';
import { registerConfigRoutes } from './routes/config.js';
import { registerControlRoutes, registerHealthRoute } from './routes/control.js';
import { registerSchoolRoutes } from './routes/schools.js';
import { registerSessionRoutes } from './routes/session.js';
import { attachRealtime } from './realtime/index.js';
import { registerCaptchaRoutes } from './routes/captcha.js';
import { registerCatalogRoutes } from './routes/catalog.js';
import { registerExerciseSyncRoutes } from './routes/exercise-sync.js';
import { registerQbankRoutes } from './routes/qbank.js';
import { registerExamRoutes } from './routes/exams.js';
import { registerFaceRoutes } from './routes/face.js';
import { registerLoginRoutes } from './routes/login.js';
import { registerForgetRoutes } from './routes/forget.js';
import { registerRegisterRoutes } from './routes/register.js';
import { registerThirdPartyRoutes } from './routes/third-party.js';
import { registerShellRoutes } from './routes/shell.js';
import { registerPersonalRoutes } from './routes/personal.js';
import { registerStudyAgreementRoutes } from './routes/study-agreements.js';
import { registerStudyRoutes } from './routes/study.js';

import { registerShopRoutes } from './routes/shop.js';

import { registerCommunityRoutes } from './routes/community.js';

import { registerFileRoutes } from './routes/files.js';

import { registerAccountRoutes } from './routes/account.js';
import { registerUserCentreRoutes } from './routes/usercentre.js';
import { registerMessageRoutes } from './routes/messages.js';
import { registerMenuPermissionControlRoutes, registerMenuPermissionRoutes } from './routes/menu-permission.js';
import { Template } from './template.js';
import { holdStorage } from './storage/objects.js';
import { registerLessonRoutes } from './routes/lesson.js';
import { registerInsteadRoutes } from './routes/instead.js';
import { absoluteStatic, registerStaticRoutes } from './routes/static.js';

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** SQLite file path, `file:` URL or `:memory:` (default `sandbox/data/sandbox.db`, relative to cwd) */
  db?: string;
  /** the /__sandbox control API (default on) */
  control?: boolean;
  /** latency added to every /s/api call */
  latencyMs?: number;
  /** lifetime of a session token in seconds (default 86400) */
  tokenTtlS?: number;
}

export interface Sandbox {
  url: string;
  port: number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const host = opts.host ?? '127.0.0.1';
  const db = await openDb(opts.db ?? 'sandbox/data/sandbox.db');
  let template: Template;
  try {
    template = await Template.open(db);
  } catch (e) {
    db.close();
    throw e;
  }
  const ctx: Ctx = createCtx(db, {
    control: opts.control ?? true,
    latencyMs: opts.latencyMs ?? 0,
    tokenTtlS: opts.tokenTtlS ?? 86400,
  });

  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });

  // JSON bodies: an empty body is {} (the portal may POST without a body)
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, raw, done) => {
    const text = String(raw ?? '').trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('invalid JSON body') as FastifyError;
      err.statusCode = 400;
      done(err, undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, raw, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(raw ?? ''))));
  });

  // request log, latency and faults for every /s/api call (also unknown ones)
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/s/api/') && req.url !== '/s/api') return;
    logRequest(ctx, req);
    const path = req.url.slice('/s/api'.length).split('?')[0] ?? '';
    const { latencyMs, answer, held } = ctx.faults.match(req.method, path);
    if (held) await held;
    const delay = ctx.latencyMs + latencyMs;
    if (delay > 0) await sleep(delay);
    if (answer) return sendFault(reply, answer);
  });

  // Image fields seeded as `/__static/...` become absolute URLs on the sandbox's own host in every
  // upstream answer (a real upstream answers CDN URLs).
  app.addHook('preSerialization', async (req, _reply, payload: unknown) =>
    req.url.startsWith('/s/api') ? absoluteStatic(payload, `http://${hostOf(req)}`) : payload,
  );

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/s/api')) return reply.code(404).send({ code: '404', message: 'not found', data: null });
    return reply.code(404).send({ error: 'not found' });
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) console.error(`sandbox: ${req.method} ${req.url} failed:`, err);
    if (req.url.startsWith('/s/api')) return reply.code(status).send({ code: String(status), message: err.message, data: null });
    return reply.code(status).send({ error: err.message });
  });

  registerHealthRoute(app);
  registerStaticRoutes(app);
  registerConfigRoutes(app, ctx);
  registerSchoolRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerLoginRoutes(app, ctx);
  registerForgetRoutes(app, ctx);
  registerRegisterRoutes(app, ctx);
  registerCaptchaRoutes(app, ctx);
  registerFaceRoutes(app, ctx);
  registerThirdPartyRoutes(app, ctx);
  registerQrCodeRoutes(app, ctx);
  registerExerciseSyncRoutes(app, ctx);
  registerQbankRoutes(app, ctx);
  registerExamRoutes(app, ctx);
  registerShellRoutes(app, ctx);
  registerPersonalRoutes(app, ctx);
  registerStudyRoutes(app, ctx);

  registerShopRoutes(app, ctx);

  registerFileRoutes(app, ctx);

  registerAccountRoutes(app, ctx);
  registerUserCentreRoutes(app, ctx);
  registerMessageRoutes(app, ctx);
  registerCommunityRoutes(app, ctx);
  registerCatalogRoutes(app, ctx);
  registerMenuPermissionRoutes(app, ctx);
  registerStudyAgreementRoutes(app, ctx);
  registerLessonRoutes(app, ctx);
  registerInsteadRoutes(app, ctx);
  if (ctx.control) {
    registerControlRoutes(app, ctx, template);
    registerMenuPermissionControlRoutes(app, ctx);
    registerQrCodeControl(app, ctx);
  }
  const realtime = await attachRealtime(app, ctx);

  try {
    await app.listen({ port: opts.port ?? 4000, host });
  } catch (e) {
    db.close();
    template.close();
    throw e;
  }
  const releaseStorage = holdStorage();
  const port = (app.server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  let closed = false;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    async close() {
      if (closed) return;
      closed = true;
      ctx.faults.clear(); // held calls answer, so that the server can close
      await realtime.close();
      await app.close();
      db.close();
      template.close();
      releaseStorage();
    },
  };
}
