import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n-runtime";
import { Button } from "~/components/ui/Button";

/** What the button says: before any send, while the resend is refused (`seconds` left), after the wait. */
export type SendCodeLabels = { send: string; resendIn: (seconds: number) => string; resend: string };

/**
 * THE send-code button (a submit with `intent=sendCode`, `formNoValidate`): after a send it counts down to
 * the time a resend is allowed (60 s), then offers the resend. Login, register, forgot-password and the
 * account settings use spec 000 section 4's words (the default); the personal information form passes
 * spec 001 §4 "SMS button"'s own ('send verification code', '(Ns) retry later', 're-get verification code').
 *
 * `countFrom`: "hydration" (default) shows the send/resend label until JavaScript runs and the server
 * refuses an early resend; "render" counts from the page's own render, so without JavaScript the page
 * shows the seconds left and the button disabled.
 */
export function SendCodeButton({
  resendAt,
  form,
  labels,
  countFrom = "hydration",
  testId = "send-code",
}: {
  resendAt?: number;
  form?: string;
  labels?: SendCodeLabels;
  countFrom?: "hydration" | "render";
  testId?: string;
}) {
  const { t } = useTranslation("login");
  const words = labels ?? { send: t("actions.sendCode"), resendIn: (seconds: number) => t("actions.resendIn", { seconds }), resend: t("actions.resend") };
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!resendAt) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [resendAt]);
  const clock = now ?? (countFrom === "render" ? Date.now() : null);
  const left = resendAt && clock !== null ? Math.max(0, Math.ceil((resendAt - clock) / 1000)) : 0;
  return (
    <Button
      type="submit"
      name="intent"
      value="sendCode"
      formNoValidate
      form={form}
      disabled={left > 0}
      data-testid={testId}
      variant="brandOutline"
      size="sm"
      className="shrink-0 disabled:border-gray-300 disabled:text-gray-400"
      suppressHydrationWarning={countFrom === "render"}
    >
      {left > 0 ? words.resendIn(left) : resendAt ? words.resend : words.send}
    </Button>
  );
}
