import type { InputHTMLAttributes } from "react";
import { useTranslation } from "~/i18n-runtime";
import { Field } from "~/components/ui/Field";
import { SendCodeButton } from "~/components/form/SendCodeButton";

/**
 * The SMS code field with its send button and, after a send, the time a resend is allowed (spec 000
 * section 4: 60 s). Without JavaScript the page re-renders with the code field focused. Used by login,
 * register and forgot-password. The parent keys it by `sentResendAt` so a new send refocuses the field.
 */
export function SmsCodeField({
  inputProps,
  error,
  sentResendAt,
}: {
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string };
  error?: string;
  sentResendAt?: number;
}) {
  const { t } = useTranslation("login");
  const { key: _key, ...input } = inputProps;
  return (
    <>
      <Field {...input} label={t("fields.smsCode")} autoComplete="one-time-code" autoFocus={Boolean(sentResendAt)} error={error}>
        <SendCodeButton resendAt={sentResendAt} />
      </Field>
      {sentResendAt ? (
        // The seconds left when the page was made (issue 12: never the server's clock time); the button
        // counts down with JavaScript, so a second's drift at hydration is expected.
        <p role="status" className="mb-3 text-xs text-gray-600" data-testid="code-sent" suppressHydrationWarning>
          {t("codeSent", { seconds: Math.max(0, Math.ceil((sentResendAt - Date.now()) / 1000)) })}
        </p>
      ) : null}
    </>
  );
}
