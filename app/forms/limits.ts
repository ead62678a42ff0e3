/*
 * The forms' limits that the browser needs too (input maxLength, patterns): no zod here, so a form's page
 * does not ship it (decision 023). The schemas in login.ts / forget.ts / register.ts use these and
 * re-export them; client code imports them from here.
 */

/** Spec 000 sections 5 and 9: 11 digits, 1 then 3-9 then 9 digits. */
export const MOBILE_RE = /^1[3-9]\d{9}$/;

/**
 * The longest password the portal takes (issue 10 §4): the login sends it RSA-1024 OAEP (SHA-1)
 * encrypted, which holds at most 86 bytes of UTF-8; longer input is a form error, never a 500.
 */
export const PASSWORD_MAX = 64;
export const PASSWORD_MAX_BYTES = 86;

/** Spec 000 §2.1 `/login/forget?method=phone`: the new password's length. */
export const NEW_PASSWORD_MIN = 6;
export const NEW_PASSWORD_MAX = 20;

/** Spec 000 section 5: the username input's max length. */
export const USERNAME_MAX = 20;
