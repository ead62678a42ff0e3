import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod/v4";
import { FillForm } from "~/components/instead/FillForm";
import { StudyPage } from "~/components/study/courses/StudyPage";
import { useNamespaces } from "~/components/use-namespaces";
import { schoolMomentOf } from "~/services/shell.server";
import { formConstraint } from "~/forms/constraint.server";
import {
  allFieldsSchema,
  parseDynamicForm,
  postedValues,
  refreshReply,
  toFieldPayload,
  uploadFieldFiles,
  type DynamicField,
  type FieldValues,
} from "~/forms/dynamic-fields";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { uploadFile } from "~/services/account-settings.server";
import { requireStudent, requireStudentWith } from "~/lib/guards/guards.server";
import { detailHref, flowSpace, itemInfo, saveItemFieldFormData, signStatus } from "~/services/instead.server";
import { annexContentErrors, readFillForm } from "~/services/instead-upload.server";
import { requireValidPost, requireValidUpload } from "~/lib/portal.server";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";
import { Notice } from "~/components/ui/Notice";

export const handle = { i18n: ["instead", "fields", "upstream"] } satisfies RouteHandle;

/** The sign-up id of the address, or a 404 (never a 500 for `abc`, `-1`, 20 digits). */
function itemUserIdOf(params: LoaderFunctionArgs["params"]): number {
  const raw = params.itemUserId ?? "";
  if (!/^\d{1,12}$/.test(raw) || Number(raw) === 0) throw data(null, { status: 404 });
  return Number(raw);
}

/**
 * Fill in an instead sign-up (spec 001 §7 'Instead sign-up' `getItemInfoByItemUserId`, `get/cascade/options`,
 * the flow space check, `saveItemFieldFormData`; 'Account settings' `v2/check/instead/sign/status`; decision
 * 036): the item's fields through the dynamic-field kit (decision 017). The v2 status check decides whether
 * the form may be filled in (to fill, or refused, inside the sign window); otherwise its message shows and
 * the form does not. Annex and image files are checked (kit rules, spec 001 §5), the company's flow space
 * is checked for their bytes, then they are uploaded (`sign/source/upload`) and the form saved: the
 * sign-up goes under review and the page goes to its details.
 */
export async function loader(args: LoaderFunctionArgs) {
  // the login and permission checks answer first; a malformed id is a 404 only for a student who may see the page
  const { loaded } = await requireStudentWith(args, "course.apply", async (p) => {
    const itemUserId = itemUserIdOf(args.params);
    const info = itemInfo(p.upstream, itemUserId);
    const examTime = info.then((i) => (i ? schoolMomentOf(p, i.examTime) : ""));
    return Promise.all([info, signStatus(p.upstream, itemUserId), namespaces(args.request, handle), examTime]);
  });
  const [info, status, i18n, examTime] = loaded;
  if (!info || !status) throw data(null, { status: 404 });
  // the detail address and the session's time (the school's zone, decision 061) come with the data: the page's
  // script loads no address or time module (the 100 KB budget)
  return { info, examTime, status, constraint: formConstraint(allFieldsSchema(info.fields)), detail: detailHref(info.itemUserId), i18n };
}

