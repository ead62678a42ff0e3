import { pack, type Packed } from "~/lib/packed";
import { formatMoment, schoolTimeZone } from "~/lib/time";
import { getCurrentUser, getLastLearn, type CurrentUser } from "~/services/auth.server";
import { videoPageHref } from "~/services/study-links";
import { getCartCount } from "~/services/cart.server";
import { centralLoginUrl, loadShellConfig, type LoadedShellConfig, type Menu } from "~/services/config.server";
import { isLoggedIn, type Portal } from "~/lib/portal.server";
import { deepFreeze } from "~/lib/http/upstream.server";
import { qrImageUrl } from "~/services/qr.server";
import { entryOfPath, isPermitted, type PersonalSection, type Permissions } from "~/services/personal-menu";
import { firstEntryHref, getPermissions } from "~/services/personal-menu.server";
import { DEFAULT_THEME_COLOR } from "~/services/theme";

/** Spec 000 section 9 numbers the shell uses. */
export const SHORT_NAME_MAX = 8;
export const USERNAME_FALLBACK_MAX = 12;
export const SCHOOL_DROPDOWN_MAX = 16;
export { DEFAULT_THEME_COLOR } from "~/services/theme";
export const SCHOOL_DROPDOWN_WIDE = 8;
export const SCHOOL_QR_SIZE = 112;
export const CART_BADGE_SHIFT = 10;

export type MenuLink = { id: number; name: string; href: string; external: boolean; newWindow: boolean; kind: string; children: MenuLink[] };

