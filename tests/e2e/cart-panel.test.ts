import { expect, hydrated, signInWithCode, test } from "./support";

// Issue 25 "the header cart" (spec 001 sections 3 and 4; docs/decisions/068-header-cart-panel.md): with
// JavaScript the header's cart link toggles the cart panel; Escape, a click outside or the link again close
// it and the focus comes back to the cart. What the panel loads (owner only, visitor, failures) and the
// no-JS link: tests/unit/pages/cart-panel.test.ts. Seed user uc09 (13700003708): no other test uses it.
const ACCOUNT = "13700003708";

test("the cart panel opens and closes from the header, at 390 px and on a desktop; focus returns; remove and the cart page", async ({ page, sandbox }) => {
  test.setTimeout(120_000);
  await sandbox.cart(ACCOUNT, 3);
  for (const [width, height, phone] of [
    [390, 844, true],
    [1280, 900, false],
  ] as const) {
    await page.setViewportSize({ width, height });
    await signInWithCode(page, sandbox, ACCOUNT, "/course/list");
    await hydrated(page);
    if (phone) await page.getByTestId("header-menu").locator("summary").first().click();
    const cart = page.getByTestId("cart");
    const panel = page.getByTestId("cart-panel");
    await expect(cart).toHaveAttribute("aria-expanded", "false");

    // open: the rows come, the focus moves into the panel, the page stays
    await cart.click();
    await expect(panel.getByTestId("cart-panel-item")).toHaveCount(phone ? 3 : 2);
    await expect(cart).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeFocused();
    await expect(page).toHaveURL(/\/course\/list/);
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);

    // Escape closes it and gives the focus back to the cart
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(cart).toBeFocused();
    await expect(cart).toHaveAttribute("aria-expanded", "false");

    // the cart again toggles; a click outside closes
    await cart.click();
    await expect(panel.getByTestId("cart-panel-item")).toHaveCount(phone ? 3 : 2);
    await cart.click();
    await expect(panel).toHaveCount(0);
    await cart.click();
    await expect(panel.getByTestId("cart-panel-status")).toHaveText(phone ? "共 3 件商品" : "共 2 件商品");
    await page.locator("main h1").first().click();
    await expect(panel).toHaveCount(0);

    if (phone) {
      // remove one from the panel: the row goes, the badge follows
      await cart.click();
      await panel.getByTestId("cart-panel-item").first().getByRole("button").click();
      await expect(panel.getByTestId("cart-panel-item")).toHaveCount(2);
      await expect(page.getByTestId("cart-badge")).toHaveText("2");
      await page.keyboard.press("Escape");
    } else {
      // the panel's link goes to the cart page, and the panel closes
      await cart.click();
      await panel.getByTestId("cart-panel-link").click();
      await expect(page).toHaveURL(/\/shoppingcart$/);
      await expect(panel).toHaveCount(0);
      await expect(page.getByTestId("cart-item")).toHaveCount(2);
    }
  }
});
