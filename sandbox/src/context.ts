import { failMsg } from './messages.js';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { areaFor, buildFieldMap, type Area } from './config.js';
import type { Db, JsonObject, SchoolRow, TokenRow, UserRow } from './db.js';
import { UNAUTHORIZED } from './envelope.js';
import { FaultStore } from './faults.js';
import { company1Config } from './seed.js';

export interface LoggedRequest {
  method: string;
  /** path after /s/api, without the query string */
  path: string;
  query: Record<string, string>;
  headers: {
    memory: string | null;
    /** never the token itself: whether one was sent, and its first 4 characters */
    authorization: { present: boolean; prefix: string };
    schoolid: string | null;
    companyid: string | null;
    system_os: string | null;
    platform: string | null;
    app_version: string | null;
  };
  at: string;
}

export interface SmsRecord {
  mobile: string;
  code: string;
  sentAt: string;
}

export interface Ctx {
  db: Db;
  control: boolean;
  latencyMs: number;
  tokenTtlS: number;
  faults: FaultStore;
  requests: LoggedRequest[];
  fieldMap: Map<string, string[]>;
  /** In-memory state beside the database (logs, counters, sockets' switches): each holder adds how it is
   * emptied; `POST /__sandbox/reset` runs them all after restoring the seed. */
  onReset: Array<() => void>;
}

export function createCtx(db: Db, opts: { control: boolean; latencyMs: number; tokenTtlS: number }): Ctx {
  return {
    db,
    ...opts,
    faults: new FaultStore(),
    requests: [],
    onReset: [],
    fieldMap: buildFieldMap(company1Config('')),
  };
}

export type Q = Record<string, string | undefined>;

export function query(req: FastifyRequest): Q {
  return (req.query ?? {}) as Q;
}

export function body(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  return typeof b === 'object' && b !== null && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function tokenOf(req: FastifyRequest): string {
  const raw = header(req, 'authorization')?.trim() ?? '';
  return raw.replace(/^Bearer\s+/i, '');
}

const num = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v.trim());
  return undefined;
};

/** The request log keeps at most this many calls (oldest dropped first). */
export const REQUEST_LOG_LIMIT = 10_000;

export function logRequest(ctx: Ctx, req: FastifyRequest): void {
  if (ctx.requests.length >= REQUEST_LOG_LIMIT) ctx.requests.splice(0, ctx.requests.length - REQUEST_LOG_LIMIT + 1);
  const url = req.url;
  const qi = url.indexOf('?');
  const path = (qi >= 0 ? url.slice(0, qi) : url).slice('/s/api'.length);
  const q: Record<string, string> = {};
  if (qi >= 0) for (const [k, v] of new URLSearchParams(url.slice(qi + 1))) q[k] = v;
  const auth = tokenOf(req);
  const h = (n: string) => header(req, n) ?? null;
  ctx.requests.push({
    method: req.method,
    path,
    query: q,
    headers: {
      memory: h('memory'),
      authorization: { present: auth.length > 0, prefix: auth.slice(0, 4) },
      schoolid: h('schoolid'),
      companyid: h('companyid'),
      system_os: h('system_os'),
      platform: h('platform'),
      app_version: h('app_version'),
    },
    at: new Date().toISOString(),
  });
}

/** The domain the portal sent: `domain` query parameter, else a `domain` field in the body. */
export function domainOf(req: FastifyRequest): string | undefined {
  const d = query(req).domain ?? (typeof body(req).domain === 'string' ? (body(req).domain as string) : undefined);
  const t = d?.trim().toLowerCase();
  return t ? t.replace(/:\d+$/, '') : undefined;
}

/** Company resolution: `domain` query → `companyId` header → the token's user. */
export async function resolveCompany(ctx: Ctx, req: FastifyRequest): Promise<number | undefined> {
  const domain = domainOf(req);
  if (domain !== undefined) return ctx.db.companyIdByDomain(domain);
  const hc = num(header(req, 'companyid'));
  if (hc !== undefined && (await ctx.db.companyExists(hc))) return hc;
  const t = await ctx.db.validToken(tokenOf(req));
  return t?.companyId;
}

/** The school of a per-school call: `schoolId` query → `schoolId` header → the default school. */
export async function resolveSchool(ctx: Ctx, req: FastifyRequest, companyId: number): Promise<SchoolRow> {
  const b = body(req);
  for (const cand of [query(req).schoolId, b.schoolId, header(req, 'schoolid')]) {
    const id = num(cand);
    if (id === undefined) continue;
    const s = await ctx.db.school(id);
    if (s && s.companyId === companyId) return s;
  }
  const def = await ctx.db.defaultSchool(companyId);
  if (!def) throw new Error(`company ${companyId} has no school`);
  return def;
}

export interface Auth {
  token: TokenRow;
  user: UserRow;
}

/** The logged-in user of the call (a valid token; when a company is given it must be the user's). */
export async function authOf(ctx: Ctx, req: FastifyRequest, companyId?: number, token = tokenOf(req)): Promise<Auth | undefined> {
  const t = await ctx.db.validToken(token);
  if (!t) return undefined;
  if (companyId !== undefined && t.companyId !== companyId) return undefined;
  const user = await ctx.db.user(t.userId);
  return user ? { token: t, user } : undefined;
}

export function unauthorized(reply: FastifyReply): FastifyReply {
  return reply.code(401).send(UNAUTHORIZED);
}

export function companyNotFound(reply: FastifyReply): FastifyReply {
  return reply.send(failMsg('companyNotFound'));
}

export async function area(ctx: Ctx, companyId: number, name: Area, schoolId?: number): Promise<JsonObject> {
  const config = (await ctx.db.getConfig(companyId)) ?? {};
  return areaFor(config, name, schoolId);
}

export function hashOf(v: unknown): string {
  return createHash('md5').update(JSON.stringify(v)).digest('hex');
}

/** host:port the request was addressed to (Host header), falling back to the socket address. */
export function hostOf(req: FastifyRequest): string {
  const h = header(req, 'host');
  if (h) return h;
  const a = req.socket.localAddress ?? '127.0.0.1';
  return `${a}:${req.socket.localPort ?? 0}`;
}

export function schoolJson(s: SchoolRow) {
  return { id: s.id, schoolName: s.schoolName, suffix: s.suffix, companyId: s.companyId, defaultFlag: s.defaultFlag ? 1 : 0 };
}

export function currentUserJson(u: UserRow, schoolId: number) {
  return {
    userId: u.id,
    companyId: u.companyId,
    schoolId,
    nickName: u.nickName,
    mobile: u.mobile,
    username: u.username,
    email: u.email,
    memberFlag: u.memberFlag,
    memberIco: u.memberIco,
    headPicMax: u.headPicMax,
    unReadNum: u.unReadNum,
    integralRemaining: u.integralRemaining,
    changePasswordConfig: u.changePasswordConfig,
    staffFlag: u.staffFlag,
  };
}
