import { describe, expect, it } from "vitest";
import zhCommon from "~/locales/zh/common.json";
import enCommon from "~/locales/en/common.json";
import { attr, byTestId, usePortal, type Client } from "../portal";

/**
 * Issue 25 "the header cart" (spec 001 sections 3 and 4: the cart panel can be shown or hidden; decision 068):
 * `GET /shoppingcart/panel`, what the header's panel loads when opened. The owner's rows only, with the cart
 * page's one list call; a visitor gets the way to sign in; an upstream failure a message, never a 500.
 * Seed users shop01, shop02, shop05, shop06 (each file has its own sandbox, reset before each test).
 */
const ctx = usePortal();

type Answer = { items?: Array<{ id: number; name: string; priceCents: number | null; onSale: boolean }>; login?: string; failed?: true };

async function panel(browser: Client): Promise<{ status: number; cache: string | null; json: Answer }> {
  const response = await browser.fetch("/shoppingcart/panel", { headers: { Accept: "application/json" } });
  return { status: response.status, cache: response.headers.get("Cache-Control"), json: (await response.json()) as Answer };
}

async function signedIn(account: string): Promise<Client> {
  const browser = ctx.portal.client();
  await browser.signIn(ctx.portal, account);
  return browser;
}

async function add(browser: Client, commodityId: string) {
  const csrf = await browser.csrf("/shoppingcart");
  expect((await browser.post("/shoppingcart", { csrf, intent: "add", commodityId, commodityType: "1" })).status).toBe(303);
}

describe("GET /shoppingcart/panel (the header's cart panel)", () => {
  it("answers the student's own rows (name, price, on sale) with ONE upstream call, the cart page's list; never another student's", async () => {
    const owner = await signedIn("shop01");
    const other = await signedIn("shop02");
    await add(owner, "5002");
    const page = await owner.get("/shoppingcart");
    const rowId = Number(/name="cartId"[^>]*value="(\d+)"/.exec(page.html)![1]);

    await ctx.portal.clearCalls();
    const mine = await panel(owner);
    expect(mine.status).toBe(200);
    expect(mine.cache).toBe("private, no-store");
    expect(mine.json.items).toHaveLength(1);
    expect(mine.json.items![0]).toMatchObject({ id: rowId, onSale: true });
    expect(mine.json.items![0]!.name).not.toBe("");
    expect(page.html).toContain(mine.json.items![0]!.name);
    // the price is the cart page's (¥ cents as the page prints them)
    expect(typeof mine.json.items![0]!.priceCents).toBe("number");
    const calls = await ctx.portal.calls();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /saas-business/definePayOrderCart/list"]);

    // the other student's panel: their own (empty) cart, nothing of the owner's
    const theirs = await panel(other);
    expect(theirs.status).toBe(200);
    expect(theirs.json).toEqual({ items: [] });
  });

  it("a visitor gets the login page back to the cart (401), and no upstream call", async () => {
    const visitor = ctx.portal.client();
    await visitor.get("/home/index");
    await ctx.portal.clearCalls();
    const answer = await panel(visitor);
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ login: "/join/login?backUrl=%2Fshoppingcart" });
    expect(await ctx.portal.calls("/definePayOrderCart")).toHaveLength(0);
  });

  it("an upstream failure answers a message to show (502 JSON), not a 500 page; a lapsed session the way to sign in again", async () => {
    const student = await signedIn("shop05");
    for (const fault of [{ status: 500 }, { code: "0", message: "购物车服务维护中" }, { malformed: "garbage" }]) {
      await ctx.portal.fault({ path: "/definePayOrderCart/list", ...fault, times: 1 });
      const answer = await panel(student);
      expect(answer.status, JSON.stringify(fault)).toBe(502);
      expect(answer.json).toEqual({ failed: true });
    }
    await ctx.portal.sandbox.control("POST", "/tokens/expire", { account: "shop05", backCodes: true });
    const lapsed = await panel(student);
    expect(lapsed.status).toBe(401);
    expect(lapsed.json).toEqual({ login: "/shoppingcart" });
  });
});

describe("the header's cart link (spec 000 section 2.2): the no-JS path stays", () => {
  it("is a link to the cart page with the count, no panel drawn by the server, and the panel's texts in zh and en", async () => {
    const student = await signedIn("shop06");
    await add(student, "5002");
    const html = (await student.get("/home/index")).html;
    const cart = byTestId(html, "cart")!;
    expect(attr(cart, "href")).toBe("/shoppingcart");
    expect(attr(cart, "aria-label")).toBe("购物车（1）");
    // aria-expanded only once JavaScript runs (the link is the toggle then)
    expect(attr(cart, "aria-expanded")).toBeUndefined();
    expect(byTestId(html, "cart-panel")).toBeUndefined();
    expect(Object.keys(zhCommon.site.cartPanel).sort()).toEqual(
      Object.keys(enCommon.site.cartPanel)
        .map((k) => k.replace(/_(one|other)$/, ""))
        .filter((k, i, all) => all.indexOf(k) === i)
        .sort(),
    );
  });
});
