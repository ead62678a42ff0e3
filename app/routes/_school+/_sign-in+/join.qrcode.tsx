import { SubmitButton } from "~/components/ui/SubmitButton";
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { loginByCacheCode } from "~/services/auth.server";
import { completeLogin } from "~/services/login.server";
import { getPortal, isLoggedIn } from "~/lib/portal.server";
import { qrSvg } from "~/services/qr.server";
import { createQrCode, qrCodeStatus } from "~/services/qrcode.server";
import { QR_POLL_S } from "~/services/qr-poll";
import { loginHref, safeRedirect } from "~/lib/security/redirect";
import { UpstreamError } from "~/lib/http/upstream.server";
import { HiddenInput } from "~/components/ui/Input";

export const handle = { i18n: ["login"], loginPage: true } satisfies RouteHandle;

/** Size of the login QR code in pixels. */
const QR_SIZE = 200;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }, { name: "robots", content: "noindex" }];

/**
 * `/join/qrcode`: the generic QR-code login (spec 000 section 2.6). The code is made once and kept in
 * the session (never in the address); each visit asks for its status: waiting or scanned shows the code
 * and looks again every 3 s (meta refresh without JavaScript, a revalidation with it, and a 'check now'
 * link); confirmed logs in with the one-time cache code and goes back to `backUrl`; expired offers a new
 * code (`?refresh=1`).
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const url = new URL(args.request.url);
  const backUrl = safeRedirect(url.searchParams.get("backUrl") ?? undefined);
  if (isLoggedIn(portal)) throw redirect(backUrl);
  const i18n = await namespaces(args.request, handle);
  const title = (i18n.bundles.login as { qr: { title: string } }).qr.title;
  const { session, upstream } = portal;

  let qr = session.get("qrLogin");
  if (!qr || url.searchParams.get("refresh") === "1") {
    const made = await createQrCode(upstream);
    qr = { id: made.qrId, content: made.content, expiresAt: Date.now() + made.expireS * 1000 };
    session.set("qrLogin", qr);
  }
  const { status, cacheCode } = await qrCodeStatus(upstream, qr.id);
  if (status === "confirmed" && cacheCode) {
    session.unset("qrLogin");
    try {
      return await completeLogin(portal, await loginByCacheCode(upstream, cacheCode), { backUrl });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      throw redirect(loginHref(backUrl), { headers: { "Set-Cookie": await portal.commitSession() } });
    }
  }
  const expired = status === "expired" || status === "confirmed";
  if (expired) session.unset("qrLogin");
  const image = expired ? "" : `data:image/svg+xml;base64,${Buffer.from(await qrSvg(qr.content, QR_SIZE)).toString("base64")}`;
  const here = `/join/qrcode?backUrl=${encodeURIComponent(backUrl)}`;
  return data(
    { i18n, title, status: expired ? ("expired" as const) : status, image, here, backUrl },
    { headers: { "Set-Cookie": await portal.commitSession(), "Cache-Control": "private, no-store" } },
  );
}

export default function QrCodeLogin() {
  const { i18n, status, image, here, backUrl } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "login");
  const revalidator = useRevalidator();
  const waiting = status === "waiting" || status === "scanned";
  // With JavaScript: look again 3 s after the last look ended, without reloading the page (the meta
  // refresh does it without). Never while a look is under way: a second one would cancel the first,
  // whose answer may be the login itself (the confirmation is handed out once).
  const { state, revalidate } = revalidator;
  useEffect(() => {
    if (!waiting || state !== "idle") return;
    const timer = window.setTimeout(revalidate, QR_POLL_S * 1000);
    return () => window.clearTimeout(timer);
  }, [waiting, state, revalidate]);
  return (
    <div className="mx-auto max-w-md px-4 py-10 text-center">
      <h1 className="text-2xl font-semibold">{t("qr.title")}</h1>
      {waiting ? (
        <>
          {/* Without JavaScript the page looks again by itself while the code waits (never with ?refresh=1). */}
          <noscript>
            <meta httpEquiv="refresh" content={`${QR_POLL_S};url=${here}`} />
          </noscript>
          <img src={image} width={QR_SIZE} height={QR_SIZE} alt={t("qr.alt")} className="mx-auto mt-6" data-testid="qr-login-code" />
          <p role="status" className="mt-4 text-gray-700" data-testid="qr-login-status">
            {status === "scanned" ? t("qr.scanned") : t("qr.waiting")}
          </p>
          <p className="mt-4">
            {/* A plain link: without JavaScript it asks again at once ("I have scanned"). */}
            <Link to={here} className="rounded border border-gray-300 px-4 py-1.5" data-testid="qr-login-check">
              {t("qr.check")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p role="alert" className="mt-6 text-red-700" data-testid="qr-login-status">
            {t("qr.expired")}
          </p>
          <Form method="get" action="/join/qrcode" className="mt-4">
            <HiddenInput name="backUrl" value={backUrl} />
            <HiddenInput name="refresh" value="1" />
            <SubmitButton>{t("qr.refresh")}</SubmitButton>
          </Form>
        </>
      )}
      <p className="mt-8 text-sm">
        <Link to={loginHref(backUrl)} className="text-brand">
          {t("qr.otherWays")}
        </Link>
      </p>
    </div>
  );
}
