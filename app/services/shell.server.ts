import { getCurrentUser, getLastLearn, type CurrentUser } from "~/services/auth.server";
import { getCartCount } from "~/services/cart.server";
import { loadShellConfig, rememberCompany, type Menu, type ShellConfig } from "~/services/config.server";
import { isLoggedIn, type Portal } from "~/services/portal.server";

/** Spec 000 section 9 numbers the shell uses. */
export const SHORT_NAME_MAX = 8;
export const USERNAME_FALLBACK_MAX = 12;
export const SCHOOL_DROPDOWN_MAX = 16;
export const DEFAULT_THEME_COLOR = "#008AFF";

export type MenuLink = { id: number; name: string; href: string; external: boolean; newWindow: boolean; children: MenuLink[] };

/** Spec 000 section 2.2: links with 'http' or '/s/pc/#' are used as given; variable links go through the portal. */
export function menuHref(menu: Menu): { href: string; external: boolean } {
  if (menu.urlType === "LINK_VARIABLE") return { href: `/linkVariableRedirect/${menu.id}`, external: false };
  const url = menu.menuUrl.trim();
  if (url.includes("http")) return { href: /^https?:\/\//i.test(url) ? url : "#", external: true };
  if (url.includes("/s/pc/#")) return { href: url, external: false };
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

function shellView(config: ShellConfig, user: CurrentUser | null, lastLearn: Awaited<ReturnType<typeof getLastLearn>>, cartCount: number, schoolId: number) {
  const { baseInfo, homeConfig, menus, footInfo, schools, serviceConfig, alias } = config;
  const themeColor = HEX_COLOR.test(homeConfig.themeColor) ? homeConfig.themeColor : DEFAULT_THEME_COLOR;
  const records = schools.schoolPage.records;
  const current = records.find((s) => s.id === schoolId) ?? schools.schoolResp ?? records[0];
  return {
    site: {
      title: baseInfo.siteTitle || baseInfo.companyName,
      companyName: baseInfo.companyName,
      shortName: shortName(baseInfo.companyNameShort || baseInfo.companyName),
      logoType: baseInfo.companyLogoType === "word" ? ("word" as const) : ("image" as const),
      logo: /^https?:\/\//.test(baseInfo.companyLogo) || baseInfo.companyLogo.startsWith("/") ? baseInfo.companyLogo : "",
      themeColor,
      headTemplateId: homeConfig.headCfRsp?.headTemplateId || 1,
      seo: baseInfo.seo,
    },
    school: current ? { id: current.id, name: current.schoolName, suffix: current.suffix } : null,
    schools: records.slice(0, SCHOOL_DROPDOWN_MAX).map((s) => ({ id: s.id, name: s.schoolName, suffix: s.suffix, main: s.defaultFlag === 1 })),
    schoolTotal: schools.schoolPage.total ?? records.length,
    headMenus: menus.headMenus.map(toLink),
    footMenus: menus.footMenus.map(toLink),
    footer: {
      companyName: footInfo.companyNameFlag ? footInfo.companyName : "",
      address: footInfo.companyAddressFlag ? footInfo.companyAddress : "",
      copyright: footInfo.copyrightFlag ? footInfo.copyright : "",
      icpNo: footInfo.icpNoFlag ? footInfo.icpNo : "",
      securityRegno: footInfo.securityFlag ? footInfo.securityRegno : "",
    },
    user: user
      ? {
          userId: user.userId,
          displayName: displayName(user),
          member: user.memberFlag === 1,
          points: serviceConfig.openIntegral === 1 ? user.integralRemaining : null,
          pointName: alias.pointName,
          unread: user.unReadNum,
          changePassword: user.changePasswordConfig === 1 || user.changePasswordConfig === 2,
        }
      : null,
    lastLearn: lastLearn && lastLearn.courseName ? { courseName: lastLearn.courseName, lessonName: lastLearn.lessonName } : null,
    cartCount: user && serviceConfig.openCart === 1 ? cartCount : null,
  };
}

export type ShellView = ReturnType<typeof shellView>;

/**
 * The shell's data: company-wide configuration (cached per domain) and the visitor's own data
 * (never cached), in ONE parallel round of upstream calls.
 */
export async function loadShell(portal: Portal): Promise<ShellView> {
  const { upstream } = portal;
  const loggedIn = isLoggedIn(portal);
  const [config, user, lastLearn, cartCount] = await Promise.all([
    loadShellConfig(upstream),
    loggedIn ? getCurrentUser(upstream) : null,
    loggedIn ? getLastLearn(upstream) : null,
    loggedIn ? getCartCount(upstream) : 0,
  ]);
  rememberCompany(portal.tenant.domain, config.baseInfo.companyId);
  return shellView(config, user, lastLearn, cartCount, portal.schoolId);
}
