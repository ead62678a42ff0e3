import type { AppLoadContext } from "@remix-run/node";
import type { Portal } from "~/lib/context.server";
import { clientIpOf, limitCode, refundCode, smsResendLeftS } from "~/lib/state/rate-limit.server";
import { MemoryStore, store, type Store } from "~/lib/state/store.server";
import { UpstreamError } from "~/lib/http/upstream.server";

/**
 * Wrong SMS codes (issue 10 §2, docs/decisions/012): every step that checks an SMS code (reset password,
 * register, SMS login, and the bind / verify forms) calls `checkSmsCode`. Each code allows at most
 * MAX_WRONG_CODE_TRIES wrong tries; then it is burned: every further check for that mobile and purpose
 * answers `burned` (HTTP 429, Retry-After) without reaching the upstream, until a new code is sent
 * (`codeSent`) or the state expires. The portal enforces this itself: it does not rely on the upstream.
 */
export const MAX_WRONG_CODE_TRIES = 5;
/** Longer than a code lives (the sandbox's codes live 10 minutes): a burned code stays burned. */
export const CODE_STATE_TTL_MS = 15 * 60_000;

export type CodePurpose = "login" | "register" | "forget" | "bind" | "verify";

/** Where the counters live: THE store (memory, or Redis shared by every instance: decision 020). */
export type CounterStore = Pick<Store, "increment" | "delete">;
export { MemoryStore as MemoryCounterStore };

let override: CounterStore | undefined;
const counters = (): CounterStore => override ?? store();

/** Replaces the store (tests); `undefined` goes back to THE store. */
export function useCounterStore(next: CounterStore | undefined) {
  override = next;
}

const keyOf = (purpose: CodePurpose, mobile: string) => `sms-code:${purpose}:${mobile.replace(/\s+/g, "")}`;

/** A new code was sent to the mobile for this purpose: its wrong tries start again at 0. */
export async function codeSent(purpose: CodePurpose, mobile: string): Promise<void> {
  await counters().delete(keyOf(purpose, mobile));
}

/** Seconds a visitor is told to wait after a burned code: until a new code may be sent, at least 1. */
export async function burnedRetryAfterS(mobile: string): Promise<number> {
  return Math.max(1, await smsResendLeftS(mobile.replace(/\s+/g, "")));
}

export type CodeCheck<T> =
  /** the check passed */
  | { kind: "ok"; value: T }
  /** the upstream refused the code; `burned` when that was the last allowed try */
  | { kind: "wrong"; error: UpstreamError; burned: boolean }
  /** the code was already burned: the check was not made */
  | { kind: "burned"; retryAfterS: number };

/** An upstream business refusal counts as a wrong try; a captcha demand, a timeout or an outage do not. */
function isWrongTry(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError && error.kind === "business";
}

/**
 * THE helper for every step that checks an SMS code: reserves one try before the upstream call (so
 * parallel guesses cannot pass the limit together), gives it back when the code was not checked
 * (captcha, outage), and clears the count when the code was right.
 */
export async function checkSmsCode<T>(purpose: CodePurpose, mobile: string, check: () => Promise<T>): Promise<CodeCheck<T>> {
  const key = keyOf(purpose, mobile);
  const tries = await counters().increment(key, 1, CODE_STATE_TTL_MS);
  if (tries > MAX_WRONG_CODE_TRIES) return { kind: "burned", retryAfterS: await burnedRetryAfterS(mobile) };
  try {
    const value = await check();
    await counters().delete(key);
    return { kind: "ok", value };
  } catch (error) {
    if (!isWrongTry(error)) {
      await counters().increment(key, -1, CODE_STATE_TTL_MS);
      throw error;
    }
    return { kind: "wrong", error, burned: tries >= MAX_WRONG_CODE_TRIES };
  }
}

/** A money code's check (issue 36 §1): made (with the service's answer), or refused before the upstream by the limit. */
export type MoneyCodeCheck<T> = { kind: "checked"; value: T } | { kind: "locked"; retryAfterS: number };

/**
 * THE helper for every form that redeems a code worth money (recharge card, study card, coupon exchange;
 * issue 36 §1): wrong codes count per account and per client address (THE store: Redis shared by every
 * instance when configured), `RATE_LIMIT_CODES_PER_ACCOUNT` / `_PER_IP` per hour. One try is reserved before
 * the upstream call and given back when the code was right or was not checked (an outage throws); the
 * service's `{ ok: false }` (the upstream's business refusal) is the wrong code that stays counted. At the
 * limit nothing reaches the upstream, a right code neither, until the window ends.
 */
export async function checkMoneyCode<T extends { ok: boolean }>(
  args: { context: AppLoadContext | undefined; request: Request },
  portal: Pick<Portal, "tenant" | "userId">,
  check: () => Promise<T>,
): Promise<MoneyCodeCheck<T>> {
  const ip = clientIpOf(args);
  const account = `${portal.tenant.domain}:${portal.userId ?? "visitor"}`;
  const limit = await limitCode(ip, account);
  if (!limit.ok) return { kind: "locked", retryAfterS: limit.retryAfterS };
  let value: T;
  try {
    value = await check();
  } catch (error) {
    await refundCode(ip, account);
    throw error;
  }
  if (value.ok) await refundCode(ip, account);
  return { kind: "checked", value };
}
