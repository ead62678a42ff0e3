import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/lib/guards/guards.server";
import { paperRecord } from "~/services/homework.server";
import { doingHref } from "~/services/qbank-links";
import { UpstreamError } from "~/lib/http/upstream.server";

/**
 * `/homework/paper/<id>` (spec 001 §7 `gotoPaperHomeworkPage`; issue 17: "a paper homework uses the
 * question-bank doing page"): asks the upstream for the homework's exercise record (made once, then the
 * same) and goes to `/lib/subject/doing/<recordId>`; handing the paper in there hands the homework in.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const id = /^\d{1,9}$/.test(args.params.id ?? "") ? Number(args.params.id) : undefined;
  if (id === undefined) throw data({ kind: "notFound" }, { status: 404 });
  try {
    const { recordId } = await paperRecord(portal.upstream, id);
    return redirect(doingHref(recordId));
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") throw redirect(`/homework/${id}`);
    throw error;
  }
}
