import { useTranslation } from "~/i18n-runtime";

/**
 * What a delete of a file really did (issue 21 §7): deleted, or nothing deleted because it is not among the
 * student's files (the portal checks ownership first). `testId` names the page's thing: `<testId>-deleted`,
 * `<testId>-not-deleted`. Nothing for any other answer.
 */
export function DeleteOutcome({ deleted, notOwned, testId, className = "" }: { deleted: boolean; notOwned: boolean; testId: string; className?: string }) {
  const { t } = useTranslation("files");
  if (deleted) {
    return (
      <p role="status" className={`text-green-700 ${className}`} data-testid={`${testId}-deleted`}>
        {t("resources.deleted")}
      </p>
    );
  }
  if (!notOwned) return null;
  return (
    <p role="alert" className={`text-red-700 ${className}`} data-testid={`${testId}-not-deleted`}>
      {t("errors.notOwned")}
    </p>
  );
}
