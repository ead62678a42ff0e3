import { useTimes } from "~/components/use-times";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-token";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { opensDirectly } from "~/services/download.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requireValidPost, type Portal } from "~/lib/portal.server";
import { safeExternalUrl } from "~/lib/security/redirect";
import { deleteOwnResource, isVideo, resourceDetail, resourceUrl } from "~/services/resources.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { ResourceDeleteSchema } from "~/forms/learner";
import { refused } from "~/lib/http/form-result.server";
import { formAction } from "~/lib/http/form-failure.server";

export const handle = { i18n: ["files"] } satisfies RouteHandle;

const NO_STORE = { "Cache-Control": "private, no-store" };

const idOf = (params: { id?: string }) => (/^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : undefined);

const notFound = () => data({ kind: "notFound" }, { status: 404, headers: NO_STORE });

async function detailOf(portal: Portal, params: { id?: string }) {
  const id = idOf(params);
  if (id === undefined) throw notFound();
  const soft = <T,>(promise: Promise<T>) =>
    promise.catch((error: unknown) => {
      if (error instanceof UpstreamError && error.kind === "business") return null;
      throw error;
    });
  // detail and the view address in one round (spec 001 §7 `detail/{id}`, `view/{id}`)
  const [detail, view] = await Promise.all([soft(resourceDetail(portal.upstream, id)), soft(resourceUrl(portal.upstream, id, "view"))]);
  if (!detail) throw notFound();
  return { detail, view: view ? (safeExternalUrl(view.url) ?? null) : null };
}

/**
 * `/resource/<id>` (spec 001 §7 "Resources": detail, view, download, delete; decision 037): one shared
 * resource: its name, type, category, size and time; an image or a video shown from its view address,
 * other files a "view online" link; download through the student download route (permission first).
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const [{ detail, view }, i18n] = await Promise.all([detailOf(portal, args.params), namespaces(args.request, handle)]);
  return data({ detail, view, video: isVideo(detail), image: opensDirectly(detail.fileType), i18n }, { headers: NO_STORE });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args);
    const id = idOf(args.params);
    if (id === undefined) return data({ error: "malformed" }, { status: 400 });
    const submission = parseWithZod(formData, { schema: ResourceDeleteSchema });
    if (submission.status !== "success") return refused(submission, { error: "malformed" });
    // another student's or a gone resource: nothing is deleted; the answer is its 404, not the way back (issue 21)
    if (!(await deleteOwnResource(portal.upstream, id))) throw data(null, { status: 404 });
    throw redirect("/resource/list", 303);
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

export default function ResourceDetail() {
  const { detail, view, video, image, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "files");
  const times = useTimes();
  const category = video ? "video" : (detail.fileCategory ?? "docs");
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <p className="text-sm">
        <Link to="/resource/list" className="text-brand-strong underline">
          {t("resources.back")}
        </Link>
      </p>
      <h1 className="text-xl font-bold break-all">{detail.fileName}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="resource-facts">
        <dt className="text-gray-600">{t("resources.type")}</dt>
        <dd>{detail.fileType}</dd>
        <dt className="text-gray-600">{t("resources.category")}</dt>
        <dd>{t(`resources.categories.${category}`, { defaultValue: category })}</dd>
        <dt className="text-gray-600">{t("resources.size")}</dt>
        <dd>{mb(detail.sourceSize)}</dd>
        {detail.createTime ? (
          <>
            <dt className="text-gray-600">{t("resources.time")}</dt>
            <dd>{times.moment(detail.createTime)}</dd>
          </>
        ) : null}
      </dl>
      {view && image ? (
        <img src={view} alt={detail.fileName} className="max-h-96 max-w-full rounded border" data-testid="resource-image" />
      ) : view && video ? (
        <video src={view} controls preload="none" className="max-h-96 w-full rounded border bg-black" data-testid="resource-video">
          <a href={view}>{t("resources.view")}</a>
        </video>
      ) : null}
      <div className="flex flex-wrap items-center gap-4 text-sm">
        {view ? (
          <a href={view} target="_blank" rel="noopener noreferrer" className="text-brand-strong underline" data-testid="resource-view">
            {t("resources.view")}
          </a>
        ) : (
          <span className="text-gray-600">{t("resources.noView")}</span>
        )}
        <a href={`/student/download?ids=${detail.id}`} className="text-brand-strong underline">
          {t("resources.download")}
        </a>
        <Form method="post">
          <CsrfInput />
          <SubmitButton name="intent" value="delete" variant="dangerLink">
            {t("resources.delete")}
          </SubmitButton>
        </Form>
      </div>
    </div>
  );
}
