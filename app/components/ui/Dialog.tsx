import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "~/i18n-runtime";

/**
 * THE way a step of the spec's dialogs (spec 001 §2 dialogs 1-4, the lesson entry chain's steps) is shown
 * (decision 026): the step is a route; the route renders its content inside `DialogPage`, a centred
 * `<dialog open>` panel over a backdrop, `width` px wide on desktop (spec 001 §9: complete-information 643,
 * face 500, agreement and info 685) and full screen on phones. The server decides the step either way.
 *
 * - Without JavaScript it is a page that looks like the dialog; its close control is a link to `closeHref`.
 * - With JavaScript the same element becomes a real modal (`showModal()`: focus kept inside, Escape
 *   closes); Escape, the close button and (when `maskClosable`) a click on the mask go to `closeHref`.
 *   A link to a step route is a plain `<Link>`: the client navigation keeps the school shell and the step
 *   opens over it. Nothing else runs.
 *
 * `onClose` (a dialog the page itself opened with JavaScript, e.g. the hand-in confirmation) closes it in
 * place instead of navigating to `closeHref` (which stays the link's address without JavaScript).
 * `closable={false}` hides the close control (a step that must be finished or cancelled through its own
 * buttons); `maskClosable={false}` keeps the dialog open on a mask click (spec 001 §2 dialog 3, face).
 */
export type DialogWidth = 500 | 643 | 685;

export function DialogPage({
  title,
  width,
  closeHref,
  closable = true,
  maskClosable = true,
  testId,
  onClose,
  children,
}: {
  title: ReactNode;
  width: DialogWidth;
  closeHref: string;
  closable?: boolean;
  maskClosable?: boolean;
  testId?: string;
  onClose?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof node.showModal !== "function") return;
    // from the server-rendered open panel to a real modal (top layer, focus trap, Escape)
    node.close();
    node.showModal();
    return () => node.close();
  }, []);

  const close = () => (onClose ? onClose() : navigate(closeHref));
  return (
    <div className="fixed inset-0 z-40 bg-black/40" data-dialog-backdrop>
      <dialog
        ref={ref}
        open
        aria-labelledby="dialog-title"
        data-testid={testId}
        data-width={width}
        style={{ ["--dialog-w" as string]: `${width}px` }}
        onCancel={(event) => {
          event.preventDefault();
          if (closable) close();
        }}
        onClick={(event) => {
          if (maskClosable && closable && event.target === ref.current) close();
        }}
        className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none overflow-auto bg-white p-0 text-gray-900 backdrop:bg-black/40 md:inset-auto md:left-1/2 md:top-12 md:h-auto md:max-h-[calc(100vh-6rem)] md:w-[var(--dialog-w)] md:max-w-[calc(100vw-2rem)] md:-translate-x-1/2 md:rounded-lg md:shadow-xl md:open:top-12"
      >
        <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-6 py-4">
          <h1 id="dialog-title" className="text-lg font-semibold">
            {title}
          </h1>
          {closable ? (
            <a
              href={closeHref}
              onClick={(event) => {
                event.preventDefault();
                close();
              }}
              aria-label={t("dialog.close")}
              className="text-xl leading-none text-gray-500 hover:text-gray-800"
              data-testid="dialog-close"
            >
              ×
            </a>
          ) : null}
        </div>
        <div className="px-6 py-5">{children}</div>
      </dialog>
    </div>
  );
}
