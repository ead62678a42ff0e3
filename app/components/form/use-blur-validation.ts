import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { startTransition, useEffect, useRef, useState } from "react";
import { blurValidationEntries } from "~/components/form/blur-validation-post";
import type { BlurValidation } from "~/components/form/use-form";

/** The form's submit buttons in tree order (`<button>` of type submit, `<input type=submit>`; image buttons post coordinates). */
const submitButtonsOf = (form: HTMLFormElement) =>
  [...form.elements].filter(
    (e): e is HTMLButtonElement | HTMLInputElement => (e instanceof HTMLButtonElement || e instanceof HTMLInputElement) && e.type === "submit",
  );

/**
 * conform's `shouldValidate: "onBlur"` / `shouldRevalidate: "onInput"` for the portal's `useForm` (decision 060):
 * with JavaScript, a field of `validatedOnBlur` left for the first time is validated by the SERVER (the form's
 * own action, posted by a fetcher with conform's validate intent and the form's submit `intent`, decision 082:
 * `parseWithZod` answers it without a status, the action answers 4xx and does nothing else); afterwards on each
 * input (or blur). Pass the result to
 * `useForm({ validation })`; its errors show until the next submit's answer (`lastResult`). A validation sent before
 * a submit's answer arrived is stale once it has: its answer, even if it comes after, is not shown (clicking the
 * send-code button leaves the mobile field: the blur's "mobile is fine" must not hide the send's "already bound").
 */
export function useBlurValidation<Name extends string>(
  id: string,
  lastResult: unknown,
  { shouldRevalidate = "onInput", validatedOnBlur }: { shouldRevalidate?: "onInput" | "onBlur"; validatedOnBlur?: readonly Name[] } = {},
): BlurValidation {
  const blurList = validatedOnBlur?.join(",");
  const answer = useRef(lastResult);
  answer.current = lastResult;
  // the submit answer the validation in flight was sent after (one at a time: a fetcher's new submit aborts its last)
  const sentAfter = useRef<unknown>(undefined);
  // the fields the validation in flight answers for: those left when it was sent (issue 37 §4)
  const sentFor = useRef<ReadonlySet<string>>(new Set());
  // shouldValidate "onBlur": the fields left once, and the server's answer to the last validation with the submit answer it followed
  const validator = useFetcher({ key: `${id}:validate` });
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const [check, setCheck] = useState<{ error: Record<string, string[] | null>; after: unknown; left: ReadonlySet<string> } | undefined>(undefined);
  const submitValidation = useRef(validator.submit);
  submitValidation.current = validator.submit;
  const leftRef = useRef(left);
  leftRef.current = left;

  useEffect(() => {
    const element = document.getElementById(id);
    if (!(element instanceof HTMLFormElement)) return;
    const validate = (name: string) => {
      sentAfter.current = answer.current;
      sentFor.current = new Set(leftRef.current).add(name);
      const body = new FormData();
      for (const [key, value] of blurValidationEntries(new FormData(element), submitButtonsOf(element), name)) body.append(key, value);
      submitValidation.current(body, { method: "post", action: element.getAttribute("action") ?? undefined });
    };
    const only = blurList?.split(",");
    const isField = (target: EventTarget | null): target is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
      (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) &&
      Boolean(target.name) &&
      target.type !== "hidden" &&
      target.type !== "submit" &&
      (!only || only.includes(target.name));
    const onBlur = (event: FocusEvent) => {
      if (!isField(event.target)) return;
      const name = event.target.name;
      if (leftRef.current.has(name) && shouldRevalidate !== "onBlur") return;
      if (!leftRef.current.has(name)) setLeft((prev) => new Set(prev).add(name));
      validate(name);
    };
    // the fetcher's state changes as a transition: rendered urgently from this native listener it would put a
    // controlled field's old value back before the field's own onChange saw the key (use-form.ts, decision 080)
    const onInput = (event: Event) => {
      if (shouldRevalidate === "onInput" && isField(event.target) && leftRef.current.has(event.target.name)) {
        const name = event.target.name;
        startTransition(() => validate(name));
      }
    };
    element.addEventListener("focusout", onBlur);
    element.addEventListener("input", onInput);
    return () => {
      element.removeEventListener("focusout", onBlur);
      element.removeEventListener("input", onInput);
    };
  }, [id, shouldRevalidate, blurList]);
  const validation = validator.data as { result?: SubmissionResult<string[]> } | SubmissionResult<string[]> | undefined;
  useEffect(() => {
    if (!validation) return;
    const result = "result" in validation && validation.result ? validation.result : (validation as SubmissionResult<string[]>);
    setCheck({ error: result.error ?? {}, after: sentAfter.current, left: sentFor.current });
  }, [validation]);
  // A field is shown a check's answer only when it was left before that check was sent: a field left just now
  // waits for its own check. Before, leaving the mobile showed the username's check's "enter your phone number"
  // under the typed mobile until its own answer came, and that line, drawn on the press of send-code, moved
  // the button from under the finger (the first tap was lost; keep-press.client.ts keeps such taps anyway).
  const fresh = check && check.after === lastResult ? check : undefined;
  return { left: fresh?.left ?? left, error: fresh?.error };
}
