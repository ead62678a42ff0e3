import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import type { Agreement, AgreementAction } from "~/services/agreements.server";
import { agreementHref } from "~/services/study-links";
import { useRevalidateOnVisible } from "./use-revalidate-on-visible";
import { Table } from "~/components/ui/Table";
import { buttonClass } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";

export type AgreementEntry = { agreement: Agreement; action: AgreementAction };

/**
 * The agreement list (spec 001 §2 dialog 4, §4 "Agreement status"): each entry with its status control;
 * 'please sign all agreements' when every agreement is required and some are not signed; an empty list
 * says 'no agreement information'.
 */
export function MyAgreements({ entries, all, heading = true }: { entries: AgreementEntry[]; all: boolean; heading?: boolean }) {
  const { t } = useTranslation("agreement", { keyPrefix: "list" });
  useRevalidateOnVisible();
  const pending = entries.some((e) => e.action.kind === "sign");
  return (
    <section aria-labelledby={heading ? "agreements-heading" : undefined} data-testid="my-agreements">
      {heading ? (
        <h1 id="agreements-heading" className="mb-4 text-xl font-bold">
          {t("title")}
        </h1>
      ) : null}
      {all && pending ? (
        <Notice tone="warning" as="p" className="mb-3" data-testid="sign-all">
          {t("signAll")}
        </Notice>
      ) : null}
      {entries.length === 0 ? (
        <p className="py-10 text-center text-gray-500" data-testid="agreements-empty">
          {t("empty")}
        </p>
      ) : (
        <Table>
          <thead>
            <tr>
              <th scope="col" className="py-2">
                {t("target")}
              </th>
              <th scope="col" className="py-2">
                {t("protocol")}
              </th>
              <th scope="col" className="py-2">
                {t("status")}
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map(({ agreement: a, action }) => (
              <tr key={a.id} className="border-b border-gray-100" data-testid="agreement-row" data-status={a.agreementStatus}>
                <td className="py-3 pr-3">
                  <span className="mr-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-600">
                    {t(a.targetType === "classpackage" ? "package" : "course")}
                  </span>
                  {a.targetName}
                </td>
                <td className="py-3 pr-3">
                  <Link to={agreementHref("check", a.id, a.protocolId)} className="text-brand-strong underline">
                    {a.protocolName || t("view")}
                  </Link>
                </td>
                <td className="py-3">
                  <StatusControl action={action} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

function StatusControl({ action }: { action: AgreementAction }) {
  const { t } = useTranslation("agreement", { keyPrefix: "list" });
  const button = buttonClass({ size: "sm" });
  switch (action.kind) {
    case "sign":
      return (
        <Link to={action.href} className={button} data-testid="agreement-sign">
          {t(action.andStudy ? "signAndStudy" : "sign")}
        </Link>
      );
    case "study":
      return (
        <Link to={action.href} className={button} data-testid="agreement-study">
          {t("study")}
        </Link>
      );
    case "signed":
      return <span className="text-green-700">{t("signed")}</span>;
    case "invalid":
      return <span className="text-gray-500">{t("invalid")}</span>;
    case "none":
      return <span className="text-gray-500">{t("none")}</span>;
  }
}
