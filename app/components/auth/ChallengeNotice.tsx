import { useEffect } from "react";
import { useTranslation } from "~/i18n-runtime";
import type { Next } from "~/forms/outcome";
import { Notice } from "~/components/ui/Notice";

/**
 * Code 600 (captcha) or 120030002 (face step): without JavaScript a plain link to the challenge page
 * (a link, not a redirect of the form post, so the CSP form-action stays 'self'); with JavaScript the
 * page goes there at once, or the cloud widget loads (only then) and returns the ticket.
 */
export function ChallengeNotice({ next }: { next: Next }) {
  const { t } = useTranslation("login");
  const href = next.kind === "face" ? next.url : next.challenge.provider === "sandbox" ? next.challenge.url : undefined;
  useEffect(() => {
    if (href) {
      window.location.assign(href);
      return;
    }
    if (next.kind === "captcha" && next.challenge.provider === "cloud") {
      const { appId, returnUrl } = next.challenge;
      void import("~/components/auth/captcha-cloud.client").then((m) => m.runCloudCaptcha(appId, returnUrl));
    }
  }, [href, next]);
  return (
    <Notice tone="warning" role="alert" className="mb-4" data-challenge={next.kind}>
      <p>{next.kind === "face" ? t("face.needed") : t("captcha.needed")}</p>
      {href ? (
        <a href={href} className="mt-2 inline-block font-semibold text-brand underline">
          {next.kind === "face" ? t("face.go") : t("captcha.go")}
        </a>
      ) : null}
    </Notice>
  );
}
