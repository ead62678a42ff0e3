/**
 * The personal centre's menu (spec 001 sections 2 and 6): five sections, each a list of entries with a
 * code and child entries with codes. "The menu of a section is filtered to the entries the user is
 * permitted, where permission is a list of codes per section. The first permitted entry gives the route
 * to open." The codes and the call are not in the spec: chosen here and in sandbox/README.md. Pure data
 * and rules, shared by the loaders (personal-menu.server.ts) and the menu component.
 */
export const PERSONAL_SECTIONS = ["course", "setting", "message", "order", "accountcenter"] as const;
export type PersonalSection = (typeof PERSONAL_SECTIONS)[number];

export type MenuEntryDef = { code: string; href: string; children?: MenuEntryDef[] };

/** Every entry of spec 001 section 2, in menu order; `href` is the entry's spec route. */
export const PERSONAL_MENU = {
  course: [
    { code: "classTable", href: "/personal/course/classTable" },
    { code: "lessons", href: "/personal/course/lessons" },
    { code: "package", href: "/personal/course/package" },
    { code: "plan", href: "/personal/course/plan" },
    { code: "collect", href: "/personal/course/collect" },
    { code: "note", href: "/personal/course/note" },
    { code: "apply", href: "/personal/course/apply" },
  ],
  setting: [
    { code: "account", href: "/personal/setting/account" },
    { code: "archives", href: "/personal/setting/archives" },
    { code: "data", href: "/personal/setting/data" },
    { code: "avatar", href: "/personal/setting/avatar" },
  ],
  message: [{ code: "detailslist", href: "/personal/message/detailslist" }],
  order: [
    { code: "order", href: "/personal/order?parentId=-1" },
    { code: "agreement", href: "/personal/order?OrderTabIndex=2" },
  ],
  accountcenter: [
    { code: "account", href: "/personal/accountcenter/account", children: [{ code: "member", href: "/personal/accountcenter/account/member" }] },
    { code: "score", href: "/personal/accountcenter/score" },
  ],
} as const satisfies Record<PersonalSection, readonly MenuEntryDef[]>;

type Codes<E> = E extends { code: infer C extends string; children?: infer K } ? C | (K extends readonly unknown[] ? Codes<K[number]> : never) : never;
/** `"<section>.<code>"`, e.g. `"course.lessons"` or `"accountcenter.member"`: what a page asks `requireStudent` for. */
export type PersonalEntryCode = { [S in PersonalSection]: `${S}.${Codes<(typeof PERSONAL_MENU)[S][number]>}` }[PersonalSection];

/**
 * Entries every student keeps whatever the codes say: the account page, since a forced password change
 * sends every page there (spec 000 section 4) and it must not answer 403.
 */
const ALWAYS_PERMITTED: ReadonlySet<string> = new Set(["setting.account"]);

export function alwaysPermitted(key: PersonalEntryCode): boolean {
  return ALWAYS_PERMITTED.has(key);
}

/** The permitted codes per section, as the permission call answers them (personal-menu.server.ts). */
export type Permissions = Record<PersonalSection, string[]>;

export type MenuEntry = { code: string; key: PersonalEntryCode; href: string; children: MenuEntry[] };
export type MenuSection = { section: PersonalSection; entries: MenuEntry[]; href: string };

function permitted(permissions: Permissions, section: PersonalSection, code: string): boolean {
  return ALWAYS_PERMITTED.has(`${section}.${code}`) || permissions[section].includes(code);
}

function filterEntries(permissions: Permissions, section: PersonalSection, entries: readonly MenuEntryDef[]): MenuEntry[] {
  return entries.flatMap((entry) => {
    if (!permitted(permissions, section, entry.code)) return [];
    const children = filterEntries(permissions, section, entry.children ?? []);
    // An entry that only groups children (accountcenter.account) shows when one of them is permitted.
    if (entry.children?.length && !children.length) return [];
    return [{ code: entry.code, key: `${section}.${entry.code}` as PersonalEntryCode, href: entry.href, children }];
  });
}

/** The route an entry opens: its first permitted child's, else its own. */
function entryHref(entry: MenuEntry): string {
  const child = entry.children[0];
  return child ? entryHref(child) : entry.href;
}

/** The permitted menu: sections with at least one permitted entry, each with the route its first entry opens. */
export function permittedMenu(permissions: Permissions): MenuSection[] {
  return PERSONAL_SECTIONS.flatMap((section) => {
    const entries = filterEntries(permissions, section, PERSONAL_MENU[section]);
    const first = entries[0];
    return first ? [{ section, entries, href: entryHref(first) }] : [];
  });
}

/** Every entry of the full menu with its key, parents first (for finding the entry of an address). */
function allEntries(): { key: PersonalEntryCode; section: PersonalSection; path: string; codes: string[] }[] {
  const out: { key: PersonalEntryCode; section: PersonalSection; path: string; codes: string[] }[] = [];
  const walk = (section: PersonalSection, entries: readonly MenuEntryDef[], parents: string[]) => {
    for (const entry of entries) {
      out.push({ key: `${section}.${entry.code}` as PersonalEntryCode, section, path: entry.href.split("?")[0]!, codes: [...parents, entry.code] });
      walk(section, entry.children ?? [], [...parents, entry.code]);
    }
  };
  for (const section of PERSONAL_SECTIONS) walk(section, PERSONAL_MENU[section], []);
  return out;
}
const ENTRIES = allEntries();

/** The menu entry an address belongs to (`/personal/course/note/3` → `course.note`, `/personal/order?OrderTabIndex=2` → `order.agreement`), if any. */
export function entryOfPath(pathname: string, search: URLSearchParams = new URLSearchParams()): PersonalEntryCode | undefined {
  const path = pathname.replace(/\/+$/, "");
  // The order entries share one path and differ by query: `OrderTabIndex=2` is the agreements tab.
  if (path === "/personal/order") return search.get("OrderTabIndex") === "2" ? "order.agreement" : "order.order";
  let best: (typeof ENTRIES)[number] | undefined;
  for (const e of ENTRIES) {
    if (e.section === "order") continue;
    if ((path === e.path || path.startsWith(`${e.path}/`)) && (!best || e.path.length > best.path.length)) best = e;
  }
  return best?.key;
}

/** May the user open this entry? A child entry needs its parents' codes too. */
export function isPermitted(permissions: Permissions, key: PersonalEntryCode): boolean {
  const found = ENTRIES.find((e) => e.key === key);
  if (!found) return false;
  return found.codes.every((code) => permitted(permissions, found.section, code));
}
