import { Outlet } from "@remix-run/react";
import { AreaError } from "~/components/area-frame";

/**
 * The sign-in pages (decision 052): login, register, QR login, forgotten password, the third-party
 * callback, the token upgrade, the teacher login, the offline page and the register agreement.
 * - Guard rule: a signed-in user on login, register, QR login or forgotten password goes to the page's
 *   `backUrl` (each page reads its own, spec 000 section 6) in its loader's first lines; the others keep
 *   their own rule (the callback and the token upgrade finish a login, the teacher login needs one, the
 *   offline page ends one). No loader here: it would not know the page's `backUrl`.
 * - Cache: the login page's `Retry-After` is its own `headers`; the shell makes a signed-in page
 *   `private, no-store` (entry.server.tsx).
 * - Namespaces: `login` (`realtime` for the offline page), named by each page in `handle.i18n`; the login
 *   pages' `handle.loginPage` draws the header only (company setting useLoginPage 2).
 * - Error frame: the branded error page inside the school's header and footer.
 */
export default function SignInLayout() {
  return <Outlet />;
}

export const ErrorBoundary = AreaError;
