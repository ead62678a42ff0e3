import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { Constraint, SubmissionResult } from "~/components/form/use-form";
import { CsrfInput } from "~/components/csrf-token";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { Button } from "~/components/ui/Button";
import { FieldError } from "~/components/ui/Field";
import { HiddenInput, Textarea } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";
import { isFormFailure, type FormFailure } from "~/forms/form-failure";
import { NOTE_MAX } from "~/forms/study-notes";
import { useTranslation } from "~/i18n-runtime";
import { clock, notesHref } from "~/services/study-links";

/** The video page's answer to a note post (its action): saved, refused (typed text kept) or failed upstream. */
export type NoteAnswer =
  | { form: "note"; noted: { noteId: number; positionS: number }; nextKey: string }
  | { form: "note"; result: SubmissionResult<string[]>; error: "invalid" | "failed"; message?: string }
  | FormFailure;

/** The video element of the page (VideoPlayer's `data-testid`): the note box reads its current time. */
const VIDEO = '[data-testid="lesson-video"]';

/**
 * Notes while studying (issue 26, decision 059): a note box under the lesson video, saved through the notes
 * calls (spec 001 §7 'Notes': update) at the video's current time. Without JavaScript a plain form posting to
 * the page (303 back with `noted`, the note's point as `t`); the time is where the video started. With it
 * the post goes through a fetcher (the video keeps playing, the page is not reloaded), the time follows the
 * video. A refused or failed post comes back with the typed text.
 */
export function NoteBox({
  action,
  commodityId,
  startS,
  constraint,
  answer,
  noted,
  idemKey,
}: {
  /** the create key of the page's drawing (decision 095); a note saved through the fetcher brings the next one */
  idemKey: string;
  /** the video page's own address (the action) */
  action: string;
  commodityId: number;
  /** where the video starts (the time without JavaScript) */
  startS: number;
  constraint: Record<string, Constraint>;
  /** the action's answer to a post without JavaScript */
  answer: NoteAnswer | null;
  /** the point of the note just saved without JavaScript (`?noted=` after the redirect) */
  noted: number | null;
}) {
  const { t } = useTranslation("lesson", { keyPrefix: "note" });
  const fetcher = useFetcher<NoteAnswer>();
  const [hydrated, setHydrated] = useState(false);
  const [now, setNow] = useState(startS);
  const [cleared, setCleared] = useState(0);
  useEffect(() => {
    setHydrated(true);
    // The video on screen, whichever element it is now: VideoPlayer draws a new <video> per clip (`key={src}`),
    // so a listener bound once to the first element stayed on lesson A's after a client navigation to lesson B
    // and the box said 0:00 while B played (issue 37 §5). Media events do not bubble; they are seen here on the
    // way down (capture) from the document.
    const follow = (event: Event) => {
      const video = event.target;
      if (video instanceof HTMLVideoElement && video.matches(VIDEO)) setNow(Math.floor(video.currentTime));
    };
    document.addEventListener("timeupdate", follow, true);
    document.addEventListener("seeked", follow, true);
    const video = document.querySelector<HTMLVideoElement>(VIDEO);
    if (video && video.currentTime > 0) setNow(Math.floor(video.currentTime));
    return () => {
      document.removeEventListener("timeupdate", follow, true);
      document.removeEventListener("seeked", follow, true);
    };
  }, []);

  const current = fetcher.data ?? answer;
  const saved = current && "noted" in current ? current.noted.positionS : fetcher.data ? null : noted;
  // a saved note clears the box (a new textarea); a refused one keeps what was typed
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "noted" in fetcher.data) setCleared((n) => n + 1);
  }, [fetcher.state, fetcher.data]);
  const refused = current && !("noted" in current) && !isFormFailure(current) ? current : null;
  const result = current && "result" in current ? current.result : undefined;
  const typed = result?.initialValue?.content;
  const error = refused?.error === "failed" ? null : (result?.error?.content?.[0] ?? null);
  const id = "lesson-note-content";
  const errorId = `${id}-error`;
  const c = constraint.content ?? {};
  return (
    <section aria-labelledby="lesson-note-title" className="mt-6 rounded-lg border border-gray-200 p-4" data-testid="note-box">
      <h2 id="lesson-note-title" className="font-semibold">
        {t("title")}
      </h2>
      <fetcher.Form method="post" action={action} className="mt-2 space-y-2">
        <CsrfInput />
        <HiddenInput name="intent" value="note" />
        <HiddenInput name="idemKey" value={fetcher.data && "nextKey" in fetcher.data ? fetcher.data.nextKey : idemKey} />
        <HiddenInput name="positionS" value={now} />
        {hydrated ? <HiddenInput name="via" value="fetcher" /> : null}
        <label htmlFor={id} className="block text-sm text-gray-700">
          {t("label", { time: clock(now) })}
        </label>
        <Textarea
          id={id}
          name="content"
          key={`${cleared}:${String(typed ?? "")}`}
          defaultValue={typeof typed === "string" ? typed : ""}
          rows={3}
          required={c.required}
          maxLength={NOTE_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="note-box-content"
          className="w-full text-sm"
        />
        <FieldError id={errorId} name="content">
          {error ? t(`errors.${error}`, { max: NOTE_MAX }) : undefined}
        </FieldError>
        {refused?.error === "failed" ? (
          <Notice tone="error" data-testid="note-box-error">
            <p>{t("errors.failed", { message: refused.message || t("errors.unknown") })}</p>
          </Notice>
        ) : null}
        <FormFailureNotice answer={current} />
        {saved !== null && saved !== undefined && fetcher.state === "idle" ? (
          <p role="status" className="text-sm text-green-800" data-testid="note-box-saved">
            {t("saved", { time: clock(saved) })}{" "}
            <a href={notesHref({ course: commodityId, keyword: "" })} className="text-brand-strong underline">
              {t("toNotes")}
            </a>
          </p>
        ) : null}
        <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
          {t("save")}
        </Button>
      </fetcher.Form>
    </section>
  );
}
