import type { Page } from "@playwright/test";
import axe from "axe-core";
import type { AxeResults, Result, RunOptions } from "axe-core";
import { cpuByKind, tally } from "./cpu-probe";
import { expect, hydrated } from "./support";

/*
 * The one way the browser tests run axe (issue 22, decision 063). One `analyze()` of a whole page cost about
 * 2 CPU-s of Chromium; what made it cheaper without dropping a check:
 * - the shell (header, side bar, footer, tab bar) is the same on every page: shell.test analyses the whole
 *   page once per header template (desktop) and phone.test once per phone page with the menu open; every
 *   other test analyses only its `main` (or its dialog, or one section) — the default `include` here;
 * - axe-core is injected into the page once and `axe.run` is called there (what @axe-core/playwright's
 *   legacy mode does, without its second injection; its default mode also opened a blank page per analysis
 *   to merge the frames' partial results);
 * - when only serious and critical violations fail the test (the default), the rules that can yield nothing
 *   worse than "moderate" are not run: the same verdict, fewer rules (`LOW_IMPACT_RULES`, read from axe-core's
 *   own metadata so an upgrade keeps it true). `every: true` runs every rule and fails on any violation;
 * - a loop over several pages of one sign-in goes from page to page the way a link does once the page is
 *   hydrated (`visit`, decision 072): the document stays, so axe-core is injected once per loop instead of
 *   once per page, and the portal's scripts are not fetched and compiled again for each page.
 */

/** Impact order of axe-core's results. */
const IMPACT = { minor: 1, moderate: 2, serious: 3, critical: 4 } as const;

type Audit = {
  rules: { id: string; enabled?: boolean; impact?: string; any: Check[]; all: Check[]; none: Check[] }[];
  data: { checks: Record<string, { impact?: string } | undefined> };
};
type Check = string | { id: string };

/**
 * The rules enabled by default whose worst possible result is "moderate" or "minor": neither the rule's own
 * impact nor any of its checks' reaches "serious". Read from axe-core's metadata (`_audit`); empty (every rule
 * runs) if that ever moves.
 */
export const LOW_IMPACT_RULES: string[] = (() => {
  const audit = (axe as unknown as { _audit?: Audit })._audit;
  if (!audit?.rules || !audit.data?.checks) return [];
  const level = (impact?: string) => IMPACT[impact as keyof typeof IMPACT] ?? 0;
  return audit.rules
    .filter((rule) => rule.enabled !== false)
    .filter((rule) => {
      const checks = [...rule.any, ...rule.all, ...rule.none].map((check) => (typeof check === "string" ? check : check.id));
      const worst = Math.max(level(rule.impact), ...checks.map((id) => level(audit.data.checks[id]?.impact)));
      return worst < IMPACT.serious;
    })
    .map((rule) => rule.id);
})();

export type AccessibleOptions = {
  /** What the failure message names first: the page's path, the template, the state. */
  name: string;
  /** The CSS selector analysed: `main` unless told; "page" is the whole document (the shell: shell.test, phone.test). */
  include?: string;
  /** Every violation fails (every rule runs), not only the serious and critical ones. */
  every?: boolean;
  /** Also WCAG 2.2's target-size (SC 2.5.8, 24x24 CSS px): the phone walk (style rule "targets ≥ 24 px"). */
  targetSize?: boolean;
  /** A failed check ends the test at once instead of being reported with the others at its end. */
  hard?: boolean;
  /** Only these rules (axe's `runOnly`), e.g. `["target-size"]` for the phone check of every page (phone.test). */
  only?: string[];
};

/** Runs axe-core in the page (and its frames) and returns its results. */
export async function analyze(page: Page, options: Omit<AccessibleOptions, "name" | "hard"> = {}): Promise<AxeResults> {
  // E2E_CPU_LOG: the analyses and their Chromium CPU go into the test's probe line (cpu-probe.ts)
  const before = process.env.E2E_CPU_LOG ? cpuByKind() : null;
  try {
    return await analyzeNow(page, options);
  } finally {
    const after = before ? cpuByKind() : null;
    if (before && after) {
      tally.axe += 1;
      tally.axeChromium += (after.chromium ?? 0) - (before.chromium ?? 0);
    }
  }
}

