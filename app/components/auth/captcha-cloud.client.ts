import { CLOUD_CAPTCHA_SCRIPT } from "~/lib/security/third-party-scripts";

/**
 * The cloud provider's slider captcha (spec 000 section 7.4), loaded only when a challenge is due. Its
 * script defines `TencentCaptcha(appId, callback)`; the result (`ret` 0, `ticket`, `randstr`) goes back to
 * the portal address that retries the pending request. Never used in tests (the sandbox page is).
 */
type CaptchaResult = { ret: number; ticket?: string; randstr?: string };
type TencentCaptchaCtor = new (appId: string, callback: (res: CaptchaResult) => void) => { show(): void };

const SCRIPT = CLOUD_CAPTCHA_SCRIPT;

function loadScript(): Promise<TencentCaptchaCtor> {
  const existing = (window as unknown as { TencentCaptcha?: TencentCaptchaCtor }).TencentCaptcha;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => {
      const ctor = (window as unknown as { TencentCaptcha?: TencentCaptchaCtor }).TencentCaptcha;
      if (ctor) resolve(ctor);
      else reject(new Error("captcha script loaded without TencentCaptcha"));
    };
    script.onerror = () => reject(new Error("captcha script failed to load"));
    document.head.appendChild(script);
  });
}

export async function runCloudCaptcha(appId: string, returnUrl: string) {
  const back = new URL(returnUrl);
  try {
    const Captcha = await loadScript();
    new Captcha(appId, (res) => {
      if (res.ret === 0 && res.ticket && res.randstr) {
        back.searchParams.set("ticket", res.ticket);
        back.searchParams.set("randstr", res.randstr);
      } else if (res.ret !== 2) {
        back.searchParams.set("captchaFailed", "1");
      } else {
        return; // closed by the visitor: stay on the form
      }
      window.location.assign(back.toString());
    }).show();
  } catch {
    back.searchParams.set("captchaFailed", "1");
    window.location.assign(back.toString());
  }
}
