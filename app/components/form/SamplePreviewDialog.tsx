import { useState } from "react";
import type { useTranslation } from "~/i18n-runtime";
import { Button } from "~/components/ui/Button";
import { DialogPage } from "~/components/ui/Dialog";

type T = ReturnType<typeof useTranslation>["t"];

/**
 * The image preview (spec 001 §2 dialog 5) of an annex field's sample, opened by DynamicFields' 'view sample'
 * with JavaScript (a lazily loaded module). A failed image shows a reload button, which asks for it again.
 */
export default function SamplePreviewDialog({ url, title, t, onClose }: { url: string; title: string; t: T; onClose: () => void }) {
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const src = attempt ? `${url}${url.includes("?") ? "&" : "?"}reload=${attempt}` : url;
  return (
    <DialogPage title={title} width={685} closeHref={url} onClose={onClose} testId="image-preview">
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {t("imageFailed")}{" "}
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {t("reloadImage")}
          </Button>
        </p>
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- onError is the image failing to load, not a user's action
        <img key={attempt} src={src} alt={title} className="mx-auto max-h-[70vh] max-w-full" onError={() => setFailed(true)} />
      )}
    </DialogPage>
  );
}
