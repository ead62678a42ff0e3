import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Empty, SectionPage, yuan } from "~/components/catalog/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { useTimes } from "~/components/use-times";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { mySignUps } from "~/services/community.server";
import { requireStudent } from "~/lib/guards/guards.server";

export const handle = { i18n: ["catalog", "community"] } satisfies RouteHandle;
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/** `/apply/mine`: the independent exams I signed up for (issue 17 part B), reached from /apply and each sign-up page. */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const [items, i18n] = await Promise.all([mySignUps(portal.upstream), namespaces(args.request, handle)]);
  const title = (i18n.bundles.community as { my: { signUpsTitle: string } }).my.signUpsTitle;
  return data({ items, i18n, title });
}

export default function MySignUps() {
  const { items, i18n } = useLoaderData<typeof loader>();
  const { t: tCatalog } = useNamespaces(i18n);
  const { t } = useNamespaces(i18n, "community");
  const { moment } = useTimes();
  return (
    <SectionPage title={t("my.signUpsTitle")}>
      <p className="text-sm">
        <Link to="/apply" className="text-brand-strong underline">
          {t("my.browseApply")}
        </Link>
      </p>
      <div className="mt-6">
        {items.length ? (
          <ul className="space-y-3">
            {items.map((item) => (
              <li key={item.id} className="rounded-lg border border-gray-200 bg-white p-4" data-testid="my-signup">
                <Link to={`/applydetail/${item.id}`} className="font-semibold">
                  {item.title}
                </Link>
                <p className="mt-1 text-sm text-gray-700">{tCatalog("apply.exam", { time: moment(item.examTime), place: item.place })}</p>
                <p className="text-sm text-gray-700">
                  {tCatalog("apply.fee", { fee: yuan(item.fee) })} · {t("my.signedUpAt", { time: moment(item.signUpTime) })}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <Empty>{t("my.noSignUps")}</Empty>
        )}
      </div>
    </SectionPage>
  );
}
