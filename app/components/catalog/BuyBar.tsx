import type { ReactNode } from "react";

/**
 * The price and the buy actions of a course or package detail (issue 26, decision 061). From 768 px they
 * sit in the page's head card as before; on a phone they are a bar fixed to the bottom of the screen, above
 * the school's tab bar (`--tabbar-h`), at every scroll position: CSS only, so it works without JavaScript.
 * One copy of the controls (not a second bar), so a form, its button and its name exist once on the page.
 * A page with a bar ends with <BuyBarSpace /> so its last lines are not hidden under it.
 */
export function BuyBar({ label, price, children }: { label: string; price: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      data-testid="buy-bar"
      className="mt-4 flex flex-col gap-6 max-md:fixed max-md:inset-x-0 max-md:bottom-[var(--tabbar-h,0px)] max-md:z-30 max-md:mt-0 max-md:flex-row max-md:items-center max-md:gap-2 max-md:border-t max-md:border-gray-200 max-md:bg-white max-md:px-3 max-md:py-2 max-md:shadow-[0_-2px_8px_rgba(0,0,0,0.08)]"
    >
      <div className="max-md:min-w-0 max-md:flex-1">{price}</div>
      <div className="flex flex-wrap items-center gap-3 max-md:flex-nowrap max-md:gap-2">{children}</div>
    </section>
  );
}

/** Room at the end of a page with a <BuyBar /> on phones, the bar's height. */
export function BuyBarSpace() {
  return <div aria-hidden="true" className="h-20 md:hidden" />;
}
