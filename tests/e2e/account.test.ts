import { expectAccessible, visit } from "./axe";
import { expect, signInWithCode, test } from "./support";

// The account centre (issue 16 part B; spec 001 §7 "Account: membership, points, coupons"; decision 032),
// with JS (without it: tests/unit/pages/account-nojs.test.ts). The journey buys things, so it uses the account centre's own seed users (acct01..acct20,
// ids 3200-3219, mobiles 137000032xx; sandbox/src/account/store.ts): ¥500.00 balance, 1000 points each.
// The odd users (3211, …, 3219) were the no-js project's; its journeys are the page tests now (issue 22).
const user = (id: number) => ({ id, account: `acct${String(id - 3199).padStart(2, "0")}` });
const MEMBER = "/personal/accountcenter/account/member";
const SCORE = "/personal/accountcenter/score";
const COUPON = "/personal/accountcenter/coupon";
const CARD = "/personal/accountcenter/card";

test.describe("account centre", () => {
  test.describe.configure({ timeout: 90_000 });

  // One student, one browser, every purchase with JavaScript (issue 22: one journey instead of five that each
  // signed in afresh). Each step's assertions are also the page tests' (tests/unit/pages/account-nojs.test.ts,
  // the same forms without JavaScript); here they run through the hydrated forms.
  test("with JavaScript: points bought, a coupon exchanged, a study card redeemed, a membership paid at the provider, then its invoice", async ({
    page,
    sandbox,
  }) => {
    test.setTimeout(150_000);
    const u = user(3210);
    await signInWithCode(page, sandbox, u.account, SCORE);

    // points with the balance; a short balance is refused with its message
    await expect(page.getByTestId("points-available")).toHaveText("1000");
    await page.getByLabel("积分数量").fill("2500");
    await page.getByRole("button", { name: "购买", exact: true }).click();
    await expect(page.getByTestId("account-notice")).toHaveText("积分购买成功");
    await expect(page.getByTestId("points-available")).toHaveText("3500");
    await expect(page.getByTestId("points-balance")).toHaveText("¥475.00");
    await expect(page.getByTestId("points-list")).toContainText("余额购买积分");
    await page.getByLabel("积分数量").fill("900000");
    await page.getByRole("button", { name: "购买", exact: true }).click();
    await expect(page.locator('[data-error-for="point"]')).toHaveText("账户余额不足");
    await expect(page.getByLabel("积分数量")).toHaveValue("900000");

    // a coupon code: added once, the second time refused on the field; the courses it pays for
    await page.goto(COUPON);
    await expect(page.getByRole("link", { name: "可使用（1）" })).toBeVisible();
    const codes = await sandbox.seedCodes(); // random-looking since issue 36 §1
    await page.getByLabel("兑换码").fill(codes.coupons.welcome20);
    await page.getByRole("button", { name: "兑换", exact: true }).click();
    await expect(page.getByTestId("account-notice")).toHaveText("优惠券兑换成功");
    await expect(page.getByRole("link", { name: "可使用（2）" })).toBeVisible();
    await expect(page.getByTestId("coupon").filter({ hasText: "新人满100减20" })).toBeVisible();
    await page.getByLabel("兑换码").fill(codes.coupons.welcome20);
    await page.getByRole("button", { name: "兑换", exact: true }).click();
    await expect(page.locator('[data-error-for="code"]')).toHaveText("该兑换码已兑换过");
    await page.getByRole("link", { name: "适用课程 新人满100减20" }).click();
    await expect(page.getByTestId("coupon-courses").getByRole("link").first()).toHaveAttribute("href", /^\/course\/detail\/\d+$/);

    // a study card: check shows the package, redeem opens its courses (enrolled in the sandbox), the card used once
    const card = codes.studyCards.package302[0]!; // [1]: the page test without JavaScript
    await page.goto(CARD);
    await page.getByLabel("学习卡卡号").fill(card.toLowerCase());
    await page.getByRole("button", { name: "查询" }).click();
    await expect(page.getByTestId("card-info")).toContainText("套餐：会计职称进阶套餐");
    await page.getByRole("button", { name: "确认兑换" }).click();
    await page.waitForURL(/\/personal\/accountcenter\/card\?orderNo=\d+$/);
    await expect(page.getByTestId("card-redeemed")).toContainText("兑换成功：会计职称进阶套餐");
    await expect(page.getByTestId("card-course-state")).toHaveText(["已开通", "已开通", "已开通"]);
    const res = await page.request.get(`${sandbox.url}/__sandbox/account/enrolments?userId=${u.id}`);
    const { list } = (await res.json()) as { list: Array<{ commodityId: number; source: string }> };
    expect(
      list
        .filter((e) => e.source === "card")
        .map((e) => e.commodityId)
        .sort(),
    ).toEqual([5007, 5008, 5010]);
    await page.getByLabel("学习卡卡号").fill(card);
    await page.getByRole("button", { name: "查询" }).click();
    await expect(page.locator('[data-error-for="code"]')).toHaveText("该学习卡已被使用");

    // a membership: an order paid at the provider, then the membership in force with its expiry and the record
    await page.goto(MEMBER);
    await expect(page.getByTestId("member-status")).toHaveText("您还不是会员");
    await page.getByRole("button", { name: "立即开通 年度会员" }).click();
    // the sandbox's payment provider
    await expect(page.getByTestId("pay-amount")).toHaveText("398.00");
    await page.getByRole("button", { name: "确认支付" }).click();
    await page.waitForURL(/\/payment\/result\?orderNo=\d+/);
    await expect(page.getByTestId("pay-result")).toHaveText("支付成功");
    const orderNo = new URL(page.url()).searchParams.get("orderNo")!;
    await page.goto(MEMBER);
    await expect(page.getByTestId("member-status")).toHaveText(/^年度会员，有效期至 \d{4}-\d{2}-\d{2}$/);
    await expect(page.getByTestId("member-history")).toContainText("¥398.00");
    await page.getByRole("button", { name: "刷新会员状态" }).click();
    await expect(page.getByTestId("account-notice")).toHaveText("会员状态已刷新：会员有效");
    await expect(page.getByRole("button", { name: "续费 月度会员" })).toBeVisible();

    // an invoice for that paid order, from order management
    await page.goto(`/personal/order?parentId=-1&orderNo=${orderNo}`);
    await page.getByRole("link", { name: "申请发票" }).click();
    await page.getByLabel("单位").check();
    await page.getByLabel("发票抬头").fill("某某科技有限公司");
    await page.getByLabel("接收邮箱").fill("fin@example.com");
    await page.getByRole("button", { name: "提交申请" }).click();
    await expect(page.locator('[data-error-for="taxNo"]')).toHaveText("请输入纳税人识别号");
    await page.getByLabel("纳税人识别号").fill("91110000AB1234567X");
    await page.getByRole("button", { name: "提交申请" }).click();
    await expect(page.getByTestId("account-notice")).toHaveText("发票申请已提交");
    await expect(page.getByTestId("invoice")).toContainText("91110000AB1234567X");
  });

  // One browser for the six pages (issue 22: one context instead of six); each page's failure is named by its path.
  test("every account centre page: no serious axe violation, nothing wider than 390 px", async ({ page, sandbox }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 390, height: 844 });
    // one sign-in per student, then page to page inside the document (decision 072: axe-core injected once)
    let student = "";
    for (const path of [MEMBER, SCORE, COUPON, CARD, "/personal/accountcenter/balance", "/personal/accountcenter/invoice?orderNo=202509010001"]) {
      // the invoice page is for the order's own student (student01's paid seed order)
      const account = path.includes("invoice") ? "student01" : "member01";
      if (account !== student) await signInWithCode(page, sandbox, account, path);
      student = account;
      await visit(page, path);
      expect.soft((await page.request.get(path)).status(), path).toBe(200);
      await expect.soft(page.locator("main h1").first(), path).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect.soft(overflow, `${path}: wider than the screen by`).toBeLessThanOrEqual(0);
      await expectAccessible(page, { name: path });
    }
  });
});
