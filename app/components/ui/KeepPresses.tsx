import { textInPage } from "~/components/request-info";

/** The element's id: the browser reads the script's text back from the page (as HashRoutes, decision 093). */
const ID = "keep-presses";

/**
 * The inline script in the head that makes the first tap count (keep-press.ts, issue 37 §4, decision 096): its
 * text comes from the server (`script`); the browser, which only hydrates the element, reads it back from the
 * page, so it is in none of the page's JavaScript files and runs before they load.
 */
export function KeepPresses({ nonce, script }: { nonce: string; script?: string }) {
  const text = script ?? textInPage(ID);
  return <script id={ID} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}
