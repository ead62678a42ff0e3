import { useState, type MouseEvent } from "react";
import { useTranslation } from "~/i18n-runtime";

/** Spec 000 sections 2.6 and 9: the third-party pop-up window's size. */
export const POPUP_WIDTH = 666;
export const POPUP_HEIGHT = 565;
export const DD_MODAL_WIDTH = 400;

/**
 * The third-party icon row and the DingTalk QR modal. Without JavaScript each icon is a plain link (the
 * whole page goes to the provider and comes back); with JavaScript it opens a 666x565 window, or shows
 * the spec's warning when the browser blocks it.
 */
export function ThirdPartyRow({
  types,
  ddEnabled,
  ddQr,
  backUrl,
  ddHref,
  closeHref,
}: {
  types: string[];
  ddEnabled: boolean;
  ddQr: string | null;
  backUrl: string;
  ddHref: string;
  closeHref: string;
}) {
  const { t } = useTranslation("login");
  const [blocked, setBlocked] = useState(false);
  if (types.length === 0 && !ddEnabled) return null;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    const href = `${event.currentTarget.href}&popup=1`;
    const win = window.open(href, "thirdLogin", `width=${POPUP_WIDTH},height=${POPUP_HEIGHT}`);
    if (!win) {
      setBlocked(true);
      event.preventDefault();
      return;
    }
    event.preventDefault();
    setBlocked(false);
  };
  return (
    <div className="mt-6 border-t border-gray-100 pt-4">
      <p className="mb-2 text-center text-xs text-gray-500">{t("third.title")}</p>
      {blocked ? (
        <p role="alert" className="mb-2 text-center text-xs text-red-600">
          {t("errors.windowBlocked")}
        </p>
      ) : null}
      <ul className="flex justify-center gap-4 text-sm">
        {types.map((type) => (
          <li key={type}>
            <a href={`/join/third/${type}?backUrl=${encodeURIComponent(backUrl)}`} onClick={open} data-third={type} className="text-gray-700 hover:text-brand">
              {t(`third.${type}`)}
            </a>
          </li>
        ))}
        {ddEnabled ? (
          <li>
            <a href={ddHref} data-third="dingtalk" className="text-gray-700 hover:text-brand">
              {t("third.dingtalk")}
            </a>
          </li>
        ) : null}
      </ul>
      {ddQr ? (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40">
          <div role="dialog" aria-modal="true" aria-labelledby="dd-title" className="rounded bg-white p-6 shadow-lg" style={{ width: DD_MODAL_WIDTH }}>
            <h2 id="dd-title" className="mb-3 text-lg font-semibold">
              {t("third.ddTitle")}
            </h2>
            <img src={ddQr} alt={t("third.ddScan")} width={240} height={240} className="mx-auto" />
            <p className="mt-2 text-center text-xs text-gray-500">{t("third.ddScan")}</p>
            <a href={closeHref} className="mt-4 block text-center text-sm text-brand">
              {t("actions.close")}
            </a>
          </div>
        </div>
      ) : null}
    </div>
  );
}
