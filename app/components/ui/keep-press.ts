/**
 * The first tap counts (issue 37 §4, decision 096): a press that began on a submit button is that button's
 * click, even when the page re-rendered under the finger between the press and the release.
 *
 * The browser sends `click` to the element under the RELEASE (the common ancestor of the press's and the
 * release's targets). Leaving a field on the press (`focusout`) can redraw the form before the release: the
 * blur check's state, an error line appearing above the button, hydration's first effects. When that moves
 * the button by a line, the release lands on the row above or below and the click goes to a `<div>`: the tap
 * sends nothing, the second works (register: 4 of 4 with 4× CPU slowdown). Here, once for the whole document,
 * from an inline script in the page's head (keep-press.server.ts, joined to the head script in entry.server.tsx: before the page's JavaScript
 * loads, and outside the 100 KB it may weigh), a click that did not reach the button the press began on, released
 * where that button WAS at the press, is given to the button: `button.click()`, which submits its form with the
 * button as the submitter (through the router once hydrated, as a plain post before). A press that moved off the
 * button (a drag, a scroll) is left alone, as is a button gone or disabled by then.
 *
 * Self-contained (no import, no outside name): the server writes its source into the page.
 */
export function keepPresses(doc: Document): void {
  // the submit button a primary press began on, and its box at the press
  let press: { button: HTMLButtonElement; box: DOMRect } | undefined;
  doc.addEventListener(
    "pointerdown",
    (event) => {
      const button = event.isPrimary && !event.button ? (event.target as Element | null)?.closest?.("button") : null;
      press = button?.type === "submit" && button.form ? { button, box: button.getBoundingClientRect() } : undefined;
    },
    true,
  );
  doc.addEventListener(
    "click",
    (event) => {
      const pressed = press;
      press = undefined;
      if (!pressed || event.defaultPrevented) return;
      const { button, box } = pressed;
      if (button.contains(event.target as Node) || !button.isConnected || button.disabled) return;
      if (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      button.click();
    },
    true,
  );
}
