import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-token";
import { collectHref, QBANK_HOME } from "~/services/qbank-links";
import { qbankPagerWords } from "~/components/qbank/parts";
import { Pager } from "~/components/ui/Pager";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { loginRedirect } from "~/lib/guards/guards.server";
import { getPortal, isLoggedIn, requireValidPost } from "~/lib/portal.server";
import { loadCollectList, setCollected } from "~/services/qbank.server";
import { pageOf } from "~/lib/guards/sections.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { CollectFormSchema } from "~/forms/qbank";
import { formAction } from "~/lib/http/form-failure.server";
import { refused } from "~/lib/http/form-result.server";
import { Button } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";

/** My collection of questions (spec 001 §7: collect list, add and remove). */
export const handle = { i18n: ["qbank"] } satisfies RouteHandle;
export const headers = () => ({ "Cache-Control": "private, no-store" });
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d ? String((d.i18n.bundles.qbank as unknown as { book?: { collectTitle?: string } }).book?.collectTitle ?? "") : "" },
];

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  if (!isLoggedIn(portal)) throw loginRedirect(args.request);
  const [list, i18n] = await Promise.all([loadCollectList(portal.upstream, pageOf(new URL(args.request.url))), namespaces(args.request, handle)]);
  return data({ list, i18n }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, formData } = await requireValidPost(args);
    if (!isLoggedIn(portal)) throw loginRedirect(args.request);
    const submission = parseWithZod(formData, { schema: CollectFormSchema });
    if (submission.status !== "success") return refused(submission, { error: "bad request" });
    try {
      await setCollected(portal.upstream, submission.value.questionId, false);
    } catch (error) {
      if (!(error instanceof UpstreamError && error.kind === "business")) throw error;
    }
    return redirect(collectHref);
  });
}

export default function Collection() {
  const d = useLoaderData<typeof loader>();
  const { t } = useNamespaces(d.i18n, "qbank");
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4">
      <p>
        <Link to={QBANK_HOME} className="text-sm text-brand">
          {t("overview.back")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t("book.collectTitle")}</h1>
      {d.list.records.length === 0 ? (
        <p>{t("book.empty")}</p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white" data-testid="collection">
          {d.list.records.map((c) => (
            <li key={c.questionId} className="flex items-start justify-between gap-4 p-3">
              <div>
                <p>{c.stem}</p>
                <p className="text-xs text-gray-600">{t(`doing.kind.${c.kind}`)}</p>
              </div>
              <Form method="post">
                <CsrfInput />
                <HiddenInput name="questionId" value={c.questionId} />
                <Button type="submit" name="intent" value="uncollect" variant="outline" size="xs" className="text-sm">
                  {t("book.uncollect")}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Pager {...d.list} href={(p) => `${collectHref}?page=${p}`} words={qbankPagerWords(t, t("book.collectTitle"))} />
    </div>
  );
}
