import { useTimes } from "~/components/use-times";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { UploadForm, type UploadFormAnswer } from "~/components/upload/UploadForm";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requireValidPost, requireValidUpload } from "~/lib/portal.server";
import { resourceFileOptions, uploadWholeFile } from "~/services/resource-upload.server";
import { batchDeleteVideos, deleteOwnResource, getSpace, isVideo, listResources, resourceVipFlag } from "~/services/resources.server";
import { RESOURCE_PAGE_SIZE } from "~/services/resource-paging";
import { getCurrentUser } from "~/services/auth.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { opensDirectly } from "~/services/download.server";
import { safeExternalUrl } from "~/lib/security/redirect";
import { readFileUpload } from "~/lib/http/upload.server";
import { ResourceListFormSchema } from "~/forms/learner";
import { refused } from "~/lib/http/form-result.server";
import { formAction } from "~/lib/http/form-failure.server";
import { DeleteOutcome } from "~/components/upload/DeleteOutcome";
import { Button } from "~/components/ui/Button";
import { HiddenInput, Input } from "~/components/ui/Input";
import { Table } from "~/components/ui/Table";
import { Notice } from "~/components/ui/Notice";

/** Dialog 5 (spec 001 §2): loaded only when a preview opens. */
const ImageViewer = lazy(() => import("~/components/viewer/ImageViewer"));

export const handle = { i18n: ["files"] } satisfies RouteHandle;

