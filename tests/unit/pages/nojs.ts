import { attr, byTestId, element, elements, text, type Page } from "../portal";

/** Small readers for the no-JS page tests (`*-nojs.test.ts`): what `getByTestId(...).toHaveText` and friends read. */

/** The text of the element with `data-testid="id"` ("" when there is none). */
export const testText = (page: Pick<Page, "html">, id: string): string => text(byTestId(page.html, id) ?? "");

/** The texts of every element with `data-testid="id"`. */
export const testTexts = (page: Pick<Page, "html">, id: string): string[] => elements(page.html, `[data-testid="${id}"]`).map((e) => text(e));

/** The message shown next to a field (`[data-error-for=name]`), "" when none. */
export const errorFor = (page: Pick<Page, "html">, name: string): string => text(element(page.html, `[data-error-for="${name}"]`) ?? "");

/** The first input named `name`. */
export const inputNamed = (page: Pick<Page, "html">, name: string): string | undefined => elements(page.html, "input").find((i) => attr(i, "name") === name);

/** The href of the first link whose accessible name (aria-label, else its text) is `name` or matches it; as `getByRole("link", { name })`. */
export function linkHref(page: Pick<Page, "html">, name: string | RegExp): string | undefined {
  const a = elements(page.html, "a").find((el) => {
    const accessible = attr(el, "aria-label") ?? text(el);
    return typeof name === "string" ? accessible === name : name.test(accessible);
  });
  return attr(a, "href");
}
