import { env } from "~/env.server";
import type { Portal } from "~/lib/portal.server";
import { store } from "~/lib/state/store.server";

/**
 * The slider captcha of spec 000 section 8 behind one interface. `sandbox`: the sandbox's challenge page
 * (no JavaScript needed), which returns `ticket` and `randstr` to the portal's address. `cloud`: the cloud
 * provider's JS widget, configured by app id; the page loads it only when a challenge is due
 * (app/components/auth/captcha-cloud.client.ts). Tests never use `cloud`.
 */
export type CaptchaChallenge = { provider: "sandbox"; url: string } | { provider: "cloud"; appId: string; returnUrl: string };

export interface CaptchaProvider {
  challenge(returnUrl: string): CaptchaChallenge;
}

const sandboxProvider: CaptchaProvider = {
  challenge(returnUrl) {
    const base = env().CAPTCHA_URL ?? env().UPSTREAM_URL;
    const url = new URL("/captcha/challenge", base);
    url.searchParams.set("return", returnUrl);
    return { provider: "sandbox", url: url.toString() };
  },
};

const cloudProvider: CaptchaProvider = {
  challenge(returnUrl) {
    return { provider: "cloud", appId: env().CAPTCHA_APP_ID ?? "", returnUrl };
  },
};

export function captchaProvider(): CaptchaProvider {
  return env().CAPTCHA_PROVIDER === "cloud" ? cloudProvider : sandboxProvider;
}

/**
 * A request waiting for its captcha: the same call is retried with `ticket` and `randstr` when the visitor
 * comes back. Kept in THE store (memory, or Redis shared by the instances) for 5 minutes, single use, bound to the visitor's session id; the
 * secret (the password) is never written to a cookie or sent back to the browser.
 */
export type Pending = {
  sid: string;
  form: "login" | "register" | "forget" | "bindMobile" | "passwordCode" | "changePhone";
  fields: Record<string, string>;
  secret?: string;
  expires: number;
};

const PENDING_TTL_MS = 5 * 60_000;
const keyOf = (id: string) => `captcha:${id}`;

function sidOf(portal: Portal): string {
  let sid = portal.session.get("sid");
  if (!sid) {
    sid = crypto.randomUUID();
    portal.session.set("sid", sid);
  }
  return sid;
}

/**
 * Keeps the pending request in THE store (decision 020: Redis when several instances serve the portal, so
 * the visitor may come back to any of them); its TTL drops it after 5 minutes.
 */
export async function storePending(portal: Portal, entry: Omit<Pending, "sid" | "expires">): Promise<string> {
  const id = crypto.randomUUID();
  await store().put(keyOf(id), { ...entry, sid: sidOf(portal), expires: Date.now() + PENDING_TTL_MS } satisfies Pending, PENDING_TTL_MS);
  return id;
}

/**
 * The pending request of this visitor, removed from the store. Ownership (session id) and form are
 * checked before the id is consumed: another session presenting a victim's id (it travels in the
 * address) finds nothing and burns nothing. An expired entry is dropped whoever asks.
 */
export async function takePending(portal: Portal, id: string, form: Pending["form"]): Promise<Pending | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const entry = await store().read<Pending>(keyOf(id));
  if (!entry) return undefined;
  if (entry.expires < Date.now()) {
    await store().delete(keyOf(id));
    return undefined;
  }
  const sid = portal.session.get("sid");
  if (!sid || entry.sid !== sid || entry.form !== form) return undefined;
  await store().delete(keyOf(id));
  return entry;
}

/** What a solved challenge hands back, sent along with the retried call. */
export type CaptchaAnswer = { ticket: string; randstr: string };

/**
 * The loader side of a challenge: the visitor comes back to `path?captcha=<id>` with `ticket` and `randstr`
 * (solved) or `captchaFailed` (given up). The pending request of `form` is taken from the store (single use)
 * and either `failed` ('verification failed' on the form) or `retry`-ed with the answer. Undefined when the
 * address names no pending request of this visitor (none, expired, used, another session or form). A
 * Response from the retry (a login that went through) is thrown, as a loader does with a redirect.
 */
export async function resumeAfterCaptcha<T>(
  portal: Portal,
  url: URL,
  form: Pending["form"],
  on: {
    failed: (pending: Pending) => T;
    retry: (pending: Pending, answer: CaptchaAnswer) => Promise<T | Response>;
  },
): Promise<T | undefined> {
  const id = url.searchParams.get("captcha");
  if (!id) return undefined;
  const pending = await takePending(portal, id, form);
  if (!pending) return undefined;
  const ticket = url.searchParams.get("ticket");
  if (url.searchParams.get("captchaFailed") || !ticket) return on.failed(pending);
  const done = await on.retry(pending, { ticket, randstr: url.searchParams.get("randstr") ?? "" });
  if (done instanceof Response) throw done;
  return done;
}

/** The challenge for a pending request; the visitor comes back to `path?captcha=<id>`. */
export function challengeFor(portal: Portal, path: string, id: string): CaptchaChallenge {
  const back = new URL(path, portal.tenant.origin);
  back.searchParams.set("captcha", id);
  return captchaProvider().challenge(back.toString());
}
