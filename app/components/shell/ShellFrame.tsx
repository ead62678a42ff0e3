import { useMatches } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { Presence } from "~/components/realtime/Presence";
import { DomainBanner } from "~/components/shell/DomainBanner";
import { Footer } from "~/components/shell/Footer";
import { Header } from "~/components/shell/Header";
import { Notice } from "~/components/shell/Notice";
import { SideBar } from "~/components/shell/SideBar";
import type { ShellView, SiteView } from "~/services/shell.server";

/**
 * The page's frame around its content: the domain banner, the header (with the side bar as its last
 * child: on phones its one button sits in the header's bar), the one-time notice, `<main>`, the footer
 * and the presence connection of a signed-in user. Drawn by the school layout for every school page
 * (decision 052), and by root.tsx only outside a school (its own error pages, the pages outside `_school`).
 */
export function ShellFrame({
  site,
  notice,
  shell,
  children,
}: {
  site: SiteView;
  notice: ComponentProps<typeof Notice>["code"] | null;
  shell: ShellView;
  children: ReactNode;
}) {
  // useLoginPage 2: the login pages (handle.loginPage) show the header only, no footer or side bar.
  const matches = useMatches();
  const headerOnly = site.site.loginPage === "headerOnly" && matches.some((m) => (m.handle as { loginPage?: boolean } | undefined)?.loginPage);
  return (
    <>
      {site.site.domainWarn !== null ? <DomainBanner message={site.site.domainWarn} /> : null}
      <Header shell={shell} side={site.sidebar && !headerOnly ? <SideBar sidebar={site.sidebar} /> : null} />
      {notice ? <Notice code={notice} /> : null}
      <main id="main" className="flex-1">
        {children}
      </main>
      {headerOnly ? null : <Footer shell={shell} />}
      {shell.user ? <Presence userId={shell.user.userId} /> : null}
    </>
  );
}
