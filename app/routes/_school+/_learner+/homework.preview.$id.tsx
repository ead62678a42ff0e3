import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { previewHomework } from "~/services/homework.server";
import { safeExternalUrl } from "~/lib/security/redirect";
import { UpstreamError } from "~/lib/http/upstream.server";

export const handle = { i18n: ["files"] } satisfies RouteHandle;

/**
 * `/homework/preview/<id>` (spec 001 §7 `preview`): the homework and what the student handed in, read
 * only, as the teacher sees it: the text, the attachments and videos (links to the files).
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const id = /^\d{1,9}$/.test(args.params.id ?? "") ? Number(args.params.id) : undefined;
  if (id === undefined) throw data({ kind: "notFound" }, { status: 404 });
  const [preview, i18n] = await Promise.all([
    previewHomework(portal.upstream, id).catch((error: unknown) => {
      if (error instanceof UpstreamError && error.kind === "business") throw data({ kind: "notFound" }, { status: 404 });
      throw error;
    }),
    namespaces(args.request, handle),
  ]);
  const link = <T extends { sourcePath: string }>(f: T) => ({ ...f, href: safeExternalUrl(f.sourcePath) ?? null });
  return data(
    { preview: { ...preview, attachments: preview.attachments.map(link), videos: preview.videos.map(link) }, i18n },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function HomeworkPreview() {
  const { preview, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "files");
  const files = (title: string, list: typeof preview.attachments, testId: string) =>
    list.length ? (
      <section className="space-y-1">
        <h2 className="font-semibold">{title}</h2>
        <ul className="space-y-1 text-sm">
          {list.map((f) => (
            <li key={f.id} data-testid={testId} className="break-all">
              {f.href ? (
                <a href={f.href} target="_blank" rel="noopener noreferrer" className="text-brand-strong underline">
                  {f.fileName}
                </a>
              ) : (
                f.fileName
              )}
            </li>
          ))}
        </ul>
      </section>
    ) : null;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <p className="text-sm">
        <Link to={`/homework/${preview.homeworkId}`} className="text-brand-strong underline">
          {t("homework.backToHomework")}
        </Link>
      </p>
      <h1 className="text-xl font-bold">
        {t("homework.previewTitle")} · {preview.title}
      </h1>
      <p className="text-sm text-gray-600">
        {preview.courseName} · {preview.lessonName}
      </p>
      <p className="whitespace-pre-wrap rounded bg-gray-50 p-3">{preview.content}</p>
      {preview.submission ? (
        <section aria-labelledby="pv-mine" className="space-y-2 rounded border border-gray-200 p-3" data-testid="preview-submission">
          <h2 id="pv-mine" className="font-semibold">
            {t("homework.mine")}
          </h2>
          <p className="whitespace-pre-wrap">{preview.submission.content}</p>
        </section>
      ) : (
        <p className="text-gray-600" data-testid="preview-empty">
          {preview.submitted === 1 ? t("homework.paperDone") : t("homework.notSubmitted")}
        </p>
      )}
      {files(t("homework.attachments"), preview.attachments, "preview-attachment")}
      {files(t("homework.videos"), preview.videos, "preview-video")}
    </div>
  );
}
