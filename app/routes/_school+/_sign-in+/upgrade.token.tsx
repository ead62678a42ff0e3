import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import { tokenBackLogin } from "~/services/auth.server";
import { getPortal } from "~/lib/portal.server";
import { loginHref, safeRedirect } from "~/lib/security/redirect";
import { clearCredentials } from "~/lib/state/session.server";
import { knownCompany } from "~/services/config.server";
import { UPGRADE_WINDOW_MS, UpstreamError } from "~/lib/http/upstream.server";
import { buttonClass } from "~/components/ui/Button";

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

/**
 * The token upgrade page of spec 000 section 2.1 (`/upgrade/token?callback=`): reached on 401/403.
 * It trades the session's back-login code for a fresh token and returns to `callback`; without one,
 * the visitor may log in again or go on as a visitor.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = await getPortal({ request, context });
  const callback = safeRedirect(new URL(request.url).searchParams.get("callback"));
  const backCode = portal.session.get("backCode");
  // One upgrade per navigation (decision 013): a token renewed moments ago that was refused again is
  // not renewed once more (the request layer then sends the visitor to login, this page never loops).
  const upgradedAt = portal.session.get("upgradedAt");
  const recent = upgradedAt !== undefined && Date.now() - upgradedAt < UPGRADE_WINDOW_MS;
  if (backCode && !recent) {
    try {
      const answer = await tokenBackLogin(portal.upstream, backCode);
      const company = knownCompany(portal.tenant.domain);
      // A back-login code of another company's session (a cookie replayed on another domain) is refused.
      if (answer.companyId === undefined || company === undefined || answer.companyId === company) {
        portal.session.set("token", answer.token);
        if (answer.code) portal.session.set("backCode", answer.code);
        portal.session.set("userId", answer.userId);
        if (answer.companyId !== undefined) portal.session.set("companyId", answer.companyId);
        portal.session.set("upgradedAt", Date.now());
        return redirect(callback, { headers: { "Set-Cookie": await portal.commitSession() } });
      }
    } catch (error) {
      // Any failure of the renewal (tokenBackLogin expects every kind) ends on this page.
      if (!(error instanceof UpstreamError)) throw error;
    }
  }
  clearCredentials(portal.session);
  return data({ callback }, { headers: { "Set-Cookie": await portal.commitSession() } });
}

export default function UpgradeToken() {
  const { t } = useTranslation();
  const { callback } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-lg px-6 py-20 text-center">
      <h1 className="text-2xl font-semibold">{t("upgrade.title")}</h1>
      <p className="mt-4 text-gray-700">{t("upgrade.expired")}</p>
      <div className="mt-8 flex justify-center gap-4">
        <a className={buttonClass()} href={loginHref(callback)}>
          {t("upgrade.login")}
        </a>
        <Link className="rounded border border-gray-300 px-4 py-2" to={callback}>
          {t("upgrade.continueAsVisitor")}
        </Link>
      </div>
    </section>
  );
}
