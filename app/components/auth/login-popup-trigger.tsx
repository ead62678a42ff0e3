import { useLocation } from "@remix-run/react";
import { useState, type ComponentType, type MouseEvent } from "react";
import type { LoginPopupProps } from "~/components/auth/LoginPopup";

type Tab = LoginPopupProps["initial"];

/**
 * The header's login and register links open the pop-up of spec 000 §2.6 when JavaScript runs and
 * useLoginPage is 0. The dialog's code (and the forms, conform and zod) loads on the first click only;
 * without JavaScript, or with a modifier key, the links stay plain links to the stand-alone pages.
 */
export function useLoginPopup(enabled: boolean) {
  const location = useLocation();
  const [open, setOpen] = useState<{ Popup: ComponentType<LoginPopupProps>; tab: Tab } | null>(null);
  const onStandAlonePage = location.pathname.startsWith("/join/") || location.pathname.startsWith("/login/");
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!enabled || onStandAlonePage || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    const tab: Tab = event.currentTarget.dataset.loginPopup === "register" ? "register" : "login";
    import("~/components/auth/LoginPopup").then(
      (m) => setOpen({ Popup: m.LoginPopup, tab }),
      () => window.location.assign(href),
    );
  };
  const popup = open ? <open.Popup initial={open.tab} backUrl={location.pathname + location.search} onClose={() => setOpen(null)} /> : null;
  return { onClick, popup };
}
