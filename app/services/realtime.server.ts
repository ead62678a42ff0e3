import * as z from "zod/v4";
import { env } from "~/env.server";
import { configCache, DomainsSchema, knownCompany, loadConfig } from "~/services/config.server";
import { isLoggedIn, type Portal } from "~/lib/portal.server";
import { text } from "~/lib/http/schemas.server";
import { ALL_FAILURES, type Upstream, type UpstreamErrorKind } from "~/lib/http/upstream.server";
import type { SocketBootstrap, SocketModule } from "~/services/realtime.client";

/** `GET /saas-business/v1/nodeOnline/getConfig`: node/live hosts and the user's socket session id. */
export const NodeOnlineSchema = z.looseObject({
  domain: text,
  liveDomain: text,
  liveYunId: text,
  _sessionId: text,
  liveSessionId: text,
  online_school_nodejs_domain: text,
});
export type NodeOnline = z.infer<typeof NodeOnlineSchema>;

/** The socket pool's size from the system configuration value (pc.socket.pool.size): a whole number 1-10, else 1. */
export const MAX_SOCKET_POOL = 10;
export function socketPoolSize(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_SOCKET_POOL) : 1;
}

/** Spec 000 section 7.3: the socket URL's `additional` parameter. */
export const SOCKET_ADDITIONAL = "5";

/** `GET /external/api/v1/domains`: data.netty.domain is the exam/live socket's host; company-wide, cached per domain. */
export function loadSocketHost(upstream: Upstream): Promise<string> {
  const key = `${upstream.ctx.domain}|*|domains`;
  return configCache.get(key, env().CONFIG_TTL_S * 1000, (background) =>
    upstream
      .call({ path: "/external/api/v1/domains", schema: DomainsSchema, auth: "none", signal: background ? null : undefined })
      .then((d) => d.netty?.domain ?? ""),
  ) as Promise<string>;
}

/** The user's node config: per user (it carries `_sessionId`), never cached. */
export function loadNodeOnline(upstream: Upstream, expect?: UpstreamErrorKind[]): Promise<NodeOnline> {
  return upstream.call({ path: "/saas-business/v1/nodeOnline/getConfig", query: { domain: upstream.ctx.domain }, schema: NodeOnlineSchema, expect });
}

function identity(portal: Portal) {
  const companyId = portal.session.get("companyId") ?? knownCompany(portal.tenant.domain);
  if (!isLoggedIn(portal) || companyId === undefined) return null;
  return { userId: portal.userId!, companyId, schoolId: portal.schoolId };
}

/**
 * For the loader of a page that opens the exam/live socket (and only those: it is the one way the
 * token reaches the browser). The token goes in the auth message, never in the URL; `sessionid` in
 * the URL is the upstream's `_sessionId`, a digest, not the token. Null for a visitor, and with `optional`
 * when the socket's configuration cannot be read (the page goes on without its socket).
 */
export async function socketBootstrap(portal: Portal, module: SocketModule, options: { optional?: boolean } = {}): Promise<SocketBootstrap | null> {
  const who = identity(portal);
  if (!who || !portal.token) return null;
  let host: string, node: NodeOnline, pool: string | null;
  try {
    [host, node, pool] = await Promise.all([
      loadSocketHost(portal.upstream),
      loadNodeOnline(portal.upstream, options.optional ? ALL_FAILURES : undefined),
      loadConfig(portal.upstream, "socketPoolSize"),
    ]);
  } catch (error) {
    // `optional` (the live channel, decision 059): the page works without its socket, so a failed config call leaves it out
    if (options.optional) return null;
    throw error;
  }
  if (!host) return null;
  return {
    host,
    query: {
      yunId: node.liveYunId,
      additional: SOCKET_ADDITIONAL,
      domain: portal.tenant.domain,
      sessionid: node._sessionId,
      userId: String(who.userId),
      schoolId: String(who.schoolId),
      companyId: String(who.companyId),
      platform: "pc",
    },
    auth: { ...who, token: portal.token, deviceId: portal.clientId, module },
    poolSize: socketPoolSize(pool),
  };
}

/** What the presence socket needs (no token): hosts, the user and the upstream's `_sessionId`. */
export type PresenceBootstrap = { hosts: string[]; userId: number; companyId: number; sessionId: string };

export async function presenceBootstrap(portal: Portal): Promise<PresenceBootstrap | null> {
  const who = identity(portal);
  if (!who) return null;
  const node = await loadNodeOnline(portal.upstream, ALL_FAILURES);
  const hosts = node.online_school_nodejs_domain
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  if (!hosts.length || !node._sessionId) return null;
  return { hosts, userId: who.userId, companyId: who.companyId, sessionId: node._sessionId };
}
