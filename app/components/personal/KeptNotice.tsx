import { Notice } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n-runtime";

/**
 * Decision 021: shown above a form that was filled back in after the login (the session had ended when it
 * was posted). It asks the person to check the values and submit again; nothing was saved yet.
 */
export function KeptNotice() {
  const { t } = useTranslation("personal");
  return (
    <Notice tone="warning" data-testid="kept-notice">
      {t("kept.notice")}
    </Notice>
  );
}
