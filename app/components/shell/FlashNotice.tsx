import { Notice } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n-runtime";

const KNOWN = new Set(["forcedOffline", "signInLinkInvalid", "loggedOut", "registered", "passwordChanged", "passwordReset"]);

/** A one-time message carried across a redirect (session flash), e.g. the forced-offline warning. */
export function FlashNotice({ code }: { code: string }) {
  const { t } = useTranslation();
  if (!KNOWN.has(code)) return null;
  return (
    <Notice tone="warning" banner role="alert" data-notice={code}>
      {t(`notice.${code}`)}
    </Notice>
  );
}
