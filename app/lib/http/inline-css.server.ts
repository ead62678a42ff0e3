import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import stylesheet from "~/tailwind.css";

/**
 * The stylesheet in the page on a first visit (issue 24, decision 089): at slow 4G the `<link>`'s round trip
 * (562 ms) held the first paint of every page until the file came. A browser that has no copy of this build's
 * stylesheet gets it in a `<style>` (9 KB gzip, the tailwind build's own file read once: one source of the CSS)
 * and, after `load`, fetches the file into its HTTP cache and says so in a cookie; a browser whose cookie names
 * this build's stylesheet gets the `<link>` as before, from its cache. Without JavaScript no cookie is set: every
 * page carries the CSS inline, which is what such a visitor's next page needs anyway.
 */
export const CSS_COOKIE = "portal_css";

/** The stylesheet's address (`/build/_assets/tailwind-<hash>.css`): its name names the build's CSS. */
export const STYLESHEET = stylesheet;
const version = stylesheet.slice(stylesheet.lastIndexOf("/") + 1);

let text: string | null | undefined;

/** The build's stylesheet as text (read once: a loaded build's file never changes), or null when unreadable. */
function cssText(): string | null {
  if (text === undefined) {
    try {
      // build/index.js → public/build/_assets/…: where the classic compiler writes the assets it names
      const file = fileURLToPath(new URL(`../public${stylesheet}`, import.meta.url));
      text = readFileSync(file, "utf8").replaceAll("</style", "<\\/style");
    } catch {
      text = null;
    }
  }
  return text;
}

/** Whether the request's cookies say the browser holds this build's stylesheet (then the page links it). */
export function holdsStylesheet(request: Request): boolean {
  const cookie = request.headers.get("Cookie");
  if (!cookie) return false;
  return cookie.split(";").some((part) => part.trim() === `${CSS_COOKIE}=${version}`);
}

/** The CSS to put in this page (a first visit), or null: the page links the stylesheet. */
export function inlineCssOf(request: Request): string | null {
  return holdsStylesheet(request) ? null : cssText();
}

/**
 * After `load`, the stylesheet into the HTTP cache (immutable, a year), then the cookie that sends the next
 * page the `<link>`. An inline script (the page's CSP nonce): none of it ships in the page's JavaScript.
 */
export function cacheCssScript(secure: boolean): string {
  const cookie = `${CSS_COOKIE}=${version}; path=/; max-age=31536000; samesite=lax${secure ? "; secure" : ""}`;
  return `addEventListener("load",function(){fetch(${JSON.stringify(stylesheet)}).then(function(r){return r.ok&&r.text()}).then(function(t){if(t)document.cookie=${JSON.stringify(cookie)}}).catch(function(){})})`;
}
