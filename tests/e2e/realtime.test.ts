import { expect, signInWithCode, test, logOut, type Sandbox, hydrated } from "./support";

/* Presence events of spec 000 section 4 through the sandbox's socket.io server (POST /__sandbox/push). */

type RealtimeStatus = { presence: { connected: number[]; events: Array<{ userId: number; event: string }> } };

const USER_ID = 1001; // 13800000001, 张同学

function status(sandbox: Sandbox): Promise<RealtimeStatus> {
  return sandbox.realtime<RealtimeStatus>();
}

async function push(sandbox: Sandbox, event: "out_online" | "front_logout"): Promise<number> {
  return (await sandbox.push(USER_ID, event)).delivered;
}

async function connected(sandbox: Sandbox) {
  await expect.poll(async () => (await status(sandbox)).presence.connected, { timeout: 10_000 }).toContain(USER_ID);
}

// The presence socket needs JavaScript: these run in the js project. Without JavaScript a logged-in page
// works and opens no socket: a page test (issue 22), tests/unit/pages/foundation.test.ts "presence without JavaScript".
// The offline page's session rule (own navigation vs a link from elsewhere): tests/unit/pages/foundation.test.ts.
test.describe("presence events (spec 000 section 4)", () => {
  test("a logged-in page logs on; out_online sends the user to the offline page, logged out", async ({ page, sandbox }, testInfo) => {
    await signInWithCode(page, sandbox);
    await hydrated(page);
    await connected(sandbox);
    await expect.poll(async () => (await status(sandbox)).presence.events).toContainEqual({ userId: USER_ID, event: "logOn" });

    expect(await push(sandbox, "out_online")).toBe(1);
    await page.waitForURL(/\/redirect\/online\?u=127\.0\.0\.1$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("您已下线");
    await expect(page.getByRole("alert")).toContainText("您的账号已在其他地方登录，已被强制下线");
    await expect(page.getByRole("link", { name: "重新登录" })).toHaveAttribute("href", "/join/login?backUrl=%2Fhome%2Findex");
    // the session is gone: the shell is a visitor's, here and on the next page
    await expect(page.getByTestId("user-name")).toHaveCount(0);
    await page.goto("/home/index");
    await expect(page.getByRole("link", { name: "登录" })).toBeVisible();
    await expect(page.getByTestId("user-name")).toHaveCount(0);
  });

  test("front_logout reloads the page", async ({ page, sandbox }, testInfo) => {
    await signInWithCode(page, sandbox);
    await hydrated(page);
    await connected(sandbox);
    await page.evaluate(() => ((window as unknown as { beforeReload?: boolean }).beforeReload = true));
    const reloaded = page.waitForEvent("load");
    expect(await push(sandbox, "front_logout")).toBe(1);
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
    await expect(page.getByTestId("user-name")).toHaveText("张同学");
  });

  test("the logout form sends log off before leaving", async ({ page, sandbox }, testInfo) => {
    await signInWithCode(page, sandbox);
    await hydrated(page);
    await connected(sandbox);
    await logOut(page);
    await expect(page.getByRole("link", { name: "登录" })).toBeVisible();
    await expect.poll(async () => (await status(sandbox)).presence.events).toContainEqual({ userId: USER_ID, event: "logOff" });
  });

  test("visitors load no presence code and open no socket", async ({ page, sandbox }) => {
    const asked: string[] = [];
    page.on("request", (r) => asked.push(r.url()));
    await page.goto("/home/index");
    await hydrated(page);
    await page.waitForTimeout(300);
    expect(asked.filter((u) => u.includes("/realtime/presence") || u.includes("presence.client") || u.includes("/socket.io/"))).toEqual([]);
    expect((await status(sandbox)).presence.connected).toEqual([]);
  });
});
