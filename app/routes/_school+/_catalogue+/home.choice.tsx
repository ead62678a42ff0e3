import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import { schoolSwitchHref } from "~/components/shell/Header";
import { getPortal } from "~/lib/portal.server";
import { allSchools } from "~/services/school.server";

/** `/home/choice`: every branch school (spec 000 section 2.1), reached from 'more branches'. */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const { records } = await allSchools(portal.upstream);
  return {
    schools: records.map((s) => ({
      id: s.id,
      name: s.schoolName,
      href: schoolSwitchHref(s),
    })),
  };
}

export default function HomeChoice() {
  const { t } = useTranslation();
  const { schools } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("site.allSchools")}</h1>
      <p className="mt-1 text-sm text-gray-500">{t("home.schoolCount", { count: schools.length })}</p>
      <ul className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="all-schools">
        {schools.map((s) => (
          <li key={s.id}>
            <a href={s.href} className="block rounded border border-gray-200 bg-white px-4 py-3 hover:border-brand">
              {s.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
