import { parseWithZod } from "@conform-to/zod/v4";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { loadConfig } from "~/services/config.server";
import { getPortal, requireValidPost } from "~/lib/portal.server";
import { safeRedirect } from "~/lib/security/redirect";
import { saveSessionSchool } from "~/services/school.server";
import { SchoolSwitchSchema } from "~/forms/catalogue";
import { formAction } from "~/lib/http/form-failure.server";
import { refused } from "~/lib/http/form-result.server";
import { HiddenInput } from "~/components/ui/Input";

/**
 * Switching school away from the home page (spec 000 section 4): the question
 * 'switch to [school]? after switching you are sent to the home page, continue?' is this page without
 * JavaScript and a confirm dialog with it; then the school is saved and the browser goes to its home.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const url = new URL(args.request.url);
  const schoolId = Number(url.searchParams.get("schoolId"));
  const from = safeRedirect(url.searchParams.get("from"));
  const schools = await loadConfig(portal.upstream, "schools");
  const school = schools.schoolPage.records.find((s) => s.id === schoolId);
  if (!school) throw redirect(from);
  return { school: { id: school.id, name: school.schoolName }, from };
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, formData } = await requireValidPost(args);
    const submission = parseWithZod(formData, { schema: SchoolSwitchSchema });
    if (submission.status !== "success") return refused(submission, {});
    const { schoolId, from } = submission.value;
    const schools = await loadConfig(portal.upstream, "schools");
    const school = schools.schoolPage.records.find((s) => s.id === schoolId);
    if (!school) return redirect(safeRedirect(from));
    await saveSessionSchool(portal.upstream, school.id).catch(() => null);
    portal.session.set("schoolId", school.id);
    const home = school.defaultFlag === 1 || !school.suffix ? "/home/index" : `/home/index/${encodeURIComponent(school.suffix)}`;
    return redirect(home, { headers: { "Set-Cookie": await portal.commitSession() } });
  });
}

export default function SchoolSwitch() {
  const { t } = useTranslation();
  const { school, from } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div role="dialog" aria-labelledby="switch-question" className="rounded-lg border border-gray-200 bg-white p-6 shadow">
        <p id="switch-question" className="text-lg">
          {t("site.switchConfirm", { name: school.name })}
        </p>
        <Form method="post" className="mt-6 flex justify-end gap-3">
          <AuthenticityTokenInput name="csrf" />
          <HiddenInput name="schoolId" value={school.id} />
          <HiddenInput name="from" value={from} />
          <Link to={from} className="rounded border border-gray-300 px-4 py-1.5">
            {t("site.cancel")}
          </Link>
          <SubmitButton>{t("site.confirm")}</SubmitButton>
        </Form>
      </div>
    </div>
  );
}
