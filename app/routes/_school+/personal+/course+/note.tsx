import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Notes, type NoteFailure } from "~/components/study/courses/Notes";
import { notesHref } from "~/services/study-links";
import { StudyPage } from "~/components/study/courses/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requirePermitted } from "~/services/personal-menu.server";
import { noteCourses, noteEditConstraint, noteLectures, NotePostSchema, NoteUpdateSchema, removeNote, searchNotes, updateNote } from "~/services/notes.server";
import { requireValidPost } from "~/lib/portal.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";

export const handle = { i18n: ["study"] } satisfies RouteHandle;

/** The upstream's 'note not found' (sandbox/src/routes/study.ts STUDY_FAILURES, decision 024). */
const NOTE_NOT_FOUND = "140020001";

const positive = (v: string | null) => {
  const n = Number(v);
  return v && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** `?keyword=` (search), else `?course=` (one course by lecture), else every note; `?edit=` opens a note's form. */
function queryOf(url: URL) {
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 50);
  return { keyword, course: keyword ? undefined : positive(url.searchParams.get("course")), edit: positive(url.searchParams.get("edit")) };
}

/**
 * Notes (spec 001 §2 `/personal/course/note`, §7 'Notes'): the courses with notes beside either one course's
 * notes by lecture (`lecture/{classTypeId}`) or the search (`search`, also every note without a keyword), in
 * one round.
 */
export async function loader(args: LoaderFunctionArgs) {
  // the login guard (no upstream call), then the permission check in the same round as the page's calls
  const portal = await requireStudent(args);
  const query = queryOf(new URL(args.request.url));
  const [, courses, lectures, results, i18n] = await Promise.all([
    requirePermitted(portal, "course.note"),
    noteCourses(portal.upstream),
    query.course ? noteLectures(portal.upstream, query.course) : [],
    query.course ? null : searchNotes(portal.upstream, query.keyword),
    namespaces(args.request, handle),
  ]);
  return { query, courses, lectures, results, constraint: noteEditConstraint(), i18n };
}

/**
 * Edit (`update`) or remove (`remove/{noteId}`) a note as plain form posts: 303 back to the page (the edit
 * form closed) so a reload never posts again; a refused edit re-renders the form with what was typed (400).
 */
export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args, "course.note");
    const url = new URL(args.request.url);
    const back = notesHref({ ...queryOf(url), edit: undefined });
    const fail = (failure: NoteFailure) => data(failure, { status: 400 });
    const submission = parseWithZod(formData, { schema: NotePostSchema });
    if (submission.status !== "success") {
      // a remove (or anything else) the schema refuses is a post no button makes; an edit comes back with what was typed
      if (submission.payload.intent !== "update") return fail({ noteId: null, error: "badRequest" });
      // the edited note re-opens with what was typed: its id read by the schema's own field
      const noteId = NoteUpdateSchema.shape.noteId.safeParse(submission.payload.noteId).data;
      return fail({ noteId: noteId ?? null, result: submission.reply(), ...(noteId ? {} : { error: "badRequest" }) });
    }
    const post = submission.value;
    if (post.intent === "update") {
      try {
        await updateNote(portal.upstream, post.noteId, post.content);
      } catch (error) {
        if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
        if (error.code === NOTE_NOT_FOUND) return fail({ noteId: null, error: "noteNotFound" });
        return fail({
          noteId: post.noteId,
          result: submission.reply({ formErrors: ["failed"] }),
          error: "failed",
          message: error.upstreamMessage ?? "",
        });
      }
      return redirect(back, { status: 303 });
    }
    try {
      await removeNote(portal.upstream, post.noteId);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
      if (error.code === NOTE_NOT_FOUND) return fail({ noteId: null, error: "noteNotFound" });
      return fail({ noteId: null, error: "failed", message: error.upstreamMessage ?? "" });
    }
    return redirect(back, { status: 303 });
  });
}

export default function NotePage() {
  const d = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const { t } = useNamespaces(d.i18n, "study");
  return (
    <StudyPage title={t("titles.note")} testId="my-notes">
      <Notes query={d.query} courses={d.courses} lectures={d.lectures} results={d.results} constraint={d.constraint} failure={failure ?? null} />
    </StudyPage>
  );
}
