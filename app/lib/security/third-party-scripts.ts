/** The addresses of the third-party scripts a page may load; the CSP (security.server.ts) allows the same ones. */

/** The cloud provider's captcha script (spec 000 section 7.4): loaded by captcha-cloud.client.ts, allowed by the page's CSP. */
export const CLOUD_CAPTCHA_SCRIPT = "https://turing.captcha.qcloud.com/TCaptcha.js";

/** The analytics script of spec 000 section 7.4, chosen by statType; the key is URL-encoded, never code. */
export function analyticsSrc(type: string, key: string): string | null {
  const k = encodeURIComponent(key);
  switch (type) {
    case "baidu":
      return `https://hm.baidu.com/hm.js?${k}`;
    case "google":
      return `https://www.googletagmanager.com/gtag/js?id=${k}`;
    case "cnzz":
      return `https://s4.cnzz.com/z_stat.php?id=${k}&web_id=${k}`;
    case "tencent":
      return `https://tajs.qq.com/stats?sId=${k}`;
    default:
      return null;
  }
}
