import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "~/i18n-runtime";
import { LoginPanel, type LoginData } from "~/components/auth/LoginPanel";
import { RegisterPanel, type RegisterData } from "~/components/auth/RegisterPanel";
import type { Outcome } from "~/forms/outcome";
import { Button } from "~/components/ui/Button";

export type LoginPopupProps = { initial: "login" | "register"; backUrl: string; onClose: () => void };

const PREFIX = "popup-";

/**
 * The login / register pop-up of spec 000 §2.6 (loaded on the first click on a header link). It holds
 * no form of its own: a fetcher loads the stand-alone page's loader data (`/join/login` or
 * `/join/register`) and the same panel renders it, posting through a fetcher to the same action. The
 * register tab is the panel's own link, shown only when closeFlag is 0. A successful login answers a
 * redirect with `X-Remix-Reload-Document`: the current page reloads with `schoolId` (and
 * `companyMessageReach=ok`) added.
 */
export function LoginPopup({ initial, backUrl, onClose }: LoginPopupProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(() => `/join/${initial}?${new URLSearchParams({ backUrl }).toString()}`);
  const view = useFetcher<LoginData | RegisterData>();
  const dialog = useRef<HTMLDialogElement>(null);
  const { load } = view;

  useEffect(() => {
    load(url);
  }, [load, url]);

  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);

  // Links inside the panels (tabs, SMS / password, DingTalk QR) load into the dialog.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.current) {
      onClose();
      return;
    }
    const anchor = (event.target as Element).closest("a");
    if (!anchor || event.defaultPrevented || anchor.target) return;
    const target = new URL(anchor.href, window.location.href);
    if (target.origin !== window.location.origin) return;
    if (target.pathname !== "/join/login" && target.pathname !== "/join/register") return;
    event.preventDefault();
    setUrl(target.pathname + target.search);
  };

  const data = view.data;
  const isRegister = Boolean(data && "flags" in data);
  const headingId = `${PREFIX}${isRegister ? "register" : "login"}-heading`;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={data ? headingId : undefined}
      aria-label={data ? undefined : initial === "register" ? t("site.register") : t("site.login")}
      onClose={onClose}
      onClick={onClick}
      data-testid="login-popup"
      // Centred on every screen: Tailwind's reset takes the dialog's own `margin: auto` away (issue 12).
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-md overflow-y-auto rounded-lg bg-transparent p-0 backdrop:bg-black/40"
    >
      <div className="relative">
        <Button
          type="button"
          onClick={onClose}
          aria-label={t("popup.close")}
          variant="bare"
          className="absolute right-1 top-1 z-10 flex h-11 w-11 items-center justify-center text-xl leading-none text-gray-500 hover:text-gray-800"
        >
          ×
        </Button>
        {!data ? (
          <p role="status" className="rounded-lg bg-white p-6 text-center text-sm text-gray-600">
            {t("popup.loading")}
          </p>
        ) : isRegister ? (
          <PopupRegister key={url} data={data as RegisterData} />
        ) : (
          <PopupLogin key={url} data={data as LoginData} />
        )}
      </div>
    </dialog>
  );
}

/** A fresh submit fetcher per loaded address: a tab or mode change starts from a clean form. */
function PopupLogin({ data }: { data: LoginData }) {
  const submit = useFetcher<Outcome>();
  return (
    <LoginPanel
      data={data}
      actionData={submit.data}
      busy={submit.state !== "idle"}
      busyIntent={submit.state !== "idle" ? String(submit.formData?.get("intent") ?? "") : undefined}
      FormComponent={submit.Form}
      action="/join/login"
      idPrefix={PREFIX}
      popup
    />
  );
}

function PopupRegister({ data }: { data: RegisterData }) {
  const submit = useFetcher<Outcome>();
  return (
    <RegisterPanel
      data={data}
      actionData={submit.data}
      busy={submit.state !== "idle"}
      busyIntent={submit.state !== "idle" ? String(submit.formData?.get("intent") ?? "") : undefined}
      FormComponent={submit.Form}
      action="/join/register"
      idPrefix={PREFIX}
      popup
    />
  );
}
