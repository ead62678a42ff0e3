import { BuyBar, BuyBarSpace } from "~/components/catalog/BuyBar";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { SectionDetail } from "~/components/catalog/SectionDetail";
import { CourseGrid, Img, Price } from "~/components/catalog/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { getPackage } from "~/services/catalog.server";
import { loadSectionItem, cacheHeaders } from "~/lib/guards/sections.server";
import { isLoggedIn } from "~/lib/portal.server";
import { checkoutHref } from "~/services/study-links";
import { useShell } from "~/components/shell/use-shell";
import { AddToCart } from "~/components/shop/AddToCart";
import { buttonClass } from "~/components/ui/Button";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "package", d?.pkg.packageName, d?.pkg.summary);

export async function loader(args: LoaderFunctionArgs) {
  const { portal, item: pkg, i18n } = await loadSectionItem(args, "package", args.params.id, getPackage);
  return data({ pkg, loggedIn: isLoggedIn(portal), i18n }, { headers: cacheHeaders(portal) });
}

export default function PackageDetail() {
  const { pkg, loggedIn, i18n } = useLoaderData<typeof loader>();
  const shell = useShell();
  const { t } = useNamespaces(i18n);
  return (
    <SectionDetail width="max-w-6xl" labelId="package-title" crumbs={<Link to="/coursePackage/list">{t("packages.title")}</Link>} t={t}>
      <div className="grid gap-6 rounded-lg border border-gray-200 bg-white p-4 md:grid-cols-[400px_1fr]">
        <Img src={pkg.cover} alt={pkg.packageName} width={400} height={225} eager className="rounded" />
        <div>
          <h1 id="package-title" className="text-2xl font-bold">
            {pkg.packageName}
          </h1>
          <p className="mt-2 text-gray-700">{pkg.summary}</p>
          <p className="mt-2 text-sm text-gray-600">{t("packages.stats", { courses: pkg.courseCount, students: pkg.studyCount })}</p>
          <BuyBar label={t("course.buyBar")} price={<Price item={pkg} t={t} large />}>
            <Link to={checkoutHref({ packageId: pkg.id })} className={buttonClass({ variant: "strong", size: "lg" })}>
              {t("course.buy")}
            </Link>
            {shell?.cartCount !== null || !loggedIn ? <AddToCart commodityId={pkg.id} commodityType={2} name={pkg.packageName} /> : null}
          </BuyBar>
        </div>
      </div>
      <section aria-labelledby="package-intro" className="mt-8">
        <h2 id="package-intro" className="text-xl font-semibold">
          {t("course.introduction")}
        </h2>
        {pkg.introduction.map((p, i) => (
          <p key={i} className="mt-2 leading-7">
            {p}
          </p>
        ))}
      </section>
      <section aria-labelledby="package-courses" className="mt-8">
        <h2 id="package-courses" className="mb-3 text-xl font-semibold">
          {t("packages.courses")}
        </h2>
        <CourseGrid courses={pkg.courses} t={t} />
      </section>
      <BuyBarSpace />
    </SectionDetail>
  );
}
