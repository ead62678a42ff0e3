import { useTimes } from "~/components/use-times";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { errorText } from "~/components/form/messages";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTranslation } from "~/i18n-runtime";
import type { PointExchange, PointGoods } from "~/services/points.server";
import { AccountTabs } from "./AccountTabs";
import { AccountNotice } from "./AccountNotice";
import { HiddenInput } from "~/components/ui/Input";
import { Table } from "~/components/ui/Table";
import { Notice } from "~/components/ui/Notice";

/** What a refused exchange says: the goods it was for, and the reason (an `upstream:` or `server:` form error). */
export type ExchangeOutcome = { goodsId: number | null; error: string };

type Props = {
  goods: { points: number; list: PointGoods[] };
  exchanges: PointExchange[];
  notice: string | null;
  idemKey: string;
  outcome: ExchangeOutcome | null;
  action: string;
};

/** Why a goods cannot be exchanged now (the server refuses the same, this only spares a useless post). */
function blocked(g: PointGoods, points: number): "soldOut" | "owned" | "limitReached" | "short" | null {
  if (g.stock <= 0) return "soldOut";
  if (g.owned) return "owned";
  if (g.exchanged >= g.perUserLimit) return "limitReached";
  if (points < g.points) return "short";
  return null;
}

/** The points exchange (decision 038): goods for points, and my exchanges. */
export function ExchangePage({ goods, exchanges, notice, idemKey, outcome, action }: Props) {
  const { moment: dateTime } = useTimes();
  const { t } = useTranslation("account");
  const failed = outcome ? goods.list.find((g) => g.id === outcome.goodsId) : undefined;
  return (
    <div className="space-y-6">
      <AccountTabs />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold">{t("exchange.title")}</h1>
        <Link to="/personal/accountcenter/score" className="text-sm text-brand-strong underline">
          {t("exchange.back")}
        </Link>
      </div>
      <AccountNotice notice={notice} />
      {outcome ? (
        <Notice as="p" tone="error" data-testid="exchange-error">
          {failed ? t("exchange.failed", { name: failed.goodsName, reason: errorText(t, outcome.error) }) : errorText(t, outcome.error)}
        </Notice>
      ) : null}
      <p>
        {t("exchange.available")}{" "}
        <strong className="text-2xl" data-testid="exchange-points">
          {goods.points}
        </strong>
      </p>
      <section aria-labelledby="exchange-goods">
        <h2 id="exchange-goods" className="mb-2 font-semibold">
          {t("exchange.goods")}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="goods">
          {goods.list.map((g) => {
            const why = blocked(g, goods.points);
            return (
              <li key={g.id} className="rounded-lg border border-gray-200 bg-white p-3" data-testid="goods-item">
                <p className="text-xs text-gray-700">{t(`exchange.kind.${g.kind}`)}</p>
                <h3 className="font-medium">{g.goodsName}</h3>
                <p className="mt-1 text-lg font-semibold text-brand-strong">{t("exchange.points", { points: g.points })}</p>
                <p className="text-sm text-gray-700">
                  {t("exchange.stock", { stock: g.stock })} · {t("exchange.limit", { limit: g.perUserLimit, count: g.exchanged })}
                </p>
                <Form method="post" action={action} className="mt-2">
                  <AuthenticityTokenInput name="csrf" />
                  <HiddenInput name="intent" value="exchange" />
                  <HiddenInput name="idemKey" value={idemKey} />
                  {why ? (
                    <p className="text-sm text-gray-700" data-testid="goods-blocked">
                      {t(`exchange.${why}`)}
                    </p>
                  ) : (
                    <SubmitButton name="goodsId" value={String(g.id)} aria-label={t("exchange.buttonLabel", { name: g.goodsName })} variant="strong">
                      {t("exchange.button")}
                    </SubmitButton>
                  )}
                </Form>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="exchange-mine">
        <h2 id="exchange-mine" className="mb-2 font-semibold">
          {t("exchange.mine")}
        </h2>
        {exchanges.length === 0 ? (
          <p className="text-gray-700">{t("exchange.empty")}</p>
        ) : (
          <Table data-testid="exchanges">
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className="py-2">
                  {t("exchange.col.time")}
                </th>
                <th scope="col">{t("exchange.col.goods")}</th>
                <th scope="col">{t("exchange.col.points")}</th>
              </tr>
            </thead>
            <tbody>
              {exchanges.map((x) => (
                <tr key={x.id} className="border-b border-gray-100">
                  <td className="py-2">{dateTime(x.createdAt)}</td>
                  <td>{x.goodsName}</td>
                  <td>{x.points}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
    </div>
  );
}
