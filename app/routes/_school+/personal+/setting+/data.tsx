import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod/v4";
import { KeptNotice } from "~/components/personal/KeptNotice";
import { DATA_SECTIONS, SectionForm, type DataSection } from "~/components/personal/data/SectionForm";
import { useNamespaces } from "~/components/use-namespaces";
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
import type { Constraints } from "~/components/form/use-form";
import { formConstraint } from "~/forms/constraint.server";
import { namespaces, type NamespaceParts, type RouteHandle } from "~/i18n.server";
import { getCustomFieldData, getPersonalDetail, savePersonalSection, signUpUploader } from "~/services/account-settings.server";
import { knownCompany } from "~/services/config.server";
import { improveCustomInfo, withCascadeLevels, withImageInfo } from "~/services/custom-fields.server";
import { withTemplateLinks } from "~/services/field-template.server";
import { keptFormData, keptValue, takeKept, type KeptForm } from "~/lib/state/form-keep.server";
import { requireStudent, requireStudentWith } from "~/lib/guards/guards.server";
import { requireValidPost, type Portal } from "~/lib/portal.server";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";
import { isFormFailure } from "~/forms/form-failure";

/**
 * Personal data (spec 001 §2, §7 "Account settings": `get/detail`, `save/{base|contact|other|register}/info`;
 * "Customizable fields": the custom fields). Five forms on one page, each rendered from its upstream
 * definitions by the dynamic-field kit (decision 017); one action takes the form's `section` and its
 * `intent` (`save`, or `refresh`: re-render without JavaScript keeping every typed value, e.g. to show a
 * chooseRelList sub-field or the next cascade level).
 */
// a function, not a module-level schema: a top-level zod call stays in the page's browser bundle (decision 023)
const sectionSchema = () => z.enum(DATA_SECTIONS);

async function sectionFields(portal: Portal, section: DataSection, values?: FieldValues | null): Promise<DynamicField[]> {
  const up = portal.upstream;
  const fields = section === "custom" ? await customFields(up) : (await getPersonalDetail(up))[section];
  return withCascadeLevels(up, fields, values);
}

/** The custom section's fields; 'download template' links the portal's own route (decision 076). */
async function customFields(up: Portal["upstream"]): Promise<DynamicField[]> {
  return withTemplateLinks(await getCustomFieldData(up), "data");
}

export const handle = { i18n: ["personal", "fields", "upstream"] } as const satisfies RouteHandle;
// of those namespaces, the groups the page reads (decision 090); the loader's only, not in the browser's route module
const PARTS = { personal: ["data", "kept"] } as const satisfies NamespaceParts;

export async function loader(args: LoaderFunctionArgs) {
  // the permission check and the page's calls in one round; the cascade levels of the stored values come
  // from the per-domain option cache (custom-fields.server.ts, decision 041): no second round when warm
  const { portal, loaded: answers } = await requireStudentWith(args, "setting.data", (p) =>
    Promise.all([getPersonalDetail(p.upstream), customFields(p.upstream), namespaces(args.request, handle, PARTS)]),
  );
  const [detail, custom, i18n] = answers;
  const up = portal.upstream;
  const kept = await takeKept(portal);
  const all = { ...detail, custom };
  const loaded = await Promise.all(DATA_SECTIONS.map(async (s) => [s, await withCascadeLevels(up, all[s])] as const));
  const constraints = Object.fromEntries(loaded.map(([s, fields]) => [s, formConstraint(allFieldsSchema(fields))])) as Record<DataSection, Constraints>;
  return {
    sections: Object.fromEntries(loaded) as Record<DataSection, DynamicField[]>,
    constraints,
    i18n,
    kept: kept ? await restore(portal, all, kept) : null,
  };
}

/**
 * Decision 021: the section posted when the session had ended, filled back in with what was typed (as a
 * refresh re-renders it: values, sub-fields and cascade levels, no error), for the person to check and
 * save again. Never saved here.
 */
