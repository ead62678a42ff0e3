import { useBlurValidation } from "~/components/form/use-blur-validation";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from "react";
import { ChallengeNotice } from "~/components/auth/ChallengeNotice";
import { CsrfInput } from "~/components/csrf-token";
import { DialogPage } from "~/components/ui/Dialog";
import { FieldError } from "~/components/ui/Field";
import { SendCodeButton } from "~/components/form/SendCodeButton";
import { errorText } from "~/components/form/messages";
import { getFormProps, getInputProps, getSelectProps, useForm, type Constraints } from "~/components/form/use-form";
import { useNamespaces, type I18nData } from "~/components/use-namespaces";
import type { Outcome } from "~/forms/outcome";
import { useTranslation } from "~/i18n-runtime";
import { mobileChanged, SEXES, type FormShape, type Region } from "~/forms/personal-info";
import { Button, buttonClass } from "~/components/ui/Button";
import { DefaultSubmit } from "~/components/ui/SubmitButton";
import { Input, Select } from "~/components/ui/Input";

export type InfoOutcome = Outcome;
type PersonalValues = {
  name: string;
  identityTypeCode: string;
  identityId: string;
  mobile: string;
  smsCode: string;
  sex: string;
  educationCode: string;
  province: string;
  city: string;
  county: string;
  addressDetail: string;
};
type Option = { content: string; itemCode: string };

