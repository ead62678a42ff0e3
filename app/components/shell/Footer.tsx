import { useTranslation } from "react-i18next";
import type { ShellView } from "~/services/shell.server";

/** The footer of spec 000 section 2.3 (the page-shell issue adds templates 1-4). */
export function Footer({ shell }: { shell: ShellView }) {
  const { t } = useTranslation();
  const { footer } = shell;
  return (
    <footer className="mt-12 bg-gray-800 py-8 text-sm text-gray-300">
      <div className="mx-auto max-w-6xl space-y-2 px-4">
        {shell.footMenus.length > 0 ? (
          <ul className="flex flex-wrap gap-4">
            {shell.footMenus.map((menu) => (
              <li key={menu.id}>{menu.name}</li>
            ))}
          </ul>
        ) : null}
        {footer.address ? <p>{t("site.address", { address: footer.address })}</p> : null}
        <p>
          {footer.copyright ? <span>{footer.copyright} </span> : null}
          {footer.icpNo ? <span>{t("site.icp", { icpNo: footer.icpNo })} </span> : null}
          {footer.securityRegno ? <span>{t("site.security", { regno: footer.securityRegno })}</span> : null}
        </p>
      </div>
    </footer>
  );
}
