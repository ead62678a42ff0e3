import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CategoriesPage, type UpgradeOutcome } from "~/components/account/CategoriesPage";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { noticeOf, UpgradeCategoryPostSchema } from "~/services/account-centre.server";
import { requireStudent, requireStudentWith } from "~/lib/guards/guards.server";
import { requireValidPost } from "~/lib/portal.server";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { categoryOverview, upgradeCategory } from "~/services/user-categories.server";
import { formAction } from "~/lib/http/form-failure.server";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { ownAnswer } from "~/forms/form-failure";

export const handle = { i18n: ["account", "upstream"] } satisfies RouteHandle;

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const PAGE = "/personal/accountcenter/category";

/**
 * `/personal/accountcenter/category`, the user-centre categories (spec 001 section 7
 * `/v1/user-center/category/...`; our reading and address, decision 038): the catalogue's categories I
 * study (with my courses), those I can start (to the course list), those with exams (to the question
 * bank), the counts, and "upgrade" of a category in use (handle/upgrade: its free courses joined), a
 * plain post answered with a 303. Guard: the account entry (`accountcenter.account`), as the coupons tab.
 */
export async function loader(args: LoaderFunctionArgs) {
  // the permission check runs in the round of the page's calls (one round per page)
  const {
    loaded: [overview, i18n],
  } = await requireStudentWith(args, "accountcenter.account", (portal) => Promise.all([categoryOverview(portal.upstream), namespaces(args.request, handle)]));
  return data({ ...overview, i18n, notice: noticeOf(new URL(args.request.url)) });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args, "accountcenter.account");
    const submission = parseWithZod(formData, { schema: UpgradeCategoryPostSchema });
    // the category comes from the page's button: a refusal of the schema is a post no button makes
    if (submission.status !== "success") return data<UpgradeOutcome>({ error: "malformed" }, { status: 400 });
    const done = await upgradeCategory(portal.upstream, submission.value.categoryId);
    if (!done.ok) return data<UpgradeOutcome>({ error: upstreamFormError(done, "failed") }, { status: 400 });
    return redirect(`${PAGE}?notice=categoryUpgraded`, 303);
  });
}

export default function CategoryRoute() {
  const d = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  useNamespaces(d.i18n, "account");
  return (
    <>
      <FormFailureNotice answer={outcome} className="mb-3" />
      <CategoriesPage {...d} outcome={ownAnswer(outcome) ?? null} action={PAGE} />
    </>
  );
}