/** The personal information form's view (spec 001 §2 dialog 2, width 685); the route decides what it shows. */
export function PersonalInfoForm({
  shape,
  initial,
  regions,
  identityTypes,
  educations,
  constraint,
  backUrl,
  i18n,
  outcome,
}: {
  shape: FormShape;
  initial: Record<string, string>;
  regions: Region[];
  identityTypes: Option[];
  educations: Option[];
  /** the loader's `formConstraint(personalSchema(shape))` (decision 023) */
  constraint: Constraints<keyof PersonalValues>;
  backUrl: string;
  i18n: I18nData;
  outcome?: InfoOutcome;
}) {
  useNamespaces(i18n, "agreement");
  const { t } = useTranslation("agreement", { keyPrefix: "info" });
  const navigation = useNavigation();
  const values = { ...initial, ...((outcome?.result.initialValue as Record<string, string> | undefined) ?? {}) };
  // spec 001 §4: phone and ID number validated after the first blur (with JavaScript; the server's messages)
  const validation = useBlurValidation("personal-info", outcome?.result, { validatedOnBlur: ["mobile", "identityId"] });
  const [form, fields] = useForm<keyof PersonalValues>({
    id: "personal-info",
    lastResult: outcome?.result,
    defaultValue: values,
    constraint,
    validation,
  });
  const [region, setRegion] = useState({ province: values.province ?? "", city: values.city ?? "", county: values.county ?? "" });
  const [mobile, setMobile] = useState(values.mobile ?? "");
  const [idType, setIdType] = useState(values.identityTypeCode ?? "");
  // a new answer (refresh, failure) brings the server's values
  useEffect(() => {
    setRegion({ province: values.province ?? "", city: values.city ?? "", county: values.county ?? "" });
    setMobile(values.mobile ?? "");
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome]);
  const has = (f: Parameters<typeof shape.fields.includes>[0]) => shape.fields.includes(f);
  const err = (key: string | undefined) => errorText(((k: string, o?: Record<string, unknown>) => t(k, o)) as never, key);
  const cities = regions.find((r) => r.name === region.province)?.cities ?? [];
  const counties = cities.find((c) => c.name === region.city)?.counties ?? [];
  const smsShown = mobileChanged(shape, mobile);
  const sent = outcome?.sentResendAt;
  const busy = navigation.state === "submitting";
  // spec 001 §4: phone and ID number are cleared on first focus (the shown value is the stored, masked one)
  const cleared = useRef(new Set<string>());
  const clearOnce = (now: string) => (event: FocusEvent<HTMLInputElement>) => {
    const el = event.currentTarget;
    if (cleared.current.has(el.name)) return;
    cleared.current.add(el.name);
    if (now && el.value === now) {
      el.value = "";
      if (el.name === "mobile") setMobile("");
    }
  };

  return (
    <DialogPage title={t("title")} width={685} closeHref={backUrl} testId="personal-info-dialog">
      {outcome?.next ? <ChallengeNotice next={outcome.next} /> : null}
      <p className="mb-4 text-sm text-gray-600">{t("intro")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-1" key={outcome ? JSON.stringify(outcome.result.initialValue ?? {}) : "initial"}>
        {/* Enter saves: the send-code and 'update options' buttons come first (decision 085) */}
        <DefaultSubmit name="intent" value="save" disabled={busy} />
        <CsrfInput />
        {form.errors?.length ? (
          <p role="alert" className="mb-2 text-sm text-red-600" data-testid="info-form-error">
            {err(form.errors[0])}
          </p>
        ) : null}
        {has("name") ? (
          <Row id={fields.name.id} label={t("name")} error={err(fields.name.errors?.[0])} name="name">
            <Input
              {...getInputProps(fields.name, { type: "text" })}

              aria-describedby={fields.name.errors ? `${fields.name.id}-error` : undefined}
            />
          </Row>
        ) : null}
        {has("identityTypeCode") ? (
          <Row id={fields.identityTypeCode.id} label={t("identityType")} error={err(fields.identityTypeCode.errors?.[0])} name="identityTypeCode">
            <Select {...getSelectProps(fields.identityTypeCode)} onChange={(e) => setIdType(e.currentTarget.value)}>
              <option value="">{t("choose")}</option>
              {identityTypes.map((o) => (
                <option key={o.itemCode} value={o.itemCode}>
                  {o.content}
                </option>
              ))}
            </Select>
          </Row>
        ) : null}
        {has("identityId") ? (
          <Row id={fields.identityId.id} label={t("identityId")} error={err(fields.identityId.errors?.[0])} name="identityId">
            <Input
              {...getInputProps(fields.identityId, { type: "text" })}

              autoComplete="off"
              data-id-type={idType}
              onFocus={clearOnce(shape.identityIdNow)}
              aria-describedby={fields.identityId.errors ? `${fields.identityId.id}-error` : undefined}
            />
          </Row>
        ) : null}
        {has("mobile") ? (
          <Row
            id={fields.mobile.id}
            label={t("mobile")}
            error={err(fields.mobile.errors?.[0])}
            name="mobile"
            hint={shape.mobileLocked ? t("phoneLocked") : undefined}
          >
            <div className="flex gap-2">
              <Input
                {...getInputProps(fields.mobile, { type: "tel" })}
                disabled={shape.mobileLocked}

                inputMode="numeric"
                onFocus={clearOnce(shape.mobileNow)}
                onChange={(e) => setMobile(e.currentTarget.value)}
                aria-describedby={fields.mobile.errors ? `${fields.mobile.id}-error` : undefined}
              />
              {!shape.mobileLocked ? (
                // spec 001 §4 "SMS button": its own words; the seconds left shown without JavaScript too
                <SendCodeButton
                  resendAt={sent}
                  countFrom="render"
                  testId="info-send-code"
                  labels={{ send: t("sendCode"), resendIn: (n) => t("resendIn", { n }), resend: t("resend") }}
                />
              ) : null}
            </div>
          </Row>
        ) : null}
        {has("mobile") && (smsShown || sent) ? (
          <Row id={fields.smsCode.id} label={t("smsCode")} error={err(fields.smsCode.errors?.[0])} name="smsCode" hint={sent ? t("codeSent") : t("smsNeeded")}>
            <Input
              {...getInputProps(fields.smsCode, { type: "text" })}

              inputMode="numeric"
              autoComplete="one-time-code"
              aria-describedby={fields.smsCode.errors ? `${fields.smsCode.id}-error` : undefined}
            />
          </Row>
        ) : null}
        {has("sex") ? (
          <fieldset className="mb-3" aria-describedby={fields.sex.errors ? `${fields.sex.id}-error` : undefined}>
            <legend className="mb-1 text-sm text-gray-700">{t("sex")}</legend>
            <div className="flex gap-4 text-sm">
              {SEXES.map((s) => (
                <label key={s} className="flex items-center gap-1">
                  <Input type="radio" name={fields.sex.name} value={s} defaultChecked={values.sex === s} required />
                  {t(s === "MALE" ? "male" : "female")}
                </label>
              ))}
            </div>
            <FieldError id={`${fields.sex.id}-error`} name="sex">
              {err(fields.sex.errors?.[0])}
            </FieldError>
          </fieldset>
        ) : null}
        {has("educationCode") ? (
          <Row id={fields.educationCode.id} label={t("education")} error={err(fields.educationCode.errors?.[0])} name="educationCode">
            <Select {...getSelectProps(fields.educationCode)}>
              <option value="">{t("choose")}</option>
              {educations.map((o) => (
                <option key={o.itemCode} value={o.itemCode}>
                  {o.content}
                </option>
              ))}
            </Select>
          </Row>
        ) : null}
        {has("address") ? (
          <>
            <div className="grid grid-cols-1 gap-x-3 md:grid-cols-3">
              <Row id={fields.province.id} label={t("province")} error={err(fields.province.errors?.[0])} name="province">
                <Select
                  {...getSelectProps(fields.province)}
                  value={region.province}
                  onChange={(e) => setRegion({ province: e.currentTarget.value, city: "", county: "" })}
                >
                  <option value="">{t("choose")}</option>
                  {regions.map((r) => (
                    <option key={r.name}>{r.name}</option>
                  ))}
                </Select>
              </Row>
              <Row id={fields.city.id} label={t("city")} error={err(fields.city.errors?.[0])} name="city">
                <Select
                  {...getSelectProps(fields.city)}
                  value={region.city}
                  onChange={(e) => setRegion({ ...region, city: e.currentTarget.value, county: "" })}
                >
                  <option value="">{t("choose")}</option>
                  {cities.map((c) => (
                    <option key={c.name}>{c.name}</option>
                  ))}
                </Select>
              </Row>
              <Row id={fields.county.id} label={t("county")} error={err(fields.county.errors?.[0])} name="county">
                <Select {...getSelectProps(fields.county)} value={region.county} onChange={(e) => setRegion({ ...region, county: e.currentTarget.value })}>
                  <option value="">{t("choose")}</option>
                  {counties.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </Select>
              </Row>
            </div>
            <noscript>
              <Button type="submit" name="intent" value="refresh" formNoValidate variant="outline" size="sm" className="mb-3" data-testid="info-refresh">
                {t("refresh")}
              </Button>
            </noscript>
            <Row id={fields.addressDetail.id} label={t("address")} name="addressDetail">
              <Input {...getInputProps(fields.addressDetail, { type: "text" })} />
            </Row>
          </>
        ) : null}
        <div className="flex justify-end gap-3 pt-2">
          <a href={backUrl} className={buttonClass({ variant: "outline", size: "sm" })}>
            {t("cancel")}
          </a>
          <Button type="submit" name="intent" value="save" disabled={busy} size="sm" data-testid="info-submit">
            {t("submit")}
          </Button>
        </div>
      </Form>
    </DialogPage>
  );
}

function Row({ id, label, error, name, hint, children }: { id: string; label: string; error?: string; name: string; hint?: string; children: ReactNode }) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-gray-500">{hint}</p> : null}
      <FieldError id={`${id}-error`} name={name}>
        {error}
      </FieldError>
    </div>
  );
}
