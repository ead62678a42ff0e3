import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { getPortal, isLoggedIn } from "~/lib/portal.server";
import { clearCredentials } from "~/lib/state/session.server";
import { loginHref } from "~/lib/security/redirect";
import { buttonClass } from "~/components/ui/Button";

export const handle = { i18n: ["realtime"] } satisfies RouteHandle;

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** Navigations that may end a session: ours (same-origin) or typed by the user (none / no header). */
const OWN_NAVIGATION = new Set(["same-origin", "none"]);

/**
 * `/redirect/online?u={domain}` (spec 000 sections 2.1 and 4): where the presence event `out_online`
 * sends a user the server took offline. The session is cleared, then the page is shown as a visitor's
 * (a redirect to itself, so the shell renders logged out). A link from another site only shows the
 * page: it cannot log anyone out.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = await getPortal({ request, context });
  const site = request.headers.get("Sec-Fetch-Site");
  if (isLoggedIn(portal) && (site === null || OWN_NAVIGATION.has(site))) {
    clearCredentials(portal.session);
    throw redirect(new URL(request.url).pathname + new URL(request.url).search, {
      status: 303,
      headers: { "Set-Cookie": await portal.commitSession() },
    });
  }
  const u = (new URL(request.url).searchParams.get("u") ?? "").slice(0, 253);
  return data({ i18n: await namespaces(request, handle), domain: /^[\w.-]+(:\d+)?$/.test(u) ? u : "" });
}

export default function RedirectOnline() {
  const { i18n, domain } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <section className="mx-auto max-w-lg px-6 py-20 text-center" data-page="offline">
      <h1 className="text-2xl font-semibold">{t("offline.title")}</h1>
      <p className="mt-4 text-gray-700" role="alert">
        {t("offline.message")}
      </p>
      {domain ? <p className="mt-2 text-sm text-gray-500">{t("offline.school", { domain })}</p> : null}
      <div className="mt-8 flex justify-center gap-4">
        <a className={buttonClass()} href={loginHref("/home/index")}>
          {t("offline.login")}
        </a>
        <Link className="rounded border border-gray-300 px-4 py-2" to="/home/index">
          {t("offline.home")}
        </Link>
      </div>
    </section>
  );
}
