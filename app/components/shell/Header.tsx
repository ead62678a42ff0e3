import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ShellView } from "~/services/shell.server";

/** The header of spec 000 section 2.2 (the page-shell issue completes templates and dropdowns). */
export function Header({ shell }: { shell: ShellView }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { site, user } = shell;
  const otherLanguage = i18n.language === "en" ? "zh" : "en";
  const languageHref = `${location.pathname}?${withParam(location.search, "lng", otherLanguage)}`;
  return (
    <header className="bg-white shadow-sm" data-head-template={site.headTemplateId}>
      <a href="#main" className="sr-only focus:not-sr-only">
        {t("site.skipToContent")}
      </a>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
        <Link to="/home/index" className="text-xl font-bold text-brand" aria-label={site.companyName || site.shortName}>
          {site.logoType === "image" && site.logo ? <img src={site.logo} alt={site.companyName} className="h-10" /> : site.shortName}
        </Link>
        {shell.school ? <span className="text-sm text-gray-500">{t("site.currentSchool", { name: shell.school.name })}</span> : null}
        <form action="/course/list" method="get" role="search" className="ml-auto flex">
          <label className="sr-only" htmlFor="header-search">
            {t("site.searchLabel")}
          </label>
          <input
            id="header-search"
            name="courseName"
            type="search"
            placeholder={t("site.searchPlaceholder")}
            className="w-56 rounded-l border border-gray-300 px-3 py-1 text-sm"
          />
          <button type="submit" className="rounded-r bg-brand px-3 py-1 text-sm text-white">
            {t("site.search")}
          </button>
        </form>
        <a href={languageHref} className="text-sm text-gray-600" hrefLang={otherLanguage} lang={otherLanguage}>
          {otherLanguage === "en" ? t("site.switchToEn") : t("site.switchToZh")}
        </a>
        {user ? (
          <div className="flex items-center gap-3 text-sm" aria-label={t("site.userMenu")}>
            <span data-testid="user-name" className="font-medium">
              {user.displayName}
            </span>
            {user.member ? <span className="rounded bg-amber-100 px-1 text-amber-800">{t("site.member")}</span> : null}
            {user.points !== null ? <span>{t("site.points", { pointName: user.pointName, count: user.points })}</span> : null}
            {shell.cartCount !== null ? <span>{t("site.cartCount", { count: shell.cartCount })}</span> : null}
            <Form method="post" action="/logout" reloadDocument>
              <AuthenticityTokenInput name="csrf" />
              <button type="submit" className="text-gray-600 underline">
                {t("site.logout")}
              </button>
            </Form>
          </div>
        ) : (
          <div className="flex items-center gap-2 text-sm">
            <a href={`/join/register`}>{t("site.register")}</a>
            <span aria-hidden="true">|</span>
            <a href={`/join/login?backUrl=${encodeURIComponent(location.pathname + location.search)}`}>{t("site.login")}</a>
          </div>
        )}
      </div>
      {shell.headMenus.length > 0 ? (
        <nav aria-label={t("site.mainNav")} className="border-t border-gray-100">
          <ul className="mx-auto flex max-w-6xl flex-wrap gap-6 px-4 py-2 text-sm">
            {shell.headMenus.map((menu, index) => (
              <li key={menu.id} className={index === 0 ? "menuIndex" : undefined}>
                <a
                  href={menu.href}
                  target={menu.newWindow ? "_blank" : undefined}
                  rel={menu.newWindow || menu.external ? "noopener noreferrer" : undefined}
                  className="hover:text-brand"
                >
                  {menu.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

function withParam(search: string, key: string, value: string): string {
  const params = new URLSearchParams(search);
  params.set(key, value);
  return params.toString();
}
