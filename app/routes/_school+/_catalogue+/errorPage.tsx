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
import { readBlocked } from "~/lib/http/upstream.server";
import { safeRedirect } from "~/lib/security/redirect";

export const handle = { i18n: ["catalog"] } satisfies RouteHandle;
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => [...sectionMeta(matches, "error", d?.title), { name: "robots", content: "noindex" }];

/**
 * `/errorPage`: where the old client sent a visitor after a failure; a page with ways back, never a login wall.
 * `?blocked=<id>`: the interception data a 550 stored (spec 000 section 8), its message and the page it met.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const blockedId = new URL(args.request.url).searchParams.get("blocked");
  const [i18n, stored] = await Promise.all([namespaces(args.request, handle), blockedId ? readBlocked(blockedId) : Promise.resolve(undefined)]);
  const blocked = stored ? { message: stored.message ?? null, retry: safeRedirect(stored.path) } : null;
  return data(
    { i18n, title: titleOf(i18n, "errorPage.title"), blocked },
    { headers: blocked ? { "Cache-Control": "private, no-store" } : cacheHeaders(portal) },
  );
}

export default function ErrorPageRoute() {
  const { i18n, blocked } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  const message = blocked ? (blocked.message ? t("errorPage.blocked", { message: blocked.message }) : t("errorPage.blockedDefault")) : t("errorPage.message");
  return (
    <SectionPage title={t("errorPage.title")} intro={<p role="alert">{message}</p>}>
      <div className="flex gap-4">
        {blocked ? (
          <Link to={blocked.retry} className={buttonClass({ variant: "outline" })} data-testid="blocked-retry">
            {t("errorPage.retry")}
          </Link>
        ) : null}
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
