import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction<unknown, { root: typeof rootLoader }> = ({ matches }) => {
  const root = matches.find((m) => m.id === "root")?.data;
  const seo = root?.shell.site.seo.find((s) => s.pageType === "home" || s.pageType === "index");
  return [
    { title: seo?.title || root?.shell.site.title || "" },
    ...(seo?.keywords ? [{ name: "keywords", content: seo.keywords }] : []),
    ...(seo?.description ? [{ name: "description", content: seo.description }] : []),
  ];
};

/** The home page renders from the shell's one round of upstream calls: it adds none of its own. */
export default function HomeIndex() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return null;
  const { shell } = root;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <section className="rounded-lg bg-brand px-8 py-12 text-white">
        <h1 className="text-3xl font-bold">
          {shell.user ? t("home.welcomeUser", { name: shell.user.displayName }) : t("home.welcome", { name: shell.site.companyName })}
        </h1>
        <p className="mt-3">{t("home.intro")}</p>
        {shell.lastLearn ? (
          <p className="mt-6 text-sm">
            {t("site.lastLearning", shell.lastLearn)}
          </p>
        ) : null}
      </section>
      {shell.schools.length > 1 ? (
        <section className="mt-10" aria-labelledby="schools-heading">
          <h2 id="schools-heading" className="text-xl font-semibold">
            {t("home.schoolsHeading")}
          </h2>
          <p className="text-sm text-gray-500">{t("home.schoolCount", { count: shell.schoolTotal })}</p>
          <ul className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
            {shell.schools.map((school) => (
              <li key={school.id} className="rounded border border-gray-200 bg-white px-4 py-3">
                <Link to={school.main || !school.suffix ? "/home/index" : `/home/index/${encodeURIComponent(school.suffix)}`}>
                  {school.name}
                </Link>
                {school.main ? <span className="ml-2 text-xs text-gray-500">{t("home.mainSchool")}</span> : null}
                {shell.school?.id === school.id ? <span className="ml-2 text-xs text-brand">{t("home.current")}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
