import { describe, expect, it } from "vitest";
import { elements, usePortal, type Client, type Form, type Page } from "../portal";

/**
 * Issue 37 §3 "one tap, one thing" (decision 095): every form that creates something, posted twice at once
 * with the same key (a double tap: the browser sends the form twice before the first answer), makes ONE
 * upstream create call, and both posts answer the same redirect: the second arrives where the first went.
 * The forms are read from their pages and posted as a browser without JavaScript sends them.
 */

const ctx = usePortal();

async function signedIn(account: string, path = "/home/index"): Promise<{ browser: Client; page: Page }> {
  const browser = ctx.portal.client();
  const page = await browser.signIn(ctx.portal, account, path);
  return { browser, page };
}

/** The form's request twice in parallel (same entries, same key), redirects not followed. */
async function doubleTap(browser: Client, form: Form, button?: string | RegExp) {
  const { url, enctype, entries } = form.request({ button });
  expect(entries.some(([name]) => name === "idemKey" || name === "idempotencyKey")).toBe(true);
  const body = () => {
    if (enctype !== "multipart/form-data") return new URLSearchParams(entries.map(([k, v]) => [k, typeof v === "string" ? v : v.name]));
    const data = new FormData();
    for (const [k, v] of entries) data.append(k, v);
    return data;
  };
  const address = browser.address(url);
  const answers = await Promise.all([browser.fetch(address, { method: "POST", body: body() }), browser.fetch(address, { method: "POST", body: body() })]);
  return answers.map((r) => ({ status: r.status, location: r.headers.get("Location") }));
}

async function expectOne(upstream: RegExp, answers: Array<{ status: number; location: string | null }>, where: RegExp) {
  const calls = (await ctx.portal.calls()).filter((c) => c.method === "POST" && upstream.test(c.path));
  expect(calls, "upstream create calls").toHaveLength(1);
  expect(answers[0]!.status).toBe(303);
  expect(answers[0]!.location).toMatch(where);
  expect(answers[1]).toEqual(answers[0]);
}

describe("a double tap on a create form makes one thing and both taps land where the first went (issue 37 §3)", () => {
  it("post question (community Q&A)", async () => {
    const { browser, page } = await signedIn("13700003000", "/answerslist/0");
    await ctx.portal.clearCalls();
    const form = page.form("#ask-question").fill({ title: "试用期最长多久？", content: "三年合同的试用期上限是多少？" });
    await expectOne(/\/question\/ask$/, await doubleTap(browser, form), /^\/response\/\d+$/);
  });

  it("answer a question", async () => {
    const { browser, page } = await signedIn("13700003000", "/response/704");
    await ctx.portal.clearCalls();
    const form = page.form({ field: "content" }).fill({ content: "元组不可变，适合做字典的键。" });
    await expectOne(/\/question\/answer$/, await doubleTap(browser, form), /^\/response\/704#answers-heading$/);
  });

  it("post a topic in a group", async () => {
    const { browser } = await signedIn("13700003000");
    const GROUP = "/groupdetail?id=802";
    const joined = await (await browser.get(GROUP)).form({ button: "加入小组" }).submit({ button: "加入小组" });
    await ctx.portal.clearCalls();
    const form = joined.form("#post-topic").fill({ title: "每日打卡第一天", content: "今天做完了第一章练习。" });
    await expectOne(/\/topic$/, await doubleTap(browser, form), /^\/groupdetail\?id=802$/);
  });

  it("save a note on the video page", async () => {
    const PAGE = "/class/type/video/page?commodityId=5001&courseId=101&lessonId=101012";
    const { browser, page } = await signedIn("13700002504", `${PAGE}&t=75`);
    await ctx.portal.clearCalls();
    const form = page.form({ field: "content" }).fill({ content: "供给曲线向右上方倾斜" });
    await expectOne(/\/user-center\/note\/update$/, await doubleTap(browser, form, "保存笔记"), /noted=75#lesson-note-title$/);
  });

  it("hand in homework (multipart)", async () => {
    expect((await fetch(`${ctx.portal.sandbox.url}/__sandbox/files/seed`, { method: "POST" })).ok).toBe(true);
    const { browser, page } = await signedIn("13700003605", "/homework/8101");
    await ctx.portal.clearCalls();
    const form = page.form({ "data-testid": "homework-form" }).fill({ content: "结构化面试更标准化，评分更客观。" });
    await expectOne(/\/saveHomework$/, await doubleTap(browser, form), /^\/homework\/finish\/8101$/);
  });

  it("independent exam sign-up", async () => {
    const { browser, page } = await signedIn("13700003000", "/applydetail/1001");
    await ctx.portal.clearCalls();
    const form = page.form({ button: "报名" });
    await expectOne(/\/signUp$/, await doubleTap(browser, form, /报名/), /^\/applydetail\/1001$/);
  });

  it("instead sign-up: a session", async () => {
    const { browser } = await signedIn("13700003501", "/personal/course/apply/new");
    const province = await (await browser.get("/personal/course/apply/new")).form({ field: "provinceCode" }).fill({ 报考省份: "北京市" }).submit();
    const forms = elements(province.html, "form");
    const index = forms.findIndex(
      (f) => f.includes('data-item-time-id="7201"') || /name="itemTimeId"[^>]*value="7201"|value="7201"[^>]*name="itemTimeId"/.test(f),
    );
    await ctx.portal.clearCalls();
    const form = province.form(index);
    await expectOne(/\/saveUserItemRel$/, await doubleTap(browser, form, "报名"), /^\/personal\/course\/apply\/fill\/\d+$/);
  });

  it("place order (buy now): one order, both taps on its payment page", async () => {
    const { browser, page } = await signedIn("shop08", "/payment/order?commodityId=5002");
    await ctx.portal.clearCalls();
    const form = page.form({ field: "idempotencyKey" });
    await expectOne(/\/definePayOrderCart\/createOrder$/, await doubleTap(browser, form), /^\/payment\/pay\?orderNo=\d+/);
  });

  it("place order from the cart: the second tap lands on the payment page too (not 'empty')", async () => {
    const { browser } = await signedIn("shop08", "/shoppingcart");
    const csrf = await browser.csrf("/shoppingcart");
    expect((await browser.post("/shoppingcart", { csrf, intent: "add", commodityId: "5002", commodityType: "1" })).status).toBe(303);
    const cart = await browser.get("/shoppingcart");
    const checkout = await cart.form({ field: "cartId" }).fill({ cartId: true }).submit();
    expect(checkout.url).toMatch(/^\/payment\/order\?cartIds=/);
    await ctx.portal.clearCalls();
    const form = checkout.form({ field: "idempotencyKey" });
    await expectOne(/\/definePayOrderCart\/createOrder$/, await doubleTap(browser, form), /^\/payment\/(pay|result)\?orderNo=\d+/);
  });
});
