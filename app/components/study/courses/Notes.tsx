import type { Constraint, SubmissionResult } from "~/components/form/use-form";
import { Form, useNavigation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-token";
import { FieldError } from "~/components/ui/Field";
import { useTranslation } from "~/i18n-runtime";
import { Empty } from "./parts";
import { NOTE_MAX } from "~/forms/study-notes";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { isFormFailure, ownAnswer, type FormFailure } from "~/forms/form-failure";
import { Button } from "~/components/ui/Button";
import { clock, notesHref, videoPageHref, type NotesQuery } from "~/services/study-links";
import { HiddenInput, Textarea } from "~/components/ui/Input";
import { FilterLink } from "~/components/ui/FilterLink";
import { SearchForm } from "~/components/ui/SearchForm";

/** `positionS`: the point of the lesson video the note was written at (the video page's note box, decision 059). */
export type NoteItem = {
  noteId: number;
  commodityId: number;
  courseId: number;
  lessonId: number;
  positionS: number;
  courseName: string;
  lessonName: string;
  chapterName: string;
  content: string;
  updateTime: string;
};
export type NoteLecture = { lessonId: number; lessonName: string; chapterName: string; notes: NoteItem[] };
/** What a failed edit or removal sends back: which note, the conform result (typed text kept) or an error key. */
export type NoteFailure = { noteId: number | null; result?: SubmissionResult<string[]>; error?: string; message?: string };

/**
 * Notes (spec 001 §2 `/personal/course/note`, §7 'Notes'): the courses with notes, one course's notes by
 * lecture, a search, and per note edit (a link opens its form: `?edit=`) and remove, as plain forms.
 */
export function Notes({
  query,
  courses,
  lectures,
  results,
  constraint,
  failure,
}: {
  query: NotesQuery;
  courses: Array<{ commodityId: number; courseName: string; noteCount: number }>;
  lectures: NoteLecture[];
  results: NoteItem[] | null;
  /** the edit form's constraints, computed from its schema by the loader (zod stays on the server) */
  constraint: Record<string, Constraint>;
  /** the action's answer: a refused edit or removal, or a form failure (decision 042: the edit form stays open with its text) */
  failure?: NoteFailure | FormFailure | null;
}) {
  const { t } = useTranslation("study", { keyPrefix: "note" });
  const { t: te } = useTranslation("study", { keyPrefix: "errors" });
  const own = ownAnswer(failure);
  const failed = isFormFailure(failure) ? failure : undefined;
  // the note whose edit met an upstream failure: its form stays open with what was typed
  const failedEdit = failed?.posted.intent === "update" ? Number(failed.posted.noteId) : undefined;
  const editing = own?.result && own.noteId ? own.noteId : (failedEdit ?? query.edit);
  const pageError = own?.error && own.noteId === null ? own.error : null;
  if (!courses.length && !query.keyword)
    return (
      <Empty href="/personal/course/lessons" action={t("toCourses")}>
        {t("empty")}
      </Empty>
    );
  const noteFailure = (n: NoteItem) => (own?.noteId === n.noteId ? own : failed && failedEdit === n.noteId ? failed : null);
  const noteProps = (n: NoteItem) => ({ note: n, query, constraint, editing: editing === n.noteId, failure: noteFailure(n) });
  return (
    <div className="flex flex-col gap-4 md:flex-row">
      <nav aria-label={t("courses")} className="md:w-56 md:shrink-0">
        <ul className="space-y-1 text-sm" data-testid="note-courses">
          <li>
            <FilterLink href={notesHref({ keyword: "" })} current={!query.keyword && !query.course} look="row" className="block">
              {t("all")}
            </FilterLink>
          </li>
          {courses.map((c) => {
            const current = !query.keyword && query.course === c.commodityId;
            return (
              <li key={c.commodityId}>
                <FilterLink href={notesHref({ course: c.commodityId, keyword: "" })} current={current} look="row" className="flex justify-between gap-2">
                  <span>{c.courseName}</span>
                  <span className={current ? "" : "text-gray-600"}>{t("count", { count: c.noteCount })}</span>
                </FilterLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <SearchForm
          id="note-keyword"
          name="keyword"
          label={t("searchLabel")}
          button={t("search")}
          defaultValue={query.keyword}
          after={
            query.keyword ? (
              <a href={notesHref({ keyword: "" })} className="self-center text-sm text-gray-600 underline">
                {t("clear")}
              </a>
            ) : null
          }
        />
        {pageError ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {te(pageError, { message: own?.message ?? "" })}
          </p>
        ) : null}
        {failed && failedEdit === undefined ? <FormFailureNotice answer={failed} className="mt-3" /> : null}
        {results ? (
          <>
            {query.keyword ? (
              <h2 className="mt-4 text-sm text-gray-700" data-testid="note-results">
                {t("results", { keyword: query.keyword, count: results.length })}
              </h2>
            ) : null}
            {results.length ? (
              <ul className="mt-2 divide-y divide-gray-100">
                {results.map((n) => (
                  <Note key={n.noteId} {...noteProps(n)} showCourse />
                ))}
              </ul>
            ) : (
              <Empty>{t("emptySearch", { keyword: query.keyword })}</Empty>
            )}
          </>
        ) : lectures.length ? (
          <div className="mt-4 space-y-4">
            {lectures.map((l) => (
              <section key={l.lessonId} aria-labelledby={`lecture-${l.lessonId}`} data-testid="note-lecture">
                <h2 id={`lecture-${l.lessonId}`} className="text-sm font-medium">
                  {t("at", { chapter: l.chapterName, lesson: l.lessonName })}
                </h2>
                <ul className="mt-1 divide-y divide-gray-100">
                  {l.notes.map((n) => (
                    <Note key={n.noteId} {...noteProps(n)} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        ) : (
          <Empty>{t("emptyCourse")}</Empty>
        )}
      </div>
    </div>
  );
}

function Note({
  note,
  query,
  constraint,
  editing,
  failure,
  showCourse = false,
}: {
  note: NoteItem;
  query: NotesQuery;
  constraint: Record<string, Constraint>;
  editing: boolean;
  failure: NoteFailure | FormFailure | null;
  showCourse?: boolean;
}) {
  const { t } = useTranslation("study", { keyPrefix: "note" });
  const { t: te } = useTranslation("study", { keyPrefix: "errors" });
  const navigation = useNavigation();
  if (navigation.formData?.get("intent") === "remove" && navigation.formData.get("noteId") === String(note.noteId)) return null;
  const back = notesHref({ ...query, edit: undefined });
  return (
    <li className="py-3" data-testid="note" data-note-id={note.noteId}>
      {showCourse ? (
        <p className="text-xs text-gray-600">
          {note.courseName} · {t("at", { chapter: note.chapterName, lesson: note.lessonName })}
        </p>
      ) : null}
      {editing ? (
        <NoteEditForm note={note} constraint={constraint} failure={failure} cancelHref={back} />
      ) : (
        <>
          <p className="whitespace-pre-wrap text-sm text-gray-900" data-testid="note-content">
            {note.content}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-gray-500">
            <a
              href={videoPageHref(note.commodityId, note.courseId, note.lessonId, note.positionS)}
              aria-label={t("watchAtLabel", { time: clock(note.positionS), lesson: note.lessonName })}
              className="target text-brand underline"
              data-testid="note-watch"
            >
              {t("watchAt", { time: clock(note.positionS) })}
            </a>
            <span>{t("updated", { time: note.updateTime })}</span>
          </p>
          {failure && !isFormFailure(failure) && failure.error ? (
            <p role="alert" className="mt-1 text-xs text-red-700">
              {te(failure.error, { message: failure.message ?? "" })}
            </p>
          ) : null}
          <div className="mt-1 flex gap-3 text-xs">
            <a
              href={notesHref({ ...query, edit: note.noteId })}
              aria-label={t("editLabel", { lesson: note.lessonName })}
              className="target text-brand underline"
            >
              {t("edit")}
            </a>
            <Form method="post" action={back}>
              <CsrfInput />
              <HiddenInput name="intent" value="remove" />
              <HiddenInput name="noteId" value={note.noteId} />
              <Button type="submit" aria-label={t("removeLabel", { lesson: note.lessonName })} variant="dangerLink" className="whitespace-nowrap">
                {t("remove")}
              </Button>
            </Form>
          </div>
        </>
      )}
    </li>
  );
}

function NoteEditForm({
  note,
  constraint,
  failure,
  cancelHref,
}: {
  note: NoteItem;
  constraint: Record<string, Constraint>;
  failure: NoteFailure | FormFailure | null;
  cancelHref: string;
}) {
  const { t } = useTranslation("study", { keyPrefix: "note" });
  const { t: te } = useTranslation("study", { keyPrefix: "errors" });
  // The server's conform result (schema in notes.server.ts): its errors and what was typed. No conform or zod
  // in the browser (decision 024, the 100 KB budget): the browser checks the schema's constraints natively.
  const result = failure?.result;
  const error = isFormFailure(failure) ? undefined : (result?.error?.content?.[0] ?? result?.error?.[""]?.[0]);
  const typed = result?.initialValue?.content;
  const id = `note-${note.noteId}-content`;
  const errorId = `${id}-error`;
  const c = constraint.content ?? {};
  return (
    <Form method="post" action={cancelHref} id={`note-${note.noteId}`} className="space-y-2">
      <CsrfInput />
      <HiddenInput name="intent" value="update" />
      <HiddenInput name="noteId" value={note.noteId} />
      <label htmlFor={id} className="block text-xs text-gray-700">
        {t("editLabel", { lesson: note.lessonName })}
      </label>
      <Textarea
        id={id}
        name="content"
        key={String(typed ?? note.content)}
        defaultValue={typeof typed === "string" ? typed : note.content}
        rows={4}
        required={c.required}
        maxLength={NOTE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <FormFailureNotice answer={failure} />
      <FieldError id={errorId} name="content">
        {error ? te(error, { max: NOTE_MAX }) : undefined}
      </FieldError>
      <div className="flex gap-3 text-sm">
        <Button type="submit">{t("save")}</Button>
        <a href={cancelHref} className="self-center text-gray-600 underline">
          {t("cancel")}
        </a>
      </div>
    </Form>
  );
}
