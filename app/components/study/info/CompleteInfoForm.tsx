import { Form, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CsrfInput } from "~/components/csrf-token";
import { DialogPage } from "~/components/ui/Dialog";
import { DynamicFields } from "~/components/form/DynamicFields";
import { FieldError } from "~/components/ui/Field";
import { fieldErrorText } from "~/components/form/messages";
import { getFormProps, useForm, type Constraints, type SubmissionResult } from "~/components/form/use-form";
import { useNamespaces, type I18nData } from "~/components/use-namespaces";
import { defaultValues, needsMultipart, type DynamicField, type FieldValues } from "~/forms/dynamic-fields";
import { useTranslation } from "~/i18n-runtime";
import { GROUP_KEYS, groupLevels, type Group } from "./group-path";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { ownAnswer, type FormFailure } from "~/forms/form-failure";
import { Button } from "~/components/ui/Button";
import { DefaultSubmit } from "~/components/ui/SubmitButton";
import { HiddenInput, Select } from "~/components/ui/Input";
import type { CascadeNode } from "~/components/form/cascader";
import { Notice } from "~/components/ui/Notice";

/** The cascader with search (spec 001 §9, decision 076): loaded once hydrated; the chained selects until then and without JavaScript. */
const Cascader = lazy(() => import("~/components/form/Cascader.client"));
const toNodes = (groups: Group[]): CascadeNode[] => groups.map((g) => ({ value: g.id, label: g.groupName, children: toNodes(g.children) }));

