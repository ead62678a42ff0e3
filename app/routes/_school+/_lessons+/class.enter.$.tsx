import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { closeHrefFrom, MY_COURSES } from "~/components/dialog/cancel-href";
import { DialogPage } from "~/components/ui/Dialog";
import { EntryStepBody, stepTitle } from "~/components/study/lesson/EntryStepView";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";

export const handle = { i18n: ["lesson"] } satisfies RouteHandle;
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/**
 * `/class/enter/...` without its three ids (a link built from a course missing commodityId or course/classTypeId):
 * spec 001 §5 'loading data error, course id cannot be empty', 400. No upstream call.
 */
export async function loader(args: LoaderFunctionArgs) {
  const i18n = await namespaces(args.request, handle);
  const title = (i18n.bundles.lesson as { entry: Record<string, string> }).entry.missingIdTitle;
  return data({ i18n, title, closeHref: closeHrefFrom(args.request, MY_COURSES) }, { status: 400, headers: { "Cache-Control": "private, no-store" } });
}

export default function LessonEntryMissingId() {
  const { i18n, closeHref } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "lesson");
  return (
    <DialogPage title={stepTitle({ kind: "missingId" }, t)} width={500} closeHref={closeHref} testId="entry-dialog">
      <EntryStepBody step={{ kind: "missingId" }} />
    </DialogPage>
  );
}
