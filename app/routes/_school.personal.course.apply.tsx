import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MySignUps } from "~/components/study/courses/MyPlans";
import { StudyPage } from "~/components/study/courses/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces } from "~/i18n.server";
import { requireStudent } from "~/services/guards.server";
import { requirePermitted } from "~/services/personal-menu.server";
import { mySignUps } from "~/services/my-courses.server";

export const handle = { i18n: ["study"] };

/** Proxy exam sign-up (spec 001 §2 `/personal/course/apply`, §7 'Instead sign-up' `myInsteadSignList`). */
export async function loader(args: LoaderFunctionArgs) {
  // the login guard (no upstream call), then the permission check in the same round as the page's calls
  const portal = await requireStudent(args);
  const [, signUps, i18n] = await Promise.all([requirePermitted(portal, "course.apply"), mySignUps(portal.upstream), namespaces(args.request, ["study"])]);
  return { signUps, i18n };
}

export default function ApplyPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useNamespaces(d.i18n, "study");
  return (
    <StudyPage title={t("titles.apply")} testId="my-sign-ups">
      <MySignUps signUps={d.signUps} />
    </StudyPage>
  );
}
