import { Form, Link, useLocation, useNavigate, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ComponentType, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { CartPanelProps } from "~/components/shop/CartPanel";
import { CartIcon as CartGlyph, ChevronDownIcon, CloseIcon, GlobeIcon, MailIcon, MenuIcon, SearchIcon, SmartphoneIcon } from "~/components/icons/icons";
import { useTranslation } from "~/i18n-runtime";
import { useLoginPopup } from "~/components/auth/login-popup-trigger";
import { CsrfInput, useCsrfToken } from "~/components/csrf-token";
import { useCartCount } from "~/components/shop/use-cart-count";
import { loginHref } from "~/lib/security/redirect";
import type { ShellView } from "~/services/shell.server";
import { Button, buttonClass } from "~/components/ui/Button";
import { Input } from "~/components/ui/Input";
import { ConfigPart } from "~/components/shell/ConfigPart";

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
  return school.suffix ? `/home/index/${encodeURIComponent(school.suffix)}` : `/school/switch?schoolId=${school.id}&from=${encodeURIComponent("/home/index")}`;
}

export function isHomePath(pathname: string): boolean {
  return pathname === "/home/index" || pathname.startsWith("/home/index/") || pathname === "/";
}

/**
 * The header of spec 000 section 2.2: templates 1, 2, 3 and the custom FESCO template.
 *
 * Phones (issue 12 part 1, decision 022): below 1024 px the header is a compact bar (logo and a menu
 * button); everything else sits in one `<details>` disclosure under it, so the menu works without
 * JavaScript and costs none. From 1024 px the disclosure and its content box are `display: contents`
 * (app/tailwind.css): the template's rows lay out exactly as before and the menu button is hidden.
 */
