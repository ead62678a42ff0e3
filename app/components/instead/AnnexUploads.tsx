import type { Dispatch, SetStateAction } from "react";
import type { Upload } from "~/components/instead/FillForm";
import { useTranslation } from "~/i18n-runtime";
import { Button } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";

/** The instead fill form's annex uploads in progress, stored or refused (decision 036); lazily loaded by FillForm. */
export default function AnnexUploads({
  uploads,
  controllers,
  setUploads,
  message: uploadMessage,
}: {
  uploads: Upload[];
  controllers: Map<string, AbortController>;
  setUploads: Dispatch<SetStateAction<Upload[]>>;
  message(u: Upload): string;
}) {
  const { t: tu } = useTranslation("instead", { keyPrefix: "upload" });
  return (
    <ul aria-label={tu("title")} className="space-y-2 rounded border border-gray-200 p-3 text-sm">
      {uploads.map((u) => (
        <li key={u.id} id={u.id} data-testid="instead-upload" data-state={u.state}>
          <span>
            {u.label}：{u.fileName}
          </span>
          {u.state === "uploading" ? (
            <span className="ml-2 inline-flex items-center gap-2">
              <progress max={100} value={u.percent} aria-label={tu("progress", { name: u.fileName })} className="w-40" />
              <span aria-live="polite">{tu("percent", { percent: u.percent })}</span>
              <Button type="button" onClick={() => controllers.get(u.id)?.abort()} variant="outline" size="xs">
                {tu("cancel")}
              </Button>
            </span>
          ) : u.state === "done" ? (
            <>
              <span role="status" className="ml-2 text-green-700">
                {tu("done")}
              </span>
              <HiddenInput name={u.field} value={u.url ?? ""} />
              <Button type="button" onClick={() => setUploads((list) => list.filter((x) => x.id !== u.id))} variant="link" className="ml-2 text-xs">
                {tu("remove")}
              </Button>
            </>
          ) : (
            <span role="alert" className="ml-2 text-red-700">
              {u.error === "cancelled" ? tu("cancelled") : uploadMessage(u)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
