import { completeInfoGate } from "~/services/student-info.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { CsrfInput } from "~/components/csrf-token";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { EXAM_LIST, examPaperHref, payResultHref } from "~/services/exam-links";
import {
  examAction,
  examNotFound,
  examTimeText,
  FACE_REFUSAL,
  joinExam,
  loadExam,
  loadExamPayState,
  loadExamRecord,
  makeExamPayOrder,
  refusalOf,
} from "~/services/exams.server";
import { faceGate } from "~/services/face.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requireValidPost } from "~/lib/portal.server";
import { idOf, notFound } from "~/lib/guards/sections.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { ExamIntroFormSchema } from "~/forms/qbank";
import { formAction } from "~/lib/http/form-failure.server";
import { refused } from "~/lib/http/form-result.server";
import { Table } from "~/components/ui/Table";
import { Notice } from "~/components/ui/Notice";

/**
 * The exam introduction (spec 001 §2 `/lib/subject/exampaper/examintro/{id}`; §7 queryDetail, pay,
 * queryExamRecord, joinExam, makePayOrder; decision 034): the exam's facts and rules, its one action (pay,
 * start or continue), and the record of past attempts with their scores. Posts work without JavaScript:
 * `intent=join` (a face exam goes through the face flow first: faceGate) and `intent=pay` (makePayOrder,
 * then `/lib/subject/exampaper/payresult?pay=1`, which sends the browser to the provider; it comes back there).
 */
export const handle = { i18n: ["exams"] } satisfies RouteHandle;
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.exam.examName ?? "" }];

export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const examId = idOf(args.params.id);
  if (!examId) notFound(portal);
  const [exam, record, pay, i18n] = await Promise.all([
    loadExam(portal.upstream, examId),
    loadExamRecord(portal.upstream, examId),
    loadExamPayState(portal.upstream, examId),
    namespaces(args.request, handle),
  ]).catch((error: unknown) => {
    if (examNotFound(error)) notFound(portal);
    throw error;
  });
  const handedIn = idOf(new URL(args.request.url).searchParams.get("handedIn"));
  const attempts = record.map((a) => ({ ...a, startedText: examTimeText(a.startedAt), submittedText: examTimeText(a.submittedAt) }));
  const done = handedIn ? (attempts.find((a) => a.recordId === handedIn && a.state === "submitted") ?? null) : null;
  const merged = { ...exam, needPay: pay.needPay, payState: pay.payState, price: pay.price };
  return data(
    { exam: merged, action: examAction(merged), attempts, done, startText: examTimeText(exam.startTime), endText: examTimeText(exam.endTime), i18n },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args);
    const examId = idOf(args.params.id);
    if (!examId) notFound(portal);
    const submission = parseWithZod(formData, { schema: ExamIntroFormSchema });
    if (submission.status !== "success") return refused(submission, { error: "bad request" });
    const { intent } = submission.value;
    const here = new URL(args.request.url).pathname;
    try {
      if (intent === "join") {
        // complete information, scene 4 'before taking the exam' (spec 001 dialog 1, §9), as scenes 2 and 3 do; back here afterwards
        const info = await completeInfoGate(portal, 4, { backUrl: here });
        if ("redirect" in info) return redirect(info.redirect);
        const joined = await joinExam(portal, examId);
        return redirect(examPaperHref(joined.recordId));
      }
      if (intent === "pay") {
        await makeExamPayOrder(portal.upstream, examId);
        return redirect(`${payResultHref(examId)}&pay=1`);
      }
    } catch (error) {
      if (examNotFound(error)) notFound(portal);
      // a face exam not verified yet: the face flow (status 1 verify, 2 face info), back here afterwards
      if (error instanceof UpstreamError && error.code === FACE_REFUSAL) {
        // an exam is bound to no course: the common face check (spec 001 §7 commonCheck, decision 058)
        const gate = await faceGate(portal, { backUrl: here, scope: "common" });
        if ("redirect" in gate) return redirect(gate.redirect);
      }
      const refusal = refusalOf(error);
      if (refusal) return data({ error: refusal }, { status: 422 });
      throw error;
    }
  });
}

