import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Favourites, favouritesHref, type FavouriteQuery } from "~/components/study/courses/Favourites";
import { StudyPage } from "~/components/study/courses/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { collectClassify, collectedCourses, collectedPackages, CollectRemoveSchema, removeCollect } from "~/services/collections.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requirePermitted } from "~/services/personal-menu.server";
import { requireValidPost } from "~/lib/portal.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { ownAnswer } from "~/forms/form-failure";

export const handle = { i18n: ["study"] } satisfies RouteHandle;

/** The upstream's 'favourite not found' (sandbox/src/routes/study.ts STUDY_FAILURES, decision 024). */
const COLLECT_NOT_FOUND = "140030001";

/** `?tab=package` (else courses), `?categoryId=` (courses), `?keyword=` (at most 50 characters). */
function queryOf(url: URL): FavouriteQuery {
  const tab = url.searchParams.get("tab") === "package" ? "package" : "course";
  const n = Number(url.searchParams.get("categoryId"));
  const categoryId = tab === "course" && Number.isSafeInteger(n) && n > 0 ? n : undefined;
  return { tab, categoryId, keyword: (url.searchParams.get("keyword") ?? "").trim().slice(0, 50) };
}

/** Favourites (spec 001 §2 `/personal/course/collect`, §7 'Collections'): classify and the tab's search, in one round. */
export async function loader(args: LoaderFunctionArgs) {
  // the login guard (no upstream call), then the permission check in the same round as the page's calls
  const portal = await requireStudent(args);
  const query = queryOf(new URL(args.request.url));
  const [, classify, courses, packages, i18n] = await Promise.all([
    requirePermitted(portal, "course.collect"),
    collectClassify(portal.upstream),
    query.tab === "course" ? collectedCourses(portal.upstream, query) : [],
    query.tab === "package" ? collectedPackages(portal.upstream, query) : [],
    namespaces(args.request, handle),
  ]);
  return { query, classify, courses, packages, i18n };
}

/** Remove a favourite course or package: 303 back to the same tab, category and search. */
export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args, "course.collect");
    const back = favouritesHref(queryOf(new URL(args.request.url)));
    const submission = parseWithZod(formData, { schema: CollectRemoveSchema });
    // the kind and id come from the row's button: a refusal of the schema is a post no button makes
    if (submission.status !== "success") return data({ error: { key: "badRequest" } }, { status: 400 });
    try {
      await removeCollect(portal.upstream, submission.value.kind, submission.value.collectId);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
      const key = error.code === COLLECT_NOT_FOUND ? "collectNotFound" : "failed";
      return data({ error: { key, message: error.upstreamMessage ?? "" } }, { status: 400 });
    }
    return redirect(back, { status: 303 });
  });
}

export default function CollectPage() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useNamespaces(d.i18n, "study");
  return (
    <StudyPage title={t("titles.collect")} testId="my-favourites">
      <FormFailureNotice answer={answer} className="mb-3" />
      <Favourites query={d.query} classify={d.classify} courses={d.courses} packages={d.packages} error={ownAnswer(answer)?.error ?? null} />
    </StudyPage>
  );
}
