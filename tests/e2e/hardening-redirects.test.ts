import { expect, signInWithCode, test } from "./support";

// Issue 10 part 1 in the browser: hash links and the school-switch page never send the visitor off the
// site. Requests to evil.example are caught by the browser context (there is no such host here), so a
// navigation that would leave the site is recorded instead of failing somewhere in DNS.

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
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "the hash never reaches the server: the script needs JavaScript");
  });

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

test.describe("the school-switch page", () => {
  test("from=/.//evil.example: the answer for an unknown school and the Cancel link stay on the site", async ({ page, request }) => {
    for (const from of ["%2F.%2F%2Fevil.example", "/..//x", "/%252e//x"]) {
      const res = await request.get(`/school/switch?schoolId=999&from=${from}`, { maxRedirects: 0 });
      expect(res.status(), from).toBe(302);
      expect(res.headers()["location"], from).toBe("/home/index");
      await page.goto(`/school/switch?schoolId=2&from=${from}`);
      const cancel = page.getByRole("dialog").getByRole("link");
      await expect(cancel).toHaveAttribute("href", "/home/index");
    }
  });

  test("a good from is kept for the Cancel link", async ({ page }) => {
    await page.goto(`/school/switch?schoolId=2&from=${encodeURIComponent("/course/list?courseName=java")}`);
    await expect(page.getByRole("dialog").getByRole("link")).toHaveAttribute("href", "/course/list?courseName=java");
  });
});

test("logged in, /join/login?backUrl=/..//x and /join/register?backUrl=/%2e//x go home", async ({ page, sandbox, baseURL }) => {
  const hits = evilRequests(page);
  await signInWithCode(page, sandbox);
  await page.goto("/join/login?backUrl=/..//evil.example");
  expect(new URL(page.url()).pathname).toBe("/home/index");
  await page.goto("/join/register?backUrl=/%2e//evil.example");
  expect(new URL(page.url()).pathname).toBe("/home/index");
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  expect(hits).toEqual([]);
});

// Issue 10 part 6b: the page's CSP lets only the configured script hosts run, not any https script.
test("script-src lists the company's analytics and chat hosts, never a bare https:", async ({ request, sandbox }) => {
  await sandbox.config(1, { statType: "google", statKey: "G-1" });
  const res = await request.get("/home/index");
  const csp = res.headers()["content-security-policy"] ?? "";
  const scriptSrc = (csp.split("; ").find((d) => d.startsWith("script-src ")) ?? "").split(" ").slice(1);
  expect(scriptSrc.slice(0, 2)).toEqual(["'self'", expect.stringMatching(/^'nonce-/)]);
  // the seed's side bar: bdsq and other IM chat scripts; the analytics script chosen by statType
  expect(scriptSrc.slice(2).sort()).toEqual(["https://hm.baidu-sq.example", "https://im.other.example", "https://www.googletagmanager.com"]);
  expect(scriptSrc).not.toContain("https:");
  await sandbox.config(1, { statType: "", bdsqFlag: 0, otherImFlag: 0 });
  const bare = (await request.get("/home/index")).headers()["content-security-policy"] ?? "";
  expect(bare).toMatch(/script-src 'self' 'nonce-[^']+';/);
});
