import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, byTestId, element, elements, h1, startTestPortal, text, type Client, type TestPortal } from "../portal";
import { testText } from "./nojs";

/**
 * Issue 26 (decision 061) as the server renders it: times in the school's zone, English plurals and the
 * newcomer's welcome, the avatar preview's CSP. The phone bars themselves are tests/e2e/phone-bars.test.ts's.
 */

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
}, 60_000);
afterAll(() => portal.close());
beforeEach(() => portal.reset());

/** `HH:mm` of a moment in Beijing (UTC+8, no daylight saving). */
const beijingClock = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16);
/** The clock readings a moment taken between `before` and now can have (a minute may turn in between). */
const readingsSince = (before: number) => [...new Set([beijingClock(before), beijingClock(Date.now())])];

const hidden = (form: string) =>
  Object.fromEntries(
    elements(form, "input")
      .filter((i) => attr(i, "type") === "hidden")
      .map((i) => [attr(i, "name") ?? "", attr(i, "value") ?? ""]),
  );

describe("times a person reads are in the school's time zone (issue 26)", () => {
  it("the practice report shows its start and hand-in times in Beijing time, not UTC", async () => {
    const browser = portal.client();
    await browser.signIn(portal, "13700002702", "/lib/subject");
    const before = Date.now();
    const overview = "/lib/subject/overview/207";
    const start = elements((await browser.get(overview)).html, "form").find(
      (f) => f.includes('value="chapter"') && f.includes('value="2071"') && !f.includes("sectionId"),
    );
    const started = await browser.post(overview, { ...hidden(start ?? ""), intent: "chapter" });
    const at = started.headers.get("Location") ?? "";
    const recordId = Number(at.split("/")[4]);
    const doing = byTestId((await browser.get(at)).html, "question-form") ?? "";
    await browser.post(at, { ...hidden(doing), intent: "submit", confirm: "1" });
    const report = await browser.get(`/lib/subject/report/${recordId}`);
    expect(report.status).toBe(200);
    const detail = element(report.html, 'section[aria-labelledby="qb-detail"]') ?? report.html;
    expect(text(detail)).not.toContain("UTC");
    const times = elements(detail, "time");
    expect(times).toHaveLength(2);
    for (const time of times) {
      // today: the clock alone, in Beijing time; its dateTime attribute the exact moment
      const moment = Date.parse(attr(time, "datetime") ?? attr(time, "dateTime") ?? "");
      expect(Number.isNaN(moment)).toBe(false);
      expect(text(time)).toBe(beijingClock(moment));
      expect(readingsSince(before)).toContain(text(time));
    }
  });

  it("a question asked in Q&A shows the time it was asked in Beijing time, in the list and its thread", async () => {
    const asker = portal.client();
    await asker.signIn(portal, "13700003000");
    const before = Date.now();
    const csrf = await asker.csrf("/answerslist/0");
    const asked = await asker.submit("/answerslist/0", { csrf, intent: "ask", title: "几点提的问题？", content: "看时间" });
    expect(h1(asked.html)).toBe("几点提的问题？");
    const threadTime = text(elements(asked.html, "time")[0] ?? "");
    expect(readingsSince(before)).toContain(threadTime);
    const list = await portal.client().get("/answerslist/0");
    const first = elements(list.html, "li").find((li) => li.includes("几点提的问题？")) ?? "";
    expect(readingsSince(before)).toContain(text(element(first, "time") ?? ""));
  });

  it("a time on another day names its date (YYYY-MM-DD HH:mm)", async () => {
    const list = await portal.client().get("/answerslist/0");
    const seeded = elements(list.html, "li").flatMap((li) => elements(li, "time").map(text));
    expect(seeded.length).toBeGreaterThan(0);
    for (const t of seeded) expect(t).toMatch(/^(\d{4}-\d{2}-\d{2} )?\d{2}:\d{2}$/);
    expect(seeded.some((t) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(t))).toBe(true);
  });
});

