import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, useLocation, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { ErrorPage } from "~/components/ErrorPage";
import { NavProgress } from "~/components/NavProgress";
import { textInPage, useRequestInfo, type InlineCss } from "~/components/request-info";
import { isHomePath } from "~/components/shell/Header";
import { Analytics } from "~/components/shell/Analytics";
import { HashRoutes } from "~/components/shell/HashRoutes";
import { SchoolFrame } from "~/components/shell/SchoolFrame";
import { isLanguage, type Language } from "~/i18n";
import { PAGE_ERRORS_ID, pageErrorsBundle, scriptJson, TranslationProvider, useTranslator } from "~/i18n-runtime";
import { languageCookie, localeOf, rootResources } from "~/i18n.server";
import { env } from "~/env.server";
import { csrf } from "~/lib/security/csrf.server";
import { siteOf, useShell } from "~/components/shell/use-shell";
import { SCHOOL_ROUTE_ID } from "~/route-ids";
import { companyWapRedirect, mobileRedirect } from "~/lib/guards/guards.server";
import { getPortal } from "~/lib/portal.server";
import { loadSite } from "~/services/shell.server";
import { pack, unpack, type Packed } from "~/lib/packed";
import { DEFAULT_THEME_COLOR } from "~/services/theme";
import stylesheet from "~/tailwind.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: siteOf(data)?.site.title ?? "" }];

/**
 * The company-wide shell only (configuration, theme, header/footer templates, language, side bar),
 * cached per domain; the school and the user within it are the `_school` layout's (its loader starts
 * its calls at the same time: one parallel round per page).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = await getPortal({ request, context });
  // Issue 12 part 1: phones are served here unless the operator names a mobile site and the company wants it.
  const wap = await mobileRedirect(request, env().WAP_URL, () => companyWapRedirect(portal.upstream));
  if (wap) throw wap;
  const lngParam = new URL(request.url).searchParams.get("lng");
  const [shell, locale, [csrfToken, csrfCookie]] = await Promise.all([loadSite(portal), localeOf(request), csrf(portal.tenant.secure).commitToken(request)]);
  const notice = portal.session.get("notice") ?? null;

  const headers = new Headers();
  if (notice) headers.append("Set-Cookie", await portal.commitSession());
  if (portal.clientIdSetCookie) headers.append("Set-Cookie", portal.clientIdSetCookie);
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  if (isLanguage(lngParam)) headers.append("Set-Cookie", await languageCookie.serialize(lngParam));

  // the clock every printed time is formatted with (decision 061): the same zone and "today" on the server and after hydration
  const clock = { zone: shell.site.timeZone, now: Date.now() };
  // the site view and the frame's translations as JSON texts, made once per config answer and language (decision 093)
  return data({ shell: pack(shell), locale, resources: pack(rootResources[locale]), csrfToken, notice, clock }, { headers });
}

type RootData = ReturnType<typeof useRouteLoaderData<typeof loader>>;
type RootResources = Packed<Record<string, Record<string, unknown>>>;

/**
 * In the browser, the last shell the root loader gave: when a later navigation's root loader fails, the
 * branded error page still shows this header and footer (issue 10 part 5). Never kept on the server,
 * where one module serves every visitor.
 */
let lastRoot: RootData;
function useShellData(): RootData {
  const root = useRouteLoaderData<typeof loader>("root");
  if (typeof document === "undefined") return root;
  if (root) lastRoot = root;
  return root ?? lastRoot;
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useShellData();
  const { nonce, locale: requestLocale, errors: requestErrors, css = documentCss(), hashRoutes } = useRequestInfo();
  const locale = root?.locale ?? clientLocale() ?? requestLocale;
  // no root data (its loader failed): the error page's `errors` strings travel in the page (decision 040)
  const errors = root ? null : pageErrorsBundle(requestErrors);
  const resources = useMemo(() => unpack(root?.resources as RootResources | undefined) ?? (errors ? { errors } : undefined), [root?.resources, errors]);
  const i18n = useTranslator(locale, resources);
  const { pathname } = useLocation();
  const site = siteOf(root)?.site;
  const themeColor = site?.themeColor ?? DEFAULT_THEME_COLOR;
  // Spec 000 section 4: the black-white global theme applies only on the home page.
  const blackWhite = site?.globalTheme === "black-white" && isHomePath(pathname);
  return (
    <html
      lang={locale}
      className={blackWhite ? "theme-black-white" : undefined}
      style={{ "--theme-color": themeColor, "--header-color": site?.headerColor ?? "#ffffff" } as React.CSSProperties}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <HashRoutes nonce={nonce} script={hashRoutes} />
        <Meta />
        <Links />
        {/* the stylesheet: in the page on a first visit, else the cached file (decision 089) */}
        {css ? (
          <>
            <style id="page-css" dangerouslySetInnerHTML={{ __html: css.text }} />
            <script id="page-css-cache" nonce={nonce} dangerouslySetInnerHTML={{ __html: css.script }} />
          </>
        ) : (
          <link rel="stylesheet" href={stylesheet} />
        )}
        {/* The company's icon (base info companyIco), else the portal's own. */}
        {site?.icon ? <link rel="icon" href={site.icon} /> : <link rel="icon" href="/favicon.svg" type="image/svg+xml" />}
        {/* the school's installable app (issue 37 §1): its manifest and the browser bar in its colour */}
        <link rel="manifest" href="/manifest.webmanifest" />
        <meta name="theme-color" content={themeColor} />
        {site?.stat ? <Analytics stat={site.stat} /> : null}
        {errors ? <script id={PAGE_ERRORS_ID} type="application/json" dangerouslySetInnerHTML={{ __html: scriptJson(errors) }} /> : null}
      </head>
      <body className="min-h-screen bg-gray-50 text-gray-900 flex flex-col">
        <TranslationProvider i18n={i18n}>
          <NavProgress />
          {root ? <AuthenticityTokenProvider token={root.csrfToken}>{children}</AuthenticityTokenProvider> : children}
        </TranslationProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** In the browser, the stylesheet the server put in the page (read back, so that it never ships in the JS). */
function documentCss(): InlineCss | null {
  const text = textInPage("page-css");
  return text ? { text, script: textInPage("page-css-cache") } : null;
}

/** In the browser, the language the server rendered (kept when an error replaces loader data). */
function clientLocale(): Language | undefined {
  if (typeof document === "undefined") return undefined;
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : undefined;
}

/**
 * The school layout (app/routes/_school+/_layout.tsx) draws the header, footer and side bar of its pages
 * (decision 055). The few pages outside it (captcha, security check, face and third-party sign-in: they
 * must not run the school's calls) get the same frame here, with the visitor's school half.
 */
export default function App() {
  const inSchool = useMatches().some((m) => m.id === SCHOOL_ROUTE_ID);
  const shell = useShell();
  return inSchool || !shell ? (
    <Outlet />
  ) : (
    <SchoolFrame shell={shell}>
      <Outlet />
    </SchoolFrame>
  );
}

/**
 * Errors above the school (the root loader's, or a page outside the school without its own): the branded
 * page. In the browser a failed root loader keeps the header and footer last drawn (decision 013); on the
 * server, with no shell to draw, the page alone.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const shell = useShell(siteOf(useShellData()));
  const page = <ErrorPage error={error} />;
  return shell ? (
    <SchoolFrame shell={shell}>{page}</SchoolFrame>
  ) : (
    <main id="main" className="flex-1">
      {page}
    </main>
  );
}
