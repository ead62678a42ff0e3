import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import { ChallengeNotice } from "~/components/auth/ChallengeNotice";
import { CsrfInput } from "~/components/csrf-token";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { abandon, solved, waitingOf } from "~/lib/security/captcha-resume.server";
import { CHALLENGE_PATH, RESUME_FIELD } from "~/lib/security/captcha-fields";
import { captchaProvider } from "~/lib/security/captcha.server";
import { getPortal } from "~/lib/portal.server";
import { safeRedirect } from "~/lib/security/redirect";
import { Button, buttonClass } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export const handle = { i18n: ["login"] } satisfies RouteHandle;

/**
 * `/captcha?id=`: code 600 met outside the login forms (decision 013). Without an answer: the
 * challenge (the sandbox's page works without JavaScript; with JavaScript it opens at once). Back with
 * `ticket` and `randstr`: a navigation is retried at once (303 to the page); a form is shown for the
 * visitor to confirm its resubmission (its fields stay on the server). Back with `captchaFailed`: the
 * spec's 'verification failed' and a way back to the page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const url = new URL(args.request.url);
  const id = url.searchParams.get("id");
  const entry = waitingOf(portal.session, id);
  if (!id || !entry) throw data({ kind: "notFound" }, { status: 404 });
  const i18n = await namespaces(args.request, handle);
  const headers = { "Cache-Control": "private, no-store" };
  const back = entry.method === "GET" ? safeRedirect(entry.path) : "/home/index";

  if (url.searchParams.get("captchaFailed")) {
    abandon(id);
    return data({ state: "failed" as const, back, i18n }, { headers });
  }
  const ticket = url.searchParams.get("ticket");
  if (ticket) {
    solved(portal.session, id, entry, { ticket, randstr: url.searchParams.get("randstr") ?? "" });
    if (entry.method === "GET") {
      throw redirect(back, { status: 303, headers: { "Set-Cookie": await portal.commitSession(), ...headers } });
    }
    return data({ state: "confirm" as const, id, action: safeRedirect(entry.path), i18n }, { headers });
  }
  const returnUrl = new URL(CHALLENGE_PATH, portal.tenant.origin);
  returnUrl.searchParams.set("id", id);
  return data({ state: "needed" as const, challenge: captchaProvider().challenge(returnUrl.toString()), i18n }, { headers });
}

export default function CaptchaChallengePage() {
  const loaderData = useLoaderData<typeof loader>();
  useNamespaces(loaderData.i18n, "login");
  const { t } = useTranslation("errors");
  return (
    <section className="mx-auto max-w-xl px-6 py-16 text-center" aria-labelledby="captcha-title" data-captcha-state={loaderData.state}>
      {loaderData.state === "needed" ? (
        <>
          <h1 id="captcha-title" className="mb-6 text-2xl font-semibold">
            {t("captchaTitle")}
          </h1>
          <ChallengeNotice next={{ kind: "captcha", challenge: loaderData.challenge }} />
        </>
      ) : loaderData.state === "failed" ? (
        <>
          <h1 id="captcha-title" className="text-2xl font-semibold">
            {t("captchaTitle")}
          </h1>
          <p role="alert" className="mt-4 text-red-700">
            {t("captchaFailed")}
          </p>
          <a href={loaderData.back} className={buttonClass({ className: "mt-8" })}>
            {t("retry")}
          </a>
        </>
      ) : (
        <>
          <h1 id="captcha-title" className="text-2xl font-semibold">
            {t("resubmitTitle")}
          </h1>
          <p className="mt-4 text-gray-700">{t("resubmitText")}</p>
          <div className="mt-8 flex justify-center gap-4">
            {/* A plain form: the original action answers as it would have, with or without JavaScript. */}
            <form method="post" action={loaderData.action}>
              <CsrfInput />
              <HiddenInput name={RESUME_FIELD} value={loaderData.id} />
              <Button type="submit">{t("resubmit")}</Button>
            </form>
            <a href="/home/index" className="rounded border border-gray-300 px-4 py-2">
              {t("backHome")}
            </a>
          </div>
        </>
      )}
    </section>
  );
}
