import { Notice } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n-runtime";

/** What the 303 of a successful account form says (`?notice=`), announced politely. */
export function AccountNotice({ notice }: { notice: string | null }) {
  const { t } = useTranslation("account");
  if (!notice) return null;
  return (
    <Notice tone="success" data-testid="account-notice">
      {t(`notice.${notice}`)}
    </Notice>
  );
}
