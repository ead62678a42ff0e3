import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as z from "zod/v4";
import { CsrfInput } from "~/components/csrf-token";
import { cancelHref } from "~/components/dialog/cancel-href";
import { DialogPage } from "~/components/ui/Dialog";
import { FieldError } from "~/components/ui/Field";
import { errorText } from "~/components/form/messages";
import { getFormProps, getInputProps, useForm } from "~/components/form/use-form";
import { useNamespaces } from "~/components/use-namespaces";
import { formConstraint } from "~/forms/constraint.server";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { insertProtocol, isPending, loadAgreement } from "~/services/agreements.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requireValidPost } from "~/lib/portal.server";
import { agreementHref, personalInfoHref } from "~/services/study-links";
import { validatePerfectStudentInfo } from "~/services/student-info.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";
import { Button } from "~/components/ui/Button";
import { Input } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";

/**
 * The agreement page (spec 001 §2: `/agreement/{check|edit}/{curId or 0}/{protocolId}?backUrl=`; §4
 * "Agreement signing"), a page without JavaScript and the agreement dialog (width 685) with it.
 * - `check`: the agreement read-only.
 * - `edit`: 1. the student info is validated; incomplete → the personal information form, which comes back
 *   here with 'submitted successfully, please continue signing the agreement'; 2. complete and protocolType 1
 *   → the e-sign provider (`/agreement/esign/...`: prepareAgreement, then a post to its form); 3. otherwise the agree box
 *   ('the user must agree to the course agreement before continuing to study') → insertProtocol → backUrl.
 */
export const handle = { i18n: ["agreement"] } satisfies RouteHandle;

/**
 * Spec 001 §5: acceptance needs the agree box ticked. Built on first use by the loader or the action: no
 * module-level zod in a route (decision 023: it would stay in the browser chunk).
 */
let sign: ReturnType<typeof buildSignSchema> | undefined;
function buildSignSchema() {
  return z.object({ agree: z.string({ error: "mustAgree" }).refine((v) => v === "on", { message: "mustAgree" }) });
}
const signSchema = () => (sign ??= buildSignSchema());

export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const [{ mode, agreement, backUrl, url }, i18n] = await Promise.all([loadAgreement(args, portal), namespaces(args.request, handle)]);
  const here = agreementHref("edit", agreement.id, agreement.protocolId, { backUrl });
  const esign = url.searchParams.get("esign");
  if (mode === "edit") {
    // back from the e-sign provider with the agreement signed: on to where the student was going
    if (!isPending(agreement.agreementStatus)) {
      if (esign === "1") throw redirect(backUrl);
      throw redirect(agreementHref("check", agreement.id, agreement.protocolId, { backUrl }));
    }
    const targetId = (agreement.targetType === "classpackage" ? agreement.classPackageId : agreement.commodityId) ?? "0";
    const targetType = agreement.targetType === "classpackage" ? 1 : 0;
    const info = await validatePerfectStudentInfo(portal.upstream, targetId, targetType);
    // closing the form goes back where the student came from, not to this page (which would send them back)
    if (!info.complete) throw redirect(personalInfoHref(here, { targetId, targetType, cancelUrl: cancelHref(url, backUrl) }));
  }
  return {
    mode,
    agreement: { ...agreement, signContent: undefined },
    backUrl,
    closeHref: cancelHref(url, backUrl),
    esign: agreement.protocolType === 1,
    refused: esign === "0",
    // the hand-over failed (spec 001 §8: the server's msg), from the e-sign resource route
    failed: url.searchParams.has("esignFailed") ? (url.searchParams.get("esignFailed") ?? "").slice(0, 200) : null,
    infoSaved: url.searchParams.get("notice") === "infoSaved",
    constraint: formConstraint(signSchema()),
    i18n,
  };
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args);
    const { mode, agreement, backUrl } = await loadAgreement(args, portal);
    if (mode !== "edit" || !isPending(agreement.agreementStatus)) throw redirect(agreementHref("check", agreement.id, agreement.protocolId, { backUrl }), 303);
    const submission = parseWithZod(formData, { schema: signSchema() });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    try {
      await insertProtocol(portal.upstream, agreement, agreement.protocolName);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
      // spec 001 §8: agreement signing fails → the server's msg
      return data({ result: submission.reply({ formErrors: [`server:${error.upstreamMessage ?? ""}`] }) }, { status: 400 });
    }
    throw redirect(backUrl, 303);
  });
}

