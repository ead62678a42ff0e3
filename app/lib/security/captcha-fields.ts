/**
 * The captcha confirmation page's address and hidden field (decision 006): plain constants, so the page's
 * component reads them in the browser too (a `.server` module is an empty stand-in there).
 */
export const CHALLENGE_PATH = "/captcha";
/** The hidden field of the confirmation form that names the parked post. */
export const RESUME_FIELD = "_captcha";
