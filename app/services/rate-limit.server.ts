import type { AppLoadContext, HeadersFunction } from "@remix-run/node";
import { env } from "~/env.server";
import { resolveClient } from "~/services/client-address.server";

/** A fixed-window counter per key, in memory (one portal process; see docs/decisions/006). */
export class RateLimiter {
  private readonly hits = new Map<string, { start: number; count: number }>();
  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts one attempt; `retryAfterS` > 0 when the key is over its limit (the attempt is not counted). */
  hit(key: string, now = Date.now()): { ok: boolean; retryAfterS: number } {
    const state = this.peek(key, now);
    if (!state.ok) return state;
    const entry = this.hits.get(key);
    if (entry && entry.start + this.windowMs > now) entry.count++;
    else {
      if (this.hits.size >= this.maxKeys) this.sweep(now);
      this.hits.set(key, { start: now, count: 1 });
    }
    return { ok: true, retryAfterS: 0 };
  }

  /** Whether an attempt would be allowed now, without counting it. */
  peek(key: string, now = Date.now()): { ok: boolean; retryAfterS: number } {
    const entry = this.hits.get(key);
    if (!entry || entry.start + this.windowMs <= now || entry.count < this.max) return { ok: true, retryAfterS: 0 };
    return { ok: false, retryAfterS: Math.max(1, Math.ceil((entry.start + this.windowMs - now) / 1000)) };
  }

  /** Seconds until the key's window ends (0 when no attempt is counted). */
  windowLeftS(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    if (!entry || entry.start + this.windowMs <= now) return 0;
    return Math.ceil((entry.start + this.windowMs - now) / 1000);
  }

  reset(key?: string) {
    if (key === undefined) this.hits.clear();
    else this.hits.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.start + this.windowMs <= now) this.hits.delete(key);
    while (this.hits.size >= this.maxKeys) {
      const oldest = this.hits.keys().next().value;
      if (oldest === undefined) break;
      this.hits.delete(oldest);
    }
  }
}

/** Spec 000 section 9: one code per mobile per 60 s (the resend countdown). */
export const SMS_RESEND_S = 60;

let limiters: ReturnType<typeof build> | undefined;
function build() {
  const e = env();
  return {
    loginPerIp: new RateLimiter(e.RATE_LIMIT_LOGIN_PER_IP, 10 * 60_000),
    loginPerAccount: new RateLimiter(e.RATE_LIMIT_LOGIN_PER_ACCOUNT, 10 * 60_000),
    smsPerIp: new RateLimiter(e.RATE_LIMIT_SMS_PER_IP, 60 * 60_000),
    smsResend: new RateLimiter(1, SMS_RESEND_S * 1000),
    smsPerMobile: new RateLimiter(5, 60 * 60_000),
  };
}
export function rateLimiters() {
  return (limiters ??= build());
}

/**
 * The visitor's address: what `scripts/serve.mjs` resolved from the socket and the trusted proxies
 * (`clientIp` in the load context); under a bare `remix-serve` the same function reads the headers
 * (decision 012).
 */
export function clientIpOf(args: { context: AppLoadContext | undefined; request: Request }): string {
  const ip = (args.context as { clientIp?: unknown } | undefined)?.clientIp;
  if (typeof ip === "string" && ip) return ip;
  return resolveClient(env().TRUST_PROXY, { headers: args.request.headers }).ip;
}

export type LimitResult = { ok: true } | { ok: false; retryAfterS: number };

/** Counts a login attempt against the IP and the account; the first limit hit wins. */
export function limitLogin(ip: string, account: string): LimitResult {
  const l = rateLimiters();
  const key = account.trim().toLowerCase();
  for (const [limiter, k] of [[l.loginPerIp, ip], [l.loginPerAccount, key]] as const) {
    const state = limiter.peek(k);
    if (!state.ok) return { ok: false, retryAfterS: state.retryAfterS };
  }
  l.loginPerIp.hit(ip);
  l.loginPerAccount.hit(key);
  return { ok: true };
}

/** Counts an SMS send against the mobile (60 s resend, hourly cap) and the IP. */
export function limitSms(ip: string, mobile: string): LimitResult {
  const l = rateLimiters();
  for (const [limiter, k] of [[l.smsResend, mobile], [l.smsPerMobile, mobile], [l.smsPerIp, ip]] as const) {
    const state = limiter.peek(k);
    if (!state.ok) return { ok: false, retryAfterS: state.retryAfterS };
  }
  l.smsResend.hit(mobile);
  l.smsPerMobile.hit(mobile);
  l.smsPerIp.hit(ip);
  return { ok: true };
}

/** An SMS send that failed upstream should not block a retry for 60 s. */
export function releaseSms(mobile: string) {
  rateLimiters().smsResend.reset(mobile);
}

/** Seconds until the mobile may get another code. */
export function smsResendLeftS(mobile: string): number {
  return rateLimiters().smsResend.windowLeftS(mobile);
}

/**
 * Headers for an answer that may be a 429: every 429 the portal sends carries `Retry-After` in seconds
 * (issue 10 §2); `retryAfterS` is the wait the limit reported.
 */
export function withRetryAfter(outcome: { status: number; retryAfterS?: number }, init?: HeadersInit): Headers {
  const headers = new Headers(init);
  if (outcome.status === 429) headers.set("Retry-After", String(Math.max(1, Math.ceil(outcome.retryAfterS ?? 60))));
  return headers;
}

/**
 * A route's `headers`: Remix carries only cookies from an action's or loader's answer into the page, so
 * the forms that can answer 429 export this to keep its `Retry-After`.
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
