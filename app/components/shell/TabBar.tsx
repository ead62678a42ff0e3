import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { BookIcon, ChecklistIcon, HomeIcon, PlayIcon, UserIcon } from "~/components/icons/icons";
import { isHomePath } from "~/components/shell/Header";
import { useTranslation } from "~/i18n-runtime";
import { loginHref } from "~/lib/security/redirect";
import type { ShellView } from "~/services/shell.server";

/** Where "my learning" opens for a visitor, after signing in. */
const MY_LEARNING = "/personal/course/lessons";

type Tab = { id: string; href: string; label: string; icon: ReactNode; current: boolean };

/** The first path segment: a tab is current on every page under its own (`/course/list` → `/course/detail/1`). */
const segment = (path: string) => path.split(/[?#]/)[0]!.split("/")[1] ?? "";

/**
 * The phone's bottom tab bar (issue 26, docs/decisions/055-school-shell-tab-bar.md): home, courses and
 * question bank where the company's head menus have them (their page types, their links), my learning
 * and me, for the student and the visitor. The five tabs are the portal's own words, in the page's language
 * (issue 39 §7: the header's menus keep the company's names, decision 077; the app's fixed bar does not),
 * on one line, cut with an ellipsis when wider than a fifth of the phone (the link's name stays whole). The current tab is marked (aria-current); "me" shows the
 * sign-in state: the student's name, or "sign in" for a visitor. Links only, drawn by the server: it works
 * without JavaScript. Sticky at the bottom by CSS (`.tab-bar`, app/tailwind.css), hidden from md up; it
 * sets `--tabbar-h` on the body for bars of a page that stick above it.
 */
export function TabBar({ shell }: { shell: ShellView }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const here = segment(pathname);
  const menu = (kind: string) => shell.headMenus.find((m) => m.kind === kind && !m.external && m.href.startsWith("/"));
  const tabs: Tab[] = [];
  const add = (id: string, href: string | null | undefined, label: string, icon: ReactNode, current: boolean) => {
    if (href) tabs.push({ id, href, label, icon, current });
  };
  const home = menu("SYS_PAGE_HEAD_INDEX");
  add("home", home?.href, t("tabs.home"), <HomeIcon />, isHomePath(pathname));
  const courses = menu("SYS_PAGE_HEAD_COURSE");
  add("courses", courses?.href, t("tabs.courses"), <BookIcon />, !!courses && here === segment(courses.href));
  const bank = menu("SYS_PAGE_HEAD_QUESTION");
  add("questionBank", bank?.href, t("tabs.questionBank"), <ChecklistIcon />, !!bank && here === segment(bank.href));
  const learning = pathname.startsWith("/personal/course");
  const { user } = shell;
  if (user) {
    const { links } = user;
    add("learning", links.courseCentre, t("tabs.learning"), <PlayIcon />, learning);
    const me = links.settings ?? links.order ?? links.points;
    add("me", me, user.displayName, <UserIcon />, !learning && pathname.startsWith("/personal/"));
  } else if (shell.visitorLinks.login) {
    const central = shell.site.centralLogin;
    add("learning", central ?? loginHref(MY_LEARNING), t("tabs.learning"), <PlayIcon />, false);
    add("me", central ?? loginHref(pathname + search), t("tabs.signIn"), <UserIcon />, pathname === "/join/login");
  }
  if (tabs.length === 0) return null;
  return (
    <nav aria-label={t("tabs.label")} className="tab-bar md:hidden" data-testid="tab-bar" data-signed-in={user ? "" : undefined}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <a href={tab.href} aria-current={tab.current ? "page" : undefined} data-tab={tab.id}>
              {tab.icon}
              <span>{tab.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