class NoSpace extends Error {}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    // a multipart post (files without JavaScript) is read as it streams, capped at the 5 MB multipart limit
    const multipart = /^multipart\/form-data/i.test(args.request.headers.get("Content-Type") ?? "");
    const { formData, tooLarge } = multipart
      ? (await requireValidUpload(args, readFillForm)).upload
      : { ...(await requireValidPost(args)), tooLarge: undefined };
    const portal = await requireStudent(args, "course.apply");
    const itemUserId = itemUserIdOf(args.params);
    const up = portal.upstream;
    // the fields shown for the posted values (sub-fields, cascade levels) and the status check, in one round
    const [info, status] = await Promise.all([itemInfo(up, itemUserId, postedValues(formData)), signStatus(up, itemUserId)]);
    if (!info || !status) throw data(null, { status: 404 });
    const fields = info.fields;
    const constraint = formConstraint(allFieldsSchema(fields));
    const answer = (result: unknown, statusCode = 200) =>
      data({ result: result as never, fields: fields as DynamicField[], constraint }, { status: statusCode });
    const { submission, reply } = parseDynamicForm(formData, fields, { intent: z.enum(["save", "refresh"]).optional() });
    if (reply) return answer(reply);
    // a file over the multipart limit (without JavaScript): the spec's size message, the values read before it kept
    if (tooLarge) {
      const field = fields.find((f) => f.name === tooLarge);
      const code = field?.type === "image" ? "imageSize" : "annexSize";
      return answer({ ...refreshReply(submission.reply()), status: "error", error: field ? { [field.name]: [code] } : { "": [code] } }, 413);
    }
    if (!status.editable) return answer(submission.reply({ formErrors: [`server:${status.message}`] }), 409);
    if (submission.status !== "success") return answer(submission.reply(), 400);
    const value = submission.value as FieldValues;
    // the sign-up rule's types by content (spec 001 §5); the kit checks the extension and the 5 MB after
    const contentErrors = await annexContentErrors(fields, value);
    if (contentErrors) return answer(submission.reply({ fieldErrors: contentErrors }), 400);
    const bytes = Object.values(value)
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .reduce<number>((sum, v) => sum + (v instanceof File ? v.size : 0), 0);
    let spaceChecked = false;
    try {
      const files = await uploadFieldFiles(fields, value, async (file) => {
        // the flow space check once, for all the files' bytes, after the kit's checks and before the first upload
        if (!spaceChecked) {
          spaceChecked = true;
          const space = await flowSpace(up, bytes);
          if (!space.enough) throw new NoSpace(space.message);
        }
        return (await uploadFile(up, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })).filePath;
      });
      if (files.errors) return answer(submission.reply({ fieldErrors: files.errors }), 400);
      await saveItemFieldFormData(up, itemUserId, toFieldPayload(fields, files.value));
    } catch (error) {
      if (error instanceof NoSpace) return answer(submission.reply({ formErrors: [`server:${error.message}`] }), 400);
      if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
      // spec 001 §8: the upstream's message (required field, window closed, ...); the typed values stay
      return answer(submission.reply({ formErrors: [upstreamFormError({ code: error.code, message: error.upstreamMessage }, "server:")] }), 400);
    }
    throw redirect(detailHref(itemUserId), 303);
  });
}

export default function FillPage() {
  const { info, examTime, status, constraint, detail, i18n } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // the page's own answer (its re-parsed fields), not a form failure's (decision 042); inline, not
  // `ownAnswer`: this page sits at the 100 KB budget and that module would be a chunk of its own here
  const own = answer && "fields" in answer ? answer : undefined;
  const { t } = useNamespaces(i18n, "instead");
  useNamespaces(i18n, "fields");
  return (
    <StudyPage title={t("titles.fill")} testId="instead-fill">
      <h2 className="font-medium">{info.itemName}</h2>
      <p className="mt-1 text-sm text-gray-700">
        {info.examName} · {t("fill.session", { province: info.provinceName, time: examTime })}
      </p>
      {info.status === 3 && info.reason ? <p className="mt-1 text-sm text-red-700">{t("fill.reason", { reason: info.reason })}</p> : null}
      <div className="mt-4">
        {status.editable ? (
          <FillForm fields={own?.fields ?? info.fields} constraint={own?.constraint ?? constraint} lastResult={answer?.result} />
        ) : (
          <Notice tone="warning" data-testid="fill-locked">
            <p className="font-medium">{t("fill.locked")}</p>
            <p>{status.message}</p>
            <a href={detail} className="mt-1 inline-block text-brand underline">
              {t("fill.toDetail")}
            </a>
          </Notice>
        )}
      </div>
    </StudyPage>
  );
}