async function analyzeNow(page: Page, options: Omit<AccessibleOptions, "name" | "hard">): Promise<AxeResults> {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object").catch(() => true);
    if (!present) await frame.evaluate(axe.source).catch(() => undefined);
  }
  const include = options.include ?? "main";
  const context = include === "page" ? undefined : { include: [include] };
  const rules: RunOptions["rules"] = {};
  if (!options.every) for (const id of LOW_IMPACT_RULES) rules[id] = { enabled: false };
  if (options.targetSize) rules["target-size"] = { enabled: true };
  const run: RunOptions = options.only
    ? { runOnly: { type: "rule", values: options.only }, resultTypes: ["violations"] }
    : { rules, resultTypes: ["violations"] };
  return page.evaluate(
    ({ context, run }) => {
      const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
      return context ? axe.run(context, run) : axe.run(document, run);
    },
    { context, run },
  );
}

/**
 * Goes to `path` inside the page's document, as a click on a link to it does once Remix has hydrated (the
 * router's own navigation: the page's loader, its modules, the render), and waits until the router is idle
 * on `path`. The first visit of a loop is a `page.goto` (or nothing when the page is already on `path`). axe-core, injected into
 * the document by the first analysis, stays for the next ones (decision 072: about 1.1 CPU-s of Chromium a
 * page, the page load and the 500 KB injection). What each page's server render says (status, headers,
 * text) is its page test's (tests/unit/pages/).
 */
export async function visit(page: Page, path: string): Promise<void> {
  const here = page.url() === "about:blank" ? null : new URL(page.url());
  const inPage = here && (await page.evaluate(() => !!(window as unknown as { __remixRouter?: unknown }).__remixRouter).catch(() => false));
  if (!here) {
    await page.goto(path);
  } else if (here.pathname + here.search === path) {
    // already there (the sign-in's landing page): nothing to load
  } else if (!inPage) {
    await page.goto(path);
  } else {
    await page.evaluate((to) => {
      const router = (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter;
      void router.navigate(to);
    }, path);
  }
  await hydrated(page);
  await page.waitForFunction((to) => {
    const router = (window as unknown as { __remixRouter: { state: { navigation: { state: string }; location: { pathname: string; search: string } } } })
      .__remixRouter;
    const { navigation, location } = router.state;
    return navigation.state === "idle" && location.pathname + location.search === to && window.location.pathname + window.location.search === to;
  }, path);
  // The router's state is set before React commits the new page (a render scheduled as a task): two frames
  // later it is on the screen, so what axe reads is the new page, not the one left.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** One line per violation: rule, impact, what it asks, the elements (at most five), each with axe's first finding. */
export function describe(violations: Result[]): string[] {
  return violations.map((v) => {
    const targets = v.nodes.map((n) => {
      const finding = [...n.any, ...n.all, ...n.none][0]?.message;
      return `${n.target.join(" ")}${finding ? ` (${finding})` : ""}`;
    });
    const more = targets.length > 5 ? ` (+${targets.length - 5} more)` : "";
    return `${v.id} [${v.impact}] ${v.help}: ${targets.slice(0, 5).join(", ")}${more}`;
  });
}

/**
 * Fails (softly unless `hard`) when axe finds a serious or critical violation in `include` (default `main`),
 * or any violation with `every`. The message names `name` and lists each violation readably.
 */
export async function expectAccessible(page: Page, options: AccessibleOptions): Promise<void> {
  const { name, hard, ...run } = options;
  const result = await analyze(page, run);
  const failing = run.every ? result.violations : result.violations.filter((v) => IMPACT[v.impact ?? "minor"] >= IMPACT.serious);
  const check = hard ? expect : expect.soft;
  const what = run.only ? `, only ${run.only.join(", ")}` : run.targetSize ? ", target-size" : "";
  check(describe(failing), `${name}: axe (${run.include ?? "main"}${what})`).toEqual([]);
}