/** Spec 000 section 2.2: links with 'http' or '/s/pc/#' are used as given; variable links go through the portal. */
export function menuHref(menu: Menu): { href: string; external: boolean } {
  if (menu.urlType === "LINK_VARIABLE") return { href: `/linkVariableRedirect/${menu.id}`, external: false };
  const url = menu.menuUrl.trim();
  if (url.includes("http")) return { href: /^https?:\/\//i.test(url) ? url : "#", external: true };
  // issue 25: the old front end's `/s/pc/#/x` is this portal's path `/x`, so the link works without
  // JavaScript (HashRoutes does the same for an address typed or bookmarked); an odd hash stays as given
  if (url.includes("/s/pc/#")) return { href: oldFrontEndPath(url) ?? url, external: false };
  if (url.startsWith("#/")) return { href: url.slice(1), external: false };
  if (url.startsWith("/")) return { href: url, external: false };
  return { href: url ? `/${url}` : "#", external: false };
}

function toLink(menu: Menu): MenuLink {
  const { href, external } = menuHref(menu);
  return {
    id: menu.id,
    name: menu.menuName,
    href,
    external,
    newWindow: menu.openType === "blank",
    // the menu's page type (SYS_PAGE_HEAD_INDEX, _COURSE, _QUESTION...): the phone tab bar's items (decision 055)
    kind: menu.pageHeadType,
    children: menu.children.map(toLink),
  };
}

/** Display name of spec 000 section 2.2: nickname, else mobile, else username cut to 12, else email. */
export function displayName(user: Pick<CurrentUser, "nickName" | "mobile" | "username" | "email">): string {
  if (user.nickName) return user.nickName;
  if (user.mobile) return user.mobile;
  if (user.username) return user.username.slice(0, USERNAME_FALLBACK_MAX);
  return user.email;
}

export function shortName(name: string): string {
  return Array.from(name).slice(0, SHORT_NAME_MAX).join("");
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Header themes of spec 000 section 3: [theme colour, header colour]. */
export const HEAD_THEMES: Record<string, [string, string]> = {
  default: ["#008AFF", "#ffffff"],
  white: ["#008AFF", "#ffffff"],
  cyan: ["#13c2c2", "#e6fffb"],
  cyanDeep: ["#08979c", "#006d75"],
  green: ["#52c41a", "#f6ffed"],
  greenPale: ["#73d13d", "#f0fff0"],
  red: ["#f5222d", "#fff1f0"],
  redDeep: ["#cf1322", "#a8071a"],
  gray: ["#595959", "#f0f0f0"],
  orange: ["#fa8c16", "#fff7e6"],
  orangeDeep: ["#d46b08", "#ad4e00"],
  blue: ["#1677ff", "#e6f4ff"],
  bluePale: ["#69b1ff", "#f0f8ff"],
};
/** Footer themes of spec 000 section 3: [background, text]. */
export const FOOT_THEMES: Record<string, [string, string]> = {
  default: ["#1f2937", "#d1d5db"],
  gray: ["#4b5563", "#f3f4f6"],
  white: ["#ffffff", "#374151"],
  red: ["#7f1d1d", "#fee2e2"],
  blue: ["#1e3a8a", "#dbeafe"],
  cyan: ["#134e4a", "#ccfbf1"],
  green: ["#14532d", "#dcfce7"],
  orange: ["#7c2d12", "#ffedd5"],
};

/** A URL from the configuration usable as a link or image: http(s) only ('http://' alone is ignored, spec 000 section 2.3). */
export function configUrl(value: string | undefined): string {
  const url = (value ?? "").trim();
  if (!/^https?:\/\/[^/\s]+/i.test(url)) return "";
  return url;
}
/** Third-party scripts load only from https URLs (spec: never inline config text as code). */
export function scriptUrl(value: string | undefined): string {
  const url = (value ?? "").trim();
  return /^https:\/\/[^/\s]+\S*$/i.test(url) ? url : "";
}

/** Personal-centre links of spec 000 section 2.1: the configured personal URL, else the derived default, with ?parentId=-1. */
export function personalLinks(personalUrl: string) {
  const base = toPath(personalUrl) || "/personal/course/lessons";
  const withParent = (path: string) => `${path}${path.includes("?") ? "&" : "?"}parentId=-1`;
  return {
    courseCentre: withParent(base),
    settings: withParent("/personal/setting/data"),
    order: "/personal/order?parentId=-1",
    messages: "/personal/message/detailslist?parentId=-1",
    member: "/personal/accountcenter/account/member",
    points: "/personal/accountcenter/score",
  };
}

/** '/s/pc/#/x' and '#/x' become the path route '/x' (an odd hash: no path). */
export function toPath(url: string): string {
  const u = url.trim();
  if (!u) return "";
  const hash = u.indexOf("#/");
  if (hash >= 0 && !/^https?:/i.test(u)) return hashRoutePath(u.slice(hash)) ?? "";
  return u.startsWith("/") ? u : "";
}

/** The portal's path of a configured `/s/pc/#/x` link, or null. */
function oldFrontEndPath(url: string): string | null {
  const at = url.indexOf("/s/pc/#");
  return at >= 0 ? hashRoutePath(url.slice(at + "/s/pc/".length)) : null;
}

/**
 * The path an old hash link (`#/course/list?x=1`) stands for, by the rules of HashRoutes' script
 * (components/shell/hash-routes.server.ts, issue 10 part 1): one `/` then neither `/` nor `\`, no control
 * character, space or backslash (nor one percent-encoded in the path), and a path of this site that does
 * not start with `//` once resolved. Null for anything else.
 */
export function hashRoutePath(hash: string): string | null {
  const p = hash.slice(1);
  if (!hash.startsWith("#/") || p.length < 2 || !/^\/[^/\\]/.test(p)) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f\\]/.test(p) || /%(?:[01][0-9a-f]|20|7f|5c)/i.test(p.split(/[?#]/)[0]!)) return null;
  const base = "http://portal.invalid";
  const u = new URL(p, base);
  if (u.origin !== base || /^\/[/\\]/.test(u.pathname)) return null;
  return u.pathname + u.search + u.hash;
}

/**
 * The user menu's personal-centre links as the student may follow them (issue 25, spec 001 §2): a link
 * to an entry the student is not permitted goes to its section's first permitted entry, or is dropped
 * (null) when the section has none, so none leads to the 403 page. Unfiltered when the permission call
 * failed (the pages themselves still answer 403).
 */
export function permittedLinks<K extends string>(links: Record<K, string>, permissions: Permissions | null): Record<K, string | null> {
  if (!permissions) return links;
  const follow = (href: string): string | null => {
    const url = new URL(href, "http://portal.invalid");
    const key = entryOfPath(url.pathname, url.searchParams);
    if (!key || isPermitted(permissions, key)) return href;
    return firstEntryHref(permissions, key.split(".")[0] as PersonalSection);
  };
  return Object.fromEntries(Object.entries<string>(links).map(([name, href]) => [name, follow(href)])) as Record<K, string | null>;
}

/** The footer when its configuration could not be loaded: menus only (decision 013). */
function emptyFooter() {
  return {
    templateId: 1,
    theme: "default",
    colors: FOOT_THEMES.default!,
    logoText: "",
    logoPic: "",
    overview: "",
    companyName: "",
    address: "",
    copyright: "",
    icpNo: "",
    security: null as { regno: string; ico: string; link: string } | null,
    sinaWeibo: "",
    tencentWeibo: "",
    wechatQr: "",
  };
}

export type ShellExtras = { qr: { app: string; school: string } | null };

/** The company-wide half of the shell (root loader): site, theme, footer, side bar, app download, visitor links. */
function siteView(config: LoadedShellConfig, extras: ShellExtras) {
  // The current school's shared base info is what the shell shows; the company's name comes from getCompany.
  const { schoolBaseInfo: baseInfo, company, homeConfig, menus, footInfo, serviceConfig, market, registerConfig } = config;
  const head = homeConfig.headCfRsp;
  const headTemplateId = [1, 2, 3].includes(head?.headTemplateId ?? 1) ? (head?.headTemplateId ?? 1) : 1;
  const fesco = (head?.headTemplateName ?? "").trim().toUpperCase() === "FESCO";
  const headTheme = head?.headTheme && HEAD_THEMES[head.headTheme] ? head.headTheme : "default";
  const themeColor = HEX_COLOR.test(homeConfig.themeColor) ? homeConfig.themeColor : DEFAULT_THEME_COLOR;
  // Templates 2 and 3 force a white header (spec 000 section 4).
  const headerColor = headTemplateId === 1 ? HEAD_THEMES[headTheme]![1] : "#ffffff";
  const footTheme = footInfo && FOOT_THEMES[footInfo.themes] ? footInfo.themes : "default";
  const person = new Set(config.personConfig?.personConfig ?? serviceConfig.personConfig);
  const app = baseInfo.appConfig;
  const phones = !market
    ? []
    : [market.servicePhone, market.servicePhone1, market.servicePhone2]
        .map((p) => p.trim())
        .filter(Boolean)
        .slice(0, 3);
  const stat = baseInfo.companyCodeInfo;
  const statType = ["baidu", "google", "cnzz", "tencent"].includes(stat?.statType ?? "") ? stat!.statType : "";
  return {
    site: {
      title: baseInfo.siteTitle || company.companyName,
      companyName: company.companyName,
      shortName: shortName(baseInfo.companyNameShort || company.companyNameShort || company.companyName),
      /** companyIco of the base info (spec 000 section 3): the tab icon, http(s) or a path only */
      icon: configUrl(baseInfo.companyIco) || (baseInfo.companyIco.startsWith("/") && !baseInfo.companyIco.startsWith("//") ? baseInfo.companyIco : ""),
      /** checkHideSppedTest: the company hides the network speed test */
      hideSpeedTest: config.hideSpeedTest ?? false,
      /** the byGroup 'pc' code pc.language.toggle: '0' hides the zh/en switch */
      languageToggle: config.pcGroup?.["pc.language.toggle"] !== "0",
      /** spec 000 section 4, the global login check: central sign-on address, or null */
      centralLogin: centralLoginUrl(config.globalLogin),
      logoType: baseInfo.companyLogoType === "word" ? ("word" as const) : ("image" as const),
      logo: /^https?:\/\//.test(baseInfo.companyLogo) || baseInfo.companyLogo.startsWith("/") ? baseInfo.companyLogo : "",
      themeColor,
      headerColor,
      headTheme,
      headTemplateId,
      fesco,
      globalTheme: homeConfig.homePageTemplateRsp?.globalTheme === "black-white" ? ("black-white" as const) : null,
      redirectLogin: head?.redirectLogin === 1,
      /** baseInfo.useLoginPage (spec 000 §2.6): 0 pop-up, 1 stand-alone page, 2 header-only page. */
      loginPage: baseInfo.useLoginPage === 1 ? ("page" as const) : baseInfo.useLoginPage === 2 ? ("headerOnly" as const) : ("popup" as const),
      seo: baseInfo.seo,
      /** null: no banner; '': the default text of spec 000 section 2.5. */
      domainWarn: baseInfo.showDomainWarn === 1 ? baseInfo.domainWarnMsg.trim() : null,
      stat: statType && stat?.statKey ? { type: statType, key: stat.statKey } : null,
      /** the zone every time is shown in (decision 061): the company's timetable zone, else its live zone, else Asia/Shanghai */
      timeZone: zoneOfBaseInfo(baseInfo),
    },
    footMenus: menus.footMenus.map((m) => ({
      id: m.id,
      name: m.menuName,
      children: m.children.map((c) => ({
        id: c.id,
        name: c.menuName,
        // A footer item with its own http(s) link opens it, one of the old front end's `/s/pc/#/x` the
        // portal's path `/x` (issue 25); the others show their detail page.
        href: configUrl(c.menuUrl) || oldFrontEndPath(c.menuUrl) || `/sysPageHeadFoot/showDetail/${c.id}?pid=${m.id}`,
        external: Boolean(configUrl(c.menuUrl)),
        newWindow: c.openType === "blank",
      })),
    })),
    // Without its configuration (a failed optional call) the footer keeps its menus and leaves the rest out.
    footer: !footInfo
      ? emptyFooter()
      : {
          templateId: [1, 2, 3, 4].includes(footInfo.templateId) ? footInfo.templateId : 1,
          theme: footTheme,
          colors: FOOT_THEMES[footTheme]!,
          logoText: footInfo.logoType === "image" ? "" : footInfo.logoText,
          logoPic: footInfo.logoType === "image" ? configUrl(footInfo.logoPic) : "",
          overview: footInfo.overview,
          companyName: footInfo.companyNameFlag ? footInfo.companyName : "",
          address: footInfo.companyAddressFlag ? footInfo.companyAddress : "",
          copyright: footInfo.copyrightFlag ? footInfo.copyright : "",
          icpNo: footInfo.icpNoFlag ? footInfo.icpNo : "",
          security:
            footInfo.securityFlag && footInfo.securityRegno
              ? { regno: footInfo.securityRegno, ico: configUrl(footInfo.securityIco), link: configUrl(footInfo.securityLink) }
              : null,
          sinaWeibo: footInfo.sinaWeiboFlag ? configUrl(footInfo.sinaWeibo) : "",
          tencentWeibo: footInfo.tencentWeiboFlag ? configUrl(footInfo.tencentWeibo) : "",
          wechatQr: footInfo.tencentWechatFlag ? configUrl(footInfo.tencentWechat) : "",
        },
    sidebar:
      !market || market.schoolHide === 1
        ? null
        : {
            tempType: market.tempType,
            wechat: market.weixinFlag === 1 && configUrl(market.weixinPic) ? configUrl(market.weixinPic) : "",
            personalWechat: market.personalWeixinFlag === 1 && configUrl(market.personalWeixinPic) ? configUrl(market.personalWeixinPic) : "",
            qq:
              market.qqFlag === 1
                ? (() => {
                    const num = (market.qqType === "MARKET_QQ_MARKET" ? market.qqNum : market.personalqqNum).trim();
                    return /^\d{5,12}$/.test(num) ? { num, href: `https://wpa.qq.com/msgrd?v=3&uin=${num}&site=qq&menu=yes` } : null;
                  })()
                : null,
            weibo: market.weiboFlag === 1 ? { pic: configUrl(market.weiboPic), url: configUrl(market.weiboUrl) } : null,
            consult: market.leyuFlag === 1 ? configUrl(market.leyuNo) : "",
            phone: market.serviceFlag === 1 && phones.length ? { time: market.serviceTime, numbers: phones } : null,
            emails: market.serviceEmailFlag === 1 ? market.serviceEmails.filter((e) => /^[^\s@]+@[^\s@]+$/.test(e)) : [],
            scripts: [market.bdsqFlag === 1 ? scriptUrl(market.bdsqJsUrl) : "", market.otherImFlag === 1 ? scriptUrl(market.otherImJs) : ""].filter(Boolean),
          },
    app:
      person.has("HEAD_APP") && app?.appConfigStatus === 1 && extras.qr
        ? { qr: extras.qr.app, schoolQr: extras.qr.school, ios: configUrl(app.iosDownURL), android: configUrl(app.androidDownURL) }
        : null,
    visitorLinks: { register: person.has("USER_REGISTER") && registerConfig !== null && registerConfig.closeFlag !== 1, login: person.has("USER_LOGIN") },
  };
}

export type SiteView = ReturnType<typeof siteView>;

/** The header's links, made once per menus answer of the config cache (decision 083), frozen: shared by its views. */
const headLinks = new WeakMap<LoadedShellConfig["menus"], readonly MenuLink[]>();
function headLinksOf(menus: LoadedShellConfig["menus"]): MenuLink[] {
  let links = headLinks.get(menus);
  if (!links) headLinks.set(menus, (links = deepFreeze(menus.headMenus.map(toLink))));
  return links as MenuLink[];
}

/** The dropdown's schools, made once per schools answer of the config cache and default school, frozen (decision 093). */
const schoolLinks = new WeakMap<LoadedShellConfig["schools"], { defaultId: number | undefined; links: SchoolLink[] }>();
type SchoolLink = { id: number; name: string; suffix: string; main: boolean };
function schoolLinksOf(schools: LoadedShellConfig["schools"], defaultId: number | undefined): SchoolLink[] {
  const kept = schoolLinks.get(schools);
  if (kept && kept.defaultId === defaultId) return kept.links;
  const links = deepFreeze(
    schools.schoolPage.records.slice(0, SCHOOL_DROPDOWN_MAX).map((s) => ({ id: s.id, name: s.schoolName, suffix: s.suffix, main: s.id === defaultId })),
  );
  schoolLinks.set(schools, { defaultId, links });
  return links;
}

/** The school half of the shell (the `_school` layout's loader): the current school and the user within it. */
function schoolView(
  config: LoadedShellConfig,
  user: CurrentUser | null,
  lastLearn: Awaited<ReturnType<typeof getLastLearn>>,
  cartCount: number,
  schoolId: number,
  permissions: Permissions | null = null,
  newcomer = false,
) {
  const { menus, schools, serviceConfig, alias } = config;
  const records = schools.schoolPage.records;
  const current = records.find((s) => s.id === schoolId) ?? schools.schoolResp ?? records[0];
  const defaultSchool = schools.schoolResp ?? records.find((s) => s.defaultFlag === 1);
  const schoolTotal = schools.schoolPage.total ?? records.length;
  const person = new Set(config.personConfig?.personConfig ?? serviceConfig.personConfig);
  const items = new Set(serviceConfig.perShowItem);
  const shows = (item: string) => serviceConfig.perShowInit !== 1 || items.has(item);
  return {
    school: current ? { id: current.id, name: current.schoolName, suffix: current.suffix, main: current.id === defaultSchool?.id } : null,
    defaultSchoolId: defaultSchool?.id ?? null,
    schools: schoolLinksOf(schools, defaultSchool?.id),
    schoolTotal,
    headMenus: headLinksOf(menus),
    user: user
      ? {
          userId: user.userId,
          displayName: displayName(user),
          /** signed in by their own registration in this session: welcomed, not "welcomed back" (issue 26) */
          newcomer,
          avatar: configUrl(user.headPicMax),
          member: user.memberFlag === 1,
          memberIco: configUrl(user.memberIco),
          points: serviceConfig.openIntegral === 1 && alias ? user.integralRemaining : null,
          pointName: alias?.pointName ?? "",
          unread: user.unReadNum,
          changePassword: user.changePasswordConfig === 1 || user.changePasswordConfig === 2,
          staff: serviceConfig.userAdminLogo === 1 && user.staffFlag === 1,
          links: permittedLinks(personalLinks(serviceConfig.personalUrl), permissions),
          show: {
            course: shows("course"),
            setting: shows("setting"),
            order: shows("order"),
            message: shows("message"),
            logout: person.has("USER_LOGOUT"),
          },
        }
      : null,
    lastLearn:
      lastLearn && lastLearn.courseName
        ? {
            courseName: lastLearn.courseName,
            lessonName: lastLearn.lessonName,
            // the lesson where the student stopped, its video page (a lesson that is not a video goes on to the
            // entry chain, decision 069); else my courses
            href:
              lastLearn.commodityId && lastLearn.courseId && lastLearn.lessonId
                ? videoPageHref(lastLearn.commodityId, lastLearn.courseId, lastLearn.lessonId)
                : "/personal/course/lessons",
          }
        : null,
    // Spec 000 section 4 (service config openCart) and section 7.1 (the cart config's data.openCart).
    cartCount: user && serviceConfig.openCart === 1 && config.cartConfig?.openCart === 1 ? cartCount : null,
  };
}

export type SchoolView = ReturnType<typeof schoolView>;

/** The school half as the layout's loader sends it: its company-wide lists as JSON texts (decision 093). */
export type SchoolData = Omit<SchoolView, "headMenus" | "schools"> & { headMenus: Packed<MenuLink[]>; schools: Packed<SchoolLink[]> };
export function schoolData(view: SchoolView): SchoolData {
  return { ...view, headMenus: pack(view.headMenus), schools: pack(view.schools) };
}

/** Both halves, as the header and the pages read them. */
export type ShellView = SiteView & SchoolView;

/**
 * The company-wide configuration of this request: both loaders (root and school) ask for it at once and
 * share one load, so the cache being off (CONFIG_TTL_S=0) does not double the calls.
 */
const configOfRequest = new WeakMap<Portal, Promise<LoadedShellConfig>>();
export function shellConfigOf(portal: Portal): Promise<LoadedShellConfig> {
  let config = configOfRequest.get(portal);
  if (!config) configOfRequest.set(portal, (config = loadShellConfig(portal.upstream)));
  return config;
}

/** The school's time zone (decision 061): the company's timetable zone, else its live zone, else Asia/Shanghai. */
function zoneOfBaseInfo(baseInfo: LoadedShellConfig["schoolBaseInfo"]): string {
  return schoolTimeZone(baseInfo.classTableZone || baseInfo.liveTimeZone);
}

/** The school's time zone for a loader's own date maths (the timetable's weeks, issue 26): the request's one config load. */
export async function schoolZoneOf(portal: Portal): Promise<string> {
  return zoneOfBaseInfo((await shellConfigOf(portal)).schoolBaseInfo);
}

/**
 * A moment as a page prints it (decision 061's formatter: the school's zone, `HH:mm` today, else the day too),
 * formatted by a loader: for a page at the 100 KB budget whose script should not carry the time module.
 */
export async function schoolMomentOf(portal: Portal, at: number | string | null | undefined): Promise<string> {
  return formatMoment(at, { zone: await schoolZoneOf(portal), now: Date.now() });
}

/** The configuration areas the company-wide half is drawn from (siteView reads these and nothing else). */
const SITE_AREAS = [
  "schoolBaseInfo",
  "company",
  "homeConfig",
  "menus",
  "footInfo",
  "serviceConfig",
  "market",
  "registerConfig",
  "personConfig",
  "hideSpeedTest",
  "pcGroup",
  "globalLogin",
] as const satisfies readonly (keyof LoadedShellConfig)[];

/**
 * The company-wide half as last drawn from these very answers (decision 083): the config cache hands every
 * request of a domain and school the same parsed objects until it reloads one, so the view is made once per
 * set of answers (kept per base-info object, frozen: every request reads the same one), not once per view.
 * Nothing per user is in it.
 */
const siteViews = new WeakMap<object, { areas: unknown[]; view: SiteView }>();

/** The root's data: company-wide configuration (cached per domain), no per-user call. */
export async function loadSite(portal: Portal): Promise<SiteView> {
  const config = await shellConfigOf(portal);
  const areas = SITE_AREAS.map((key) => config[key]);
  const kept = siteViews.get(config.schoolBaseInfo);
  if (kept && kept.areas.every((area, i) => area === areas[i])) return kept.view;
  const app = config.schoolBaseInfo.appConfig;
  const qr = app?.appConfigStatus === 1 ? { app: qrImageUrl(app.scanDownURL, 128), school: qrImageUrl(app.schoolURL, SCHOOL_QR_SIZE) } : null;
  const view = deepFreeze(siteView(config, { qr }));
  siteViews.set(config.schoolBaseInfo, { areas, view });
  return view;
}

/**
 * The school layout's data: the school's configuration (shared with the root's load) and the user's own
 * data (never cached), in ONE parallel round of upstream calls that starts with the root's.
 */
export async function loadSchool(portal: Portal): Promise<SchoolView> {
  const { upstream } = portal;
  const loggedIn = isLoggedIn(portal);
  const [config, user, lastLearn, cartCount, permissions] = await Promise.all([
    shellConfigOf(portal),
    loggedIn ? getCurrentUser(upstream) : null,
    loggedIn ? getLastLearn(upstream) : null,
    loggedIn ? getCartCount(upstream) : 0,
    // the user menu's links follow the permitted entries (issue 25); the personal pages reuse this answer
    loggedIn ? getPermissions(portal).catch(() => null) : null,
  ]);
  const newcomer = loggedIn && portal.session.get("newcomer") === portal.session.get("userId");
  return schoolView(config, user, lastLearn, cartCount, portal.schoolId, permissions, newcomer);
}
