import type { BrowserContext, Page } from "@playwright/test";
import { expect, signInWithCode, test, type Sandbox, hydrated } from "./support";

// Issue 14 'Done means': entering a live lesson through the agreement step of the entry chain (spec 001 §4
// 'Entering a lesson' 2, 'agreement signing'), with the agreement signed on the portal and through the
// e-sign provider. The chain sends the student to the agreement with the entry as
// backUrl; once signed it runs again and offers the live room (DialogPage, decision 039).
// Seed users (sandbox study/video.ts + study/agreements.ts): 3800/3801 plain, 3802/3803 e-sign; this file
// (JavaScript on) takes the even one; the odd ones walk the same journeys without JavaScript as page tests
// (issue 22): tests/unit/pages/lesson-entry.test.ts "entering a live lesson without JavaScript".
// All study 5005, whose live lesson (105043) is a finished cc big class with replay.

const ENTRY = /\/class\/enter\/5005\/105\/105043$/;

/** Signs in on 5005's contents and clicks its live lesson once the page is hydrated. */
async function openLiveLesson(page: Page, sandbox: Sandbox, mobile: string) {
  await signInWithCode(page, sandbox, mobile, "/course/detail/5005/105/contents");
  await page.waitForURL(/\/contents$/);
  await hydrated(page);
  await page
    .getByTestId("lesson-list")
    .getByRole("link", { name: /考前冲刺串讲/ })
    .click();
}

/** Back on the entry: the live-room step, and the room opens in a new tab at the provider (cc). */
async function liveRoomOpens(page: Page, context: BrowserContext) {
  await page.waitForURL(ENTRY);
  const dialog = page.getByRole("dialog", { name: "直播间已准备好" });
  const enter = dialog.getByRole("link", { name: "进入直播间" });
  await expect(enter).toBeVisible();
  const [room] = await Promise.all([context.waitForEvent("page"), enter.click()]);
  await room.waitForURL(/\/__live\/room\?provider=cc&/);
  await expect(room.getByTestId("live-room-name")).toHaveText("考前冲刺串讲");
}

test.describe("a live lesson through its agreement (spec 001 §4)", () => {
  test("signed on the portal: the agree box, then back to the entry and into the live room", async ({ page, sandbox, context }) => {
    await openLiveLesson(page, sandbox, "13700003800");
    await page.waitForURL(/\/agreement\/edit\/\d+\/1\?backUrl=%2Fclass%2Fenter%2F5005%2F105%2F105043$/);
    await expect(page.getByTestId("agreement-content")).toContainText("学员应遵守学习纪律");
    await page.getByTestId("agreement-agree").check();
    await page.getByTestId("agreement-submit").click();
    await liveRoomOpens(page, context);
    // signed once: the next entry goes straight to the room
    await page.goto("/course/detail/5005/105/contents");
    await hydrated(page);
    await page
      .getByTestId("lesson-list")
      .getByRole("link", { name: /考前冲刺串讲/ })
      .click();
    await page.waitForURL(ENTRY);
    await expect(page.getByRole("dialog", { name: "直播间已准备好" })).toBeVisible();
  });

  test("signed through the e-sign provider: its page, sign, back to the entry and into the live room", async ({ page, sandbox, context }) => {
    await openLiveLesson(page, sandbox, "13700003802");
    await page.waitForURL(/\/agreement\/edit\/\d+\/2\?backUrl=/);
    await page.getByTestId("esign-go").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("电子签约");
    await page.getByRole("button", { name: "签署 / Sign" }).click();
    await liveRoomOpens(page, context);
  });
});