async function restore(portal: Portal, all: Record<DataSection, DynamicField[]>, kept: KeptForm) {
  const Section = sectionSchema();
  const section = Section.safeParse(keptValue(kept, "section"));
  if (!section.success) return null;
  const formData = keptFormData(kept);
  const fields = await withCascadeLevels(portal.upstream, all[section.data], postedValues(formData));
  const { submission } = parseDynamicForm(formData, fields, { section: Section, intent: z.enum(["save", "refresh"]).optional() });
  return { section: section.data, result: refreshReply(submission.reply()), fields, constraint: formConstraint(allFieldsSchema(fields)) };
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args, "setting.data");
    const Section = sectionSchema();
    // the section names the form, and so the fields its schema is built from (a post no form makes: 400)
    const section = parseWithZod(formData, { schema: z.looseObject({ section: Section }) });
    if (section.status !== "success") throw data({ kind: "badRequest" as const }, { status: 400 });
    const name = section.value.section;
    const fields = await sectionFields(portal, name, postedValues(formData));
    const { submission, reply } = parseDynamicForm(formData, fields, { section: Section, intent: z.enum(["save", "refresh"]).optional() });
    if (reply) return { section: name, result: reply, fields, constraint: formConstraint(allFieldsSchema(fields)), saved: false };
    if (submission.status !== "success")
      return data({ section: name, result: submission.reply(), fields, constraint: formConstraint(allFieldsSchema(fields)), saved: false }, { status: 400 });
    const up = portal.upstream;
    try {
      const uploader = signUpUploader(up);
      const files = await uploadFieldFiles(fields, submission.value as FieldValues, uploader.upload);
      if (files.errors)
        return data(
          { section: name, result: submission.reply({ fieldErrors: files.errors }), fields, constraint: formConstraint(allFieldsSchema(fields)), saved: false },
          { status: 400 },
        );
      const payload = toFieldPayload(fields, files.value);
      if (name === "custom") {
        const companyId = portal.session.get("companyId") ?? knownCompany(portal.tenant.domain) ?? "";
        await improveCustomInfo(up, { userId: portal.userId ?? "", companyId, schoolId: portal.schoolId }, withImageInfo(fields, payload, uploader.uploaded));
      } else {
        await savePersonalSection(up, name, payload);
      }
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
      // spec 001 §8: a code the portal knows in the page's language, any other message as it is; the typed values stay
      const message = upstreamFormError({ code: error.code, message: error.upstreamMessage }, "server:");
      return data(
        { section: name, result: submission.reply({ formErrors: [message] }), fields, constraint: formConstraint(allFieldsSchema(fields)), saved: false },
        { status: 400 },
      );
    }
    // saved: the loader revalidates, the form shows the stored values
    return { section: name, result: submission.reply(), fields: null, constraint: null, saved: true };
  });
}

export default function PersonalDataPage() {
  const { sections, constraints, i18n, kept } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "personal");
  useNamespaces(i18n, "fields");
  const answer = useActionData<typeof action>();
  return (
    <div className="space-y-8">
      <h1 className="text-xl font-bold">{t("data.title")}</h1>
      {kept && !answer ? <KeptNotice /> : null}
      {DATA_SECTIONS.map((section) => {
        // decision 042: the section whose save met an upstream failure comes back with what was typed and the message
        const failed =
          isFormFailure(answer) && answer.posted.section === section ? { result: answer.result, fields: undefined, constraint: undefined } : undefined;
        const mine =
          answer && "section" in answer && answer.section === section ? answer : (failed ?? (!answer && kept?.section === section ? kept : undefined));
        const fields = sections[section];
        if (!fields.length) return null;
        return (
          <SectionForm
            key={section}
            section={section}
            fields={mine?.fields ?? fields}
            constraint={mine?.constraint ?? constraints[section]}
            lastResult={mine?.result}
            saved={mine && "saved" in mine ? mine.saved : false}
          />
        );
      })}
    </div>
  );
}