export function Header({ shell, side }: { shell: ShellView; side?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { site } = shell;
  const template = site.fesco ? "fesco" : site.headTemplateId;
  const home = isHomePath(location.pathname);
  const white = site.headTemplateId !== 1 || site.fesco;
  const search = <SearchBox withText={site.headTemplateId === 3 && !site.fesco} />;
  const nav = <MainNav shell={shell} />;
  const tools = <HeaderTools shell={shell} />;
  const ref = useRef<HTMLElement>(null);
  // After a client-side navigation (a school switch, a menu link) no menu or dropdown stays open over
  // the new page. Without JavaScript every navigation is a new document anyway.
  useEffect(() => {
    ref.current?.querySelectorAll("details[open]").forEach((d) => d.removeAttribute("open"));
  }, [location.key]);
  const row = "mx-auto flex max-w-6xl flex-col items-stretch gap-1 px-4 py-2 lg:flex-row lg:flex-wrap lg:items-center";
  return (
    <header
      ref={ref}
      className="shell-header relative shadow-sm"
      data-head-template={template}
      data-head-theme={white ? "white" : site.headTheme}
      style={{ backgroundColor: white ? "#ffffff" : site.headerColor }}
    >
      <a href="#main" className="sr-only focus:not-sr-only">
        {t("site.skipToContent")}
      </a>
      <div className={`flex min-h-15 items-center py-2 pl-4 lg:hidden ${side ? "pr-28" : "pr-16"}`} data-testid="phone-bar">
        <Logo shell={shell} phone />
      </div>
      <details className="shell-menu" data-testid="header-menu">
        <summary
          className="absolute right-3 top-2 flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded border border-gray-200 bg-white text-2xl text-gray-700 lg:hidden"
          aria-label={t("site.menu")}
          title={t("site.menu")}
        >
          <MenuIcon className="shell-menu-closed" />
          <CloseIcon className="shell-menu-open" />
        </summary>
        <div className="shell-menu-panel border-t border-gray-100 lg:border-0">
          {site.fesco ? (
            <div className="border-b-4 border-brand">
              <div className={`${row} lg:gap-6 lg:py-3`}>
                <Logo shell={shell} />
                <span className="hidden text-sm font-semibold tracking-widest text-gray-500 lg:inline">FESCO</span>
                {nav}
                <div className="flex flex-col lg:ml-auto lg:flex-row lg:items-center lg:gap-3">{tools}</div>
              </div>
            </div>
          ) : site.headTemplateId === 2 ? (
            <div className={`${row} lg:gap-4 lg:py-3`}>
              <Logo shell={shell} />
              <SchoolSwitcher shell={shell} />
              {nav}
              <div className="flex flex-col gap-1 lg:ml-auto lg:flex-row lg:items-center lg:gap-3">
                {search}
                {tools}
              </div>
            </div>
          ) : site.headTemplateId === 3 && home ? (
            <>
              <div className={`${row} lg:justify-end lg:gap-3 lg:pb-0 lg:text-sm`}>{tools}</div>
              <div className={`${row} lg:gap-6 lg:py-4`}>
                <Logo shell={shell} large />
                <SchoolSwitcher shell={shell} />
                <div className="lg:mx-auto">{search}</div>
              </div>
              <div className="bg-brand text-white">{nav}</div>
            </>
          ) : (
            <>
              <div className={`${row} lg:gap-4 lg:py-3`}>
                <Logo shell={shell} />
                <SchoolSwitcher shell={shell} />
                <div className="flex flex-col gap-1 lg:ml-auto lg:flex-row lg:flex-wrap lg:items-center lg:gap-3">
                  {search}
                  {tools}
                </div>
              </div>
              <div className={site.headTemplateId === 1 ? "bg-brand text-white" : "border-t border-gray-100"}>{nav}</div>
            </>
          )}
        </div>
      </details>
      {side}
    </header>
  );
}

/** The logo; `phone` is the compact bar's copy (the menu's own is hidden below 1024 px). */
function Logo({ shell, large, phone }: { shell: ShellView; large?: boolean; phone?: boolean }) {
  const { site } = shell;
  const href = shell.school ? schoolHome(shell.school) : "/home/index";
  return (
    <Link
      to={href}
      className={`${phone ? "block min-w-0 truncate text-lg" : `hidden lg:inline ${large ? "text-2xl" : "text-xl"}`} font-bold text-brand`}
      data-testid={phone ? "phone-logo" : "logo"}
      // its name is what it shows (the short name, or the logo image's alt): WCAG 2.5.3 label in name (issue 39 §6)
    >
      {site.logoType === "image" && site.logo ? <img src={site.logo} alt={site.companyName} className="h-10 max-w-full object-contain" /> : site.shortName}
    </Link>
  );
}

function SearchBox({ withText }: { withText: boolean }) {
  const { t } = useTranslation();
  return (
    <form action="/course/list" method="get" role="search" className="flex py-1 lg:py-0">
      <label className="sr-only" htmlFor="header-search">
        {t("site.searchLabel")}
      </label>
      <Input
        id="header-search"
        name="courseName"
        type="search"
        placeholder={t("site.searchPlaceholder")}
        className="min-w-0 flex-1 rounded-r-none py-1 lg:w-56 lg:flex-none"
      />
      <Button
        type="submit"
        size="sm"
        className="inline-flex min-w-11 items-center justify-center rounded-r lg:min-w-0"
        aria-label={withText ? undefined : t("site.search")}
        title={t("site.search")}
      >
        {withText ? t("site.search") : <SearchIcon className="text-base" />}
      </Button>
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
    // The dropdown closes now, not over the new page (issue 12 part 2).
    event.currentTarget.closest("details")?.removeAttribute("open");
    submit({ csrf, schoolId: String(school.id) }, { method: "post", action: "/school/switch" });
  }
  return (
    <details className="shell-dropdown relative text-sm" data-testid="school-switcher">
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded border border-gray-200 bg-white px-2 py-1 text-gray-700"
        title={t("site.switchSchool")}
      >
        <span className="truncate">{shell.school.name}</span> <ChevronDownIcon className="text-gray-500" />
        <span className="sr-only">{t("site.switchSchool")}</span>
      </summary>
      <div
        className={`z-30 mt-1 rounded border border-gray-200 bg-white p-2 lg:absolute lg:left-0 lg:shadow-lg ${wide ? "school-list-wide lg:w-96" : "lg:w-48"}`}
      >
        <ul className={wide ? "grid grid-cols-2 gap-1" : "space-y-1"} data-testid="school-list">
          {shell.schools.map((school) => (
            <li key={school.id}>
              {home ? (
                <a
                  href={schoolSwitchHref(school)}
                  className="block rounded px-2 py-1 text-gray-800 hover:bg-gray-100"
                  aria-current={school.id === shell.school?.id ? "true" : undefined}
                >
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
          <a href="/home/choice" className="mt-2 block justify-end text-right text-brand" data-testid="school-more">
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
  // the company's menus alone: drawn once per menus answer and language (decision 093)
  return (
    <ConfigPart as="nav" deps={[shell.headMenus]} aria-label={t("site.mainNav")}>
      <ul className="mx-auto flex max-w-6xl flex-col px-1 py-1 text-sm lg:px-4 lg:flex-row lg:flex-wrap lg:items-center lg:gap-1 lg:py-0">
        {shell.headMenus.map((menu, index) => (
          <li key={menu.id} className={`relative ${index === 0 ? "menuIndex" : ""}`}>
            {menu.children.length > 0 ? (
              <details className="shell-dropdown">
                <summary className="flex cursor-pointer list-none items-center gap-1 px-3 py-2 hover:opacity-80">
                  {menu.name} <ChevronDownIcon />
                </summary>
                <ul className="z-30 min-w-36 rounded border border-gray-200 bg-white py-1 text-gray-800 lg:absolute lg:left-0 lg:shadow-lg">
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
    </ConfigPart>
  );
}

function MenuAnchor({ link, className }: { link: ShellView["headMenus"][number]; className: string }) {
  return (
    <a
      href={link.href}
      target={link.newWindow ? "_blank" : undefined}
      rel={link.newWindow || link.external ? "noopener noreferrer" : undefined}
      className={className}
    >
      {link.name}
    </a>
  );
}

/** App download, cart, messages, user dropdown or visitor links, management centre, language. */
function HeaderTools({ shell }: { shell: ShellView }) {
  const { user } = shell;
  return (
    <div className="flex flex-col items-stretch text-sm text-gray-700 lg:flex-row lg:flex-wrap lg:items-center lg:gap-3">
      {shell.app ? <AppDownload app={shell.app} /> : null}
      {user && shell.cartCount !== null ? <CartIcon count={shell.cartCount} /> : null}
      {user?.links.messages ? <MessageIcon unread={user.unread} href={user.links.messages} /> : null}
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
      {register ? (
        <a href={`/join/register?backUrl=${encodeURIComponent(page)}`} data-login-popup="register" onClick={onClick} className={TOOL}>
          {t("site.register")}
        </a>
      ) : null}
      {register && login ? <span aria-hidden="true">|</span> : null}
      {login ? (
        <a href={central ?? loginHref(page)} data-login-popup={central ? undefined : "login"} onClick={central ? undefined : onClick} className={TOOL}>
          {t("site.login")}
        </a>
      ) : null}
      {popup}
    </div>
  );
}
/* ---- end of visitor links ---- */

/** A header control's box (on phones app/tailwind.css makes every menu control a 44 px touch target). */
const TOOL = "inline-flex items-center gap-1.5";

/** A header dropdown: on phones it opens in place inside the menu (never wider than the screen). */
function Dropdown({
  label,
  children,
  testId,
  align = "right",
  title,
}: {
  label: ReactNode;
  children: ReactNode;
  testId?: string;
  align?: "left" | "right";
  title?: string;
}) {
  return (
    <details className="shell-dropdown relative" data-testid={testId}>
      <summary className={`${TOOL} cursor-pointer list-none`} title={title}>
        {label}
      </summary>
      <div
        className={`${align === "right" ? "lg:right-0" : "lg:left-0"} z-30 rounded border border-gray-200 bg-white p-3 text-gray-800 lg:absolute lg:mt-2 lg:w-64 lg:shadow-lg`}
      >
        {children}
      </div>
    </details>
  );
}

function AppDownload({ app }: { app: NonNullable<ShellView["app"]> }) {
  const { t } = useTranslation();
  return (
    <Dropdown
      label={
        <>
          <SmartphoneIcon className="text-base" />
          <span>{t("site.appDownload")}</span>
        </>
      }
      testId="app-download"
    >
      <div className="flex gap-3">
        {app.qr ? <img src={app.qr} width={128} height={128} alt={t("site.appQr")} data-testid="app-qr" loading="lazy" /> : null}
        <div className="flex flex-col justify-center gap-2">
          {app.ios ? (
            <a href={app.ios} target="_blank" rel="noopener noreferrer" className="text-brand">
              {t("site.iphone")}
            </a>
          ) : null}
          {app.android ? (
            <a href={app.android} target="_blank" rel="noopener noreferrer" className="text-brand">
              {t("site.android")}
            </a>
          ) : null}
        </div>
      </div>
      {app.schoolQr ? (
        <div className="mt-3 flex items-center gap-3">
          <img src={app.schoolQr} width={112} height={112} alt={t("site.schoolQr")} data-testid="school-qr" loading="lazy" />
          <p className="text-xs text-gray-600">{t("site.appScan")}</p>
        </div>
      ) : (
        <p className="mt-2 text-xs text-gray-600">{t("site.appScan")}</p>
      )}
    </Dropdown>
  );
}

/**
 * The cart icon and its badge (spec 000 section 2.2). Without JavaScript a link to the cart page; with it
 * the same link toggles the cart panel (spec 001 sections 3 and 4), whose code loads on the first opening
 * (app/components/shop/CartPanel.tsx, decision 068). A modifier or middle click still opens the page.
 */
function CartIcon({ count: serverCount }: { count: number }) {
  const { t } = useTranslation();
  const count = useCartCount(serverCount);
  const hydrated = useHydrated();
  const ref = useRef<HTMLAnchorElement>(null);
  const [Panel, setPanel] = useState<ComponentType<CartPanelProps> | null>(null);
  const [open, setOpen] = useState(false);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) ref.current?.focus();
  }, []);
  function toggle(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (open) return setOpen(false);
    const href = event.currentTarget.href;
    import("~/components/shop/CartPanel").then(
      (m) => {
        setPanel(() => m.CartPanel);
        setOpen(true);
      },
      () => window.location.assign(href),
    );
  }
  return (
    <div className="relative">
      <a
        ref={ref}
        href="/shoppingcart"
        onClick={toggle}
        className={`${TOOL} relative`}
        aria-label={t("site.cartCount", { count })}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={open ? "cart-panel" : undefined}
        title={t("site.cartCount", { count })}
        data-testid="cart"
      >
        <CartGlyph className="text-lg" />
        <span aria-hidden="true" className="lg:hidden">
          {t("site.cart")}
        </span>
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="cart-badge"
            className={`rounded-full bg-red-600 px-1 text-[10px] leading-4 text-white lg:absolute lg:-top-2 ${count > CART_BADGE_SHIFT ? "cart-badge-wide lg:-right-4" : "lg:-right-2"}`}
          >
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </a>
      {open && Panel ? <Panel id="cart-panel" trigger={ref} onClose={close} /> : null}
    </div>
  );
}

function MessageIcon({ unread, href }: { unread: number; href: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      className={`${TOOL} relative`}
      aria-label={unread > 0 ? t("site.unread", { count: unread }) : t("site.messages")}
      title={unread > 0 ? t("site.unread", { count: unread }) : t("site.messages")}
      data-testid="messages"
    >
      <span className="relative inline-flex">
        <MailIcon className="text-lg" />
        {unread > 0 ? <span aria-hidden="true" data-testid="unread-dot" className="absolute -right-1 -top-1 h-2 w-2 rounded-full bg-red-600" /> : null}
      </span>
      <span aria-hidden="true" className="lg:hidden">
        {t("site.messages")}
      </span>
    </a>
  );
}

/**
 * Management centre (spec 000 section 2.2): the link is fetched on demand by a form post opening in a
 * new tab (app/routes/admin-link.tsx). With JavaScript the tab is opened at the click (so no pop-up
 * blocker stops it), the link is fetched as JSON while the button shows the loading state, then the tab
 * goes there; on failure the tab is closed and the message shown. The request's code loads on the first
 * click (admin-link.client.ts, decision 068).
 */
export function AdminButton() {
  const { t } = useTranslation();
  // null: idle; "": loading; a string: the failure's message ("" would be loading: the generic one is " ")
  const [state, setState] = useState<string | null>(null);
  const loading = state === "";
  function open(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const form = event.currentTarget;
    const tab = window.open("", "_blank");
    if (tab) tab.opener = null;
    setState("");
    import("./admin-link.client").then(
      (m) => m.followAdminLink(form, tab).then((message) => setState(message === undefined ? null : message || " ")),
      () => {
        tab?.close();
        setState(" ");
      },
    );
  }
  return (
    <Form method="post" action="/admin-link" target="_blank" reloadDocument onSubmit={open} className="relative">
      <CsrfInput />
      <Button type="submit" disabled={loading} aria-busy={loading} size="xs" data-testid="admin-button">
        {loading ? t("site.adminLoading") : t("site.adminCentre")}
      </Button>
      {state ? (
        <span role="alert" className="absolute right-0 top-8 z-30 w-48 rounded bg-red-50 p-2 text-xs text-red-800">
          {state.trim() || t("site.adminFailed")}
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
          <Avatar src={user.avatar} name={user.displayName} />
          <span data-testid="user-name" className="max-w-40 truncate font-medium">
            {user.displayName}
          </span>
          {user.member ? (
            // The badge is its text; the company's icon (if it loads) decorates it at a fixed 14 px, so a
            // broken icon can neither show the browser's broken-image sign nor stretch the header.
            <span
              data-testid="member-icon"
              className="inline-flex h-5 shrink-0 items-center gap-0.5 overflow-hidden rounded bg-amber-100 px-1 text-xs leading-none text-amber-800"
            >
              {user.memberIco ? <img src={user.memberIco} alt="" width={14} height={14} className="shell-badge-img h-3.5 w-3.5 object-contain" /> : null}
              {t("site.member")}
            </span>
          ) : null}
        </>
      }
    >
      <ul className="space-y-1.5">
        {user.points !== null && links.points ? (
          <li data-testid="user-points">
            <a href={links.points} className="hover:text-brand">
              {t("site.points", { pointName: user.pointName, count: user.points })}
            </a>
          </li>
        ) : null}
        {user.member && links.member ? (
          <li>
            <a href={links.member} className="hover:text-brand">
              {t("site.membership")}
            </a>
          </li>
        ) : null}
        {show.course && links.courseCentre ? (
          <li>
            <a href={links.courseCentre} className="hover:text-brand">
              {t("site.courseCentre")}
            </a>
          </li>
        ) : null}
        {show.setting && links.settings ? (
          <li>
            <a href={links.settings} className="hover:text-brand">
              {t("site.settings")}
            </a>
          </li>
        ) : null}
        {show.order && links.order ? (
          <li>
            <a href={links.order} className="hover:text-brand">
              {t("site.orders")}
            </a>
          </li>
        ) : null}
        {show.message && links.messages ? (
          <li>
            <a href={links.messages} className="hover:text-brand">
              {t("site.myMessages")}
            </a>
          </li>
        ) : null}
        {shell.lastLearn ? (
          <li className="border-t border-gray-100 pt-2 text-xs text-gray-600" data-testid="last-learn">
            <p>{t("site.lastLearning", shell.lastLearn)}</p>
            <a href={shell.lastLearn.href} className={buttonClass({ size: "xs", className: "mt-1" })}>
              {t("site.continueLearning")}
            </a>
          </li>
        ) : null}
        {show.logout ? (
          <li className="border-t border-gray-100 pt-2">
            <Form method="post" action="/logout" reloadDocument>
              <CsrfInput />
              <Button type="submit" variant="mutedLink">
                {t("site.logout")}
              </Button>
            </Form>
          </li>
        ) : null}
      </ul>
    </Dropdown>
  );
}

/**
 * The user's avatar with an initials fallback that needs no JavaScript: the initial is drawn first and
 * the picture over it. A picture that does not load would show the browser's broken-image sign: the
 * broken picture draws its `::after` (app/tailwind.css), the same initial, over that sign; a loaded
 * picture has no pseudo-elements.
 */
function Avatar({ src, name }: { src: string; name: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="avatar"
      className="relative inline-flex h-7 w-7 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand text-sm text-white"
    >
      <span data-testid="avatar-initial">{Array.from(name)[0] ?? "?"}</span>
      {src ? (
        <img
          src={src}
          alt=""
          width={28}
          height={28}
          data-initial={Array.from(name)[0] ?? "?"}
          className="shell-avatar-img absolute inset-0 h-full w-full rounded-full object-cover"
        />
      ) : null}
    </span>
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
    <a
      href={href}
      onClick={onClick}
      aria-busy={switching}
      className={`${TOOL} text-gray-600`}
      hrefLang={other}
      lang={other}
      data-testid="language-switch"
      title={t("site.language")}
    >
      <GlobeIcon />
      {other === "en" ? t("site.switchToEn") : t("site.switchToZh")}
      {switching ? (
        <span className="ml-1 text-xs text-gray-400" lang={i18n.language}>
          {t("site.switchingLanguage")}
        </span>
      ) : null}
    </a>
  );
}
