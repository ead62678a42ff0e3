import { expect, test, hydrated } from "./support";

// Issue 10 part 1 in the browser: old hash links (an inline script, so JavaScript only) never send the
// visitor off the site. The school-switch page, the logged-in login/register redirects and the page's
// script-src are the server's answers: tests/unit/pages/hardening.test.ts (issue 22). A navigation towards
// evil.example is seen as the browser's request for it (the `request` event comes before any DNS answer, and
// `.example` never resolves: RFC 2606, and playwright.config.ts's host rules). No `route`: any route makes
// Playwright turn the browser's HTTP cache off for the whole page (decision 091), and every one of the twelve
// pages below would fetch and compile the portal's scripts again.

/** Only the host counts: the portal's own addresses carry evil.example in their query. */
const isEvil = (host: string) => host === "evil.example" || host.endsWith(".evil.example") || host === "x";

function evilRequests(page: import("@playwright/test").Page): string[] {
  const hits: string[] = [];
  page.on("request", (request) => {
    if (isEvil(new URL(request.url()).host)) hits.push(request.url());
  });
  return hits;
}

test.describe("old hash links (the inline HashRoutes script)", () => {
  // one browser over the hostile hashes (each failure names its hash), not one per hash (issue 22)
  const HOSTILE = [
    "#//evil.example/x",
    "#/\\evil.example",
    "#/\t//evil.example",
    "#///evil.example",
    "#/.//evil.example",
    "#/%2e//evil.example",
    "#/%09//evil.example",
  ];

  test("/course/list with a hostile hash stays on the site", async ({ page, baseURL }) => {
    test.setTimeout(90_000); // seven pages, each to its hydration
    const hits = evilRequests(page);
    for (const hash of HOSTILE) {
      await test.step(JSON.stringify(hash), async () => {
        hits.length = 0;
        await page.goto("about:blank"); // a new document each time: a hash-only change would not load the page again
        await page.goto(`/course/list${hash}`);
        await hydrated(page);
        // The script runs first thing in <head>: by hydration its navigation would have started.
        await page.waitForTimeout(200);
        expect.soft(hits, `${hash}: requests to another host`).toEqual([]);
        expect.soft(new URL(page.url()).origin, `${hash}: origin`).toBe(new URL(baseURL!).origin);
        expect.soft(new URL(page.url()).pathname, `${hash}: path`).toBe("/course/list");
        await expect.soft(page.getByRole("heading", { name: "evil" }), `${hash}: the other site's page`).toHaveCount(0);
      });
    }
  });

  // the hash never reaches the server: only the page's inline script can act on it (with the old addresses
  // of tests/e2e/shell.test.ts and spec000.test.ts, moved here so one browser checks them all)
  test("a plain path in the hash still lands on its route, query and hash kept", async ({ page }) => {
    test.setTimeout(60_000); // five pages
    const lands = async (from: string, to: RegExp) => {
      await page.goto("about:blank");
      // the page's script replaces the address while it loads: wait for the address, not for a load
      await page.goto(from, { waitUntil: "commit" });
      await expect.soft(page, from).toHaveURL(to);
    };
    await lands("/course/list#/home/choice?lng=en#top", /\/home\/choice\?lng=en#top$/);
    await lands("/s/pc/#/course/list?courseName=java", /\/course\/list\?courseName=java$/);
    await lands("/#/home/choice", /\/home\/choice$/);
    await lands("/s/pc/#/home/choice", /\/home\/choice$/);
    // spec 000 section 2.1: #/teacherLoginIn
    await lands("/#/teacherLoginIn", /\/join\/login\?backUrl=%2FteacherLoginIn$/);
  });
});
