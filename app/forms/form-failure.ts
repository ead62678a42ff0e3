import type { SubmissionResult } from "@conform-to/react";

/**
 * A form whose upstream call failed for a reason that is not the student's (decision 042): the upstream
 * did not answer in time, could not be reached or answered 5xx, or sent an answer nobody can read. The
 * action answers this instead of the error page (`formAction` in services/form-failure.server.ts), with
 * the honest status (504 for a timeout, 502 otherwise), so the same page comes back with its form.
 */
export const FORM_FAILURE_KINDS = ["timeout", "unavailable", "bad-response"] as const;
export type FormFailureKind = (typeof FORM_FAILURE_KINDS)[number];

export type FormFailure = {
  formFailure: {
    kind: FormFailureKind;
    /** the call may take money or make an order (a payment, an order): it may have gone through upstream */
    uncertain: boolean;
  };
  /** The posted text fields (first value of each name), secrets left out: for a page to tell which form failed. */
  posted: Record<string, string>;
  /**
   * The form that failed, as the page names its forms in its own answers (`failFor`, account centre's
   * `FormOutcome.form`): the posted `intent` unless the page's `formAction` names it otherwise ("" when
   * nothing was posted under that name). A page that routes its answers by `answer.form` routes this one too.
   */
  form: string;
  /** Conform's answer: every value typed (no password, code or token) and the message as the form's error. */
  result: SubmissionResult<string[]>;
};

export function isFormFailure(answer: unknown): answer is FormFailure {
  return typeof answer === "object" && answer !== null && "formFailure" in answer && "result" in answer;
}

const PREFIX = "failed:";

/** The form-error string of a failure (`failed:<kind>`, `failed:uncertain`), translated by `upstreamErrorText` (its FORM_FAILED). */
export function formFailureError(failure: FormFailure["formFailure"]): string {
  return `${PREFIX}${failure.uncertain ? "uncertain" : failure.kind}`;
}

/** Where a student checks whether an order or payment that met a failure went through. */
export const MY_ORDERS_HREF = "/personal/order";

/** A page's own action answer, or undefined when the answer is a form failure (read that with `isFormFailure`). */
export function ownAnswer<T>(answer: T): Exclude<T, FormFailure> | undefined {
  return isFormFailure(answer) ? undefined : (answer as Exclude<T, FormFailure>);
}

/**
 * The idempotency key a money form renders: after a failure that may have gone through (`uncertain`), the
 * key of that post (so a second press is the same order upstream, never a second charge); else the fresh one.
 */
export function keptIdemKey(answer: unknown, fresh: string, name = "idemKey"): string {
  return isFormFailure(answer) && answer.formFailure.uncertain && answer.posted[name] ? answer.posted[name] : fresh;
}

/**
 * Every value posted under `name` by a form whose call failed (its `result.initialValue`, conform's nested
 * naming: `answer`, `answer.12`), for a page that renders its inputs from its own state (the question bank's
 * answers) rather than from `useForm`; undefined for any other answer or a name nothing was posted under.
 */
export function failedValues(answer: unknown, name: string): string[] | undefined {
  if (!isFormFailure(answer)) return undefined;
  // a dotted name only (the question bank's `answer`, `answer.12`): not form-value's `read`, whose module would
  // then leave use-form's chunk and cost every form page a script (the fill page sits at the 100 KB budget)
  const value = name
    .split(".")
    .reduce<unknown>((v, key) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined), answer.result.initialValue);
  if (typeof value === "string") return [value];
  return Array.isArray(value) && value.every((v) => typeof v === "string") ? (value as string[]) : undefined;
}
