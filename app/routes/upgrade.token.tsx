import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import { tokenBackLogin } from "~/services/auth.server";
import { getPortal } from "~/services/portal.server";
import { loginHref, safeRedirect } from "~/services/redirect";
import { clearCredentials } from "~/services/session.server";
import { UpstreamError } from "~/services/upstream.server";

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
  if (backCode) {
    try {
      const answer = await tokenBackLogin(portal.upstream, backCode);
      portal.session.set("token", answer.token);
      if (answer.code) portal.session.set("backCode", answer.code);
      portal.session.set("userId", answer.userId);
      if (answer.companyId !== undefined) portal.session.set("companyId", answer.companyId);
      return redirect(callback, { headers: { "Set-Cookie": await portal.commitSession() } });
    } catch (error) {
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
        <a className="rounded bg-brand px-4 py-2 text-white" href={loginHref(callback)}>
          {t("upgrade.login")}
        </a>
        <Link className="rounded border border-gray-300 px-4 py-2" to={callback}>
          {t("upgrade.continueAsVisitor")}
        </Link>
      </div>
    </section>
  );
}
