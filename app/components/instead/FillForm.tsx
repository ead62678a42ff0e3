import { Form } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { DynamicFields } from "~/components/form/DynamicFields";
import { fieldErrorText } from "~/components/form/messages";
import { DefaultSubmit, SubmitButton } from "~/components/ui/SubmitButton";
import { useForm, type Constraints, type SubmissionResult } from "~/components/form/use-form";
import { defaultValues, needsMultipart, visibleFields, type DynamicField, type FieldValues } from "~/forms/dynamic-fields";
import { useTranslation } from "~/i18n-runtime";
import { Notice } from "~/components/ui/Notice";

/** The relay of the chunked annex uploads (`_school.personal.course.apply_.upload.tsx`). */
export const INSTEAD_UPLOAD_RELAY = "/personal/course/apply/upload";

/** The list of annex uploads: loaded when the first file is chosen (page weight, decision 040). */
const AnnexUploads = lazy(() => import("~/components/instead/AnnexUploads"));

export type Upload = {
  id: string;
  field: string;
  label: string;
  fileName: string;
  percent: number;
  state: "uploading" | "done" | "failed";
  url?: string;
  error?: string;
  message?: string;
};

/**
 * The instead sign-up's field form (spec 001 §7 `saveItemFieldFormData`) on the dynamic-field kit (decision
 * 017): the item's fields with their rules, sub-fields and cascade levels (`intent=refresh` without
 * JavaScript), annex and image files in a multipart post. Validation runs on the server (decision 023).
 *
 * With JavaScript an annex file starts uploading as soon as it is chosen (spec 001 §9 "auto start"): 4 MB
 * chunks with retries through the relay, a progress bar whose id holds `insteadFillUploadFile` (§4) and a
 * cancel button; once stored, the file input is emptied and the file's address is posted as the field's value.
 */
export function FillForm({ fields, constraint, lastResult }: { fields: DynamicField[]; constraint: Constraints; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("instead", { keyPrefix: "fill" });
  const { t: tu } = useTranslation("instead", { keyPrefix: "upload" });
  const { t: tf } = useTranslation("fields");
  const [form] = useForm({ id: "instead-fill", lastResult, defaultValue: defaultValues(fields), constraint });
  const formError = fieldErrorText(tf, form.errors?.[0]);
  const values = (form.value ?? form.initialValue ?? null) as FieldValues | null;
  const ref = useRef<HTMLFormElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  // an answer of the server re-renders the stored addresses as the fields' kept values
  useEffect(() => setUploads([]), [lastResult]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let n = 0;
    const update = (id: string, patch: Partial<Upload>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...patch } : u)));
    const onChange = async (event: Event) => {
      const input = event.target as HTMLInputElement;
      if (input.type !== "file" || !input.closest('[data-type="annex"]') || !input.files?.length) return;
      const file = input.files[0]!;
      const field = fieldsRef.current.length ? visibleFields(fieldsRef.current).find((f) => f.name === input.name) : undefined;
      const id = `insteadFillUploadFile-${input.name}-${++n}`;
      const csrf = (element.elements.namedItem("csrf") as HTMLInputElement | null)?.value ?? "";
      const controller = new AbortController();
      controllers.current.set(id, controller);
      setUploads((list) => [...list, { id, field: input.name, label: field?.label ?? input.name, fileName: file.name, percent: 0, state: "uploading" }]);
      input.value = ""; // the file goes through the uploader, not in the form's post
      try {
        const { uploadFile, UploadFailed } = await import("~/services/uploader.client");
        try {
          const done = await uploadFile(file, {
            action: INSTEAD_UPLOAD_RELAY,
            csrf,
            signal: controller.signal,
            onProgress: ({ sent, size }) => update(id, { percent: Math.floor((sent / size) * 100) }),
          });
          update(id, { state: "done", percent: 100, url: done.saved });
        } catch (failure) {
          const answer = failure instanceof UploadFailed ? failure.answer : { error: "unreadable" };
          update(id, { state: "failed", error: controller.signal.aborted ? "cancelled" : answer.error, message: answer.message });
        }
      } finally {
        controllers.current.delete(id);
      }
    };
    element.addEventListener("change", onChange);
    return () => element.removeEventListener("change", onChange);
  }, []);

  const uploadMessage = (u: Upload) =>
    u.error === "annexType"
      ? tf("errors.annexType")
      : u.error === "space" && u.message
        ? u.message
        : tu(`errors.${u.error ?? "unreadable"}`, { defaultValue: tu("errors.unreadable") });
  const busy = uploads.some((u) => u.state === "uploading");
  return (
    <Form
      ref={ref}
      method="post"
      id={form.id}
      noValidate={form.noValidate}
      data-validate="server"
      encType={needsMultipart(fields, values) ? "multipart/form-data" : undefined}
      aria-describedby={formError ? form.errorId : undefined}
      className="space-y-4"
    >
      {/* Enter saves: a custom field's next-level button may come first (decision 085) */}
      <DefaultSubmit name="intent" value="save" disabled={busy} />
      <AuthenticityTokenInput name="csrf" />
      {formError ? (
        <Notice tone="error" as="p" id={form.errorId} data-testid="fill-error">
          {formError}
        </Notice>
      ) : null}
      <DynamicFields fields={fields} form={form} />
      {uploads.length ? (
        <Suspense fallback={null}>
          <AnnexUploads uploads={uploads} controllers={controllers.current} setUploads={setUploads} message={uploadMessage} />
        </Suspense>
      ) : null}
      <SubmitButton name="intent" value="save" disabled={busy} pendingLabel={t("saving")} block className="sm:w-auto" data-testid="fill-submit">
        {t("save")}
      </SubmitButton>
    </Form>
  );
}
