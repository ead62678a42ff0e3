import { useTranslation } from "~/i18n-runtime";

/** What the 303 of a successful form says (`?notice=`), announced politely. */
export function Notice({ notice }: { notice: string | null }) {
  const { t } = useTranslation("account");
  if (!notice) return null;
  return (
    <p role="status" className="rounded bg-green-50 p-2 text-sm text-green-900" data-testid="account-notice">
      {t(`notice.${notice}`)}
    </p>
  );
}
