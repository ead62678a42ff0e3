import type { BrowserContext } from "@playwright/test";
import { REUSE_CONTEXT } from "./reuse";
import { expect, hydrated, test } from "./support";

/*
 * The context pool itself (tests/e2e/reuse.ts, decision 071): the second test gets the first test's context
 * with nothing of it left but the HTTP cache; a changed viewport put back; options of their own pooled beside the
 * project's (decision 091). Serial: all run in one worker, in this order.
 */
test.describe.configure({ mode: "serial" });

let first: BrowserContext | undefined;

test("a test leaves cookies, storage, a second tab, routes, headers and listeners behind", async ({ page, context, baseURL }) => {
  first = context;
  await page.goto("/home/index");
  await hydrated(page);
  await page.evaluate(() => {
    localStorage.setItem("reuse-probe", "1");
    sessionStorage.setItem("reuse-probe", "1");
  });
  await context.addCookies([{ name: "reuse_probe", value: "1", url: baseURL! }]);
  await context.grantPermissions(["clipboard-read"], { origin: baseURL });
  await context.setExtraHTTPHeaders({ "X-Reuse-Probe": "1" });
  await context.route("**/reuse-probe", (route) => route.fulfill({ body: "routed" }));
  page.on("dialog", () => {
    throw new Error("the previous test's listener");
  });
  await (await context.newPage()).goto("about:blank");
});

test("the next test gets the same context, clean, with the portal's JS from the HTTP cache", async ({ page, context }) => {
  test.skip(!REUSE_CONTEXT, "E2E_REUSE_CONTEXT=0: a fresh context per test");
  expect(context).toBe(first);
  expect(context.pages()).toEqual([page]);
  expect(page.url()).toBe("about:blank");
  expect(await context.cookies()).toEqual([]);
  const response = await page.goto("/home/index");
  expect((await response!.request().allHeaders())["x-reuse-probe"]).toBeUndefined();
  await hydrated(page);
  expect(await page.evaluate(() => [localStorage.getItem("reuse-probe"), sessionStorage.getItem("reuse-probe")])).toEqual([null, null]);
  expect(await page.evaluate(() => navigator.permissions.query({ name: "clipboard-read" as PermissionName }).then((p) => p.state))).not.toBe("granted");
  expect(await page.evaluate(() => fetch("/reuse-probe").then((r) => r.text()))).not.toBe("routed");
  // a dialog meets no listener of the last test (Playwright dismisses it)
  await page.evaluate(() => alert("probe"));
  // the portal's scripts came from the cache: nothing transferred for them
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.includes("/build/") && entry.name.endsWith(".js"))
      .map((entry) => (entry as PerformanceResourceTiming).transferSize),
  );
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((size) => size === 0)).toBe(true);
});

// Decision 091: a changed viewport is put back, not a reason to close the context (the next test kept its cache).
test("a test that changes the viewport (the 390 px checks) leaves it changed", async ({ page, context }) => {
  first = context;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/home/index");
  expect(await page.evaluate(() => window.innerWidth)).toBe(390);
});

test("the next test gets the same context at the project's viewport", async ({ page, context }) => {
  test.skip(!REUSE_CONTEXT, "E2E_REUSE_CONTEXT=0: a fresh context per test");
  expect(context).toBe(first);
  expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
  await page.goto("/home/index");
  expect(await page.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([1280, 720]);
});

// Decision 091: tests with options of their own (the phone files' `test.use`) share a pooled context of those options.
test.describe("options of its own", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  let own: BrowserContext | undefined;

  test("a test with its own options gets a context of them", async ({ page, context, baseURL }) => {
    own = context;
    expect(context).not.toBe(first);
    await page.goto("/home/index");
    expect(await page.evaluate(() => window.innerWidth)).toBe(390);
    await context.addCookies([{ name: "reuse_probe", value: "1", url: baseURL! }]);
  });

  test("the next test with the same options gets the same context, clean", async ({ page, context }) => {
    test.skip(!REUSE_CONTEXT, "E2E_REUSE_CONTEXT=0: a fresh context per test");
    expect(context).toBe(own);
    expect(await context.cookies()).toEqual([]);
    await page.goto("/home/index");
    expect(await page.evaluate(() => [window.innerWidth, navigator.maxTouchPoints > 0])).toEqual([390, true]);
  });
});

test("after them, a test with the project's options gets the project's context back, still kept", async ({ context }) => {
  test.skip(!REUSE_CONTEXT, "E2E_REUSE_CONTEXT=0: a fresh context per test");
  expect(context).toBe(first);
});
