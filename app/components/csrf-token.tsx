import { useAuthenticityToken } from "remix-utils/csrf/react";
import { HiddenInput } from "~/components/ui/Input";

/**
 * The page's CSRF token, or null where there is none (an error page rendered without the root loader's
 * data, or a token the root loader could not issue). remix-utils' own hook throws then, which turned every
 * error page into React's bare text (issue 10 part 5); a form without a token is refused with 403 instead.
 * `useAuthenticityToken` reads the context before it throws, so the hook order stays the same.
 */
export function useCsrfToken(): string | null {
  try {
    return useAuthenticityToken();
  } catch {
    return null;
  }
}

/** The hidden `csrf` field of a form; nothing when the page has no token. */
export function CsrfInput({ name = "csrf" }: { name?: string }) {
  const token = useCsrfToken();
  return token ? <HiddenInput name={name} value={token} /> : null;
}
