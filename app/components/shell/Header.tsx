import { Form, Link, useLocation, useNavigate, useSubmit } from "@remix-run/react";
import { useState, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n-runtime";
import { useLoginPopup } from "~/components/auth/login-popup-trigger";
import { CsrfInput, useCsrfToken } from "~/components/csrf-token";
import { useCartCount } from "~/components/shop/use-cart-count";
import { loginHref } from "~/services/redirect";
import type { ShellView } from "~/services/shell.server";

const SCHOOL_DROPDOWN_WIDE = 8;
const CART_BADGE_SHIFT = 10;

/** The home page of a school: the suffix form when it is not the default school (spec 000 section 2.1). */
export function schoolHome(school: { main: boolean; suffix: string }): string {
  return school.main || !school.suffix ? "/home/index" : `/home/index/${encodeURIComponent(school.suffix)}`;
}

/**
 * A link that switches to a school and shows its home (switcher on the home page, /home/choice). A plain
 * /home/index would keep the session's school (issue 12: back to the main school from a branch kept the
 * branch), so every school with a suffix goes through /home/index/{suffix}, which saves the school (the
 * default school is then sent on to /home/index); one without a suffix goes through /school/switch.
 */
export function schoolSwitchHref(school: { id: number; suffix: string }): string {
  return school.suffix
    ? `/home/index/${encodeURIComponent(school.suffix)}`
    : `/school/switch?schoolId=${school.id}&from=${encodeURIComponent("/home/index")}`;
}

export function isHomePath(pathname: string): boolean {
  return pathname === "/home/index" || pathname.startsWith("/home/index/") || pathname === "/";
}

/** The header of spec 000 section 2.2: templates 1, 2, 3 and the custom FESCO template. */
export function Header({ shell }: { shell: ShellView }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { site } = shell;
  const template = site.fesco ? "fesco" : site.headTemplateId;
  const home = isHomePath(location.pathname);
  const white = site.headTemplateId !== 1 || site.fesco;
  const search = <SearchBox withText={site.headTemplateId === 3 && !site.fesco} />;
  const nav = <MainNav shell={shell} />;
  const tools = <HeaderTools shell={shell} />;
  return (
    <header
      className="shell-header shadow-sm"
      data-head-template={template}
      data-head-theme={white ? "white" : site.headTheme}
      style={{ backgroundColor: white ? "#ffffff" : site.headerColor }}
    >
      <a href="#main" className="sr-only focus:not-sr-only">
        {t("site.skipToContent")}
      </a>
      {site.fesco ? (
        <div className="border-b-4 border-brand">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-6 px-4 py-3">
            <Logo shell={shell} />
            <span className="text-sm font-semibold tracking-widest text-gray-500">FESCO</span>
            {nav}
            <div className="ml-auto flex items-center gap-3">{tools}</div>
          </div>
        </div>
      ) : site.headTemplateId === 2 ? (
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
          <Logo shell={shell} />
          <SchoolSwitcher shell={shell} />
          {nav}
          <div className="ml-auto flex items-center gap-3">
            {search}
            {tools}
          </div>
        </div>
      ) : site.headTemplateId === 3 && home ? (
        <>
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-end gap-3 px-4 pt-2 text-sm">{tools}</div>
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-6 px-4 py-4">
            <Logo shell={shell} large />
            <SchoolSwitcher shell={shell} />
            <div className="mx-auto">{search}</div>
          </div>
          <div className="bg-brand text-white">{nav}</div>
        </>
      ) : (
        <>
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
            <Logo shell={shell} />
            <SchoolSwitcher shell={shell} />
            <div className="ml-auto flex flex-wrap items-center gap-3">
              {search}
              {tools}
            </div>
          </div>
          <div className={site.headTemplateId === 1 ? "bg-brand text-white" : "border-t border-gray-100"}>{nav}</div>
        </>
      )}
    </header>
  );
}

function Logo({ shell, large }: { shell: ShellView; large?: boolean }) {
  const { site } = shell;
  const href = shell.school ? schoolHome(shell.school) : "/home/index";
  return (
    <Link to={href} className={`${large ? "text-2xl" : "text-xl"} font-bold text-brand`} aria-label={site.companyName || site.shortName} data-testid="logo">
      {site.logoType === "image" && site.logo ? <img src={site.logo} alt={site.companyName} className="h-10" /> : site.shortName}
    </Link>
  );
}

function SearchBox({ withText }: { withText: boolean }) {
  const { t } = useTranslation();
  return (
    <form action="/course/list" method="get" role="search" className="flex">
      <label className="sr-only" htmlFor="header-search">
        {t("site.searchLabel")}
      </label>
      <input
        id="header-search"
        name="courseName"
        type="search"
        placeholder={t("site.searchPlaceholder")}
        className="w-56 rounded-l border border-gray-300 bg-white px-3 py-1 text-sm text-gray-900"
      />
      <button type="submit" className="rounded-r bg-brand px-3 py-1 text-sm text-white" aria-label={withText ? undefined : t("site.search")}>
        {withText ? t("site.search") : <span aria-hidden="true">⌕</span>}
      </button>
    </form>
  );
}

/** Spec 000 section 2.2: only with more than one school; the first 16; extra class above 8; 'more' above 16. */
function SchoolSwitcher({ shell }: { shell: ShellView }) {
  const { t } = useTranslation();
  const location = useLocation();
  const submit = useSubmit();
  const csrf = useCsrfToken();
  if (shell.schoolTotal <= 1 || !shell.school) return null;
  const home = isHomePath(location.pathname);
  const from = location.pathname + location.search;
  const wide = shell.schools.length > SCHOOL_DROPDOWN_WIDE;
  function confirmSwitch(event: MouseEvent<HTMLAnchorElement>, school: ShellView["schools"][number]) {
    // Without a token (an error page) the link's own confirmation page does the switch.
    if (!csrf) return;
    event.preventDefault();
    if (!window.confirm(t("site.switchConfirm", { name: school.name }))) return;
    submit({ csrf, schoolId: String(school.id) }, { method: "post", action: "/school/switch" });
  }
  return (
    <details className="shell-dropdown relative text-sm" data-testid="school-switcher">
      <summary className="cursor-pointer list-none rounded border border-gray-200 bg-white px-2 py-1 text-gray-700">
        {shell.school.name} <span aria-hidden="true">▾</span>
        <span className="sr-only">{t("site.switchSchool")}</span>
      </summary>
      <div className={`absolute left-0 z-30 mt-1 rounded border border-gray-200 bg-white p-2 shadow-lg ${wide ? "school-list-wide w-96" : "w-48"}`}>
        <ul className={wide ? "grid grid-cols-2 gap-1" : "space-y-1"} data-testid="school-list">
          {shell.schools.map((school) => (
            <li key={school.id}>
              {home ? (
                <a href={schoolSwitchHref(school)} className="block rounded px-2 py-1 text-gray-800 hover:bg-gray-100" aria-current={school.id === shell.school?.id ? "true" : undefined}>
                  {school.name}
                </a>
              ) : (
                <a
                  href={`/school/switch?schoolId=${school.id}&from=${encodeURIComponent(from)}`}
                  onClick={(event) => confirmSwitch(event, school)}
                  className="block rounded px-2 py-1 text-gray-800 hover:bg-gray-100"
                  aria-current={school.id === shell.school?.id ? "true" : undefined}
                >
                  {school.name}
                </a>
              )}
            </li>
          ))}
        </ul>
        {shell.schoolTotal > shell.schools.length ? (
          <a href="/home/choice" className="mt-2 block text-right text-brand" data-testid="school-more">
            {t("site.moreSchools")}
          </a>
        ) : null}
      </div>
    </details>
  );
}

function MainNav({ shell }: { shell: ShellView }) {
  const { t } = useTranslation();
  if (shell.headMenus.length === 0) return null;
  return (
    <nav aria-label={t("site.mainNav")}>
      <ul className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-4 text-sm">
        {shell.headMenus.map((menu, index) => (
          <li key={menu.id} className={`relative ${index === 0 ? "menuIndex" : ""}`}>
            {menu.children.length > 0 ? (
              <details className="shell-dropdown">
                <summary className="cursor-pointer list-none px-3 py-2 hover:opacity-80">
                  {menu.name} <span aria-hidden="true">▾</span>
                </summary>
                <ul className="absolute left-0 z-30 min-w-36 rounded border border-gray-200 bg-white py-1 text-gray-800 shadow-lg">
                  {menu.children.map((child) => (
                    <li key={child.id}>
                      <MenuAnchor link={child} className="block px-3 py-1.5 hover:bg-gray-100" />
                    </li>
                  ))}
                </ul>
              </details>
            ) : (
              <MenuAnchor link={menu} className="block px-3 py-2 hover:opacity-80" />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MenuAnchor({ link, className }: { link: ShellView["headMenus"][number]; className: string }) {
  return (
    <a href={link.href} target={link.newWindow ? "_blank" : undefined} rel={link.newWindow || link.external ? "noopener noreferrer" : undefined} className={className}>
      {link.name}
    </a>
  );
}

/** App download, cart, messages, user dropdown or visitor links, management centre, language. */
function HeaderTools({ shell }: { shell: ShellView }) {
  const { user } = shell;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
      {shell.app ? <AppDownload app={shell.app} /> : null}
      {user && shell.cartCount !== null ? <CartIcon count={shell.cartCount} /> : null}
      {user ? <MessageIcon unread={user.unread} /> : null}
      {user?.staff ? <AdminButton /> : null}
      {user ? <UserMenu shell={shell} /> : <VisitorLinks shell={shell} />}
      {shell.site.languageToggle ? <LanguageSwitch /> : null}
    </div>
  );
}

/* ---- Visitor links: plain links; the login issue hooks its pop-up onto them. ---- */
function VisitorLinks({ shell }: { shell: ShellView }) {
  const { t } = useTranslation();
  const location = useLocation();
  const page = location.pathname + location.search;
  const { register, login } = shell.visitorLinks;
  // useLoginPage 0: with JavaScript the links open the pop-up (loaded on the first click).
  // Central sign-on (spec 000 section 4, global login check): the login link goes there, no pop-up.
  const central = shell.site.centralLogin;
  const { onClick, popup } = useLoginPopup(shell.site.loginPage === "popup" && !central);
  return (
    <div className="flex items-center gap-2" data-testid="visitor-links">
      {register ? <a href={`/join/register?backUrl=${encodeURIComponent(page)}`} data-login-popup="register" onClick={onClick}>{t("site.register")}</a> : null}
      {register && login ? <span aria-hidden="true">|</span> : null}
      {login ? <a href={central ?? loginHref(page)} data-login-popup={central ? undefined : "login"} onClick={central ? undefined : onClick}>{t("site.login")}</a> : null}
      {popup}
    </div>
  );
}
/* ---- end of visitor links ---- */

function Dropdown({ label, children, testId, align = "right" }: { label: ReactNode; children: ReactNode; testId?: string; align?: "left" | "right" }) {
  return (
    <details className="shell-dropdown relative" data-testid={testId}>
      <summary className="flex cursor-pointer list-none items-center gap-1">{label}</summary>
      <div className={`absolute ${align === "right" ? "right-0" : "left-0"} z-30 mt-2 w-64 rounded border border-gray-200 bg-white p-3 text-gray-800 shadow-lg`}>
        {children}
      </div>
    </details>
  );
}

function AppDownload({ app }: { app: NonNullable<ShellView["app"]> }) {
  const { t } = useTranslation();
  return (
    <Dropdown label={<span>{t("site.appDownload")}</span>} testId="app-download">
      <div className="flex gap-3">
        {app.qr ? <img src={app.qr} width={128} height={128} alt={t("site.appQr")} data-testid="app-qr" /> : null}
        <div className="flex flex-col justify-center gap-2">
          {app.ios ? <a href={app.ios} target="_blank" rel="noopener noreferrer" className="text-brand">{t("site.iphone")}</a> : null}
          {app.android ? <a href={app.android} target="_blank" rel="noopener noreferrer" className="text-brand">{t("site.android")}</a> : null}
        </div>
      </div>
      {app.schoolQr ? (
        <div className="mt-3 flex items-center gap-3">
          <img src={app.schoolQr} width={112} height={112} alt={t("site.schoolQr")} data-testid="school-qr" />
          <p className="text-xs text-gray-600">{t("site.appScan")}</p>
        </div>
      ) : (
        <p className="mt-2 text-xs text-gray-600">{t("site.appScan")}</p>
      )}
    </Dropdown>
  );
}

function CartIcon({ count: serverCount }: { count: number }) {
  const { t } = useTranslation();
  const count = useCartCount(serverCount);
  return (
    <a href="/shoppingcart" className="relative inline-flex items-center" aria-label={t("site.cartCount", { count })} data-testid="cart">
      <span aria-hidden="true">🛒</span>
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="cart-badge"
          className={`absolute -top-2 rounded-full bg-red-600 px-1 text-[10px] leading-4 text-white ${count > CART_BADGE_SHIFT ? "cart-badge-wide -right-4" : "-right-2"}`}
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </a>
  );
}

function MessageIcon({ unread }: { unread: number }) {
  const { t } = useTranslation();
  return (
    <a href="/personal/message/detailslist?parentId=-1" className="relative inline-flex items-center" aria-label={unread > 0 ? t("site.unread", { count: unread }) : t("site.messages")} data-testid="messages">
      <span aria-hidden="true">✉</span>
      {unread > 0 ? <span aria-hidden="true" data-testid="unread-dot" className="absolute -right-1 -top-1 h-2 w-2 rounded-full bg-red-600" /> : null}
    </a>
  );
}

/**
 * Management centre (spec 000 section 2.2): the link is fetched on demand by a form post opening in a
 * new tab (app/routes/admin-link.tsx). With JavaScript the tab is opened at the click (so no pop-up
 * blocker stops it), the link is fetched as JSON while the button shows the loading state, then the tab
 * goes there; on failure the tab is closed and the message shown.
 */
export function AdminButton() {
  const { t } = useTranslation();
  const [state, setState] = useState<"idle" | "loading" | "error">("idle");
  const [message, setMessage] = useState("");
  async function open(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === "loading") return;
    const body = new FormData(event.currentTarget);
    const tab = window.open("", "_blank");
    if (tab) tab.opener = null;
    setState("loading");
    try {
      const res = await fetch("/admin-link", { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = (await res.json()) as { url?: string; message?: string; redirect?: string };
      if (res.ok && answer.url && /^https?:\/\//i.test(answer.url)) {
        if (tab) tab.location.href = answer.url;
        else window.location.href = answer.url;
        setState("idle");
        return;
      }
      tab?.close();
      // The session has to be renewed first: go where the server says (a path of this site).
      if (answer.redirect?.startsWith("/") && !answer.redirect.startsWith("//")) {
        window.location.href = answer.redirect;
        return;
      }
      setMessage(answer.message ?? "");
      setState("error");
    } catch {
      tab?.close();
      setMessage("");
      setState("error");
    }
  }
  return (
    <Form method="post" action="/admin-link" target="_blank" reloadDocument onSubmit={open} className="relative">
      <CsrfInput />
      <button
        type="submit"
        disabled={state === "loading"}
        aria-busy={state === "loading"}
        className="rounded bg-brand px-2 py-1 text-white disabled:opacity-70"
        data-testid="admin-button"
      >
        {state === "loading" ? t("site.adminLoading") : t("site.adminCentre")}
      </button>
      {state === "error" ? (
        <span role="alert" className="absolute right-0 top-8 z-30 w-48 rounded bg-red-50 p-2 text-xs text-red-800">
          {message || t("site.adminFailed")}
        </span>
      ) : null}
    </Form>
  );
}

function UserMenu({ shell }: { shell: ShellView }) {
  const { t } = useTranslation();
  const user = shell.user!;
  const { links, show } = user;
  return (
    <Dropdown
      testId="user-menu"
      label={
        <>
          {user.avatar ? (
            <img src={user.avatar} alt="" width={28} height={28} className="h-7 w-7 rounded-full" />
          ) : (
            <span aria-hidden="true" className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-brand text-white">
              {Array.from(user.displayName)[0] ?? "?"}
            </span>
          )}
          <span data-testid="user-name" className="font-medium">
            {user.displayName}
          </span>
          {user.member ? (
            user.memberIco ? (
              <img src={user.memberIco} alt={t("site.member")} width={16} height={16} data-testid="member-icon" />
            ) : (
              <span data-testid="member-icon" className="rounded bg-amber-100 px-1 text-xs text-amber-800">{t("site.member")}</span>
            )
          ) : null}
        </>
      }
    >
      <ul className="space-y-1.5">
        {user.points !== null ? (
          <li data-testid="user-points">
            <a href={links.points} className="hover:text-brand">{t("site.points", { pointName: user.pointName, count: user.points })}</a>
          </li>
        ) : null}
        {user.member ? (
          <li>
            <a href={links.member} className="hover:text-brand">{t("site.membership")}</a>
          </li>
        ) : null}
        {show.course ? <li><a href={links.courseCentre} className="hover:text-brand">{t("site.courseCentre")}</a></li> : null}
        {show.setting ? <li><a href={links.settings} className="hover:text-brand">{t("site.settings")}</a></li> : null}
        {show.order ? <li><a href={links.order} className="hover:text-brand">{t("site.orders")}</a></li> : null}
        {show.message ? <li><a href={links.messages} className="hover:text-brand">{t("site.myMessages")}</a></li> : null}
        {shell.lastLearn ? (
          <li className="border-t border-gray-100 pt-2 text-xs text-gray-600" data-testid="last-learn">
            <p>{t("site.lastLearning", shell.lastLearn)}</p>
            <a href={shell.lastLearn.href} className="mt-1 inline-block rounded bg-brand px-2 py-0.5 text-white">{t("site.continueLearning")}</a>
          </li>
        ) : null}
        {show.logout ? (
          <li className="border-t border-gray-100 pt-2">
            <Form method="post" action="/logout" reloadDocument>
              <CsrfInput />
              <button type="submit" className="text-gray-600 underline">
                {t("site.logout")}
              </button>
            </Form>
          </li>
        ) : null}
      </ul>
    </Dropdown>
  );
}

/** Spec 000 section 3: the language switch waits 500 ms (with JS) before the page changes language. */
export const LANGUAGE_SWITCH_DELAY_MS = 500;

/**
 * zh/en: a plain link keeping the current page (works without JS); the server stores the choice in a
 * cookie. With JS the link shows a busy state for the spec's 500 ms, then navigates in place.
 */
function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const other = i18n.language === "en" ? "zh" : "en";
  const params = new URLSearchParams(location.search);
  params.set("lng", other);
  const href = `${location.pathname}?${params.toString()}`;
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (switching) return;
    setSwitching(true);
    window.setTimeout(() => {
      navigate(href, { preventScrollReset: true });
      setSwitching(false);
    }, LANGUAGE_SWITCH_DELAY_MS);
  }
  return (
    <a href={href} onClick={onClick} aria-busy={switching} className="text-gray-600" hrefLang={other} lang={other} data-testid="language-switch">
      {other === "en" ? t("site.switchToEn") : t("site.switchToZh")}
      {switching ? <span className="ml-1 text-xs text-gray-400" lang={i18n.language}>{t("site.switchingLanguage")}</span> : null}
    </a>
  );
}
