import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-token";
import { DynamicFields } from "~/components/form/DynamicFields";
import { DefaultSubmit, SubmitButton } from "~/components/ui/SubmitButton";
import { getFormProps, useForm } from "~/components/form/use-form";
import { useNamespaces } from "~/components/use-namespaces";
import { formConstraint } from "~/forms/constraint.server";
import { allFieldsSchema, defaultValues, parseDynamicForm, toFieldPayload, type FieldValues } from "~/forms/dynamic-fields";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { createCertificate, unlockFields, updateCertificateStudent } from "~/services/certificates.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requireValidPost, type Portal } from "~/lib/portal.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { ownAnswer } from "~/forms/form-failure";
import { Notice } from "~/components/ui/Notice";

export const handle = { i18n: ["files", "fields"] } satisfies RouteHandle;

const NO_STORE = { "Cache-Control": "private, no-store" };

const idOf = (params: { id?: string }) => (/^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : undefined);

/** The certificate's unlock fields; a certificate that cannot be created (or is unknown) is a 404. */
async function unlockOf(portal: Portal, params: { id?: string }) {
  const id = idOf(params);
  if (id === undefined) throw data({ kind: "notFound" }, { status: 404, headers: NO_STORE });
  try {
    return await unlockFields(portal.upstream, id);
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business")
      throw data({ kind: "notFound", message: error.upstreamMessage ?? "" }, { status: 404, headers: NO_STORE });
    throw error;
  }
}

/**
 * `/certificate/create/<id>` (spec 001 §7 "Certificates", decision 037): a certificate whose conditions
 * are met (`unlockFlag` 1 in the list) is created here: its unlock fields (`get/unlock/field`, rendered
 * by the dynamic-field kit, every one required), saved as the student's details for it
 * (`update/student` with `relationIds`), then `create/certificate`; on success the obtained tab.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const [unlock, i18n] = await Promise.all([unlockOf(portal, args.params), namespaces(args.request, handle)]);
  return data({ ...unlock, constraint: formConstraint(allFieldsSchema(unlock.fields)), i18n }, { headers: NO_STORE });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args);
    const unlock = await unlockOf(portal, args.params);
    const { submission, reply } = parseDynamicForm(formData, unlock.fields);
    if (reply) return data({ result: reply, message: null as string | null });
    if (submission.status !== "success") return data({ result: submission.reply(), message: null as string | null }, { status: 400 });
    try {
      await updateCertificateStudent(portal.upstream, unlock.relationIds, toFieldPayload(unlock.fields, submission.value as FieldValues));
      await createCertificate(portal.upstream, unlock.id);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
      return data({ result: submission.reply(), message: error.upstreamMessage ?? "" }, { status: 400 });
    }
    throw redirect(`/certificate/list?status=1&created=${unlock.id}`, 303);
  });
}

export default function CreateCertificate() {
  const { name, fields, constraint, i18n } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const own = ownAnswer(answer);
  const { t } = useNamespaces(i18n, "files");
  const [form] = useForm({ id: "certificate-create", lastResult: answer?.result, defaultValue: defaultValues(fields), constraint });
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8">
      <p className="text-sm">
        <Link to="/certificate/list?status=0" className="text-brand-strong underline">
          {t("certificates.back")}
        </Link>
      </p>
      <h1 className="text-xl font-bold">{t("certificates.createTitle")}</h1>
      <p className="font-medium" data-testid="certificate-name">
        {name}
      </p>
      <p className="text-sm text-gray-700">{t("certificates.unlockIntro")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {/* Enter creates: a custom field's next-level button may come first (decision 085) */}
        <DefaultSubmit />
        <CsrfInput />
        <FormFailureNotice answer={answer} />
        {own?.message !== null && own?.message !== undefined ? (
          <Notice tone="error" as="p" data-testid="certificate-error">
            {own.message || t("certificates.failed")}
          </Notice>
        ) : null}
        <DynamicFields fields={fields} form={form} />
        <SubmitButton>{t("certificates.create")}</SubmitButton>
      </Form>
    </div>
  );
}
