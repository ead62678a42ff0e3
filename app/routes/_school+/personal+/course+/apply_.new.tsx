import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { errorText } from "~/components/form/messages";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { fillHref } from "~/components/instead/SignUpList";
import { StudyPage } from "~/components/study/courses/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { useTimes } from "~/components/use-times";
import { namespaces, type RouteHandle } from "~/i18n.server";
import * as z from "zod/v4";
import { requireStudent, requireStudentWith } from "~/lib/guards/guards.server";
import { itemTimesOf, saveUserItemRel, signProvinces } from "~/services/instead.server";
import { requireValidPost } from "~/lib/portal.server";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";
import { newCreateKey, oneCreate } from "~/lib/state/one-create.server";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { keptIdemKey, ownAnswer } from "~/forms/form-failure";
import { Button } from "~/components/ui/Button";
import { HiddenInput, Select } from "~/components/ui/Input";

export const handle = { i18n: ["instead", "upstream"] } satisfies RouteHandle;

const PROVINCE_CODE = /^\d{6}$/;

/**
 * A new instead sign-up (spec 001 §7 'Instead sign-up': `get/sign/province`, `getItemTimeByProvinceCode`,
 * `saveUserItemRel`; decision 036): `?provinceCode=` (a GET form, no JavaScript needed) lists the
 * province's sessions; "sign up" creates the user-item relation and opens its form.
 */
export async function loader(args: LoaderFunctionArgs) {
  const code = new URL(args.request.url).searchParams.get("provinceCode") ?? "";
  const provinceCode = PROVINCE_CODE.test(code) ? code : "";
  const { loaded } = await requireStudentWith(args, "course.apply", (p) =>
    Promise.all([
      signProvinces(p.upstream),
      provinceCode ? itemTimesOf(p.upstream, provinceCode).catch(businessAsEmpty) : Promise.resolve([]),
      namespaces(args.request, handle),
    ]),
  );
  const [provinces, times, i18n] = loaded;
  const province = provinces.find((p) => p.provinceCode === provinceCode) ?? null;
  return { provinces, province, times: province ? times : [], i18n, idemKey: newCreateKey() };
}

/** A province the upstream refuses (not one of its codes): no sessions, like an unknown one. */
function businessAsEmpty(error: unknown): [] {
  if (error instanceof UpstreamError && error.kind === "business") return [];
  throw error;
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args, "course.apply");
    const submission = parseWithZod(formData, { schema: signUpSchema() });
    // the session comes from its row's hidden field: a refusal of the schema is a post no row makes
    if (submission.status !== "success") return data({ error: "itemTime", itemTimeId: 0 }, { status: 400 });
    const { itemTimeId } = submission.value;
    return oneCreate(args, "insteadSignUp", async () => {
      try {
        const itemUserId = await saveUserItemRel(portal.upstream, itemTimeId);
        throw redirect(fillHref(itemUserId), 303);
      } catch (error) {
        if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
        // not open, already signed up for the item, no such session: the upstream's message beside the session
        return data({ error: upstreamFormError({ code: error.code, message: error.upstreamMessage }, "failed"), itemTimeId }, { status: 400 });
      }
    });
  });
}

/** A session's sign-up: its `itemTimeId` (built in the action: no zod at a route's top level, decision 023). */
const signUpSchema = () =>
  z.object({
    itemTimeId: z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number),
  });

export default function NewSignUpPage() {
  const { provinces, province, times, i18n, idemKey } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const answer = ownAnswer(failure);
  const { t } = useNamespaces(i18n, "instead");
  const { moment } = useTimes();
  const error = errorText(t as never, answer?.error);
  return (
    <StudyPage title={t("titles.new")} testId="new-sign-up-page">
      <FormFailureNotice answer={failure} className="mb-3" />
      <p className="-mt-2 mb-3 text-sm">
        <a href="/personal/course/apply" className="text-brand underline">
          {t("new.back")}
        </a>
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="provinceCode" className="field-label">
            {t("new.province")}
          </label>
          <Select id="provinceCode" name="provinceCode" defaultValue={province?.provinceCode ?? ""} required className="w-auto">
            <option value="">{t("new.choose")}</option>
            {provinces.map((p) => (
              <option key={p.provinceCode} value={p.provinceCode}>
                {p.provinceName}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="brandOutline" size="sm" data-testid="province-search">
          {t("new.search")}
        </Button>
      </Form>
      {error && !answer?.itemTimeId ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {!province ? (
        <p className="mt-4 text-sm text-gray-600">{t("new.pickProvince")}</p>
      ) : (
        <section aria-labelledby="times-title" className="mt-4">
          <h2 id="times-title" className="font-medium">
            {t("new.times", { province: province.provinceName })}
          </h2>
          {times.length ? (
            <ul className="mt-2 divide-y divide-gray-100">
              {times.map((time) => (
                <li key={time.itemTimeId} className="py-3" data-testid="item-time" data-item-time-id={time.itemTimeId}>
                  <h3 className="font-medium">{time.itemName}</h3>
                  <p className="mt-1 text-sm text-gray-700">
                    {time.examName} · {t("new.examTime", { time: moment(time.examTime) })} · {t("new.fee", { fee: time.fee })}
                  </p>
                  <p className="mt-0.5 text-xs text-gray-600">{t("new.signWindow", { start: time.signStart, end: time.signEnd })}</p>
                  {answer?.itemTimeId === time.itemTimeId && error ? (
                    <p role="alert" className="mt-1 text-sm text-red-700" data-testid="item-time-error">
                      {error}
                    </p>
                  ) : null}
                  {time.signed ? (
                    <p className="mt-1 text-sm text-gray-600">{t("new.signed")}</p>
                  ) : time.open ? (
                    <Form method="post" className="mt-1">
                      <AuthenticityTokenInput name="csrf" />
                      <HiddenInput name="itemTimeId" value={time.itemTimeId} />
                      <HiddenInput name="idemKey" value={keptIdemKey(failure, idemKey)} />
                      <SubmitButton pendingLabel={t("new.pending")} size="sm">
                        {t("new.signUp")}
                      </SubmitButton>
                    </Form>
                  ) : (
                    <p className="mt-1 text-sm text-gray-600">{t("new.closed")}</p>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-gray-600">{t("new.noTimes")}</p>
          )}
        </section>
      )}
    </StudyPage>
  );
}
