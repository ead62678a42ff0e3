import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { closeHrefFrom, MY_COURSES } from "~/components/dialog/cancel-href";
import { DialogPage } from "~/components/ui/Dialog";
import { EntryStepBody, stepTitle } from "~/components/study/lesson/EntryStepView";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { enterLesson, idsOf } from "~/services/lesson-entry.server";
import { getPortal } from "~/lib/portal.server";
import { notFound } from "~/lib/guards/sections.server";
import { contentsHref } from "~/services/study-links";
import { socketBootstrap } from "~/services/realtime.server";
import { useLessonChannel } from "~/components/study/lesson/use-lesson-channel";
import { livePlace } from "~/services/live-channel";

export const handle = { i18n: ["lesson"] } satisfies RouteHandle;

/** The answer depends on the student (enrolment, agreements, face): never stored. */
const PRIVATE = { "Cache-Control": "private, no-store" };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/**
 * `/class/enter/{commodityId}/{courseId}/{lessonId}`: the lesson entry chain (spec 001 §4, lesson-entry.server.ts).
 * A redirect for the steps that are pages of their own (login, buy, agreement, complete information, face, the
 * video page, the contents); this page for the steps that only say something (replay unavailable, the
 * proxy-exam reason, the live room ready to open in a new tab, a missing id), rendered in `DialogPage` like
 * every other step (decision 039): without JavaScript a page, with it a modal opened by the link's navigation.
 * Closing goes back to the page the link was on (`closeHrefFrom`), else the course's contents.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const [step, i18n] = await Promise.all([enterLesson(portal, idsOf(args.params)), namespaces(args.request, handle)]);
  if (step.kind === "redirect") throw redirect(step.to, { headers: PRIVATE });
  if (step.kind === "notFound") notFound(portal);
  const bundle = i18n.bundles.lesson as { entry: Record<string, string> };
  const title =
    step.kind === "missingId"
      ? bundle.entry.missingIdTitle
      : step.kind === "proxyExam"
        ? bundle.entry.proxyExamTitle
        : step.kind === "live"
          ? bundle.entry.liveTitle
          : step.lesson.lessonName;
  const closeHref = closeHrefFrom(args.request, step.kind === "missingId" ? MY_COURSES : contentsHref(step.lesson.commodityId, step.lesson.courseId));
  // the live room's step opens the live channel (spec 000 §7.3, decision 059): liveIn / replayIn when 'enter live' is clicked
  const socket = step.kind === "live" ? await socketBootstrap(portal, "yunduo", { optional: true }) : null;
  return data({ step, i18n, title, closeHref, socket }, { status: step.kind === "missingId" ? 400 : 200, headers: PRIVATE });
}

export default function LessonEntry() {
  const { step, i18n, closeHref, socket } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "lesson");
  const lesson = "lesson" in step ? step.lesson : { commodityId: 0, courseId: 0, lessonId: 0, liveStatus: null };
  const channel = useLessonChannel(socket, lesson);
  return (
    <DialogPage title={stepTitle(step, t)} width={500} closeHref={closeHref} testId="entry-dialog">
      <EntryStepBody step={step} onEnterLive={step.kind === "live" ? () => channel.enter(livePlace(lesson.liveStatus)) : undefined} />
    </DialogPage>
  );
}
