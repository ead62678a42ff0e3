import { createContext, useContext, type ReactElement } from "react";
import type { ConfigPartProps } from "~/components/shell/ConfigPart";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n";

/**
 * Per-request facts the server render needs outside loader data (the CSP nonce, the language, the
 * language's `errors` translations for a page without root loader data: i18n-runtime.ts, and on a first
 * visit the stylesheet to inline with the script that caches its file: decision 089; the company-wide parts'
 * drawing: decision 093).
 */
export type RequestInfo = {
  nonce: string;
  locale: Language;
  errors?: Record<string, unknown>;
  css?: InlineCss | null;
  /** the old hash links' inline script (hash-routes.server.ts), from the server only: the browser reads it back (decision 093) */
  hashRoutes?: string;
  /** the server's drawing of the company-wide parts, once per configuration (decision 093); none in the browser */
  configPart?: (part: ConfigPartProps) => ReactElement;
};

/** The stylesheet in the page (`text`) and the inline script that fetches its file for the next page. */
export type InlineCss = { text: string; script: string };

export const RequestInfoContext = createContext<RequestInfo>({ nonce: "", locale: DEFAULT_LANGUAGE });

/**
 * In the browser, the text of an element the server wrote into the page for itself (the first visit's stylesheet and
 * its script, decision 089; the old-hash-link script, decision 093): read back to hydrate the element, so the text
 * never ships in the JavaScript. "" on the server or when the page has no such element.
 */
export function textInPage(id: string): string {
  return typeof document === "undefined" ? "" : (document.getElementById(id)?.textContent ?? "");
}

export function useRequestInfo(): RequestInfo {
  return useContext(RequestInfoContext);
}
