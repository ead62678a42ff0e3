import { textInPage } from "~/components/request-info";

/** The element's id: the browser reads the script's text back from the page (decision 093). */
const ID = "hash-routes";

/**
 * The inline script that sends an old hash link (`/#/course/list`) to its path route (hash-routes.server.ts, issue
 * 10 part 1). Its text comes from the server (`script`); the browser, which only hydrates the element, reads it
 * back from the page, so the text is never in the JavaScript every page loads.
 */
export function HashRoutes({ nonce, script }: { nonce: string; script?: string }) {
  const text = script ?? textInPage(ID);
  return <script id={ID} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}
