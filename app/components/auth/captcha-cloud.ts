/** The cloud provider's captcha script (spec 000 section 7.4): loaded by captcha-cloud.client.ts, allowed by the page's CSP. */
export const CLOUD_CAPTCHA_SCRIPT = "https://turing.captcha.qcloud.com/TCaptcha.js";
