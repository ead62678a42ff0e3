import { randomUUID } from "node:crypto";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";
import { formFailureAnswer } from "~/lib/http/form-failure.server";
import { getPortal, submittedFieldsOf } from "~/lib/portal.server";
import { store, type Store } from "~/lib/state/store.server";

/**
 * One tap, one thing (issue 37 §3, decision 095). A form that creates something carries a key made when the
 * page is drawn (`newCreateKey()` in its loader, a hidden `idemKey`, kept after an uncertain failure by
 * `keptIdemKey`); its action runs the create inside `oneCreate`. The first post with a key claims it in THE
 * store (Redis when configured: every instance sees it) and keeps its answer: a redirect, or a 2xx answer;
 * a second post with the same key from the same user (a double tap, a resubmitted page) waits for the first
 * and answers the same, without calling the upstream again. A first post that ends any other way (a refusal,
 * an error) lets the key go, so the next post with it tries again. A post without a well-formed key runs as
 * before. The spec's calls carry no idempotency field (spec 001, call catalogue): the portal dedupes itself,
 * one mechanism for every create form whatever its call.
 */

/** The posted field that carries a create form's key. */
export const CREATE_KEY_FIELD = "idemKey";
const KEY = /^[A-Za-z0-9_-]{8,64}$/;
/** How long a kept answer replays (a page left open, then its form sent again, is a new page's key by then). */
export const CREATE_ANSWER_TTL_MS = 15 * 60_000;
/** How often a second post looks for the first one's answer. */
const POLL_MS = 40;

/** A fresh key for a create form: one per drawing of the page. */
export function newCreateKey(): string {
  return randomUUID();
}

type Kept = { redirect: { status: number; location: string; cacheControl: string | null } } | { data: unknown; status: number };

/** What of an action's answer (returned or thrown) is replayed: a redirect, or a 2xx `data()`; else nothing. */
function keepable(answer: unknown): Kept | undefined {
  if (answer instanceof Response) {
    const location = answer.headers.get("Location");
    if (answer.status < 300 || answer.status >= 400 || !location) return undefined;
    return { redirect: { status: answer.status, location, cacheControl: answer.headers.get("Cache-Control") } };
  }
  if (typeof answer === "object" && answer !== null && (answer as { type?: unknown }).type === "DataWithResponseInit") {
    const { data: payload, init } = answer as { data: unknown; init: ResponseInit | null };
    const status = init?.status ?? 200;
    return status >= 200 && status < 300 ? { data: payload, status } : undefined;
  }
  return undefined;
}

function replay(kept: Kept): Response | ReturnType<typeof data> {
  if ("data" in kept) return data(kept.data, { status: kept.status });
  const headers = new Headers({ Location: kept.redirect.location });
  if (kept.redirect.cacheControl) headers.set("Cache-Control", kept.redirect.cacheControl);
  return new Response(null, { status: kept.redirect.status, headers });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `create` once per user, `form` and posted key (`field`, `idemKey` by default; the checkout's order
 * form names its `idempotencyKey`). The answer of a second post is the first one's, replayed (typed as the
 * action's own answers: a redirect or the same 2xx data).
 */
export async function oneCreate<R>(args: ActionFunctionArgs, form: string, create: () => Promise<R>, field = CREATE_KEY_FIELD): Promise<R> {
  const portal = await getPortal(args);
  const key = submittedFieldsOf(args.context)?.get(field);
  if (!portal.userId || typeof key !== "string" || !KEY.test(key)) return create();
  const id = `create:${portal.userId}:${form}:${key}`;
  const s = store();
  // the first post may take the upstream's whole timeout, and a little of its own work around it
  const waitMs = env().UPSTREAM_TIMEOUT_MS + 5_000;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const kept = await s.read<Kept>(`${id}:answer`);
    if (kept) return replay(kept) as R;
    if ((await s.increment(`${id}:claim`, 1, waitMs)) === 1) return first(s, id, portal.upstream.ctx, create);
    if (Date.now() > deadline || args.request.signal.aborted) {
      // the first is still under way: it may yet make the thing, so the page says so (never a second try)
      const answer = formFailureAnswer({ kind: "timeout", uncertain: true }, submittedFieldsOf(args.context), form);
      return data(answer, { status: 504, headers: { "Cache-Control": "private, no-store" } }) as R;
    }
    await sleep(POLL_MS);
  }
}

async function first<R>(s: Store, id: string, upstream: { outlivesRequest?: boolean }, create: () => Promise<R>): Promise<R> {
  // the browser drops the first post when the second is sent: the create goes on regardless
  upstream.outlivesRequest = true;
  let answer: R;
  try {
    answer = await create();
  } catch (thrown) {
    await settle(s, id, keepable(thrown));
    throw thrown;
  } finally {
    upstream.outlivesRequest = false;
  }
  await settle(s, id, keepable(answer));
  return answer;
}

async function settle(s: Store, id: string, kept: Kept | undefined) {
  if (kept) await s.put(`${id}:answer`, kept, CREATE_ANSWER_TTL_MS);
  else await s.delete(`${id}:claim`);
}
