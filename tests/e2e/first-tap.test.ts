import type { Page } from "@playwright/test";
import { expect, hydrated, test, type Sandbox } from "./support";

// Issue 37 §4 (decision 096): a tap during hydration, or while a blur check is in flight, is never dropped.
// A phone (390 px, touch) with Chromium's CPU slowed 4× (as Lighthouse's mobile profile), tapped with the
// touch screen at the button's place, as a finger does: no wait for the button to be "stable".

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/** A fresh unregistered mobile (the portal's 60 s per-mobile limit outlives a sandbox reset). */
const newMobile = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return () => cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
}

/** The code went out for this mobile, and the page says so: the status line and the countdown. */
async function expectSent(page: Page, sandbox: Sandbox, mobile: string, type: string) {
  await expect(page.getByTestId("code-sent")).toBeVisible();
  await expect(page.getByTestId("send-code")).toHaveText(/\d+ 秒后重新发送/);
  expect((await sandbox.sms(mobile)).type).toBe(type);
}

/** Taps where the element is, at once (a finger: no actionability wait). */
async function tapAt(page: Page, box: { x: number; y: number; width: number; height: number }) {
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

test.describe("the first tap counts (issue 37 §4)", () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: IPHONE, isMobile: true, hasTouch: true });

  test("register: send-code tapped while the mobile's blur check is in flight sends the code", async ({ page, sandbox }) => {
    const restore = await slowCpu(page);
    await page.goto("/join/register");
    await hydrated(page);
    // a username typed and left: its blur check answers (about every field, the mobile still empty)
    await page.getByLabel("用户名").tap();
    await page.getByLabel("用户名").pressSequentially("abcd1234");
    const mobile = newMobile();
    await page.getByLabel("手机号").tap();
    await expect(page.locator('[data-error-for="username"]')).toHaveCount(0);
    await page.getByLabel("手机号").pressSequentially(mobile);
    // the press leaves the mobile field: its blur check is posted while the tap goes on
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.postData()?.includes("__intent__") ? "check" : (/intent=(\w+)/.exec(r.postData() ?? "")?.[1] ?? "?"));
    });
    await page.getByTestId("send-code").tap();
    await expectSent(page, sandbox, mobile, "register");
    expect(posts).toContain("check");
    expect(posts.filter((p) => p === "sendCode")).toHaveLength(1);
    // the mobile never said it was empty: no error line under a filled field
    await expect(page.locator('[data-error-for="mobile"]')).toHaveCount(0);
    await restore();
  });

  const pages = [
    { name: "register", path: "/join/register", mobile: newMobile, type: "register" },
    { name: "login by SMS", path: "/join/login?mode=sms", mobile: () => "13800000010", type: "login" },
  ];
  for (const { name, path, mobile: mobileOf, type } of pages) {
    test(`${name}: send-code tapped the moment the page becomes interactive sends the code`, async ({ page, sandbox }) => {
      const restore = await slowCpu(page);
      const mobile = mobileOf();
      await page.goto(path, { waitUntil: "commit" });
      // typed before the scripts run (the server's form), then tapped as soon as the router is there
      await page.getByLabel("手机号").fill(mobile);
      const box = (await page.getByTestId("send-code").boundingBox())!;
      await page.waitForFunction(() => "__remixRouter" in window, null, { polling: 10 });
      await tapAt(page, box);
      await expectSent(page, sandbox, mobile, type);
      await restore();
    });
  }
});
