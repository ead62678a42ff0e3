import { ConfigPart } from "~/components/shell/ConfigPart";
import { useTranslation } from "~/i18n-runtime";
import type { ShellView } from "~/services/shell.server";

/**
 * The footer of spec 000 section 2.3: templates 1-4 (and the FESCO footer), themed by footInfo.themes. Drawn from
 * the company's configuration alone: once per configuration and language on the server (decision 093).
 */
export function Footer({ shell }: { shell: ShellView }) {
  const { footer } = shell;
  const template = shell.site.fesco ? "fesco" : footer.templateId;
  const [background, color] = footer.colors;
  return (
    <ConfigPart
      as="footer"
      deps={[footer, shell.footMenus, shell.site]}
      className="shell-footer mt-12 py-8 text-sm"
      data-foot-template={String(template)}
      data-foot-theme={footer.theme}
      style={{ backgroundColor: background, color }}
    >
      <div className="mx-auto max-w-6xl space-y-4 px-4">
        {template === "fesco" ? (
          <>
            <FootMenus shell={shell} inline />
            <Lines shell={shell} />
          </>
        ) : template === 1 ? (
          <>
            <div className="flex flex-wrap justify-between gap-8">
              <FootMenus shell={shell} />
              <Social shell={shell} />
            </div>
            <Lines shell={shell} />
          </>
        ) : template === 2 ? (
          <>
            <div className="flex flex-wrap items-start gap-8">
              <Brand shell={shell} />
              <FootMenus shell={shell} />
            </div>
            <Lines shell={shell} />
          </>
        ) : template === 3 ? (
          <div className="text-center">
            <FootMenus shell={shell} inline />
            <Lines shell={shell} />
          </div>
        ) : (
          <div className="flex flex-wrap justify-between gap-8">
            <div className="space-y-3">
              <Brand shell={shell} />
              <Lines shell={shell} />
            </div>
            <Social shell={shell} />
          </div>
        )}
      </div>
    </ConfigPart>
  );
}

function Brand({ shell }: { shell: ShellView }) {
  const { footer } = shell;
  return (
    <div className="max-w-xs space-y-2">
      {footer.logoPic ? <img src={footer.logoPic} alt={shell.site.companyName} className="h-10" loading="lazy" /> : null}
      {footer.logoText ? <p className="text-lg font-semibold">{footer.logoText}</p> : null}
      {footer.overview ? <p className="opacity-80">{footer.overview}</p> : null}
    </div>
  );
}

function FootMenus({ shell, inline }: { shell: ShellView; inline?: boolean }) {
  const { t } = useTranslation();
  if (shell.footMenus.length === 0) return null;
  const links = (menu: ShellView["footMenus"][number]) =>
    menu.children.map((child) => (
      <li key={child.id}>
        <a
          href={child.href}
          target={child.newWindow ? "_blank" : undefined}
          rel={child.external || child.newWindow ? "noopener noreferrer" : undefined}
          // 24 px high (WCAG 2.2 target size, issue 26): the stacked phone footer's links were 20 px
          className="inline-flex min-h-6 items-center hover:underline"
        >
          {child.name}
        </a>
      </li>
    ));
  return (
    <nav aria-label={t("site.footNav")}>
      {inline ? (
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">{shell.footMenus.flatMap(links)}</ul>
      ) : (
        <div className="flex flex-wrap gap-10">
          {shell.footMenus.map((menu) => (
            <div key={menu.id}>
              <h2 className="mb-2 font-semibold">{menu.name}</h2>
              <ul className="space-y-1 opacity-90">{links(menu)}</ul>
            </div>
          ))}
        </div>
      )}
    </nav>
  );
}

function Social({ shell }: { shell: ShellView }) {
  const { t } = useTranslation();
  const { footer } = shell;
  if (!footer.sinaWeibo && !footer.tencentWeibo && !footer.wechatQr) return null;
  return (
    <div className="flex items-start gap-4" data-testid="footer-social">
      <ul className="space-y-1">
        {footer.sinaWeibo ? (
          <li>
            <a href={footer.sinaWeibo} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-6 items-center hover:underline">
              {t("site.sinaWeibo")}
            </a>
          </li>
        ) : null}
        {footer.tencentWeibo ? (
          <li>
            <a href={footer.tencentWeibo} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-6 items-center hover:underline">
              {t("site.tencentWeibo")}
            </a>
          </li>
        ) : null}
      </ul>
      {footer.wechatQr ? (
        <figure className="text-center text-xs">
          <img src={footer.wechatQr} alt={t("site.wechatQr")} width={96} height={96} className="bg-white" loading="lazy" />
          <figcaption className="mt-1">{t("site.wechatQr")}</figcaption>
        </figure>
      ) : null}
    </div>
  );
}

function Lines({ shell }: { shell: ShellView }) {
  const { t } = useTranslation();
  const { footer } = shell;
  return (
    <div className="space-y-1 opacity-90" data-testid="footer-lines">
      {footer.companyName ? <p>{footer.companyName}</p> : null}
      {footer.address ? <p>{t("site.address", { address: footer.address })}</p> : null}
      <p className="flex flex-wrap items-center justify-center gap-x-3 sm:justify-start">
        {footer.copyright ? <span>{footer.copyright}</span> : null}
        {footer.icpNo ? (
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" className="inline-flex min-h-6 items-center hover:underline">
            {footer.icpNo}
          </a>
        ) : null}
        {footer.security ? (
          <span className="inline-flex items-center gap-1" data-testid="security-filing">
            {footer.security.ico ? <img src={footer.security.ico} alt="" width={16} height={16} loading="lazy" /> : null}
            {footer.security.link ? (
              <a href={footer.security.link} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-6 items-center hover:underline">
                {footer.security.regno}
              </a>
            ) : (
              footer.security.regno
            )}
          </span>
        ) : null}
      </p>
    </div>
  );
}
