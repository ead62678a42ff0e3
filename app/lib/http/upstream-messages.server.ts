import { UPSTREAM_PREFIX as PREFIX } from "~/lib/http/upstream-messages";

/**
 * The upstream's business messages the portal knows by code (issue 12 part 3): the upstream speaks
 * Chinese whatever the page's language, so a known code is shown as the portal's own translation
 * (errors.json's `upstream.<key>`, zh and en: the page's `upstream` namespace, which a route whose action
 * answers with this function names in `handle.i18n`, decision 075); any other code shows the upstream's
 * message as it is (spec 000 section 8). This is the one mapping place; forms carry the result as a
 * form-error string.
 * Server-only (decision 055): the table is the forms' actions' business; the page reads the form-error
 * string through upstream-messages.ts, which needs only the key's translation (about 1 KB less script on
 * every form page).
 */
export const UPSTREAM_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  "120010001": "wrongAccountOrPassword",
  "120010002": "accountRequired",
  "120010003": "passwordRequired",
  "120010004": "tooManyLogins",
  "120010005": "mobileInvalid",
  "120010006": "smsCodeRequired",
  "120010007": "smsCodeWrong",
  "120010008": "mobileNotRegistered",
  "120010009": "smsRetryLater",
  "120010010": "smsDailyLimit",
  "120010011": "invalidCacheCode",
  "120010013": "faceFailed",
  "120020001": "usernameBound",
  "120020002": "phoneBound",
  "120020003": "emailBound",
  "120020004": "registrationClosed",
  "120020005": "usernameRequired",
  "120020006": "usernameFormat",
  "120020007": "mobileRequired",
  "120020008": "mobileFormat",
  "120020009": "passwordEmpty",
  "120020010": "regionRequired",
  "120020011": "smsCodeEmpty",
  "120020012": "phoneVerificationFailed",
  "120040001": "oldPasswordWrong",
  "120040002": "passwordLength",
  "120050001": "noPermission",
  "120070001": "qrNotScanned",
  "120070002": "qrExpired",
  "120080001": "notTeacher",
  // personal centre (sandbox/src/messages.ts, spec 001 §5-§7)
  "120130001": "emailInvalid",
  "120130002": "usernameAlreadySet",
  "120130003": "thirdPartyNotBound",
  "120130004": "bindMobileFirst",
  "120130005": "passwordWrong",
  "120130006": "imageFormat",
  "120130007": "imageTooLarge",
  "120130008": "imageRequired",
  "120130009": "fileTypeNotAllowed",
  "120130010": "fileRequired",
  "120130011": "fieldListRequired",
  "120130012": "fieldNotFound",
  "120130013": "fieldSingleValue",
  "120130014": "fieldReadOnly",
  "120130015": "fieldRequired",
  "120130016": "fieldTooLong",
  "120130017": "fieldOption",
  "120130018": "birthdayTimestamp",
  "120130019": "fieldDigits",
  "120130020": "fieldDate",
  "120130021": "fieldDateTime",
  "120130022": "fieldPeriod",
  "120130023": "groupRequired",
  "120130024": "proxyRequired",
  "-600": "fileTooLarge",
  "120131001": "messageNotFound",
  // the shop (sandbox/src/routes/shop.ts; decisions 028, 038)
  "160012": "buyCompleteInfo",
  "160013": "buyClosed",
  "160019": "orderStateChanged",
  "160022": "orderExpired",
  // account centre (sandbox/src/routes/account.ts, decision 032)
  "170001": "memberLevelNotFound",
  "170003": "accountOrderFailed",
  "170004": "pointsRange",
  "170005": "balanceShort",
  "170006": "couponCodeUnknown",
  "170007": "couponCodeUsed",
  "170008": "couponNotFound",
  "170009": "couponNotExpired",
  "170010": "cardUnknown",
  "170011": "cardUsed",
  "170012": "cardExpired",
  "170013": "cardBought",
  "170015": "rechargeUnknown",
  "170016": "rechargeUsed",
  "170017": "withdrawMin",
  "170018": "withdrawAmount",
  "170019": "invoiceOrder",
  "170020": "invoiceNotPaid",
  "170021": "invoiceAlready",
  "170022": "invoiceOff",
  "170023": "invoiceFields",
  // points exchange (sandbox/src/routes/usercentre.ts, decision 038)
  "170024": "goodsNotFound",
  "170025": "goodsSoldOut",
  "170026": "goodsLimit",
  "170027": "goodsPointsShort",
  "170028": "goodsOwned",
  "170030": "categoryNotFound",
  "170031": "categoryNotUsed",
  "170032": "categoryUpToDate",
  "170033": "rechargeRange",
  "170034": "rechargeAmount",
};

/**
 * The form-error string of an upstream failure: `upstream:<key>` (or `upstream:<key>:<n>` when the
 * message carries a number, e.g. seconds to wait) for a known code, else `server:<message>`, else the
 * fallback.
 */
export function upstreamFormError(failure: { code?: string; message?: string }, fallback: string): string {
  const key = failure.code ? UPSTREAM_MESSAGE_KEYS[failure.code] : undefined;
  if (key) {
    const n = /\d+/.exec(failure.message ?? "")?.[0];
    return `${PREFIX}${key}${n ? `:${n}` : ""}`;
  }
  return failure.message ? `server:${failure.message}` : fallback;
}

/** The i18n key (errors namespace) and count of an `upstream:` form error, or null for any other string. */
export function parseUpstreamFormError(error: string): { key: string; n?: number } | null {
  if (!error.startsWith(PREFIX)) return null;
  const [key, n] = error.slice(PREFIX.length).split(":");
  if (!key || !Object.values(UPSTREAM_MESSAGE_KEYS).includes(key)) return null;
  return n && /^\d+$/.test(n) ? { key: `upstream.${key}`, n: Number(n) } : { key: `upstream.${key}` };
}
