import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod/v4";
import { cancelHref } from "~/components/dialog/cancel-href";
import { CompleteInfoForm } from "~/components/study/info/CompleteInfoForm";
import { GROUP_KEYS, groupPathComplete, keepGroupPath } from "~/components/study/info/group-path";
import { formConstraint } from "~/forms/constraint.server";
import { allFieldsSchema, parseDynamicForm, postedValues, toFieldPayload, uploadFieldFiles, type DynamicField, type FieldValues } from "~/forms/dynamic-fields";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { signUpUploader } from "~/services/account-settings.server";
import { knownCompany } from "~/services/config.server";
import { getCustomizeInfo, improveCustomInfo, saveStudentGroupAndProxy, withCascadeLevels, withImageInfo } from "~/services/custom-fields.server";
import { withTemplateLinks } from "~/services/field-template.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requireValidPost, type Portal } from "~/lib/portal.server";
import { safeRedirect } from "~/lib/security/redirect";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";

/**
 * Complete information (spec 001 §2 dialog 1, width 643; §4 "Custom-info dialog"; §5; §7 "Customizable
 * fields"): `/info/complete?scene=2|3|4&backUrl=`. The scene's intro and 'please complete the following
 * information first'; the student group cascade (up to five levels; without JavaScript each level is chosen
 * and the form re-rendered with `intent=refresh`), the proxy organisation, and the custom fields (every one
 * required, associated ones hidden) through the dynamic-field kit (decision 017). Saving sends both calls;
 * the dialog closes (goes to backUrl) only when both succeed, else their messages are shown.
 */
export const handle = { i18n: ["agreement", "fields"] } satisfies RouteHandle;

/** Spec 001 §2: the dialog's scenes (built on use: no module-level zod in a route, decision 023). */
const SCENES = ["2", "3", "4"] as const;

/** Spec 001 §5: every custom field is required in this dialog; associated fields are hidden. */
function dialogFields(fields: DynamicField[]): DynamicField[] {
  return fields
    .filter((f) => !f.associated)
    .map((f) => ({ ...f, required: true, conditions: f.conditions.map((c) => ({ ...c, fields: dialogFields(c.fields) })) }));
}

async function context(portal: Portal, request: Request, values?: FieldValues | null) {
  const url = new URL(request.url);
  const scene = z.enum(SCENES).safeParse(url.searchParams.get("scene"));
  if (!scene.success) throw data({ kind: "notFound" }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  const backUrl = safeRedirect(url.searchParams.get("backUrl"), "/personal/course/lessons");
  const info = await getCustomizeInfo(portal.upstream);
  // 'download template' links the portal's own route (decision 076), never the upstream's file
  const fields = withTemplateLinks(await withCascadeLevels(portal.upstream, dialogFields(info.fields), values), "complete");
  return { scene: Number(scene.data) as 2 | 3 | 4, backUrl, closeHref: cancelHref(url, backUrl), info, fields };
}

export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const [{ scene, closeHref, info, fields }, i18n] = await Promise.all([context(portal, args.request), namespaces(args.request, handle)]);
  return {
    scene,
    backUrl: closeHref,
    fields,
    groups: info.groups,
    proxyOrgs: info.proxyOrgs,
    groupPath: keepGroupPath(info.groups, info.groupValue),
    proxyId: info.proxyId ?? "",
    constraint: formConstraint(allFieldsSchema(fields)),
    i18n,
  };
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args);
    const { backUrl, info, fields } = await context(portal, args.request, postedValues(formData));
    const own = { ...Object.fromEntries(GROUP_KEYS.map((k) => [k, z.string().optional()])), proxyId: z.string().optional(), intent: z.string().optional() };
    const { submission, reply } = parseDynamicForm(formData, fields, own);
    // the group levels and the proxy organisation as posted (checked against the loaded choices below)
    const posted = (name: string) => {
      const value = submission.payload[name];
      return typeof value === "string" ? value : "";
    };
    const groupPath = keepGroupPath(info.groups, GROUP_KEYS.map(posted));
    const proxyId = posted("proxyId");
    const constraint = formConstraint(allFieldsSchema(fields));
    const answer = (result: unknown, status = 200) =>
      data({ result: result as never, fields, constraint, groupPath, proxyId, messages: [] as string[] }, { status });
    if (reply) return answer(reply);
    // spec 001 §5: the group and the proxy organisation must be chosen
    const ownErrors: Record<string, string[]> = {};
    if (!groupPathComplete(info.groups, groupPath)) ownErrors[GROUP_KEYS[0]] = ["group"];
    if (info.proxyOrgs.length && !info.proxyOrgs.some((p) => p.id === proxyId)) ownErrors.proxyId = ["proxy"];
    if (submission.status !== "success" || Object.keys(ownErrors).length) {
      const base = submission.reply();
      const error = { ...((base as { error?: Record<string, string[]> }).error ?? {}), ...ownErrors };
      return answer({ ...base, status: "error", error }, 400);
    }
    const up = portal.upstream;
    const uploader = signUpUploader(up);
    const files = await uploadFieldFiles(fields, submission.value as FieldValues, uploader.upload);
    if (files.errors) return answer(submission.reply({ fieldErrors: files.errors }), 400);
    const companyId = portal.session.get("companyId") ?? knownCompany(portal.tenant.domain) ?? "";
    // both saves at once: one flag each; the dialog closes only when both are '1' (spec 001 §4)
    const [custom, group] = await Promise.allSettled([
      fields.length
        ? improveCustomInfo(
            up,
            { userId: portal.userId ?? "", companyId, schoolId: portal.schoolId },
            withImageInfo(fields, toFieldPayload(fields, files.value), uploader.uploaded),
          )
        : Promise.resolve(null),
      info.groups.length || info.proxyOrgs.length ? saveStudentGroupAndProxy(up, groupPath, proxyId) : Promise.resolve(null),
    ]);
    const messages: string[] = [];
    for (const outcome of [custom, group]) {
      if (outcome.status === "fulfilled") continue;
      const error = outcome.reason;
      if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
      messages.push(error.upstreamMessage ?? "");
    }
    if (messages.length) return data({ result: submission.reply() as never, fields, constraint, groupPath, proxyId, messages }, { status: 400 });
    throw redirect(backUrl, 303);
  });
}

export default function CompleteInfoPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <CompleteInfoForm {...loaded} answer={answer ?? undefined} />;
}