describe("English that reads right (issue 26)", () => {
  async function cartWith(account: string, commodityIds: number[]): Promise<Client> {
    const browser = portal.client();
    await browser.signIn(portal, account, "/shoppingcart?lng=en");
    const csrf = await browser.csrf("/shoppingcart");
    for (const commodityId of commodityIds) await browser.post("/shoppingcart", { csrf, intent: "add", commodityId: String(commodityId), commodityType: "1" });
    return browser;
  }

  it("one item in the cart is '1 item', two are '2 items'", async () => {
    const browser = await cartWith("shop02", [5002]);
    const one = await browser.get("/shoppingcart");
    expect(elements(one.html, '[data-testid="cart-item"]')).toHaveLength(1);
    expect(text(one.html)).toContain("1 item");
    expect(text(one.html)).not.toContain("1 items");
    const csrf = await browser.csrf("/shoppingcart");
    await browser.post("/shoppingcart", { csrf, intent: "add", commodityId: "5006", commodityType: "1" });
    expect(text((await browser.get("/shoppingcart")).html)).toContain("2 items");
  });

  it("a brand-new account is welcomed, not welcomed back; a later sign-in is welcomed back", async () => {
    await portal.config(1, { usernameFlag: 0, provCityCountyFlag: 0, registerAgreementFlag: 0 });
    const browser = portal.client();
    const page = await browser.get("/join/register?lng=en");
    const mobile = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const form = (p: typeof page) => p.form({ button: "Register" });
    const sent = await form(page).fill({ "Mobile number": mobile }).submit({ button: "send-code" });
    const { code } = await portal.sandbox.control<{ code: string }>("GET", `/sms?mobile=${mobile}`);
    const done = await form(sent).fill({ "Verification code": code, Password: "S3cret-pass" }).submit({ button: "Register" });
    expect(testText(done, "user-name")).toBe(mobile);
    const home = await browser.get("/home/index");
    expect(h1(home.html)).toBe(`Welcome, ${mobile}`);
    // the same person signing in again is back
    const later = portal.client();
    await later.get("/home/index?lng=en");
    const again = await later.signIn(portal, mobile, "/home/index");
    expect(h1(again.html)).toBe(`Welcome back, ${mobile}`);
  });

  it("the company's menu and footer names stay as the company wrote them on the English page", async () => {
    const zh = await portal.client().get("/home/index");
    const en = await portal.client().get("/home/index?lng=en");
    const names = (html: string, label: string) => elements(element(html, `nav[aria-label="${label}"]`) ?? "", "a").map(text);
    const zhMain = names(zh.html, "主导航");
    expect(zhMain.length).toBeGreaterThan(0);
    expect(names(en.html, "Main navigation")).toEqual(zhMain);
    const zhFoot = names(zh.html, "页脚导航");
    expect(zhFoot.length).toBeGreaterThan(0);
    expect(names(en.html, "Footer navigation")).toEqual(zhFoot);
  });
});

describe("the cart's total (issue 26)", () => {
  it("shows the total of the ticked rows; without JavaScript 'count the total' posts the selection and the server counts it", async () => {
    const browser = portal.client();
    await browser.signIn(portal, "shop03", "/shoppingcart");
    const csrf = await browser.csrf("/shoppingcart");
    for (const commodityId of ["5002", "5006"]) await browser.post("/shoppingcart", { csrf, intent: "add", commodityId, commodityType: "1" });
    const page = await browser.get("/shoppingcart");
    const rows = elements(page.html, "li").filter((li) => li.includes('data-testid="cart-item"'));
    expect(rows).toHaveLength(2);
    const price = (row: string) => Number(/¥([\d.]+)/.exec(text(row))?.[1]);
    const [first, second] = rows as [string, string];
    const all = (price(first) + price(second)).toFixed(2);
    // every row on sale is ticked at first, and counted
    expect(testText(page, "cart-total")).toBe(`已选 2 件，合计 ¥${all}`);
    // untick the second and ask for the total, as a browser without JavaScript does
    const firstId = attr(element(first, 'input[name="cartId"]'), "value") ?? "";
    const counted = await browser.submit("/shoppingcart", { csrf, intent: "total", cartId: firstId });
    expect(counted.url).toBe(`/shoppingcart?selected=${firstId}`);
    expect(testText(counted, "cart-total")).toBe(`已选 1 件，合计 ¥${price(first).toFixed(2)}`);
    const ticked = elements(counted.html, "input").filter((i) => attr(i, "name") === "cartId" && attr(i, "checked") !== undefined);
    expect(ticked.map((i) => attr(i, "value"))).toEqual([firstId]);
  });
});

describe("the avatar preview (issue 26)", () => {
  it("the page's CSP lets an <img> show the chosen file's blob: address", async () => {
    const browser = portal.client();
    await browser.signIn(portal, "13800000001", "/personal/setting/avatar");
    const page = await browser.get("/personal/setting/avatar");
    expect(page.status).toBe(200);
    const csp = page.headers.get("Content-Security-Policy") ?? "";
    const img = csp.split("; ").find((d) => d.startsWith("img-src ")) ?? "";
    expect(img.split(" ")).toContain("blob:");
    // only images: scripts and frames still may not come from blob: addresses
    for (const d of csp.split("; ").filter((d) => !d.startsWith("img-src "))) expect(d).not.toContain("blob:");
  });
});