/**
 * `/resource/list`: the resource sharing list (spec 001 §2: a page on the main host outside the hash
 * router; decision 029): list, space used, upload (no-JS multipart or JS chunks), view, download, delete.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const pageParam = Number(new URL(args.request.url).searchParams.get("page"));
  const page = Number.isInteger(pageParam) && pageParam > 0 && pageParam < 10_000 ? pageParam : 1;
  const [list, space, vip, user, i18n] = await Promise.all([
    listResources(portal.upstream, page),
    getSpace(portal.upstream),
    resourceVipFlag(portal.upstream),
    getCurrentUser(portal.upstream),
    namespaces(args.request, handle),
  ]);
  // images open directly (spec 001 §5): their address for the preview (a plain link without JS)
  const rows = list.list.map((r) => ({ ...r, video: isVideo(r), preview: opensDirectly(r.fileType) ? (safeExternalUrl(r.sourcePath) ?? null) : null }));
  // decision 037: getVipFlag 1 makes sharing a members' feature; a non-member gets the notice, not the form
  const membersOnly = vip === 1 && user.memberFlag !== 1;
  return data({ list: rows, total: list.total, page, space, membersOnly, i18n }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    if ((args.request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      const { upload } = await requireValidUpload(args, (request) => readFileUpload(request, resourceFileOptions));
      try {
        const portal = await requireStudent(args);
        return await uploadWholeFile(portal, upload, args.request.signal);
      } finally {
        await upload.file?.remove();
      }
    }
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args);
    const submission = parseWithZod(formData, { schema: ResourceListFormSchema });
    if (submission.status !== "success")
      return submission.payload.intent === "delete-videos"
        ? refused(submission, { batch: true, error: "malformed" })
        : refused(submission, { error: "malformed" });
    const f = submission.value;
    if (f.intent === "delete-videos") {
      // the batch delete of videos (spec 001 §7 batchDelVideo): the ticked rows, at most a page's worth
      const { ids } = f;
      if (ids.length === 0) return data({ batch: true, error: "noVideos" }, { status: 400 });
      try {
        const answer = await batchDeleteVideos(portal.upstream, ids);
        return data({ batch: true, deletedVideos: answer?.deleted ?? ids.length });
      } catch (error) {
        if (error instanceof UpstreamError && error.kind === "business")
          return data({ batch: true, error: "server", message: error.upstreamMessage ?? "" }, { status: 400 });
        throw error;
      }
    }
    const { id } = f;
    // another student's or a gone resource: nothing is deleted, and the page says so (issue 21)
    if (!(await deleteOwnResource(portal.upstream, id))) return data({ error: "notOwned" }, { status: 404 });
    return data({ deleted: true });
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

export default function ResourceList() {
  const { list, total, page, space, membersOnly, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "files");
  const times = useTimes();
  const answer = useActionData<typeof action>() as (UploadFormAnswer & { deleted?: boolean; deletedVideos?: number; batch?: boolean }) | undefined;
  const videos = list.filter((r) => r.video);
  const batchAnswer = answer?.batch === true;
  const pages = Math.max(1, Math.ceil(total / RESOURCE_PAGE_SIZE));
  const images = list.flatMap((r) => (r.preview ? [{ src: r.preview, alt: r.fileName }] : []));
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold">{t("resources.title")}</h1>
        <p className="text-sm text-gray-700" data-testid="space-used">
          {t("resources.space", { used: mb(space.usedSpace), total: mb(space.totalSpace) })}
        </p>
      </div>
      {membersOnly ? (
        <Notice as="p" tone="warning" role="note" className="p-4" data-testid="resource-vip">
          {t("resources.vipOnly")}{" "}
          <Link to="/personal/accountcenter/account/member" className="text-brand-strong underline">
            {t("resources.becomeMember")}
          </Link>
        </Notice>
      ) : (
        <UploadForm answer={answer?.deleted || batchAnswer || answer?.error === "notOwned" ? undefined : answer} relay="/resource/upload" />
      )}
      <DeleteOutcome deleted={Boolean(answer?.deleted)} notOwned={answer?.error === "notOwned"} testId="resource" className="text-sm" />
      {answer?.deletedVideos !== undefined ? (
        <p role="status" className="text-sm text-green-700" data-testid="videos-deleted">
          {t("resources.videosDeleted", { count: answer.deletedVideos })}
        </p>
      ) : batchAnswer && answer?.error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="videos-error">
          {answer.error === "noVideos" ? t("resources.noVideos") : answer.error === "server" ? answer.message || t("errors.-601") : t("errors.malformed")}
        </p>
      ) : null}
      {list.length === 0 ? (
        <p className="text-gray-600">{t("resources.empty")}</p>
      ) : (
        <Table data-testid="resource-table">
          <thead>
            <tr className="border-b">
              {videos.length ? (
                <th className="w-8">
                  <span className="sr-only">{t("resources.select")}</span>
                </th>
              ) : null}
              <th className="py-2">{t("resources.name")}</th>
              <th>{t("resources.size")}</th>
              <th>{t("resources.time")}</th>
              <th>{t("resources.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.id} className="border-b" data-testid="resource-row">
                {videos.length ? (
                  <td>
                    {r.video ? (
                      <Input
                        type="checkbox"
                        name="ids"
                        value={r.id}
                        form="video-batch"
                        aria-label={t("resources.selectVideo", { name: r.fileName })}
                        data-testid="video-check"
                      />
                    ) : null}
                  </td>
                ) : null}
                <td className="py-2 break-all">
                  <Link to={`/resource/${r.id}`} className="text-brand-strong underline">
                    {r.fileName}
                  </Link>
                </td>
                <td>{mb(r.sourceSize)}</td>
                <td>{times.moment(r.createTime)}</td>
                <td className="flex gap-3 py-2">
                  {r.preview ? (
                    <a
                      href={r.preview}
                      data-testid="preview-link"
                      className="text-brand-strong underline"
                      onClick={(event) => {
                        event.preventDefault();
                        setViewing(images.findIndex((i) => i.src === r.preview));
                      }}
                    >
                      {t("resources.preview")}
                    </a>
                  ) : null}
                  <a href={`/student/download?ids=${r.id}`} className="text-brand-strong underline">
                    {t("resources.download")}
                  </a>
                  <Form method="post">
                    <AuthenticityTokenInput name="csrf" />
                    <HiddenInput name="id" value={r.id} />
                    <Button type="submit" name="intent" value="delete" variant="dangerLink">
                      {t("resources.delete")}
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {videos.length ? (
        // the rows' checkboxes belong to this form (form="video-batch"): no nested forms, works without JS
        <Form method="post" id="video-batch" className="flex items-center gap-3 text-sm">
          <AuthenticityTokenInput name="csrf" />
          <Button type="submit" name="intent" value="delete-videos" variant="dangerOutline" size="sm">
            {t("resources.deleteVideos")}
          </Button>
          <span className="text-gray-600">{t("resources.videosHint", { count: videos.length })}</span>
        </Form>
      ) : null}
      {viewing !== null && images.length ? (
        <Suspense fallback={null}>
          <ImageViewer images={images} start={Math.max(0, viewing)} onClose={() => setViewing(null)} />
        </Suspense>
      ) : null}
      {pages > 1 ? (
        <nav className="flex gap-4 text-sm">
          {page > 1 ? <Link to={`?page=${page - 1}`}>{t("resources.prev")}</Link> : null}
          <span>{t("resources.page", { page })}</span>
          {page < pages ? <Link to={`?page=${page + 1}`}>{t("resources.next")}</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
