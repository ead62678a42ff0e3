import { expect, test } from "./support";

// Issue 10 part 1 in the browser: old hash links (an inline script, so JavaScript only) never send the
// visitor off the site. The school-switch page, the logged-in login/register redirects and the page's
// script-src are the server's answers: tests/unit/pages/hardening.test.ts (issue 22). Requests to
// evil.example are caught by the browser context (there is no such host here), so a navigation that
// would leave the site is recorded instead of failing somewhere in DNS.

test.beforeEach(async ({ context }) => {
  await context.route((url) => isEvil(url.host), (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>evil</h1>" }));
});

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
  for (const hash of ["#//evil.example/x", "#/\\evil.example", "#/\t//evil.example", "#///evil.example", "#/.//evil.example", "#/%2e//evil.example", "#/%09//evil.example"]) {
    test(`/course/list${JSON.stringify(hash)} stays on the site`, async ({ page, baseURL }) => {
      const hits = evilRequests(page);
      await page.goto(`/course/list${hash}`);
      await page.waitForFunction(() => !!(window as unknown as { __remixRouter?: unknown }).__remixRouter);
      // The script runs first thing in <head>: by hydration its navigation would have started.
      await page.waitForTimeout(200);
      expect(hits).toEqual([]);
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
      expect(new URL(page.url()).pathname).toBe("/course/list");
      await expect(page.getByRole("heading", { name: "evil" })).toHaveCount(0);
    });
  }

  test("a plain path in the hash still lands on its route, query and hash kept", async ({ page }) => {
    await page.goto("/course/list#/home/choice?lng=en#top");
    await expect(page).toHaveURL(/\/home\/choice\?lng=en#top$/);
    await page.goto("about:blank");
    await page.goto("/s/pc/#/course/list?courseName=java");
    await expect(page).toHaveURL(/\/course\/list\?courseName=java$/);
  });
});
