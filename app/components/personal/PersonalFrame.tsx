import { Link, isRouteErrorResponse, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorPage } from "~/components/ErrorPage";
import { useNamespaces } from "~/components/use-namespaces";
import type { MenuEntry, MenuSection } from "~/services/personal-menu";
import { buttonClass } from "~/components/ui/Button";

type I18nData = { locale: string; bundles: Record<string, unknown> };

/**
 * The personal centre's frame (spec 001 section 2): the permitted section menus beside the page. Every
 * entry points to its spec route; the entry of the current address is marked.
 */
/**
 * The shown entry an address belongs to: `entryOfPath` (services/personal-menu.ts) over the menu the loader
 * sent, so the browser does not load the whole menu table (every personal page's script budget, decision 040).
 * The order entries share one path and differ by query (`OrderTabIndex=2` is the agreements tab); otherwise
 * the entry with the longest path the address starts with.
 */
function currentEntry(menu: MenuSection[], pathname: string, search: URLSearchParams): string | undefined {
  const path = pathname.replace(/\/+$/, "");
  if (path === "/personal/order") return search.get("OrderTabIndex") === "2" ? "order.agreement" : "order.order";
  let best: { key: string; length: number } | undefined;
  const walk = (entries: MenuEntry[]) => {
    for (const entry of entries) {
      const entryPath = entry.href.split("?")[0] ?? "";
      if ((path === entryPath || path.startsWith(`${entryPath}/`)) && (!best || entryPath.length > best.length))
        best = { key: entry.key, length: entryPath.length };
      walk(entry.children);
    }
  };
  for (const section of menu) if (section.section !== "order") walk(section.entries);
  return best?.key;
}

export function PersonalFrame({ menu, i18n, children }: { menu: MenuSection[]; i18n: I18nData; children: ReactNode }) {
  const { t } = useNamespaces(i18n, "personal");
  const location = useLocation();
  const current = currentEntry(menu, location.pathname, new URLSearchParams(location.search));
  const entryLink = (section: string, entry: MenuEntry, depth: number): ReactNode => (
    <li key={entry.key}>
      <Link
        to={entry.children[0]?.href ?? entry.href}
        aria-current={entry.key === current ? "page" : undefined}
        data-entry={entry.key}
        className={`flex min-h-11 items-center rounded px-3 py-1 text-sm md:block md:min-h-0 ${depth ? "pl-6" : ""} ${entry.key === current ? "bg-brand text-white" : "text-gray-700 hover:bg-gray-100"}`}
      >
        {t(`entries.${section}.${entry.code}`)}
      </Link>
      {entry.children.length ? <ul>{entry.children.map((child) => entryLink(section, child, depth + 1))}</ul> : null}
    </li>
  );
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row" data-testid="personal-frame">
      <nav aria-label={t("menuLabel")} className="w-full shrink-0 rounded border border-gray-200 bg-white p-3 md:w-52" data-testid="personal-menu">
        {/* Phones (issue 12, decision 022): the menu folds under one button (a <details>, no JavaScript);
            from 768 px the fold is `display: contents` and the menu stands beside the page. */}
        <details className="personal-fold">
          <summary
            className="flex min-h-11 cursor-pointer list-none items-center justify-between px-3 text-lg font-semibold md:hidden"
            data-testid="personal-menu-button"
          >
            <span>{t("title")}</span>
          </summary>
          <h2 className="hidden px-3 pb-2 text-lg font-semibold md:block">{t("title")}</h2>
          {menu.length ? (
            <ul className="space-y-3 pt-2 md:pt-0">
              {menu.map((s) => (
                <li key={s.section} data-section={s.section}>
                  <Link to={s.href} className="flex min-h-11 items-center px-3 py-1 font-medium text-gray-900 md:block md:min-h-0">
                    {t(`sections.${s.section}`)}
                  </Link>
                  <ul>{s.entries.map((entry) => entryLink(s.section, entry, 0))}</ul>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-3 text-sm text-gray-600">{t("nothingPermitted")}</p>
          )}
          {/* pages on the main host outside the personal routes (spec 001 §2; decision 029) */}
          <h3 className="mt-4 px-3 text-sm font-medium text-gray-900">{t("tools.label")}</h3>
          <ul>
            <li>
              <Link
                to="/resource/list"
                className="flex min-h-11 items-center rounded px-3 py-1 text-sm text-gray-700 hover:bg-gray-100 md:block md:min-h-0"
                data-testid="tools-resources"
              >
                {t("tools.resources")}
              </Link>
            </li>
            <li>
              <Link to="/homework/list" className="flex min-h-11 items-center rounded px-3 py-1 text-sm text-gray-700 hover:bg-gray-100 md:block md:min-h-0">
                {t("tools.homework")}
              </Link>
            </li>
            <li>
              <Link to="/certificate/list" className="flex min-h-11 items-center rounded px-3 py-1 text-sm text-gray-700 hover:bg-gray-100 md:block md:min-h-0">
                {t("tools.certificates")}
              </Link>
            </li>
          </ul>
        </details>
      </nav>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/**
 * An error inside the frame: the 403 of an entry the user may not see and the 404 of an address the
 * personal centre does not have, with a way back to the first permitted entry; any other failure shows
 * the branded error page (still beside the menu).
 */
export function PersonalError({ error, i18n, home }: { error: unknown; i18n: I18nData; home: string | null }) {
  const { t } = useNamespaces(i18n, "personal");
  const status = isRouteErrorResponse(error) ? error.status : 0;
  // spec 000 §8: a 403 with action cc or waf is the upstream's interception, not a missing permission: the
  // error page offers (and with JavaScript opens) the security-check page, as in the question bank
  const intercepted = isRouteErrorResponse(error) && (error.data as { kind?: unknown } | null)?.kind === "intercepted";
  if ((status !== 403 && status !== 404) || intercepted) return <ErrorPage error={error} />;
  const kind = status === 403 ? "forbidden" : "notFound";
  return (
    <section className="rounded border border-gray-200 bg-white px-6 py-16 text-center" aria-labelledby="personal-error" data-error-kind={kind}>
      <p className="text-5xl font-bold text-brand">{status}</p>
      <h1 id="personal-error" className="mt-4 text-xl font-semibold" role="alert">
        {t(kind)}
      </h1>
      {home ? (
        <Link to={home} className={buttonClass({ className: "mt-8" })}>
          {t("openFirst")}
        </Link>
      ) : null}
    </section>
  );
}
