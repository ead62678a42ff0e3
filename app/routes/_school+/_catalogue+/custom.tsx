import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { useNamespaces } from "~/components/use-namespaces";
import { SectionPage } from "~/components/catalog/parts";
import { getCustomPage } from "~/services/school-content.server";
import { idOf, loadSection, notFound, cacheHeaders } from "~/lib/guards/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "custom", d?.page.title);

/** `/custom` (optionally `?id=`): the school's custom page, its sections as plain text. */
export async function loader(args: LoaderFunctionArgs) {
  const id = idOf(new URL(args.request.url).searchParams.get("id"));
  const { portal, value: page, i18n } = await loadSection(args, "custom", (p) => getCustomPage(p.upstream, id));
  if (!page) notFound(portal);
  return data({ page, i18n }, { headers: cacheHeaders(portal) });
}

export default function CustomPage() {
  const { page, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionPage title={page.title}>
      <div className="space-y-6">
        {page.sections.map((s, i) => (
          <section key={i} aria-labelledby={`custom-${i}`}>
            <h2 id={`custom-${i}`} className="text-xl font-semibold">
              {s.heading}
            </h2>
            <p className="mt-2 leading-7">{s.body}</p>
          </section>
        ))}
      </div>
      <p className="mt-8">
        <Link to="/home/index" className="text-brand-strong underline">
          {t("errorPage.home")}
        </Link>
      </p>
    </SectionPage>
  );
}
