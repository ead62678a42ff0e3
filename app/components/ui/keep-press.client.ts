/**
 * The first tap counts (issue 37 §4, decision 096): a press that began on a submit button is that button's
 * click, even when the page re-rendered under the finger between the press and the release.
 *
 * The browser sends `click` to the element under the RELEASE (the common ancestor of the press's and the
 * release's targets). Leaving a field on the press (`focusout`) can redraw the form before the release: the
 * blur check's state, an error line appearing above the button, hydration's first effects. When that moves
 * the button by a line, the release lands on the row above or below and the click goes to a `<div>`: the tap
 * sends nothing, the second works (register: 4 of 4 with 4× CPU slowdown). Here, once for the whole document
 * and before hydration (entry.client.tsx), a click that did not reach the button the press began on, released
 * where that button WAS at the press, is given to the button: `button.click()`, which submits its form with the
 * button as the submitter (through the router once hydrated, as a plain post before). A press that moved off the
 * button (a drag, a scroll) is left alone, as is a button gone or disabled by then.
 */
const SUBMIT = 'button[type="submit"], button:not([type]), input[type="submit"]';
/** How far outside the pressed button's box a release still counts (a finger's wobble), px. */
const SLACK = 4;

type Press = { button: HTMLButtonElement | HTMLInputElement; box: DOMRect };

export function keepPresses(doc: Document): () => void {
  let press: Press | undefined;
  const onDown = (event: PointerEvent) => {
    press = undefined;
    if (!event.isPrimary || event.button !== 0 || !(event.target instanceof Element)) return;
    const button = event.target.closest(SUBMIT);
    if (!(button instanceof HTMLButtonElement || button instanceof HTMLInputElement) || !button.form) return;
    press = { button, box: button.getBoundingClientRect() };
  };
  const onClick = (event: MouseEvent) => {
    const pressed = press;
    press = undefined;
    if (!pressed || event.defaultPrevented || !(event.target instanceof Node)) return;
    const { button, box } = pressed;
    if (button.contains(event.target) || !button.isConnected || button.disabled) return;
    const inside =
      event.clientX >= box.left - SLACK && event.clientX <= box.right + SLACK && event.clientY >= box.top - SLACK && event.clientY <= box.bottom + SLACK;
    if (!inside) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    button.click();
  };
  doc.addEventListener("pointerdown", onDown, true);
  doc.addEventListener("click", onClick, true);
  return () => {
    doc.removeEventListener("pointerdown", onDown, true);
    doc.removeEventListener("click", onClick, true);
  };
}
