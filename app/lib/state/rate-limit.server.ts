import type { AppLoadContext, HeadersFunction } from "@remix-run/node";
import { env } from "~/env.server";
import { resolveClient } from "~/lib/security/client-address.server";

import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { redisOf, store, storeSettled } from "~/lib/state/store.server";
import { onProcessReset } from "~/lib/state/process-state.server";

/**
 * One fixed-window limit (`max` attempts per `windowS`) through `rate-limiter-flexible`: in memory for one
 * process, in Redis when `REDIS_URL` is set so every instance counts together (decision 020). While Redis
 * is unreachable the per-process insurance limiter counts instead: the limits stay on, per instance.
 */
export class Limit {
  readonly limiter: RateLimiterAbstract;
  constructor(
    readonly name: string,
    readonly max: number,
    readonly windowS: number,
  ) {
    const redis = redisOf(store());
    const options = { keyPrefix: `portal:rl:${name}`, points: max, duration: windowS };
    this.limiter = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options);
  }

  /** Whether an attempt would be allowed now, without counting it. */
  async peek(key: string): Promise<{ ok: boolean; retryAfterS: number }> {
    await storeSettled();
    const res = await this.limiter.get(key);
    if (!res || res.consumedPoints < this.max) return { ok: true, retryAfterS: 0 };
    return { ok: false, retryAfterS: waitOf(res) };
  }

  /** Counts one attempt; `ok: false` with the wait when the key was already at its limit. */
  async hit(key: string): Promise<{ ok: boolean; retryAfterS: number }> {
    await storeSettled();
    try {
      await this.limiter.consume(key);
      return { ok: true, retryAfterS: 0 };
    } catch (error) {
      if (error instanceof RateLimiterRes) return { ok: false, retryAfterS: waitOf(error) };
      throw error;
    }
  }

  /** Seconds until the key's window ends (0 when no attempt is counted). */
  async windowLeftS(key: string): Promise<number> {
    await storeSettled();
    const res = await this.limiter.get(key);
    return res && res.consumedPoints > 0 ? Math.ceil(res.msBeforeNext / 1000) : 0;
  }

  /** Gives back one counted attempt (a reserved try that turned out not to count). */
  async refund(key: string) {
    await storeSettled();
    await this.limiter.reward(key, 1);
  }

  async reset(key: string) {
    await this.limiter.delete(key);
  }
}

const waitOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Spec 000 section 9: one code per mobile per 60 s (the resend countdown). */
export const SMS_RESEND_S = 60;

/** The window of the wrong money codes (issue 36 §1): a lockout ends at most an hour after the first wrong code. */
export const CODE_WINDOW_S = 60 * 60;

let limiters: ReturnType<typeof build> | undefined;
onProcessReset(() => {
  limiters = undefined;
});
function build() {
  const e = env();
  return {
    loginPerIp: new Limit("login-ip", e.RATE_LIMIT_LOGIN_PER_IP, 10 * 60),
    loginPerAccount: new Limit("login-account", e.RATE_LIMIT_LOGIN_PER_ACCOUNT, 10 * 60),
    smsPerIp: new Limit("sms-ip", e.RATE_LIMIT_SMS_PER_IP, 60 * 60),
    smsResend: new Limit("sms-resend", 1, SMS_RESEND_S),
    smsPerMobile: new Limit("sms-mobile", 5, 60 * 60),
    codesPerAccount: new Limit("codes-account", e.RATE_LIMIT_CODES_PER_ACCOUNT, CODE_WINDOW_S),
    codesPerIp: new Limit("codes-ip", e.RATE_LIMIT_CODES_PER_IP, CODE_WINDOW_S),
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
  const ip = args.context?.clientIp;
  if (typeof ip === "string" && ip) return ip;
  return resolveClient(env().TRUST_PROXY, { headers: args.request.headers }).ip;
}

export type LimitResult = { ok: true } | { ok: false; retryAfterS: number };

/** Counts a login attempt against the IP and the account; the first limit hit wins. */
export async function limitLogin(ip: string, account: string): Promise<LimitResult> {
  const l = rateLimiters();
  const key = account.trim().toLowerCase();
  return limitAll([
    [l.loginPerIp, ip],
    [l.loginPerAccount, key],
  ]);
}

/**
 * Checks every limit first (an attempt refused by one is not counted by the others), then counts it in
 * each; a limit reached between the check and the count (a parallel attempt on another instance) refuses.
 */
async function limitAll(pairs: [Limit, string][]): Promise<LimitResult> {
  for (const [limit, key] of pairs) {
    const state = await limit.peek(key);
    if (!state.ok) return { ok: false, retryAfterS: state.retryAfterS };
  }
  let refused: LimitResult | undefined;
  for (const [limit, key] of pairs) {
    const state = await limit.hit(key);
    if (!state.ok) refused ??= { ok: false, retryAfterS: state.retryAfterS };
  }
  return refused ?? { ok: true };
}

/** Counts an SMS send against the mobile (60 s resend, hourly cap) and the IP. */
export async function limitSms(ip: string, mobile: string): Promise<LimitResult> {
  const l = rateLimiters();
  return limitAll([
    [l.smsResend, mobile],
    [l.smsPerMobile, mobile],
    [l.smsPerIp, ip],
  ]);
}

/**
 * Reserves one wrong money code (recharge card, study card, coupon exchange: issue 36 §1) for the account
 * and the address before the code reaches the upstream, so parallel guesses cannot pass the limit together;
 * `refundCode` gives it back when the code turned out right (or was not checked). At the limit every
 * check is refused, a right code too, until the window ends.
 */
export async function limitCode(ip: string, account: string): Promise<LimitResult> {
  const l = rateLimiters();
  return limitAll([
    [l.codesPerAccount, account],
    [l.codesPerIp, ip],
  ]);
}
export async function refundCode(ip: string, account: string) {
  const l = rateLimiters();
  await Promise.all([l.codesPerAccount.refund(account), l.codesPerIp.refund(ip)]);
}

/** An SMS send that failed upstream should not block a retry for 60 s. */
export async function releaseSms(mobile: string) {
  await rateLimiters().smsResend.reset(mobile);
}

/** Seconds until the mobile may get another code. */
export async function smsResendLeftS(mobile: string): Promise<number> {
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

/** A personal page's `headers` whose form can answer 429: its `Retry-After`, and never stored. */
export const privateRetryAfterHeaders: HeadersFunction = (args) => {
  const headers = new Headers(retryAfterHeaders(args));
  headers.set("Cache-Control", "private, no-store");
  return headers;
};
