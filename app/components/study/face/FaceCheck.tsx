import { Form, Link, useNavigation, useSearchParams } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-token";
import { DialogPage } from "~/components/ui/Dialog";
import { Field } from "~/components/ui/Field";
import { errorText } from "~/components/form/messages";
import { getFormProps, getInputProps, useForm, type Constraints, type SubmissionResult } from "~/components/form/use-form";
import { useNamespaces, type I18nData } from "~/components/use-namespaces";
import { useTranslation } from "~/i18n-runtime";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { Button, buttonClass } from "~/components/ui/Button";
import { DefaultSubmit } from "~/components/ui/SubmitButton";

export type FaceView =
  /** `constraint`: the loader's `formConstraint(faceSchema(...))` (decision 023: zod stays on the server) */
  | { kind: "info"; name: string; identityId: string; constraint: Constraints<"name" | "identityId"> }
  | { kind: "verify"; started: boolean }
  | { kind: "notPassed" }
  | { kind: "failed" };

/** The face step's views (spec 001 §2 dialog 3: width 500, not closable by the mask; §4 face flow). */
/** `failure`: the action's answer when the call behind it failed (decision 042): its message above the step. */
export function FaceCheck({
  view,
  reply,
  failure,
  backUrl,
  i18n,
}: {
  view: FaceView;
  reply?: SubmissionResult<string[]>;
  failure?: unknown;
  backUrl: string;
  i18n: I18nData;
}) {
  useNamespaces(i18n, "agreement");
  const { t } = useTranslation("agreement", { keyPrefix: "face" });
  const title = view.kind === "info" ? t("title") : t("verifyTitle");
  return (
    <DialogPage title={title} width={500} closeHref={backUrl} closable={false} maskClosable={false} testId="face-dialog">
      <FormFailureNotice answer={failure} className="mb-3" />
      {view.kind === "info" ? <FaceInfoForm view={view} reply={reply} /> : null}
      {view.kind === "verify" ? <Verify started={view.started} /> : null}
      {view.kind === "notPassed" ? (
        <div className="space-y-4" role="alertdialog" aria-labelledby="face-not-passed" data-testid="face-not-passed">
          <p id="face-not-passed">{t("notPassed")}</p>
          <div className="flex justify-end gap-3">
            <CancelButton label={t("cancelVerify")} />
            <StartForm label={t("retry")} testId="face-retry" />
          </div>
          <DoneForm />
        </div>
      ) : null}
      {view.kind === "failed" ? (
        <div className="space-y-4" data-testid="face-failed">
          <p role="alert" className="text-red-700">
            {t("failed")}
          </p>
          <Link to="/personal/course/lessons" className={buttonClass({ variant: "outline", size: "sm" })}>
            {t("back")}
          </Link>
        </div>
      ) : null}
    </DialogPage>
  );
}

/** Opens the verification window: a post in a new tab (`/face/start`), with or without JavaScript. */
function StartForm({ label, testId }: { label: string; testId: string }) {
  // the common face check (an exam's, decision 058) opens the common verification window
  const [search] = useSearchParams();
  return (
    <form method="post" action={search.get("scope") === "common" ? "/face/start?scope=common" : "/face/start"} target="_blank">
      <CsrfInput />
      <Button type="submit" size="sm" data-testid={testId}>
        {label}
      </Button>
    </form>
  );
}

function DoneForm() {
  const { t } = useTranslation("agreement", { keyPrefix: "face" });
  const navigation = useNavigation();
  return (
    <Form method="post" className="flex justify-end">
      <CsrfInput />
      <Button type="submit" name="intent" value="done" disabled={navigation.state === "submitting"} variant="outline" size="sm" data-testid="face-done">
        {t("done")}
      </Button>
    </Form>
  );
}

function CancelButton({ label }: { label: string }) {
  return (
    <Form method="post">
      <CsrfInput />
      <Button type="submit" name="intent" value="cancel" formNoValidate variant="outline" size="sm" data-testid="face-cancel">
        {label}
      </Button>
    </Form>
  );
}

function Verify({ started }: { started: boolean }) {
  const { t } = useTranslation("agreement", { keyPrefix: "face" });
  return (
    <div className="space-y-4" data-testid="face-verify" data-started={started ? "1" : "0"}>
      <p className="text-sm">{t("verifyIntro")}</p>
      <div className="flex justify-end gap-3">
        <CancelButton label={t("cancelVerify")} />
        <StartForm label={t("open")} testId="face-open" />
      </div>
      <DoneForm />
    </div>
  );
}

function FaceInfoForm({
  view,
  reply,
}: {
  view: { name: string; identityId: string; constraint: Constraints<"name" | "identityId"> };
  reply?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("agreement", { keyPrefix: "face" });
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "face-info",
    lastResult: reply,
    defaultValue: { name: view.name, identityId: view.identityId },
    constraint: view.constraint,
  });
  const err = (key: string | undefined) => errorText(((k: string, o?: Record<string, unknown>) => t(k, o)) as never, key);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      {/* Enter submits the info: 'cancel' comes first (decision 085) */}
      <DefaultSubmit name="intent" value="info" disabled={navigation.state === "submitting"} />
      <CsrfInput />
      {form.errors?.length ? (
        <p role="alert" className="text-sm text-red-600" data-testid="face-form-error">
          {err(form.errors[0])}
        </p>
      ) : null}
      <Field
        {...getInputProps(fields.name, { type: "text" })}
        key={fields.name.key}
        id={fields.name.id}
        label={t("name")}
        error={err(fields.name.errors?.[0])}
      />
      <Field
        {...getInputProps(fields.identityId, { type: "text" })}
        key={fields.identityId.key}
        id={fields.identityId.id}
        label={t("identityId")}
        autoComplete="off"
        error={err(fields.identityId.errors?.[0])}
      />
      <p className="text-xs text-gray-600" data-testid="face-note">
        {t("note")}
      </p>
      <div className="flex justify-end gap-3 pt-2">
        <Button type="submit" name="intent" value="cancel" formNoValidate variant="outline" size="sm" data-testid="face-cancel">
          {t("cancel")}
        </Button>
        <Button type="submit" name="intent" value="info" disabled={navigation.state === "submitting"} size="sm" data-testid="face-submit">
          {t("submit")}
        </Button>
      </div>
    </Form>
  );
}
