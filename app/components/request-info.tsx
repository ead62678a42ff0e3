import { createContext, useContext } from "react";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n";

/**
 * Per-request facts the server render needs outside loader data (the CSP nonce, the language, and the
 * language's `errors` translations for a page without root loader data: i18n-runtime.ts).
 */
export type RequestInfo = { nonce: string; locale: Language; errors?: Record<string, unknown> };

export const RequestInfoContext = createContext<RequestInfo>({ nonce: "", locale: DEFAULT_LANGUAGE });

export function useRequestInfo(): RequestInfo {
  return useContext(RequestInfoContext);
}
