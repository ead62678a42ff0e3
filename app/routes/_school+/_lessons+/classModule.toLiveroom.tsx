import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { enterLesson, entryId, idsOf } from "~/services/lesson-entry.server";
import { getLessonRoom, getOpenCourseRoom, roomAddress, type Room } from "~/services/live.server";
import { getPortal, isLoggedIn } from "~/lib/portal.server";
import { loginHref, safeExternalUrl } from "~/lib/security/redirect";
import { contentsHref, lessonEntryHref } from "~/services/study-links";
import { UpstreamError } from "~/lib/http/upstream.server";

export const handle = { i18n: ["lesson"] } satisfies RouteHandle;

const PRIVATE = { "Cache-Control": "private, no-store" };
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/**
 * `/classModule/toLiveroom` (spec 001 §2): the live-room entry, opened in a new tab by the entry chain's last
 * step (`?commodityId&courseId&lessonId`) and by the open courses' 'enter live' (`?openCourseId`). A lesson runs
 * the chain again (a step still to do sends the tab back to the entry, so no check can be skipped), then the
 * provider's address (spec 001 §5: gh, zs and cc need one, else 'address does not exist!') is opened.
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const portal = await getPortal(args);
  const self = url.pathname + url.search;
  if (!isLoggedIn(portal)) throw redirect(loginHref(self), { headers: PRIVATE });
  const openCourseId = entryId(url.searchParams.get("openCourseId"));

  let room: Room;
  let back: { href: string; kind: "contents" | "openCourses" };
  try {
    if (openCourseId) {
      back = { href: "/openCourse", kind: "openCourses" };
      room = await getOpenCourseRoom(portal.upstream, openCourseId);
    } else {
      const ids = idsOf({
        commodityId: url.searchParams.get("commodityId"),
        courseId: url.searchParams.get("courseId"),
        lessonId: url.searchParams.get("lessonId"),
      });
      const step = await enterLesson(portal, ids);
      if (step.kind === "missingId") return answer(args.request, { error: "missingId" }, 400);
      if (step.kind === "notFound") return answer(args.request, { error: "missingId" }, 404);
      if (step.kind === "redirect") throw redirect(step.to, { headers: PRIVATE });
      if (step.kind !== "live") throw redirect(lessonEntryHref(step.lesson.commodityId, step.lesson.courseId, step.lesson.lessonId), { headers: PRIVATE });
      back = { href: contentsHref(step.lesson.commodityId, step.lesson.courseId), kind: "contents" };
      room = await getLessonRoom(portal.upstream, step.lesson);
    }
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") {
      return answer(
        args.request,
        { error: "upstream", message: error.upstreamMessage ?? "", back: openCourseId ? { href: "/openCourse", kind: "openCourses" as const } : undefined },
        400,
      );
    }
    throw error;
  }
  const target = roomAddress(room);
  const address = "address" in target ? safeExternalUrl(target.address) : undefined;
  if (!address) return answer(args.request, { error: "addressMissing", back }, 404);
  throw redirect(address, { headers: PRIVATE });
}

type Failure = { error: "missingId" | "addressMissing" | "upstream"; message?: string; back?: { href: string; kind: "contents" | "openCourses" } };

async function answer(request: Request, failure: Failure, status: number) {
  const i18n = await namespaces(request, handle);
  const bundle = i18n.bundles.lesson as { live: Record<string, string> };
  return data({ ...failure, i18n, title: bundle.live.failedTitle }, { status, headers: PRIVATE });
}

export default function ToLiveroom() {
  const page = useLoaderData<typeof loader>();
  const { t } = useNamespaces(page.i18n, "lesson");
  const text =
    page.error === "addressMissing" ? t("live.addressMissing") : page.error === "missingId" ? t("entry.missingId") : page.message || t("live.failedTitle");
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold">{t("live.failedTitle")}</h1>
      <p role="alert" className="text-red-700" data-testid="live-error">
        {text}
      </p>
      {page.back ? (
        <p className="mt-4">
          <Link to={page.back.href} className="text-brand-strong underline">
            {page.back.kind === "openCourses" ? t("live.backToOpenCourses") : t("entry.backToContents")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
