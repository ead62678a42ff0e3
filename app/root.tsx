import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { createInstance, type i18n as I18n } from "i18next";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { ErrorPage } from "~/components/ErrorPage";
import { useRequestInfo } from "~/components/request-info";
import { Footer } from "~/components/shell/Footer";
import { Header } from "~/components/shell/Header";
import { Notice } from "~/components/shell/Notice";
import { Presence } from "~/components/realtime/Presence";
import { bundledResources, i18nOptions, isLanguage, type Language } from "~/i18n";
import { languageCookie, localeOf, serverResources } from "~/i18n.server";
import { csrf } from "~/services/csrf.server";
import { getPortal } from "~/services/portal.server";
import { DEFAULT_THEME_COLOR, loadShell } from "~/services/shell.server";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.shell.site.title ?? "" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = await getPortal({ request, context });
  const lngParam = new URL(request.url).searchParams.get("lng");
  const [shell, locale, [csrfToken, csrfCookie]] = await Promise.all([
    loadShell(portal),
    localeOf(request),
    csrf(portal.tenant.secure).commitToken(request),
  ]);
  const notice = portal.session.get("notice") ?? null;

  const headers = new Headers();
  if (notice) headers.append("Set-Cookie", await portal.commitSession());
  if (portal.clientIdSetCookie) headers.append("Set-Cookie", portal.clientIdSetCookie);
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  if (isLanguage(lngParam)) headers.append("Set-Cookie", await languageCookie.serialize(lngParam));

  return data(
    { shell, locale, resources: serverResources[locale], csrfToken, notice },
    { headers },
  );
}


/** One i18next instance per language and resource set: creating one per render costs a third of a page's CPU. */
const instances = new WeakMap<object, Map<Language, I18n>>();
const noResources = {};

function useI18n(locale: Language, resources?: Record<string, unknown>): I18n {
  return useMemo(() => {
    const key = resources ?? noResources;
    let byLocale = instances.get(key);
    if (!byLocale) instances.set(key, (byLocale = new Map()));
    let instance = byLocale.get(locale);
    if (!instance) {
      instance = createInstance();
      void instance.use(initReactI18next).init({
        ...i18nOptions,
        lng: locale,
        resources: { [locale]: { ...bundledResources[locale], ...(resources ?? {}) } },
      });
      byLocale.set(locale, instance);
    }
    return instance;
  }, [locale, resources]);
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { nonce, locale: requestLocale } = useRequestInfo();
  const locale = root?.locale ?? clientLocale() ?? requestLocale;
  const i18n = useI18n(locale, root?.resources);
  const themeColor = root?.shell.site.themeColor ?? DEFAULT_THEME_COLOR;
  return (
    <html lang={locale} style={{ "--theme-color": themeColor } as React.CSSProperties}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-gray-50 text-gray-900 flex flex-col">
        <I18nextProvider i18n={i18n}>
          {root ? (
            <AuthenticityTokenProvider token={root.csrfToken}>
              <Header shell={root.shell} />
              {root.notice ? <Notice code={root.notice} /> : null}
              <main id="main" className="flex-1">
                {children}
              </main>
              <Footer shell={root.shell} />
              {root.shell.user ? <Presence userId={root.shell.user.userId} /> : null}
            </AuthenticityTokenProvider>
          ) : (
            <main id="main" className="flex-1">
              {children}
            </main>
          )}
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** In the browser, the language the server rendered (kept when an error replaces loader data). */
function clientLocale(): Language | undefined {
  if (typeof document === "undefined") return undefined;
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : undefined;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage error={error} />;
}