/** The complete-information dialog's view (spec 001 §2 dialog 1, width 643). */
export function CompleteInfoForm({
  scene,
  backUrl,
  fields: loadedFields,
  groups,
  proxyOrgs,
  groupPath: loadedPath,
  proxyId: loadedProxy,
  constraint: loadedConstraint,
  i18n,
  answer,
}: {
  scene: 2 | 3 | 4;
  backUrl: string;
  fields: DynamicField[];
  groups: Group[];
  proxyOrgs: Array<{ id: string; name: string }>;
  groupPath: string[];
  proxyId: string;
  /** the fields' constraints (`formConstraint(allFieldsSchema(fields))`, decision 023) */
  constraint: Constraints;
  i18n: I18nData;
  answer?:
    | { result: SubmissionResult<string[]>; fields: DynamicField[]; constraint: Constraints; groupPath: string[]; proxyId: string; messages: string[] }
    | FormFailure;
}) {
  useNamespaces(i18n, "agreement");
  const { t } = useTranslation("agreement", { keyPrefix: "complete" });
  const { t: tf } = useTranslation("fields");
  const navigation = useNavigation();
  const own = ownAnswer(answer);
  const fields = own?.fields ?? loadedFields;
  const [path, setPath] = useState(own?.groupPath ?? loadedPath);
  useEffect(() => setPath(own?.groupPath ?? loadedPath), [own, loadedPath]);
  const [form] = useForm({
    id: "complete-info",
    lastResult: answer?.result,
    defaultValue: { ...defaultValues(fields), proxyId: own?.proxyId ?? loadedProxy },
    constraint: own?.constraint ?? loadedConstraint,
  });
  const values = (form.value ?? form.initialValue ?? null) as FieldValues | null;
  const levels = groupLevels(groups, path);
  const groupError = form.allErrors[GROUP_KEYS[0]]?.[0] ?? form.allErrors[`${GROUP_KEYS[0]}`]?.[0];
  const proxyError = form.allErrors.proxyId?.[0];
  const busy = navigation.state === "submitting";
  const hydrated = useHydrated();
  // the chained selects: the form without JavaScript, and until the cascader's chunk is loaded
  const selects = (
    <div className="grid grid-cols-1 gap-2 md:grid-cols-2">
      {levels.map((options, i) => (
        <div key={i}>
          <label htmlFor={`group-${i}`} className="sr-only">
            {t("groupLevel", { n: i + 1 })}
          </label>
          <Select
            id={`group-${i}`}
            name={GROUP_KEYS[i]}
            value={path[i] ?? ""}
            aria-invalid={groupError && !path[i] ? true : undefined}
            onChange={(e) => setPath([...path.slice(0, i), ...(e.currentTarget.value ? [e.currentTarget.value] : [])])}

            data-testid={`group-level-${i + 1}`}
          >
            <option value="">{t("choose")}</option>
            {options.map((g) => (
              <option key={g.id} value={g.id}>
                {g.groupName}
              </option>
            ))}
          </Select>
        </div>
      ))}
    </div>
  );
  return (
    <DialogPage title={t("title")} width={643} closeHref={backUrl} testId="complete-info-dialog">
      <p className="mb-4 text-sm text-gray-700" data-testid="complete-intro">
        {t("introLine", { scene: t(`scene${scene}`) })}
      </p>
      <Form method="post" {...getFormProps(form)} encType={needsMultipart(fields, values) ? "multipart/form-data" : undefined} className="space-y-4">
        {/* Enter saves: 'update options' and the custom fields' next-level buttons come first (decision 085) */}
        <DefaultSubmit name="intent" value="save" disabled={busy} />
        <CsrfInput />
        <FormFailureNotice answer={answer} />
        {own?.messages.length ? (
          <Notice tone="error" data-testid="complete-error">
            {own.messages.map((m, i) => (
              <p key={i}>{m || t("errors.failed")}</p>
            ))}
          </Notice>
        ) : null}
        {groups.length ? (
          <fieldset aria-describedby={groupError ? "group-error" : undefined}>
            <legend className="mb-1 text-sm text-gray-700">{t("group")}</legend>
            {hydrated ? (
              <Suspense fallback={selects}>
                <Cascader
                  tree={toNodes(groups)}
                  path={path}
                  onChange={setPath}
                  label={t("group")}
                  invalid={Boolean(groupError)}
                  texts={{
                    choose: t("choose"),
                    search: tf("cascaderSearch"),
                    noResults: tf("cascaderNoResults"),
                    results: (count) => tf("cascaderResults", { count }),
                    level: (n) => t("groupLevel", { n }),
                  }}
                />
                {path.map((value, i) => (
                  <HiddenInput key={GROUP_KEYS[i]} name={GROUP_KEYS[i]} value={value} />
                ))}
              </Suspense>
            ) : (
              selects
            )}
            <noscript>
              <Button type="submit" name="intent" value="refresh" formNoValidate variant="outline" size="sm" className="mt-2" data-testid="group-refresh">
                {t("refresh")}
              </Button>
            </noscript>
            <FieldError id="group-error" name={GROUP_KEYS[0]}>
              {groupError ? t(`errors.${groupError}`) : undefined}
            </FieldError>
          </fieldset>
        ) : null}
        {proxyOrgs.length ? (
          <div>
            <label htmlFor="proxyId" className="field-label">
              {t("proxy")}
            </label>
            <Select
              id="proxyId"
              name="proxyId"
              defaultValue={own?.proxyId ?? loadedProxy}

              aria-invalid={proxyError ? true : undefined}
              aria-describedby={proxyError ? "proxy-error" : undefined}
            >
              <option value="">{t("choose")}</option>
              {proxyOrgs.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
            <FieldError id="proxy-error" name="proxyId">
              {proxyError ? t(`errors.${proxyError}`) : undefined}
            </FieldError>
          </div>
        ) : null}
        {fields.length ? (
          <section aria-label={t("custom")}>
            <DynamicFields fields={fields} form={form} />
          </section>
        ) : null}
        {form.errors?.length ? (
          <p role="alert" className="text-sm text-red-600">
            {fieldErrorText(tf, form.errors[0])}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button
            type="submit"
            name="intent"
            value="save"
            disabled={busy}
            aria-busy={busy || undefined}
            size="lg"
            className="text-sm"
            data-testid="complete-submit"
          >
            {t("submit")}
          </Button>
        </div>
      </Form>
    </DialogPage>
  );
}
