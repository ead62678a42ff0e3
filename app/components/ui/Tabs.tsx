import { NavLink } from "@remix-run/react";

/**
 * THE tab row of the portal (issue 23 step 3): a `<nav>` of page links, the current one marked by the router
 * (`aria-current="page"`, the brand underline). Each tab is a page of its own, so it works without JavaScript.
 */
export function Tabs({ label, tabs }: { label: string; tabs: ReadonlyArray<{ key: string; href: string; text: string }> }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2 border-b border-gray-200">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <NavLink
              to={tab.href}
              end
              className={({ isActive }) =>
                `inline-block px-3 py-2 ${isActive ? "border-b-2 border-brand-strong font-semibold text-brand-strong" : "text-gray-700"}`
              }
            >
              {tab.text}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
