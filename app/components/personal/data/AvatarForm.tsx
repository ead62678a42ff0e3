import { SubmitButton } from "~/components/ui/SubmitButton";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "~/i18n-runtime";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { fieldErrorText } from "~/components/form/messages";
import { FILE_MAX_BYTES, imageKindOf } from "~/forms/dynamic-fields";
import { Input } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";

/** The browser's own check before anything is sent (the server checks again): JPG/PNG by magic bytes, ≤ 5 MB. */
async function checkImage(file: File): Promise<string | undefined> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (!imageKindOf(head)) return "imageType";
  if (file.size > FILE_MAX_BYTES) return "imageSize";
  return undefined;
}

/**
 * The avatar form: a multipart post (works without JavaScript); with JavaScript the chosen image is
 * checked and previewed (an object URL, no library) before it is saved.
 */
export function AvatarForm({ headPic, answer }: { headPic: string | null; answer?: { error?: string; saved?: boolean } }) {
  const { t } = useTranslation("personal");
  const { t: tf } = useTranslation("fields");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [preview, setPreview] = useState<string | null>(null);
  const [clientError, setClientError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  // saved: the new avatar is the current one now (the loaders ran again); clear the chosen file
  useEffect(() => {
    if (!answer?.saved) return;
    setPreview(null);
    formRef.current?.reset();
  }, [answer]);
  const serverError = answer?.error === "malformed" ? "imageType" : answer?.error;
  const error = clientError ?? (pending ? undefined : serverError);
  const message = fieldErrorText(tf, error);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setPreview(null);
    setClientError(undefined);
    if (!file) return;
    const problem = await checkImage(file);
    if (problem) {
      setClientError(problem);
      return;
    }
    setPreview(URL.createObjectURL(file));
  }

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      className="space-y-4"
      onSubmit={(event) => {
        if (clientError) event.preventDefault();
      }}
    >
      <AuthenticityTokenInput name="csrf" />
      <div className="flex flex-wrap items-end gap-6">
        <figure className="text-center">
          {headPic ? (
            <img src={headPic} alt={t("avatar.current")} width={96} height={96} className="h-24 w-24 rounded-full object-cover" data-testid="current-avatar" />
          ) : (
            <div className="flex h-24 w-24 items-center justify-center rounded-full bg-gray-100 text-xs text-gray-500">{t("avatar.none")}</div>
          )}
          <figcaption className="mt-1 text-xs text-gray-600">{t("avatar.current")}</figcaption>
        </figure>
        {preview ? (
          <figure className="text-center">
            <img src={preview} alt={t("avatar.preview")} width={96} height={96} className="h-24 w-24 rounded-full object-cover" data-testid="avatar-preview" />
            <figcaption className="mt-1 text-xs text-gray-600">{t("avatar.preview")}</figcaption>
          </figure>
        ) : null}
      </div>
      <div>
        <label htmlFor="avatar-file" className="mb-1 block text-sm font-medium">
          {t("avatar.choose")}
        </label>
        <Input
          id="avatar-file"
          name="avatar"
          type="file"
          accept="image/jpeg,image/png"
          required
          onChange={onChange}
          aria-invalid={message ? true : undefined}
          aria-describedby={["avatar-hint", message ? "avatar-error" : ""].filter(Boolean).join(" ")}
          className="block"
        />
        <p id="avatar-hint" className="mt-1 text-xs text-gray-600">
          {t("avatar.hint")}
        </p>
        {message ? (
          <p id="avatar-error" role="alert" className="mt-1 text-sm text-red-700" data-error-for="avatar">
            {message}
          </p>
        ) : null}
      </div>
      {answer?.saved && !pending && !preview ? (
        <Notice as="p" tone="success">
          {t("avatar.saved")}
        </Notice>
      ) : null}
      <SubmitButton pending={pending} pendingLabel={t("avatar.saving")} block className="sm:w-auto">
        {t("avatar.save")}
      </SubmitButton>
    </Form>
  );
}
