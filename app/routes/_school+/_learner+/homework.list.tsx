import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { leaveNotices, lessonCounts, lessonList } from "~/services/homework.server";
import { Notice } from "~/components/ui/Notice";

export const handle = { i18n: ["files"] } satisfies RouteHandle;

/** `/homework/list`: the homework completion list (spec 001 §2, §7; decision 029): class and package lessons with counts. */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const [classes, packages, counts, notices, i18n] = await Promise.all([
    lessonList(portal.upstream, "class"),
    lessonList(portal.upstream, "package"),
    lessonCounts(portal.upstream),
    leaveNotices(portal.upstream),
    namespaces(args.request, handle),
  ]);
  return data({ classes, packages, counts, notices, i18n }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function HomeworkList() {
  const { classes, packages, counts, notices, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "files");
  const section = (title: string, count: number, rows: typeof classes, id: string) => (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold">
        {title} ({count})
      </h2>
      {rows.length === 0 ? (
        <p className="text-gray-600">{t("homework.empty")}</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {rows.map((h) => (
            <li key={h.homeworkId} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="homework-row">
              <div>
                <p className="font-medium">{h.title}</p>
                <p className="text-sm text-gray-600">
                  {h.courseName} · {h.lessonName}
                </p>
              </div>
              <div className="flex items-center gap-3 text-sm">
                <span data-testid="homework-status">{h.status === 1 ? t("homework.submitted") : h.closed ? t("homework.closed") : t("homework.todo")}</span>
                <Link to={`/homework/${h.homeworkId}`} className="text-brand-strong underline">
                  {h.status === 1 || h.closed ? t("homework.view") : t("homework.write")}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <h1 className="text-xl font-bold">{t("homework.title")}</h1>
      <p className="text-sm text-gray-700" data-testid="homework-counts">
        {t("homework.counts", { submitted: counts.submittedCount, unsubmitted: counts.unsubmittedCount })}
      </p>
      {notices.length ? (
        // findHomeworkLeaveNotifyByUserId: homework left (assigned) to the student, not handed in yet
        <Notice as="section" tone="warning" role="region" aria-labelledby="hw-notices" className="space-y-2 p-3 text-base">
          <h2 id="hw-notices" className="font-semibold">
            {t("homework.notices", { count: notices.length })}
          </h2>
          <ul className="space-y-1 text-sm">
            {notices.map((n) => (
              <li key={n.id} data-testid="homework-notice">
                <Link to={`/homework/${n.homeworkId}`} className="text-brand-strong underline">
                  {n.title}
                </Link>{" "}
                <span className="text-gray-700">
                  {n.courseName}
                  {n.deadline ? ` · ${t("homework.deadline", { date: n.deadline })}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {section(t("homework.classLessons"), counts.classCount, classes, "hw-class")}
      {section(t("homework.packageLessons"), counts.packageCount, packages, "hw-package")}
    </div>
  );
}
