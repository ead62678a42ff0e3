import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MyPackages } from "~/components/study/courses/MyCourses";
import { StudyPage } from "~/components/study/courses/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requirePermitted } from "~/services/personal-menu.server";
import { continueHref, myPackages } from "~/services/my-courses.server";

export const handle = { i18n: ["study"] } satisfies RouteHandle;

/** My packages (spec 001 §2 `/personal/course/package`, §7 `get/course/packages`). */
export async function loader(args: LoaderFunctionArgs) {
  // the login guard (no upstream call), then the permission check in the same round as the page's calls
  const portal = await requireStudent(args);
  const [, packages, i18n] = await Promise.all([requirePermitted(portal, "course.package"), myPackages(portal.upstream), namespaces(args.request, handle)]);
  return { packages: packages.map((p) => ({ ...p, courses: p.courses.map((c) => ({ ...c, continueHref: continueHref(c) })) })), i18n };
}

export default function PackagePage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useNamespaces(d.i18n, "study");
  return (
    <StudyPage title={t("titles.package")} testId="my-packages">
      <MyPackages packages={d.packages} />
    </StudyPage>
  );
}
