import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "~/i18n-runtime";

/**
 * A modal over the current page (native `<dialog>`: focus kept inside, Esc closes, the page behind inert),
 * full screen on phones. Used with JavaScript only: the same content is the entry page without it.
 */
export function LessonDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation("lesson");
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="lesson-dialog"
      className="m-0 h-full max-h-none w-full max-w-none rounded-none bg-white p-0 backdrop:bg-black/50 md:m-auto md:h-auto md:w-[500px] md:rounded-lg"
    >
      <div className="flex items-center justify-between border-b border-gray-200 px-5 py-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button type="button" onClick={() => ref.current?.close()} className="rounded px-2 py-1 text-gray-700 hover:bg-gray-100" aria-label={t("entry.close")}>
          ×
        </button>
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}
