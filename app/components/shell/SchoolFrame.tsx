import { useMatches, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Presence } from "~/components/realtime/Presence";
import { DomainBanner } from "~/components/shell/DomainBanner";
import { FlashNotice } from "~/components/shell/FlashNotice";
import { Footer } from "~/components/shell/Footer";
import { Header } from "~/components/shell/Header";
import { SideBar } from "~/components/shell/SideBar";
import { TabBar } from "~/components/shell/TabBar";
import type { ShellView } from "~/services/shell.server";

/**
 * The school's frame around a page (issue 23 step 1, docs/decisions/055-school-shell-tab-bar.md): the
 * test-domain banner, the header (with the side bar as its last child: on phones its one button sits in
 * the header's bar), the flash notice, the page as `<main>`, the footer, the presence socket and the
 * phone's bottom tab bar.
 *
 * Drawn by the school layout (app/routes/_school+/_layout.tsx) for its pages and its error page. The root
 * draws it too, only where no school layout is there to do it: the few pages outside the school
 * (captcha, security check, face and third-party sign-in) and, in the browser, the branded error page of
 * a failed root loader with the shell last seen (decision 013).
 */
export function SchoolFrame({ shell, children }: { shell: ShellView; children: ReactNode }) {
  // the root's one-time notice (a flash from the session), when the root loader answered
  const notice = (useRouteLoaderData("root") as { notice?: string | null } | undefined)?.notice ?? null;
  // useLoginPage 2: the login pages (handle.loginPage) show the header only, no footer or side bar.
  const matches = useMatches();
  const headerOnly = shell.site.loginPage === "headerOnly" && matches.some((m) => (m.handle as { loginPage?: boolean } | undefined)?.loginPage);
  // the exam paper (handle.noTabBar): its exam bar replaces the tab bar, one tap never leaves the paper (issue 39 §4)
  const tabBar = !matches.some((m) => (m.handle as { noTabBar?: boolean } | undefined)?.noTabBar);
  return (
    <>
      {shell.site.domainWarn !== null ? <DomainBanner message={shell.site.domainWarn} /> : null}
      <Header shell={shell} side={shell.sidebar && !headerOnly ? <SideBar sidebar={shell.sidebar} /> : null} />
      {notice ? <FlashNotice code={notice} /> : null}
      <main id="main" className="flex-1">
        {children}
      </main>
      {headerOnly ? null : <Footer shell={shell} />}
      {shell.user ? <Presence userId={shell.user.userId} /> : null}
      {/* last: sticky at the bottom of a phone's screen, after the footer in the flow (decision 055) */}
      {tabBar ? <TabBar shell={shell} /> : null}
    </>
  );
}
