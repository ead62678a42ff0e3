import { NavLink } from "@remix-run/react";
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
  return (
    <nav aria-label={t("tabs.label")}>
      <ul className="flex flex-wrap gap-2 border-b border-gray-200">
        {ACCOUNT_PAGES.map((p) => (
          <li key={p.key}>
            <NavLink
              to={p.href}
              end
              className={({ isActive }) =>
                `inline-block px-3 py-2 ${isActive ? "border-b-2 border-brand-strong font-semibold text-brand-strong" : "text-gray-700"}`
              }
            >
              {t(`tabs.${p.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
