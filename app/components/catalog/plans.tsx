import { Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { Img, yuan } from "~/components/catalog/parts";
import { SectionList } from "~/components/catalog/SectionList";

type Plan = { id: number; planName: string; cover: string; summary: string; target: string; durationWeeks: number; price: number; courseCount: number };

export function PlanList({ title, intro, plans, t, footer }: { title: string; intro?: string; plans: Plan[]; t: TFunction; footer?: ReactNode }) {
  return (
    <SectionList title={title} intro={intro} items={plans} empty={t("plans.empty")} footer={footer} t={t}>
      {(list) => (
        <ul className="grid gap-4 md:grid-cols-2">
          {list.map((p, i) => (
            <li key={p.id} className="flex gap-4 rounded-lg border border-gray-200 bg-white p-4">
              <div className="w-40 shrink-0">
                <Img src={p.cover} alt="" width={160} height={90} eager={i < 2} className="rounded" />
              </div>
              <div>
                <h2 className="font-semibold">
                  <Link to={`/trainingPlan/detail?id=${p.id}`}>{p.planName}</Link>
                </h2>
                <p className="mt-1 text-sm text-gray-700">{p.summary}</p>
                <p className="mt-1 text-xs text-gray-600">
                  {t("plans.meta", { target: p.target, weeks: p.durationWeeks })} · {t("plans.courses", { count: p.courseCount })}
                </p>
                <p className="mt-1 font-semibold text-red-700">{yuan(p.price)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionList>
  );
}
