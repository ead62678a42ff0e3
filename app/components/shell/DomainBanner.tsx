import { useTranslation } from "~/i18n-runtime";
import { Input } from "~/components/ui/Input";

/** Spec 000 section 2.5: a closable test-domain warning; closing is a CSS checkbox, so it works without JS. */
export function DomainBanner({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Input type="checkbox" id="domain-warn-close" className="peer sr-only" aria-label={t("site.domainWarnClose")} />
      <div
        role="alert"
        data-testid="domain-warn"
        className="flex items-center justify-center gap-4 bg-amber-100 px-4 py-2 text-sm text-amber-900 peer-checked:hidden"
      >
        <span>{message || t("site.domainWarn")}</span>
        <label htmlFor="domain-warn-close" className="cursor-pointer rounded px-2 text-amber-900 hover:bg-amber-200" data-testid="domain-warn-close">
          <span aria-hidden="true">×</span>
          <span className="sr-only">{t("site.domainWarnClose")}</span>
        </label>
      </div>
    </>
  );
}
