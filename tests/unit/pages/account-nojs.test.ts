import { describe, expect, it } from "vitest";
import { attr, element, elements, hrefOf, usePortal, type Client } from "../portal";
import { seedCodes } from "../sandbox";
import { errorFor, inputNamed, linkHref, testText, testTexts } from "./nojs";

/**
 * The account centre's journeys (issue 16 part B; spec 001 §7; decision 032) as a browser without
 * JavaScript walks them: the `no-js` re-runs of tests/e2e/account.test.ts, moved here (issue 22). The
 * account centre's own seed users (acct01..acct20, ¥500.00 balance, 1000 points each).
 */

const MEMBER = "/personal/accountcenter/account/member";
const SCORE = "/personal/accountcenter/score";
const COUPON = "/personal/accountcenter/coupon";
const CARD = "/personal/accountcenter/card";
const account = (id: number) => `acct${String(id - 3199).padStart(2, "0")}`;

const ctx = usePortal();

async function signedIn(id: number, path: string): Promise<{ browser: Client; page: Awaited<ReturnType<Client["get"]>> }> {
  const browser = ctx.portal.client({ offsite: true });
  const page = await browser.signIn(ctx.portal, account(id), path);
  return { browser, page };
}

describe("account centre without JavaScript", () => {
  it("buy a membership: an order paid at the provider, then the membership in force with its expiry and the record", async () => {
    const { browser, page } = await signedIn(3211, MEMBER);
    expect(testText(page, "member-status")).toBe("您还不是会员");
    const provider = await page.form({ button: "年度会员" }).submit({ button: /立即开通\s*年度会员/ });
    expect(testText(provider, "pay-amount")).toBe("398.00");
    const result = await provider.form({ button: "确认支付" }).submit({ button: "确认支付" });
    expect(result.url).toMatch(/^\/payment\/result\?orderNo=\d+/);
    expect(testText(result, "pay-result")).toBe("支付成功");
    const member = await browser.get(MEMBER);
    expect(testText(member, "member-status")).toMatch(/^年度会员，有效期至 \d{4}-\d{2}-\d{2}$/);
    expect(testText(member, "member-history")).toContain("¥398.00");
    const refreshed = await member.form({ button: "刷新会员状态" }).submit({ button: "刷新会员状态" });
    expect(testText(refreshed, "account-notice")).toBe("会员状态已刷新：会员有效");
    expect(refreshed.form({ button: "月度会员" }).request({ button: /续费\s*月度会员/ }).submitter).toBeDefined();
  });

  it("buy points with the balance; a short balance is refused with its message", async () => {
    const { page } = await signedIn(3213, SCORE);
    expect(testText(page, "points-available")).toBe("1000");
    const bought = await page.form({ field: "point" }).fill({ 积分数量: "2500" }).submit({ button: "购买" });
    expect(testText(bought, "account-notice")).toBe("积分购买成功");
    expect(testText(bought, "points-available")).toBe("3500");
    expect(testText(bought, "points-balance")).toBe("¥475.00");
    expect(testText(bought, "points-list")).toContain("余额购买积分");
    const short = await bought.form({ field: "point" }).fill({ 积分数量: "900000" }).submit({ button: "购买" });
    expect(errorFor(short, "point")).toBe("账户余额不足");
    expect(attr(inputNamed(short, "point"), "value")).toBe("900000");
  });

  it("exchange a coupon code: added once, the second time refused on the field; the courses it pays for", async () => {
    const { browser, page } = await signedIn(3215, COUPON);
    expect(hrefOf(page.html, "可使用（1）")).toBeDefined();
    const welcome = (await seedCodes(ctx.portal.sandbox)).coupons.welcome20; // random-looking since issue 36 §1
    const added = await page.form({ field: "code" }).fill({ 兑换码: welcome }).submit({ button: "兑换" });
    expect(testText(added, "account-notice")).toBe("优惠券兑换成功");
    expect(hrefOf(added.html, "可使用（2）")).toBeDefined();
    expect(testTexts(added, "coupon").some((c) => c.includes("新人满100减20"))).toBe(true);
    const again = await added.form({ field: "code" }).fill({ 兑换码: welcome }).submit({ button: "兑换" });
    expect(errorFor(again, "code")).toBe("该兑换码已兑换过");
    const courses = await browser.get(linkHref(again, "适用课程 新人满100减20") ?? "no link");
    expect(attr(elements(element(courses.html, '[data-testid="coupon-courses"]') ?? "", "a")[0], "href")).toMatch(/^\/course\/detail\/\d+$/);
  });

  it("redeem a study card: check shows the package, redeem opens its courses (enrolled in the sandbox), the card used once", async () => {
    const { page } = await signedIn(3217, CARD);
    const card = (await seedCodes(ctx.portal.sandbox)).studyCards.package302[1]!; // the e2e journey's is [0]
    const checked = await page.form({ field: "code" }).fill({ 学习卡卡号: card.toLowerCase() }).submit({ button: "查询" });
    expect(testText(checked, "card-info")).toContain("套餐：会计职称进阶套餐");
    const redeemed = await checked.form({ button: "确认兑换" }).submit({ button: "确认兑换" });
    expect(redeemed.url).toMatch(/^\/personal\/accountcenter\/card\?orderNo=\d+$/);
    expect(testText(redeemed, "card-redeemed")).toContain("兑换成功：会计职称进阶套餐");
    expect(testTexts(redeemed, "card-course-state")).toEqual(["已开通", "已开通", "已开通"]);
    const { list } = await ctx.portal.sandbox.control<{ list: Array<{ commodityId: number; source: string }> }>("GET", "/account/enrolments?userId=3217");
    expect(
      list
        .filter((e) => e.source === "card")
        .map((e) => e.commodityId)
        .sort(),
    ).toEqual([5007, 5008, 5010]);
    const used = await redeemed.form({ field: "code" }).fill({ 学习卡卡号: card }).submit({ button: "查询" });
    expect(errorFor(used, "code")).toBe("该学习卡已被使用");
  });

  it("request an invoice from a paid order in order management", async () => {
    const { browser, page } = await signedIn(3219, MEMBER);
    const provider = await page.form({ button: "月度会员" }).submit({ button: /^(立即开通|续费)\s*月度会员$/ });
    const result = await provider.form({ button: "确认支付" }).submit({ button: "确认支付" });
    expect(result.url).toMatch(/^\/payment\/result\?orderNo=\d+/);
    const orderNo = new URL(result.url, "http://x").searchParams.get("orderNo");
    const orders = await browser.get(`/personal/order?parentId=-1&orderNo=${orderNo}`);
    const invoice = await browser.get(hrefOf(orders.html, "申请发票") ?? "no link");
    const missing = await invoice
      .form({ field: "taxNo" })
      .fill({ 单位: true, 发票抬头: "某某科技有限公司", 接收邮箱: "fin@example.com" })
      .submit({ button: "提交申请" });
    expect(errorFor(missing, "taxNo")).toBe("请输入纳税人识别号");
    const sent = await missing.form({ field: "taxNo" }).fill({ 纳税人识别号: "91110000AB1234567X" }).submit({ button: "提交申请" });
    expect(testText(sent, "account-notice")).toBe("发票申请已提交");
    expect(testText(sent, "invoice")).toContain("91110000AB1234567X");
  });
});
