import { useTimes } from "~/components/use-times";
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { finishPage } from "~/services/homework.server";
import { UpstreamError } from "~/lib/http/upstream.server";

export const handle = { i18n: ["files"] } satisfies RouteHandle;

/**
 * `/homework/finish/<id>` (spec 001 §7 `gotoFinishHomeworkPage/{homeworkId}`): where a submitted
 * homework lands: done, when, what was attached, the preview, and the next homework still to do.
 * Not handed in yet: back to the homework.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const id = /^\d{1,9}$/.test(args.params.id ?? "") ? Number(args.params.id) : undefined;
  if (id === undefined) throw data({ kind: "notFound" }, { status: 404 });
  const [finish, i18n] = await Promise.all([
    finishPage(portal.upstream, id).catch((error: unknown) => {
      if (error instanceof UpstreamError && error.kind === "business") throw redirect(`/homework/${id}`);
      throw error;
    }),
    namespaces(args.request, handle),
  ]);
  return data({ finish, i18n }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function HomeworkFinish() {
  const { finish, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "files");
  const times = useTimes();
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <h1 className="text-xl font-bold">{finish.title}</h1>
      <p role="status" className="text-lg text-green-700">
        {t("homework.saved")}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="homework-finish">
        {finish.submitTime ? (
          <>
            <dt className="text-gray-600">{t("homework.submitTime")}</dt>
            <dd>{times.moment(finish.submitTime)}</dd>
          </>
        ) : null}
        <dt className="text-gray-600">{t("homework.attachments")}</dt>
        <dd>{finish.attachmentCount}</dd>
        <dt className="text-gray-600">{t("homework.videos")}</dt>
        <dd>{finish.videoCount}</dd>
      </dl>
      <p className="flex flex-wrap gap-4 text-sm">
        <Link to={`/homework/preview/${finish.homeworkId}`} className="text-brand-strong underline">
          {t("homework.preview")}
        </Link>
        {finish.next ? (
          <Link to={`/homework/${finish.next.homeworkId}`} className="text-brand-strong underline" data-testid="homework-next">
            {t("homework.next", { title: finish.next.title })}
          </Link>
        ) : null}
        <Link to="/homework/list" className="text-brand-strong underline">
          {t("homework.back")}
        </Link>
      </p>
    </div>
  );
}
