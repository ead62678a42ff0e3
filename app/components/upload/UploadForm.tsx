import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useRef, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-runtime";
import { checkNameAndSize, RESOURCE_EXTENSIONS } from "~/services/upload-rules";
import { Button } from "~/components/ui/Button";
import { HiddenInput, Input } from "~/components/ui/Input";

export type UploadFormAnswer = { error?: string; message?: string; saved?: string } | undefined;

const ACCEPT = RESOURCE_EXTENSIONS.map((e) => `.${e}`).join(",");

/** The message of an answer's error code (namespace `files`, spec 001 §5 and §8). */
export function useUploadMessage() {
  const { t } = useTranslation("files");
  return (answer: UploadFormAnswer) =>
    !answer?.error
      ? undefined
      : answer.error === "server"
        ? answer.message || t("errors.-601")
        : t(`errors.${answer.error}`, { defaultValue: t("errors.-601") });
}

/**
 * The resource upload (spec 001 §4 "Upload", §5): without JavaScript a plain multipart post to the page's
 * action; with JavaScript the file's name and size are checked at once, then `uploader.client.ts` (loaded
 * only on submit) sends it in chunks with a progress bar and a cancel button.
 */
export function UploadForm({
  answer,
  relay,
  action,
  field = "file",
  idPrefix = "upload",
  accept = ACCEPT,
  check = checkNameAndSize,
  label,
  hint,
}: {
  answer: UploadFormAnswer;
  relay: string;
  /** where the no-JS multipart post goes (default: the page's own action) */
  action?: string;
  /** the file input's name */
  field?: string;
  /** ids and test ids: `<idPrefix>-file`, `-hint`, `-error`, `-saved`, `-progress`, `-form` */
  idPrefix?: string;
  accept?: string;
  /** the name and size rule checked before any byte is sent */
  check?: (name: string, size: number) => string | undefined;
  label?: string;
  hint?: string;
}) {
  const { t } = useTranslation("files");
  const message = useUploadMessage();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [clientAnswer, setClientAnswer] = useState<UploadFormAnswer>();
  const [progress, setProgress] = useState<{ percent: number; resumedAt?: number } | null>(null);
  const cancel = useRef<AbortController | null>(null);
  const shown = clientAnswer ?? answer;
  const error = message(shown);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem(field) as HTMLInputElement).files?.[0];
    const csrf = (form.elements.namedItem("csrf") as HTMLInputElement | null)?.value ?? "";
    if (!file) return setClientAnswer({ error: "required" });
    const rule = check(file.name, file.size);
    if (rule) return setClientAnswer({ error: rule });
    setClientAnswer(undefined);
    const controller = new AbortController();
    cancel.current = controller;
    setProgress({ percent: 0 });
    try {
      const { uploadFile, UploadFailed } = await import("~/services/uploader.client");
      try {
        const done = await uploadFile(file, {
          action: relay,
          csrf,
          signal: controller.signal,
          onProgress: ({ sent, size, resumedAt }) =>
            setProgress({ percent: Math.floor((sent / size) * 100), resumedAt: resumedAt > 0 ? Math.floor((resumedAt / size) * 100) : undefined }),
        });
        setClientAnswer({ saved: done.saved });
        form.reset();
        revalidator.revalidate();
      } catch (failure) {
        if (controller.signal.aborted) setClientAnswer({ error: "cancelled" });
        else setClientAnswer(failure instanceof UploadFailed ? failure.answer : { error: "unreadable" });
      }
    } finally {
      cancel.current = null;
      setProgress(null);
    }
  }

  const busy = progress !== null || navigation.state === "submitting";
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="space-y-3 rounded border border-gray-200 p-4"
      onSubmit={onSubmit}
      data-testid={`${idPrefix}-form`}
    >
      <AuthenticityTokenInput name="csrf" />
      <HiddenInput name="intent" value="upload" />
      <label htmlFor={`${idPrefix}-file`} className="block text-sm font-medium">
        {label ?? t("upload.label")}
      </label>
      <Input
        id={`${idPrefix}-file`}
        name={field}
        type="file"
        accept={accept}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${idPrefix}-hint`, error ? `${idPrefix}-error` : ""].filter(Boolean).join(" ")}
        className="block"
        onChange={() => setClientAnswer(undefined)}
      />
      <p id={`${idPrefix}-hint`} className="text-xs text-gray-600">
        {hint ?? t("upload.hint")}
      </p>
      {error || shown?.error === "cancelled" ? (
        <p id={`${idPrefix}-error`} role="alert" className="text-sm text-red-700" data-testid={`${idPrefix}-error`}>
          {shown?.error === "cancelled" ? t("upload.cancelled") : error}
        </p>
      ) : null}
      {shown?.saved ? (
        <p role="status" className="text-sm text-green-700" data-testid={`${idPrefix}-saved`}>
          {t("resources.saved", { name: shown.saved })}
        </p>
      ) : null}
      {progress ? (
        <div className="space-y-1" data-testid={`${idPrefix}-progress`}>
          <progress max={100} value={progress.percent} aria-label={t("upload.progress")} className="w-full" />
          <p className="text-xs text-gray-700" aria-live="polite">
            {progress.resumedAt !== undefined ? `${t("upload.resumed", { percent: progress.resumedAt })} · ` : ""}
            {t("upload.uploading", { percent: progress.percent })}
          </p>
        </div>
      ) : null}
      <div className="flex gap-3">
        <Button type="submit" disabled={busy} size="sm">
          {t("upload.submit")}
        </Button>
        {progress ? (
          <Button type="button" onClick={() => cancel.current?.abort()} variant="outline" size="sm">
            {t("upload.cancel")}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
