import { useRouteLoaderData } from "@remix-run/react";
import { Tabs } from "~/components/ui/Tabs";
import { useTranslation } from "~/i18n-runtime";
import { PERSONAL_ROUTE_ID } from "~/route-ids";
import type { MenuEntry, MenuSection, PersonalEntryCode } from "~/services/personal-menu";

/**
 * The account centre's pages (spec 001 §7 "Account"): the menu's two entries plus coupons and study cards, each
 * with the menu entry whose permission its route asks for (`requireStudent(args, key)`).
 */
export const ACCOUNT_PAGES = [
  { key: "member", href: "/personal/accountcenter/account/member", entry: "accountcenter.member" },
  { key: "score", href: "/personal/accountcenter/score", entry: "accountcenter.score" },
  { key: "coupon", href: "/personal/accountcenter/coupon", entry: "accountcenter.account" },
  { key: "card", href: "/personal/accountcenter/card", entry: "accountcenter.account" },
  { key: "balance", href: "/personal/accountcenter/balance", entry: "accountcenter.account" },
  { key: "category", href: "/personal/accountcenter/category", entry: "accountcenter.account" },
] as const satisfies ReadonlyArray<{ key: string; href: string; entry: PersonalEntryCode }>;

/**
 * The tabs a student may open (spec 001 §2: the personal centre follows the menu permissions): filtered by the
 * permitted menu the personal layout loaded, as the side menu and the header are, so no tab answers 403.
 */
/** Every permitted entry's key (children too); here rather than from personal-menu.ts, whose menu table would come to the browser. */
function permittedKeys(menu: readonly MenuSection[]): Set<string> {
  const keys = new Set<string>();
  const add = (entries: readonly MenuEntry[]): void => entries.forEach((e) => (keys.add(e.key), add(e.children)));
  menu.forEach((section) => add(section.entries));
  return keys;
}

export function AccountTabs() {
  const { t } = useTranslation("account");
  const frame = useRouteLoaderData(PERSONAL_ROUTE_ID) as { menu?: MenuSection[] } | undefined;
  const permitted = frame?.menu ? permittedKeys(frame.menu) : null;
  const pages = ACCOUNT_PAGES.filter((p) => !permitted || permitted.has(p.entry));
  return <Tabs label={t("tabs.label")} tabs={pages.map((p) => ({ key: p.key, href: p.href, text: t(`tabs.${p.key}`) }))} />;
}
