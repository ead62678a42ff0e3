import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n-runtime";
import { CLOSE_MS, LOAD_POLL_MS, swipeOf, turn } from "./gesture";
import { Button } from "~/components/ui/Button";

export type ViewerImage = { src: string; alt: string };

/**
 * Dialog 5, image preview (spec 001 §2, §9): on a desktop pagination, rotate, zoom, flip and close, no
 * download; on a phone (coarse pointer) swipe left/right to turn, up/down to close, no zoom or rotate. A
 * failed image shows a reload button; an image still loading is polled every 500 ms. Loaded lazily by
 * the page that uses it (`React.lazy`), only when a preview opens.
 */
export default function ImageViewer({ images, start, onClose }: { images: ViewerImage[]; start: number; onClose(): void }) {
  const { t } = useTranslation("files");
  const [index, setIndex] = useState(start);
  const [rotate, setRotate] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [flip, setFlip] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [reload, setReload] = useState(0);
  const [closing, setClosing] = useState(false);
  const [mobile, setMobile] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const img = useRef<HTMLImageElement>(null);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const image = images[index]!;

  useEffect(() => {
    setMobile(window.matchMedia("(pointer: coarse)").matches);
    dialog.current?.showModal();
  }, []);
  useEffect(() => {
    setRotate(0);
    setZoom(1);
    setFlip(false);
    setFailed(false);
    setLoaded(false);
  }, [index]);
  // polling every 500 ms (spec 001 §9): an image that finished before React attached its handlers still counts
  useEffect(() => {
    if (loaded || failed) return;
    const timer = setInterval(() => {
      const el = img.current;
      if (!el?.complete) return;
      if (el.naturalWidth > 0) setLoaded(true);
      else setFailed(true);
    }, LOAD_POLL_MS);
    return () => clearInterval(timer);
  }, [loaded, failed, index, reload]);

  const close = () => {
    setClosing(true);
    setTimeout(
      () => {
        dialog.current?.close();
        onClose();
      },
      mobile ? CLOSE_MS.mobile : CLOSE_MS.desktop,
    );
  };
  const go = (step: 1 | -1) => setIndex((i) => turn(i, images.length, step));
  const src = reload ? `${image.src}${image.src.includes("?") ? "&" : "?"}r=${reload}` : image.src;
  const button = "rounded bg-white/90 px-3 py-1 text-sm text-gray-900 disabled:opacity-40";

  return (
    <dialog
      ref={dialog}
      aria-label={t("viewer.title")}
      data-testid="image-viewer"
      data-closing={closing || undefined}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className={`m-0 h-full max-h-none w-full max-w-none bg-black/85 p-0 transition-opacity ${closing ? "opacity-0" : "opacity-100"}`}
      style={{ transitionDuration: `${mobile ? CLOSE_MS.mobile : CLOSE_MS.desktop}ms` }}
      onContextMenu={(event) => event.preventDefault()}
    >
      <div
        className="flex h-full flex-col items-center justify-center gap-3 p-4"
        onTouchStart={(event) => {
          const p = event.touches[0];
          if (p) touch.current = { x: p.clientX, y: p.clientY };
        }}
        onTouchEnd={(event) => {
          const p = event.changedTouches[0];
          const from = touch.current;
          touch.current = null;
          if (!p || !from) return;
          const swipe = swipeOf(p.clientX - from.x, p.clientY - from.y);
          if (swipe === "next") go(1);
          else if (swipe === "prev") go(-1);
          else if (swipe === "close") close();
        }}
      >
        <p className="text-sm text-white" data-testid="viewer-page">
          {index + 1} / {images.length}
        </p>
        <div className="flex min-h-0 flex-1 items-center justify-center overflow-hidden">
          {failed ? (
            <Button
              type="button"
              variant="bare"
              className={button}
              data-testid="viewer-reload"
              onClick={() => {
                setFailed(false);
                setReload((n) => n + 1);
              }}
            >
              {t("viewer.reload")}
            </Button>
          ) : (
            <img
              key={`${index}-${reload}`}
              ref={img}
              src={src}
              alt={image.alt}
              draggable={false}
              data-testid="viewer-image"
              onLoad={() => setLoaded(true)}
              onError={() => setFailed(true)}
              className="max-h-full max-w-full select-none transition-transform"
              style={{ transform: `rotate(${rotate}deg) scale(${flip ? -zoom : zoom}, ${zoom})` }}
            />
          )}
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          <Button type="button" variant="bare" className={button} onClick={() => go(-1)} disabled={index === 0}>
            {t("viewer.prev")}
          </Button>
          <Button type="button" variant="bare" className={button} onClick={() => go(1)} disabled={index === images.length - 1}>
            {t("viewer.next")}
          </Button>
          {mobile ? null : (
            <>
              <Button type="button" variant="bare" className={button} onClick={() => setZoom((z) => Math.min(4, z + 0.25))}>
                {t("viewer.zoomIn")}
              </Button>
              <Button type="button" variant="bare" className={button} onClick={() => setZoom((z) => Math.max(0.25, z - 0.25))}>
                {t("viewer.zoomOut")}
              </Button>
              <Button type="button" variant="bare" className={button} onClick={() => setRotate((r) => (r + 90) % 360)}>
                {t("viewer.rotate")}
              </Button>
              <Button type="button" variant="bare" className={button} onClick={() => setFlip((f) => !f)}>
                {t("viewer.flip")}
              </Button>
            </>
          )}
          <Button type="button" variant="bare" className={button} onClick={close}>
            {t("viewer.close")}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
