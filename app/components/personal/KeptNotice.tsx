import { useTranslation } from "~/i18n-runtime";

/**
 * Decision 021: shown above a form that was filled back in after the login (the session had ended when it
 * was posted). It asks the person to check the values and submit again; nothing was saved yet.
 */
export function KeptNotice() {
  const { t } = useTranslation("personal");
  return (
    <p role="status" data-testid="kept-notice" className="rounded border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
      {t("kept.notice")}
    </p>
  );
}
