import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { SectionPage } from "~/components/catalog/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { getPortal } from "~/lib/portal.server";
import { cacheHeaders, titleOf } from "~/lib/guards/sections.server";
import { buttonClass } from "~/components/ui/Button";

export const handle = { i18n: ["catalog"] } satisfies RouteHandle;
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => [...sectionMeta(matches, "error", d?.title), { name: "robots", content: "noindex" }];

/** `/errorPage`: where the old client sent a visitor after a failure; a page with ways back, never a login wall. */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const i18n = await namespaces(args.request, handle);
  return data({ i18n, title: titleOf(i18n, "errorPage.title") }, { headers: cacheHeaders(portal) });
}

export default function ErrorPageRoute() {
  const { i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionPage title={t("errorPage.title")} intro={<p role="alert">{t("errorPage.message")}</p>}>
      <div className="flex gap-4">
        <Link to="/home/index" className={buttonClass({ variant: "strong" })}>
          {t("errorPage.home")}
        </Link>
        <Link to="/course/list" className={buttonClass({ variant: "outline" })}>
          {t("courseList.title")}
        </Link>
      </div>
    </SectionPage>
  );
}
