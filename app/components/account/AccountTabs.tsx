import { Tabs } from "~/components/ui/Tabs";
import { useTranslation } from "~/i18n-runtime";

/** The account centre's pages (spec 001 §7 "Account"): the menu's two entries plus coupons and study cards. */
export const ACCOUNT_PAGES = [
  { key: "member", href: "/personal/accountcenter/account/member" },
  { key: "score", href: "/personal/accountcenter/score" },
  { key: "coupon", href: "/personal/accountcenter/coupon" },
  { key: "card", href: "/personal/accountcenter/card" },
  { key: "balance", href: "/personal/accountcenter/balance" },
  { key: "category", href: "/personal/accountcenter/category" },
] as const;

export function AccountTabs() {
  const { t } = useTranslation("account");
  return <Tabs label={t("tabs.label")} tabs={ACCOUNT_PAGES.map((p) => ({ key: p.key, href: p.href, text: t(`tabs.${p.key}`) }))} />;
}