export default function AgreementPage() {
  const { mode, agreement, backUrl, closeHref, esign, refused, failed, infoSaved, constraint, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "agreement");
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "agreement-sign",
    lastResult: answer?.result ?? undefined,
    constraint,
  });
  const formError = form.errors?.[0];
  const agreeError = fields.agree.errors?.[0];
  return (
    <DialogPage title={agreement.protocolName || t("sign.title")} width={685} closeHref={closeHref} testId="agreement-dialog">
      {infoSaved ? (
        <Notice tone="success" as="p" className="mb-3" data-testid="info-saved">
          {t("sign.infoSaved")}
        </Notice>
      ) : null}
      <p className="mb-2 text-sm text-gray-600">{agreement.targetName}</p>
      <div className="mb-4 max-h-72 overflow-auto whitespace-pre-wrap rounded border border-gray-200 bg-gray-50 p-3 text-sm" data-testid="agreement-content">
        {agreement.content}
      </div>
      {mode === "check" ? (
        <div className="flex items-center justify-between">
          <span className="text-sm text-gray-600" data-testid="agreement-status" data-status={agreement.agreementStatus}>
            {t(
              agreement.agreementStatus === 2 || agreement.agreementStatus === 3
                ? "list.signed"
                : agreement.agreementStatus === 4
                  ? "list.invalid"
                  : agreement.agreementStatus === 5
                    ? "list.none"
                    : "list.sign",
            )}
          </span>
          <Link to={backUrl} className="rounded border border-gray-300 px-4 py-1.5 text-sm">
            {t("sign.back")}
          </Link>
        </div>
      ) : esign ? (
        <form
          method="post"
          action={`/agreement/esign/${agreement.id}/${agreement.protocolId}?${new URLSearchParams({ backUrl })}`}
          className="space-y-3"
          data-testid="esign-form"
        >
          <CsrfInput />
          {refused ? (
            <p role="alert" className="text-sm text-red-600" data-testid="esign-refused">
              {t("sign.esignRefused")}
            </p>
          ) : null}
          {failed !== null ? (
            <p role="alert" className="text-sm text-red-600" data-testid="esign-failed">
              {failed.trim() || t("sign.errors.failed")}
            </p>
          ) : null}
          <p className="text-sm">{t("sign.esignIntro")}</p>
          <Button type="submit" name="intent" value="esign" data-testid="esign-go">
            {t("sign.esignGo")}
          </Button>
        </form>
      ) : (
        <Form method="post" {...getFormProps(form)} className="space-y-3">
          <CsrfInput />
          <label className="flex items-center gap-2 text-sm">
            <Input
              {...getInputProps(fields.agree, { type: "checkbox" })}
              aria-describedby={agreeError ? "agree-error" : undefined}
              data-testid="agreement-agree"
            />
            {t("sign.agree")}
          </label>
          <FieldError id="agree-error" name="agree">
            {errorText(prefixedT(t, "sign"), agreeError)}
          </FieldError>
          {formError ? (
            <p role="alert" className="text-sm text-red-600">
              {errorText(prefixedT(t, "sign"), formError)}
            </p>
          ) : null}
          <div className="flex justify-end gap-3">
            <Link to={closeHref} className="rounded border border-gray-300 px-4 py-1.5 text-sm">
              {t("sign.cancel")}
            </Link>
            <Button type="submit" name="intent" value="sign" disabled={navigation.state === "submitting"} size="sm" data-testid="agreement-submit">
              {t("sign.submit")}
            </Button>
          </div>
        </Form>
      )}
    </DialogPage>
  );
}

/** `t` with a key prefix, for `errorText`'s `errors.<key>`. */
function prefixedT(t: (key: string, options?: Record<string, unknown>) => string, prefix: string) {
  return ((key: string, options?: Record<string, unknown>) => t(`${prefix}.${key}`, options)) as never;
}
