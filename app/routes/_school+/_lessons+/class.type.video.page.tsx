import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { closeHrefFrom, MY_COURSES } from "~/components/dialog/cancel-href";
import { DialogPage } from "~/components/ui/Dialog";
import { EntryStepBody } from "~/components/study/lesson/EntryStepView";
import { LessonList } from "~/components/study/lesson/LessonList";
import { VideoPlayer } from "~/components/study/lesson/VideoPlayer";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { getCourseContents } from "~/services/catalog.server";
import { buyHref, getEntryInfo, idsOf } from "~/services/lesson-entry.server";
import { getPortal, isLoggedIn } from "~/lib/portal.server";
import { loginHref } from "~/lib/security/redirect";
import { notFound } from "~/lib/guards/sections.server";
import { clock, contentsHref, lessonEntryHref, lessonOpenHref, videoPageHref } from "~/services/study-links";
import { NoteBox, type NoteAnswer } from "~/components/study/lesson/NoteBox";
import { addNote, noteAddConstraint, NoteAddSchema } from "~/services/notes.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { socketBootstrap } from "~/services/realtime.server";
import { VideoChannel } from "~/components/study/lesson/VideoChannel";
import { requireValidPost } from "~/lib/portal.server";
import { formAction } from "~/lib/http/form-failure.server";
import { newCreateKey, oneCreate } from "~/lib/state/one-create.server";
import { keptIdemKey } from "~/forms/form-failure";
import { refused } from "~/lib/http/form-result.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { getPlay } from "~/services/video.server";

export const handle = { i18n: ["lesson"] } satisfies RouteHandle;

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * The title, and the poster preloaded from the head: the poster is the page's largest paint (LCP) and the
 * `<video>` that names it comes late in the body; without a poster the first frame was the LCP, after the
 * clip's connection, range request and decode (bench: 3.3 s lab LCP against 2.1 s FCP).
 */
export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d && "lesson" in d
    ? [
        { title: `${d.lesson.lessonName} - ${d.lesson.courseName}` },
        ...(d.coverUrl ? [{ tagName: "link", rel: "preload", as: "image", href: d.coverUrl }] : []),
      ]
    : [{ title: "" }];

/**
 * `/class/type/video/page?commodityId&courseId&lessonId` (spec 001 §2, issue 14): the lesson video, the course's
 * lessons beside it, previous / next. The same access as the entry chain: a visitor goes to login (a trial
 * lesson excepted), a student not enrolled to the buy page; a lesson that is not a video goes through the
 * chain. Lesson, contents and play answer are asked in one parallel round.
 */
/** A second of the video from the query (`t`, `noted`): a whole number 0-86400, else null. */
function secondOf(v: string | null): number | null {
  if (v === null || !/^\d{1,5}$/.test(v)) return null;
  const n = Number(v);
  return n <= 86_400 ? n : null;
}

const idsOfUrl = (url: URL) =>
  idsOf({
    commodityId: url.searchParams.get("commodityId"),
    courseId: url.searchParams.get("courseId"),
    lessonId: url.searchParams.get("lessonId"),
  });

export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const ids = idsOfUrl(url);
  const portal = await getPortal(args);
  if (!ids) {
    const i18n = await namespaces(args.request, handle);
    return data({ missingId: true as const, i18n, closeHref: closeHrefFrom(args.request, MY_COURSES) }, { status: 400, headers: PRIVATE });
  }
  const self = videoPageHref(ids.commodityId, ids.courseId, ids.lessonId);
  const [info, contents, play, i18n, socket] = await Promise.all([
    getEntryInfo(portal.upstream, ids),
    getCourseContents(portal.upstream, ids.commodityId, ids.courseId),
    getPlay(portal.upstream, ids).catch((error: unknown) => {
      if (error instanceof UpstreamError && error.kind === "business") return null;
      throw error;
    }),
    namespaces(args.request, handle),
    // the live channel (spec 000 §7.3, decision 059): module yunduo; the page works without it
    isLoggedIn(portal) ? socketBootstrap(portal, "yunduo", { optional: true }) : null,
  ]);
  if (!info || !contents) notFound(portal);
  if (info.type !== "video") throw redirect(lessonEntryHref(ids.commodityId, ids.courseId, ids.lessonId), { headers: PRIVATE });
  const trial = info.tryFlag === 1;
  if (!isLoggedIn(portal) && !trial) throw redirect(loginHref(self), { headers: PRIVATE });
  if (!info.enrolled && !trial) throw redirect(buyHref(ids.commodityId), { headers: PRIVATE });
  if (!play || !play.playUrl) notFound(portal);

  const lessons = contents.chapters.flatMap((c) => c.lessons);
  const at = lessons.findIndex((l) => l.id === ids.lessonId);
  const neighbour = (i: number) => (i >= 0 && i < lessons.length ? { id: lessons[i]!.id, lessonName: lessons[i]!.lessonName, type: lessons[i]!.type } : null);
  return data(
    {
      missingId: false as const,
      i18n,
      lesson: { ...ids, lessonName: play.lessonName, courseName: play.courseName, chapterName: play.chapterName },
      playUrl: play.playUrl,
      coverUrl: play.coverUrl,
      // `t`: a note's point (the notes list links back to it, decision 059), else where the student stopped
      positionS: secondOf(url.searchParams.get("t")) ?? (play.enrolled ? play.positionS : 0),
      jumped: secondOf(url.searchParams.get("t")) !== null,
      save: isLoggedIn(portal) && play.enrolled === 1,
      noted: secondOf(url.searchParams.get("noted")),
      noteConstraint: noteAddConstraint(),
      idemKey: newCreateKey(),
      socket: play.enrolled === 1 ? socket : null,
      chapters: contents.chapters,
      previous: neighbour(at - 1),
      next: neighbour(at + 1),
    },
    { headers: PRIVATE },
  );
}

