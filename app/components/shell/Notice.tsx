import { useTranslation } from "~/i18n-runtime";

const KNOWN = new Set(["forcedOffline", "signInLinkInvalid", "loggedOut", "registered", "passwordChanged", "passwordReset"]);

/** A one-time message carried across a redirect (session flash), e.g. the forced-offline warning. */
export function Notice({ code }: { code: string }) {
  const { t } = useTranslation();
  if (!KNOWN.has(code)) return null;
  return (
    <div role="alert" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-center text-amber-900" data-notice={code}>
      {t(`notice.${code}`)}
    </div>
  );
}
