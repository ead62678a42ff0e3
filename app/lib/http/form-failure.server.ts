import { data, type ActionFunctionArgs } from "@remix-run/node";
import { FORM_FAILURE_KINDS, formFailureError, type FormFailure, type FormFailureKind } from "~/forms/form-failure";
import { formValue } from "~/forms/form-value";
import { isSecretField } from "~/lib/state/form-keep.server";
import { submittedFieldsOf } from "~/lib/portal.server";
import type { UpstreamErrorData } from "~/lib/http/upstream.server";

/**
 * THE form path of upstream failures (issue 21 item 2, decision 042). Every page's action runs inside it
 * (`export async function action(args) { return formAction(args, async () => { ... }); }`: a function
 * declaration, so Remix drops it from the browser bundle; an `export const action = wrap(...)` call would stay):
 * when a call behind it fails for a reason that is not the student's (timeout, 5xx or no connection, an
 * unreadable answer), `toResponse` throws its error page as usual and this turns it into the action's
 * answer instead: the same page comes back (its loaders run, its form renders) with every value typed
 * (passwords, codes, tokens and files left out) and the message that nothing was saved, under the honest
 * status (504 for a timeout, else 502). With JavaScript Remix keeps the page and hands the answer to the
 * form (no revalidation after a 5xx); without it the document is the page with the form filled in.
 * Everything else (redirects, 4xx, business refusals the page did not expect, other errors) passes.
 */
/**
 * Which form of the page failed (the answer's `form`): by default the posted `intent`, the name most pages
 * route their answers by; a page whose forms are named otherwise passes a fixed name or a function of the
 * posted fields (one argument, no other code).
 */
export type FormOf = string | ((posted: Record<string, string>) => string);

export async function formAction<R>(args: ActionFunctionArgs, action: () => Promise<R>, formOf?: FormOf) {
  try {
    return await action();
  } catch (thrown) {
    const failed = failedCall(thrown);
    if (!failed) throw thrown;
    return data(formFailureAnswer(failed.failure, submittedFieldsOf(args.context), formOf), {
      status: failed.status,
      headers: { "Cache-Control": "private, no-store" },
    });
  }
}

/** The failure kind and status of a thrown upstream error page (`toResponse`), or undefined for anything else. */
export function failedCall(thrown: unknown): { failure: FormFailure["formFailure"]; status: number } | undefined {
  if (typeof thrown !== "object" || thrown === null || (thrown as { type?: unknown }).type !== "DataWithResponseInit") return undefined;
  const { data: payload, init } = thrown as { data: unknown; init: ResponseInit | null };
  if (typeof payload !== "object" || payload === null) return undefined;
  const page = payload as Partial<Extract<UpstreamErrorData, { kind: FormFailureKind }>>;
  if (!(FORM_FAILURE_KINDS as readonly unknown[]).includes(page.kind)) return undefined;
  return { failure: { kind: page.kind!, uncertain: page.uncertain === true }, status: init?.status ?? 502 };
}

/** The answer of a failed form: the posted text fields without secrets, as conform's result with the message. */
export function formFailureAnswer(failure: FormFailure["formFailure"], submitted: FormData | undefined, formOf?: FormOf): FormFailure {
  const kept = new FormData();
  const posted: Record<string, string> = {};
  for (const [name, value] of submitted ?? []) {
    if (typeof value !== "string" || isSecretField(name)) continue;
    kept.append(name, value);
    posted[name] ??= value;
  }
  return {
    formFailure: failure,
    posted,
    form: typeof formOf === "string" ? formOf : formOf ? formOf(posted) : (posted.intent ?? ""),
    result: { status: "error", initialValue: formValue(kept) as Record<string, string>, error: { "": [formFailureError(failure)] }, state: undefined },
  };
}
