/** How often the QR-code login page looks again while the code waits (seconds): meta refresh without JS, a revalidation with. */
export const QR_POLL_S = 3;
