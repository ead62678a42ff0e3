import { describe, expect, it } from "vitest";
import { attr, byTestId, text, usePortal } from "../portal";

// Issue 39 §6: one <main> per page (the question-bank pages drew a second inside the frame's), and the header's
// school-name link is named by what it shows (WCAG 2.5.3 label in name; Lighthouse flagged it on every page).
const ctx = usePortal();

describe("landmarks and names (issue 39 §6)", () => {
  it("the question bank's pages have one <main>, the frame's", async () => {
    const b = ctx.portal.client();
    await b.signIn(ctx.portal, "13800000001");
    for (const path of ["/lib/subject", "/lib/subject/collect", "/lib/subject/wrong", "/lib/subject/statistics"]) {
      const { html, status } = await b.get(path);
      expect(status, path).toBe(200);
      expect(html.match(/<main\b/g), path).toHaveLength(1);
    }
  });

  it("the logo link's accessible name contains its visible text", async () => {
    const { html } = await ctx.portal.client().get("/home/index");
    for (const id of ["logo", "phone-logo"]) {
      const link = byTestId(html, id) ?? "";
      const visible = text(link);
      const label = attr(link, "aria-label");
      if (visible) expect(label === undefined || label.includes(visible), `${id}: "${label}" names "${visible}"`).toBe(true);
    }
  });
});