export default function ExamIntro() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useNamespaces(d.i18n, "exams");
  const e = d.exam;
  const error = result && "error" in result ? result.error : null;
  const errorText = error?.startsWith("refuse:") ? t(`refuse.${error.slice(7)}`) : error?.startsWith("server:") ? error.slice(7) : error;
  const row = (label: string, value: string, testId?: string) => (
    <div className="flex gap-2 py-1">
      <dt className="w-28 shrink-0 text-gray-600">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  const resultOf = (passed: boolean | null) => (passed === null ? "" : passed ? t("record.passed") : t("record.failed"));
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4">
      <p>
        <Link to={EXAM_LIST} className="text-sm text-brand">
          {t("backToList")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{e.examName}</h1>
      {d.done ? (
        <Notice tone="success" as="p" className="text-base" data-testid="handed-in">
          {t("handedIn", { score: d.done.score ?? 0, total: d.done.totalScore, result: resultOf(d.done.passed) })}
        </Notice>
      ) : null}
      {errorText ? (
        <Notice tone="error" as="p" className="text-base" data-testid="exam-error">
          {errorText}
        </Notice>
      ) : null}
      <FormFailureNotice answer={result} />
      <section aria-labelledby="exam-intro" className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="exam-intro" className="mb-2 text-lg font-semibold">
          {t("intro.heading")}
        </h2>
        <p className="mb-3 whitespace-pre-line" data-testid="exam-intro-text">
          {e.intro}
        </p>
        <dl className="text-sm">
          {row(t("intro.type"), t(`type.${e.examType}`))}
          {row(t("intro.state"), t(`state.${e.examState}`), "exam-state")}
          {row(t("intro.time"), `${d.startText} – ${d.endText}`)}
          {row(t("intro.duration"), t("intro.minutes", { count: e.duration }))}
          {row(t("intro.questions"), String(e.questionCount))}
          {row(t("intro.total"), t("intro.points", { count: e.totalScore }))}
          {row(t("intro.pass"), t("intro.points", { count: e.passMark }))}
          {row(t("intro.price"), e.needPay ? `¥${e.price}${e.payState ? ` (${t("list.paid")})` : ""}` : t("list.free"), "exam-price")}
          {row(
            t("intro.times"),
            e.maxTimes
              ? t("intro.timesOf", { used: e.usedTimes, max: e.maxTimes })
              : `${t("intro.timesOfUnlimited", { used: e.usedTimes })} (${t("intro.unlimited")})`,
          )}
          {row(t("intro.face"), e.faceFlag ? t("intro.faceYes") : t("intro.faceNo"))}
        </dl>
        <div className="mt-4">
          {d.action === "join" || d.action === "continue" || d.action === "pay" ? (
            <Form method="post" className="flex flex-col gap-2">
              <CsrfInput />
              {e.faceFlag && d.action === "join" ? <p className="text-sm text-amber-800">{t("action.faceNote")}</p> : null}
              <SubmitButton name="intent" value={d.action === "pay" ? "pay" : "join"} className="self-start">
                {d.action === "pay" ? t("action.pay", { price: e.price }) : t(`action.${d.action}`)}
              </SubmitButton>
            </Form>
          ) : (
            <p className="text-gray-700" data-testid="exam-closed">
              {t(`action.${d.action}`)}
            </p>
          )}
        </div>
      </section>
      <section aria-labelledby="exam-record" className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="exam-record" className="mb-2 text-lg font-semibold">
          {t("record.heading")}
        </h2>
        {d.attempts.length ? (
          <Table data-testid="exam-record">
            <thead>
              <tr>
                <th scope="col">{t("record.number")}</th>
                <th scope="col">{t("record.started")}</th>
                <th scope="col">{t("record.submitted")}</th>
                <th scope="col">{t("record.score")}</th>
                <th scope="col">{t("record.result")}</th>
              </tr>
            </thead>
            <tbody>
              {d.attempts.map((a) => (
                <tr key={a.recordId} data-testid="exam-attempt">
                  <td>{t("record.attempt", { n: a.attemptNo })}</td>
                  <td>{a.startedText}</td>
                  <td>
                    {a.state === "submitted" ? (
                      a.submittedText
                    ) : (
                      <Link to={examPaperHref(a.recordId)} className="text-brand">
                        {t("record.doing")}
                      </Link>
                    )}
                  </td>
                  <td data-testid="attempt-score">{a.score !== null ? t("record.scoreOf", { score: a.score, total: a.totalScore }) : "—"}</td>
                  <td>{resultOf(a.passed)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className="text-gray-600">{t("record.empty")}</p>
        )}
      </section>
    </div>
  );
}
