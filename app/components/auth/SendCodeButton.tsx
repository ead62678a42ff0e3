import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n-runtime";

/**
 * The send-code button of spec 000 section 4: after a send it counts down 60 s with the resend label.
 * Without JavaScript the page shows the time after which a resend is allowed (the server refuses earlier).
 */
export function SendCodeButton({ resendAt, form }: { resendAt?: number; form?: string }) {
  const { t } = useTranslation("login");
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!resendAt) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [resendAt]);
  const left = resendAt && now !== null ? Math.max(0, Math.ceil((resendAt - now) / 1000)) : 0;
  return (
    <button
      type="submit"
      name="intent"
      value="sendCode"
      formNoValidate
      form={form}
      disabled={left > 0}
      data-testid="send-code"
      className="shrink-0 rounded border border-brand px-3 py-2 text-sm text-brand disabled:border-gray-300 disabled:text-gray-400"
    >
      {left > 0 ? t("actions.resendIn", { seconds: left }) : resendAt ? t("actions.resend") : t("actions.sendCode")}
    </button>
  );
}
