import { expect, hydrated, test } from "./support";

// Issue 24, decision 093: the footer, the side bar's buttons and the header's menus come into
// the page as HTML the server drew once per configuration (apart from the page's own render). The browser hydrates
// them as React's own markup: a difference would make React report a hydration error and draw the page again in the
// browser (new elements in place of the server's). Both are watched here: no error, and the very elements the
// server sent are still in the page once it is interactive (the app-download box, drawn per view, beside them). The markup itself is compared byte for byte with the
// page drawn whole in tests/unit/pages/config-parts.test.ts.
test.describe("the company-wide parts drawn once per configuration", () => {
  for (const path of ["/home/index", "/course/list"]) {
    test(`hydrate as the server sent them: ${path}`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      // React's hydration errors come as console errors (#418, #423, #425); the seed's pictures on `.example` hosts
      // that do not resolve are the only other ones
      page.on("console", (m) => {
        if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
      });
      // before any script of the page runs: keep the server's elements
      await page.addInitScript(() => {
        document.addEventListener("DOMContentLoaded", () => {
          const w = window as unknown as { serverParts?: Element[] };
          w.serverParts = ["footer", "[data-testid=side-fold]", "header nav", "[data-testid=app-download]"].map((s) => document.querySelector(s)!);
        });
      });
      await page.goto(path);
      await hydrated(page);
      // React has hydrated the whole page (its effects ran: the language link is React's, its click is handled)
      await expect(page.getByTestId("language-switch")).toBeVisible();
      const kept = await page.evaluate(() => {
        const w = window as unknown as { serverParts: (Element | null)[] };
        return ["footer", "[data-testid=side-fold]", "header nav", "[data-testid=app-download]"].map(
          (s, i) => w.serverParts[i] !== null && document.querySelector(s) === w.serverParts[i],
        );
      });
      expect(kept).toEqual([true, true, true, true]);
      expect(errors).toEqual([]);
      // and they work as before: the app-download box shows its QR code
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.getByTestId("app-download").locator("summary").click();
      await expect(page.getByTestId("app-qr")).toBeVisible();
      // a client-side change of language draws them in the browser from the new translations (the frame's come as
      // one JSON text in the root's data, decision 093)
      await expect(page.getByTestId("footer-lines")).toContainText("地址：");
      await page.getByTestId("language-switch").click();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByTestId("footer-lines")).toContainText("Address: ");
      await expect(page.locator("footer nav")).toHaveAttribute("aria-label", /[A-Za-z]/);
      expect(errors).toEqual([]);
    });
  }
});
