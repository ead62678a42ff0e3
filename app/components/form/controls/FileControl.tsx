import { lazy, Suspense, useState } from "react";
import { Input } from "~/components/ui/Input";
import { fileNameOf } from "~/forms/dynamic-fields";
import { list, type ControlProps, type T } from "./shared";

/** The preview dialog's code loads on the first 'view sample' click (decision 040: the pages' script budget). */
const SamplePreviewDialog = lazy(() => import("~/components/form/SamplePreviewDialog"));

/**
 * annex and image: the files kept (a checkbox each: unchecked, removed), a file input, and an annex's 'view
 * sample' and 'download template' (spec 001 §2; the template link is the portal's own route, decision 076).
 */
export default function FileControl({ field, meta, aria, t }: ControlProps) {
  const kept = list(meta.initialValue);
  const name = meta.name;
  return (
    <div className="space-y-1" key={meta.key}>
      {kept.length ? (
        <ul aria-label={t("currentFiles")} className="space-y-1 text-sm">
          {kept.map((url) => (
            <li key={url}>
              <label className="inline-flex items-center gap-1">
                <Input type="checkbox" name={name} value={url} defaultChecked />
                {field.type === "image" ? <img src={url} alt="" className="h-10 w-10 rounded object-cover" /> : null}
                <a href={url} target="_blank" rel="noreferrer" className="text-brand-strong underline">
                  {fileNameOf(url)}
                </a>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        id={meta.id}
        type="file"
        name={name}
        accept={field.type === "image" ? "image/jpeg,image/png" : undefined}
        aria-label={field.label}
        aria-invalid={aria["aria-invalid"]}
      />
      {field.sampleUrl || field.templateUrl ? (
        <p className="flex gap-3 text-xs">
          {field.sampleUrl ? <SamplePreview url={field.sampleUrl} label={field.label} t={t} /> : null}
          {field.templateUrl ? (
            <a href={field.templateUrl} download className="text-brand-strong underline">
              {t("downloadTemplate")}
            </a>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/**
 * An annex field's 'view sample' (spec 001 §2 dialog 5, §3 dynamic fields): with JavaScript the image preview
 * dialog (SamplePreviewDialog.tsx, loaded on the first click), a failed image offers a reload; without
 * JavaScript the link opens the image in a new tab.
 */
function SamplePreview({ url, label, t }: { url: string; label: string; t: T }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="text-brand-strong underline"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {t("viewSample")}
      </a>
      {open ? (
        <Suspense fallback={null}>
          <SamplePreviewDialog url={url} title={t("samplePreview", { label })} t={t} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
