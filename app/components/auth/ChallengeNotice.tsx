import { useEffect } from "react";
import { useTranslation } from "~/i18n-runtime";
import type { Next } from "~/forms/outcome";
import { Notice } from "~/components/ui/Notice";

/**
 * Code 600 (captcha): without JavaScript a plain link to the challenge page (a link, not a redirect of the
 * form post, so the CSP form-action stays 'self'); with JavaScript the page goes there at once, or the cloud
 * widget loads (only then) and returns the ticket. (The face step, 120030002, is a redirect: join.face-step.tsx.)
 */
export function ChallengeNotice({ next }: { next: Next }) {
  const { t } = useTranslation("login");
  const href = next.challenge.provider === "sandbox" ? next.challenge.url : undefined;
  useEffect(() => {
    if (href) {
      window.location.assign(href);
      return;
    }
    if (next.challenge.provider === "cloud") {
      const { appId, returnUrl } = next.challenge;
      void import("~/components/auth/captcha-cloud.client").then((m) => m.runCloudCaptcha(appId, returnUrl));
    }
  }, [href, next]);
  return (
    <Notice tone="warning" role="alert" className="mb-4" data-challenge={next.kind}>
      <p>{t("captcha.needed")}</p>
      {href ? (
        <a href={href} className="mt-2 inline-block font-semibold text-brand underline">
          {t("captcha.go")}
        </a>
      ) : null}
    </Notice>
  );
}
