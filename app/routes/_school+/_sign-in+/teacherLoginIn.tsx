import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminButton } from "~/components/shell/Header";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { getCurrentUser } from "~/services/auth.server";
import { getPortal, isLoggedIn } from "~/lib/portal.server";
import { loginHref } from "~/lib/security/redirect";
import { displayName } from "~/services/shell.server";
import { Button } from "~/components/ui/Button";

export const handle = { i18n: ["login"] } satisfies RouteHandle;

/** This page's own address: the login comes back here. */
export const TEACHER_LOGIN_PATH = "/teacherLoginIn";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }, { name: "robots", content: "noindex" }];

/**
 * `#/teacherLoginIn` (spec 000 section 2.1; "teacher role beyond a teacher login-in route: not shown",
 * section 6): the teachers' way in. A visitor logs in through the one login page (captcha, face step,
 * central sign-on and limits included) and comes back here; a teacher (staff) then opens the management
 * centre, where teaching happens, with the header's button; anyone else is told the account is not a
 * teacher's (403) and may log out to change account.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  if (!isLoggedIn(portal)) throw redirect(loginHref(TEACHER_LOGIN_PATH));
  const [user, i18n] = await Promise.all([getCurrentUser(portal.upstream), namespaces(args.request, handle)]);
  const title = (i18n.bundles.login as { teacher: { title: string } }).teacher.title;
  const teacher = user.staffFlag === 1;
  return data({ i18n, title, teacher, name: displayName(user) }, { status: teacher ? 200 : 403, headers: { "Cache-Control": "private, no-store" } });
}

export default function TeacherLoginIn() {
  const { i18n, teacher, name } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "login");
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-semibold">{t("teacher.title")}</h1>
      {teacher ? (
        <div className="mt-6 space-y-4" data-testid="teacher-entry">
          <p className="text-lg">{t("teacher.welcome", { name })}</p>
          <p className="text-gray-700">{t("teacher.intro")}</p>
          <AdminButton />
        </div>
      ) : (
        <div className="mt-6 space-y-4">
          <p role="alert" className="text-red-700" data-testid="teacher-refused">
            {t("teacher.notTeacher")}
          </p>
          <div className="flex gap-3">
            <Form method="post" action="/logout">
              <AuthenticityTokenInput name="csrf" />
              <Button type="submit" variant="outline">
                {t("teacher.switchAccount")}
              </Button>
            </Form>
            <Link to="/home/index" className="rounded border border-gray-300 px-4 py-1.5">
              {t("teacher.home")}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
