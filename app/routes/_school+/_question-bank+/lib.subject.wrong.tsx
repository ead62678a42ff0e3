import { parseWithZod } from "@conform-to/zod/v4";
import { Notice } from "~/components/ui/Notice";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-token";
import { doingHref, QBANK_HOME, wrongHref } from "~/services/qbank-links";
import { Block, qbankPagerWords } from "~/components/qbank/parts";
import { Pager } from "~/components/ui/Pager";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { loginRedirect } from "~/lib/guards/guards.server";
import { getPortal, isLoggedIn, requireValidPost } from "~/lib/portal.server";
import { deleteWrong, loadSubjects, loadWrongList, startWrongPractice } from "~/services/qbank.server";
import { idOf, pageOf } from "~/lib/guards/sections.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { WrongFormSchema } from "~/forms/qbank";
import { formAction } from "~/lib/http/form-failure.server";
import { refused } from "~/lib/http/form-result.server";
import { Button } from "~/components/ui/Button";
import { HiddenInput, Select } from "~/components/ui/Input";

/** The wrong-question book (spec 001 §7): the list by subject, practising them, removing one (DELETE with parentId). */
export const handle = { i18n: ["qbank"] } satisfies RouteHandle;
export const headers = () => ({ "Cache-Control": "private, no-store" });
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d ? String((d.i18n.bundles.qbank as unknown as { book?: { wrongTitle?: string } }).book?.wrongTitle ?? "") : "" },
];

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  if (!isLoggedIn(portal)) throw loginRedirect(args.request);
  const url = new URL(args.request.url);
  const subjectId = idOf(url.searchParams.get("subjectId"));
  const [list, subjects, i18n] = await Promise.all([
    loadWrongList(portal.upstream, { subjectId, page: pageOf(url) }),
    loadSubjects(portal.upstream, { page: 1, pageSize: 50 }),
    namespaces(args.request, handle),
  ]);
  return data({ list, subjects: subjects.records, subjectId: subjectId ?? null, i18n }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, formData } = await requireValidPost(args);
    if (!isLoggedIn(portal)) throw loginRedirect(args.request);
    const submission = parseWithZod(formData, { schema: WrongFormSchema });
    if (submission.status !== "success") return refused(submission, { error: "bad request" });
    const f = submission.value;
    try {
      if (f.intent === "practise") return redirect(doingHref((await startWrongPractice(portal, f.subjectId)).recordId));
      await deleteWrong(portal.upstream, f.wrongId, f.parentId);
      const url = new URL(args.request.url);
      return redirect(url.pathname + url.search);
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === "business") return data({ error: error.upstreamMessage ?? error.code ?? "" }, { status: 422 });
      throw error;
    }
  });
}

export default function WrongBook() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useNamespaces(d.i18n, "qbank");
  const names = new Map(d.subjects.map((s) => [s.id, s.name]));
  const groups = [...new Set(d.list.records.map((w) => w.parentId))];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4">
      <p>
        <Link to={QBANK_HOME} className="text-sm text-brand">
          {t("overview.back")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t("book.wrongTitle")}</h1>
      {result && "error" in result ? (
        <Notice tone="error" as="p">
          {t("book.failed", { message: result.error })}
        </Notice>
      ) : null}
      <Form method="get" className="flex items-end gap-2">
        <label className="flex flex-col text-sm">
          {t("book.subject")}
          <Select name="subjectId" defaultValue={d.subjectId ?? ""} className="w-auto">
            <option value="">{t("book.all")}</option>
            {d.subjects.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit" variant="outline" size="sm">
          {t("book.filter")}
        </Button>
      </Form>
      {groups.length === 0 ? <p>{t("book.empty")}</p> : null}
      {groups.map((subjectId) => (
        <Block
          key={subjectId}
          title={names.get(subjectId) ?? String(subjectId)}
          id={`wrong-${subjectId}`}
          aside={
            <Form method="post">
              <CsrfInput />
              <HiddenInput name="subjectId" value={subjectId} />
              <Button type="submit" name="intent" value="practise" size="sm">
                {t("book.practise")}
              </Button>
            </Form>
          }
        >
          <ul className="divide-y divide-gray-100" data-testid="wrong-book">
            {d.list.records
              .filter((w) => w.parentId === subjectId)
              .map((w) => (
                <li key={w.id} className="flex items-start justify-between gap-4 py-2">
                  <div>
                    <p>{w.stem}</p>
                    <p className="text-xs text-gray-600">
                      {t(`doing.kind.${w.kind}`)} · {t("book.times", { count: w.times })}
                    </p>
                  </div>
                  <Form method="post">
                    <CsrfInput />
                    <HiddenInput name="wrongId" value={w.id} />
                    <HiddenInput name="parentId" value={w.parentId} />
                    <Button type="submit" name="intent" value="delete" variant="outline" size="xs" className="text-sm">
                      {t("book.delete")}
                    </Button>
                  </Form>
                </li>
              ))}
          </ul>
        </Block>
      ))}
      <Pager
        {...d.list}
        href={(p) => `${wrongHref(d.subjectId ?? undefined)}${d.subjectId ? "&" : "?"}page=${p}`}
        words={qbankPagerWords(t, t("book.wrongTitle"))}
      />
    </div>
  );
}
