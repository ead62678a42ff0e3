import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { errorText } from "~/components/form/messages";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTranslation } from "~/i18n-runtime";
import type { CategoryCount, ExamCategory, OpenCategory, UsedCategory } from "~/services/user-categories.server";
import { AccountTabs } from "./AccountTabs";
import { AccountNotice } from "./AccountNotice";
import { HiddenInput } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";
import { Badge } from "~/components/ui/Badge";

export type UpgradeOutcome = { error: string };

type Props = {
  used: UsedCategory[];
  can: OpenCategory[];
  exam: ExamCategory[];
  count: CategoryCount;
  notice: string | null;
  outcome: UpgradeOutcome | null;
  action: string;
};

/** The user-centre categories (decision 038): in study (with the upgrade), to start, with exams. */
export function CategoriesPage({ used, can, exam, count, notice, outcome, action }: Props) {
  const { t } = useTranslation("account");
  return (
    <div className="space-y-6">
      <AccountTabs />
      <h1 className="text-xl font-bold">{t("category.title")}</h1>
      <p className="text-sm text-gray-700" data-testid="category-count">
        {t("category.summary", count)}
      </p>
      <AccountNotice notice={notice} />
      {outcome ? (
        <Notice as="p" tone="error" data-testid="category-error">
          {t("category.failed", { reason: errorText(t, outcome.error) })}
        </Notice>
      ) : null}
      <section aria-labelledby="category-used">
        <h2 id="category-used" className="mb-2 font-semibold">
          {t("category.used")}
        </h2>
        {used.length === 0 ? (
          <p className="text-gray-700">{t("category.usedEmpty")}</p>
        ) : (
          <ul className="space-y-3" data-testid="category-used">
            {used.map((c) => (
              <li key={c.categoryId} className="rounded-lg border border-gray-200 bg-white p-3" data-testid="category-used-item">
                <h3 className="font-medium">{c.categoryName}</h3>
                <p className="text-sm text-gray-700">{t("category.courses", { names: c.courses.map((x) => x.courseName).join("、") })}</p>
                {c.upgrade.length ? (
                  <Form method="post" action={action} className="mt-2 flex flex-wrap items-center gap-3">
                    <AuthenticityTokenInput name="csrf" />
                    <HiddenInput name="intent" value="upgrade" />
                    <span className="text-sm">{t("category.upgrade", { names: c.upgrade.map((x) => x.courseName).join("、") })}</span>
                    <SubmitButton
                      name="categoryId"
                      value={String(c.categoryId)}
                      aria-label={t("category.upgradeLabel", { name: c.categoryName })}
                      variant="strong"
                    >
                      {t("category.upgradeButton")}
                    </SubmitButton>
                  </Form>
                ) : (
                  <p className="mt-1 text-sm text-green-800">{t("category.upToDate")}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="category-can">
        <h2 id="category-can" className="mb-2 font-semibold">
          {t("category.can")}
        </h2>
        {can.length === 0 ? (
          <p className="text-gray-700">{t("category.canEmpty")}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="category-can">
            {can.map((c) => (
              <li key={c.categoryId} className="rounded-lg border border-gray-200 bg-white p-3">
                <h3 className="font-medium">{c.categoryName}</h3>
                <p className="text-sm text-gray-700">{t("category.onSale", { count: c.onSale, free: c.freeCount })}</p>
                <Link
                  to={`/course/list?categoryId=${c.categoryId}`}
                  aria-label={t("category.browseLabel", { name: c.categoryName })}
                  className="text-sm text-brand-strong underline"
                >
                  {t("category.browse")}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="category-exam">
        <h2 id="category-exam" className="mb-2 font-semibold">
          {t("category.exam")}
        </h2>
        <ul className="space-y-2" data-testid="category-exam">
          {exam.map((c) => (
            <li key={c.categoryId}>
              <span className="font-medium">{c.categoryName}</span>
              {c.used ? (
                <Badge tone="success" className="ml-2">
                  {t("category.inUse")}
                </Badge>
              ) : null}
              <ul className="mt-1 flex flex-wrap gap-3 text-sm">
                {c.exams.map((e) => (
                  <li key={e.subjectId}>
                    <Link to={`/lib/subject/overview/${e.subjectId}`} className="text-brand-strong underline">
                      {t("category.practise", { name: e.subjectName })}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