/**
 * A note of the note box (issue 26, decision 059): saved through `update` at the posted point of the lesson.
 * Without JavaScript 303 back to the page (`noted` and the note's point as `t`, so a reload never posts
 * again); the page's script posts through a fetcher (`via=fetcher`) and gets the saved note as data. A refused
 * post (empty, too long, malformed) and the upstream's refusal come back with the typed text (400); an
 * upstream failure too (formAction, decision 042).
 */
export async function action(args: ActionFunctionArgs) {
  return formAction(
    args,
    async () => {
      const { formData } = await requireValidPost(args);
      const portal = await requireStudent(args);
      const ids = idsOfUrl(new URL(args.request.url));
      const submission = parseWithZod(formData, { schema: NoteAddSchema });
      if (!ids || submission.status !== "success") return refused(submission, { form: "note" as const, error: "invalid" as const });
      const { content, positionS, via } = submission.value;
      return oneCreate(args, "note", async () => {
        let noteId: number;
        try {
          ({ noteId } = await addNote(portal.upstream, { ...ids, positionS, content }));
        } catch (error) {
          if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
          return data(
            {
              form: "note" as const,
              result: submission.reply({ formErrors: ["failed"], hideFields: ["csrf"] }),
              error: "failed" as const,
              message: error.upstreamMessage ?? "",
            },
            { status: 400 },
          );
        }
        // the fetcher's page is not loaded again (shouldRevalidate): the next note's key comes with this answer
        if (via === "fetcher") return data({ form: "note" as const, noted: { noteId, positionS }, nextKey: newCreateKey() });
        const back = videoPageHref(ids.commodityId, ids.courseId, ids.lessonId, positionS || undefined);
        return redirect(`${back}&noted=${positionS}#lesson-note-title`, { status: 303, headers: PRIVATE });
      });
    },
    "note",
  );
}

/** A note saved through the fetcher does not reload the page's data (the video would restart at a new `#t=`). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  // which button the browser just posted, not an action's read of the form (that is NoteAddSchema's)
  // eslint-disable-next-line no-restricted-syntax
  formData?.get("intent") === "note" ? false : defaultShouldRevalidate;

export default function VideoPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as NoteAnswer | undefined;
  const { t } = useNamespaces(page.i18n, "lesson");
  if (page.missingId) {
    return (
      <DialogPage title={t("entry.missingIdTitle")} width={500} closeHref={page.closeHref} testId="entry-dialog">
        <EntryStepBody step={{ kind: "missingId" }} />
      </DialogPage>
    );
  }
  const { lesson } = page;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <p className="text-sm text-gray-700">
        <Link to={contentsHref(lesson.commodityId, lesson.courseId)} className="text-brand-strong underline">
          {lesson.courseName}
        </Link>{" "}
        · {lesson.chapterName}
      </p>
      <h1 className="mt-1 text-2xl font-bold">{lesson.lessonName}</h1>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label={t("video.playerLabel", { name: lesson.lessonName })}>
          <VideoChannel bootstrap={page.socket} lesson={lesson} />
          <VideoPlayer
            src={page.playUrl}
            poster={page.coverUrl}
            positionS={page.positionS}
            ids={lesson}
            save={page.save}
            label={t("video.playerLabel", { name: lesson.lessonName })}
          />
          {page.positionS > 0 ? (
            <p className="mt-2 text-sm text-gray-700" data-testid="resume-note">
              {t(page.jumped ? "video.startAt" : "video.resumeAt", { time: clock(page.positionS) })}
            </p>
          ) : null}
          {page.save ? (
            <NoteBox
              // one box per lesson: its time starts at this lesson's start, A's "saved" line does not follow to B
              key={lesson.lessonId}
              action={videoPageHref(lesson.commodityId, lesson.courseId, lesson.lessonId)}
              commodityId={lesson.commodityId}
              startS={page.positionS}
              constraint={page.noteConstraint}
              answer={answer ?? null}
              noted={page.noted}
              idemKey={keptIdemKey(answer, page.idemKey)}
            />
          ) : null}
          <nav className="mt-4 flex justify-between gap-4" aria-label={t("video.lessons")}>
            {page.previous ? (
              <Link to={lessonOpenHref(lesson.commodityId, lesson.courseId, page.previous)} className="text-brand-strong underline">
                ← {t("video.previous")}: {page.previous.lessonName}
              </Link>
            ) : (
              <span />
            )}
            {page.next ? (
              <Link to={lessonOpenHref(lesson.commodityId, lesson.courseId, page.next)} className="text-brand-strong underline">
                {t("video.next")}: {page.next.lessonName} →
              </Link>
            ) : null}
          </nav>
        </section>
        <aside aria-labelledby="lesson-list-title">
          <h2 id="lesson-list-title" className="mb-2 font-semibold">
            {t("video.lessons")}
          </h2>
          <LessonList commodityId={lesson.commodityId} courseId={lesson.courseId} chapters={page.chapters} currentLessonId={lesson.lessonId} compact />
        </aside>
      </div>
    </div>
  );
}
