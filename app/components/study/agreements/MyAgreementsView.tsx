import { useTranslation } from "~/i18n-runtime";
import { DialogPage } from "~/components/ui/Dialog";
import { useNamespaces, type I18nData } from "~/components/use-namespaces";
import { MyAgreements, type AgreementEntry } from "./MyAgreements";

/** What `myAgreementsLoader` returns, rendered: in the personal frame, or as the agreement-list dialog (width 685). */
export function MyAgreementsView({ data }: { data: { entries: AgreementEntry[]; all: boolean; dialog: { closeHref: string } | null; i18n: I18nData } }) {
  useNamespaces(data.i18n, "agreement");
  const { t } = useTranslation("agreement", { keyPrefix: "list" });
  if (!data.dialog) return <MyAgreements entries={data.entries} all={data.all} />;
  return (
    <DialogPage title={t("title")} width={685} closeHref={data.dialog.closeHref} testId="agreements-dialog">
      <MyAgreements entries={data.entries} all={data.all} heading={false} />
    </DialogPage>
  );
}
