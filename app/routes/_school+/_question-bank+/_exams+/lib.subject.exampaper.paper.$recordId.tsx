import { PaperSheet, PhoneExamBar } from "~/components/qbank/PhoneExamBar";
import { deadlineOf } from "~/components/offline/use-online";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { failedValues } from "~/forms/form-failure";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CsrfInput } from "~/components/csrf-token";
import { answerField, ExamQuestion } from "~/components/exams/ExamQuestion";
import { useExerciseSocket } from "~/components/qbank/use-exercise-socket";
import { clock } from "~/components/qbank/parts";
import { HandInConfirm } from "~/components/qbank/HandInConfirm";
import { answerOf, formAnswer, typedSince, unansweredCount, type DoingQuestion } from "~/components/qbank/QuestionForm";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type NamespaceParts, type RouteHandle } from "~/i18n.server";
import { examIntroHref, examPaperHref } from "~/services/exam-links";
import { examNotFound, handInPaper, loadExamOfRecord, saveExamAnswers } from "~/services/exams.server";
import { faceGate } from "~/services/face.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requireValidPost } from "~/lib/portal.server";
import { loadPaperQuestions, notFoundOn } from "~/services/qbank.server";
import { socketBootstrap } from "~/services/realtime.server";
import { idOf, notFound } from "~/lib/guards/sections.server";
import { faceCheckHref } from "~/services/study-links";
import { UpstreamError } from "~/lib/http/upstream.server";
import { ExamPaperFormSchema, type ExamPaperForm } from "~/forms/qbank";
import { formAction } from "~/lib/http/form-failure.server";
import { refused } from "~/lib/http/form-result.server";
import { Button } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";

/**
 * The timed exam paper of one attempt (decision 034): `/lib/subject/exampaper/paper/{recordId}`. Every
 * question in ONE form; "save answers" and "hand in" post it (no JavaScript needed: post/redirect/get,
 * only changed answers are sent, in one exercise-session batch submit; hand in = handInPaper/{recordId}).
 * The time left comes from the server on every load; past the end the upstream hands the paper in and this
 * page goes to the exam's record. With JavaScript: the clock counts down and hands in at zero, each answer
 * goes over the exam socket as it is given (exam-session.client.ts: kept on the device until confirmed),
 * and for a face exam the socket's `examFace` op checks the face verification (spec 000 §7.3).
 * Hand-in with questions unanswered asks first (issue 21): with JavaScript a dialog, without it the post
 * answers the same dialog as a page (after saving what it carried), and `confirm=1` hands in; the clock's
 * hand-in at the end sends `confirm=1` itself.
 */

/** The paper's form: the phone bar's "hand in" submits it from outside (`form=`). */
const PAPER_FORM_ID = "exam-paper-form";
// what the paper, its questions and the hand-in dialog draw of the exam and question bank strings (decision 090)
// during an exam one tap must not leave the paper: the exam bar replaces the tab bar (issue 39 §4)
export const handle = { i18n: ["exams", "qbank"], noTabBar: true } as const satisfies RouteHandle;
// of those namespaces, the groups the page reads (decision 090); the loader's only, not in the browser's route module
const PARTS = { exams: ["paper"], qbank: ["doing", "handIn"] } as const satisfies NamespaceParts;
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.exam.examName ?? "" }];

/**
 * With JavaScript the form is handed in this many seconds before the server's end: the time left is
 * rounded up to whole seconds and the post takes a moment, and a post after the end is refused (the
 * upstream hands the paper in first), so what is on the form would be lost.
 */
const HAND_IN_EARLY_S = 2;

export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const recordId = idOf(args.params.recordId);
  if (!recordId) notFound(portal);
  const [exam, paper, bootstrap, i18n] = await Promise.all([
    loadExamOfRecord(portal.upstream, recordId),
    loadPaperQuestions(portal, recordId),
    socketBootstrap(portal, "question"),
    namespaces(args.request, handle, PARTS),
  ]).catch((error: unknown) => {
    if (examNotFound(error) || notFoundOn(error)) notFound(portal);
    throw error;
  });
  // handed in (by the student, or by the clock): the exam's record with this attempt's score
  if (paper.record.state === "submitted") throw redirect(examIntroHref(exam.examId, recordId));
  // a face exam: the face flow first (a second round, face exams only)
  if (exam.faceFlag) {
    const gate = await faceGate(portal, { backUrl: examPaperHref(recordId) });
    if ("redirect" in gate) throw redirect(gate.redirect);
  }
  const saved = new URL(args.request.url).searchParams.get("saved") === "1";
  return data({ exam, record: paper.record, questions: paper.questions, bootstrap, saved, i18n }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * The answers of the form that differ from what it showed (`was.{id}`: without JavaScript the answer as the page
 * was drawn, with it the last answer the upstream confirmed), each with when it was given (`at.{id}`, with
 * JavaScript) so the upstream keeps the later answer per question: an unchanged field never overwrites a newer
 * save from another tab (issue 37 §2).
 */
function changedAnswers(questions: ExamPaperForm["questions"]): Array<{ questionId: number; answer: string[]; at?: number }> {
  return questions.flatMap(({ questionId, kind, was, at, values }) => {
    const answer = answerOf(kind, values);
    return JSON.stringify(answer) !== was ? [{ questionId, answer, ...(at ? { at } : {}) }] : [];
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args);
    const recordId = idOf(args.params.recordId);
    if (!recordId) notFound(portal);
    const submission = parseWithZod(formData, { schema: ExamPaperFormSchema });
    if (submission.status !== "success") return refused(submission, { error: "bad request" });
    const { intent, confirm } = submission.value;
    const answers = changedAnswers(submission.value.questions);
    try {
      // what was typed is kept first, whatever the button
      await saveExamAnswers(portal, recordId, answers);
      if (intent === "handin" && !confirm) {
        // questions unanswered: ask first (the page answers the confirmation; what was sent is saved)
        const paper = await loadPaperQuestions(portal, recordId);
        const unanswered = unansweredCount(paper.questions, paper.record.answers);
        const running = paper.record.state !== "submitted" && (paper.record.remainingS === null || paper.record.remainingS > 0);
        if (running && unanswered > 0) return data({ confirm: { unanswered, total: paper.questions.length } });
      }
      if (intent === "handin") {
        const done = await handInPaper(portal.upstream, recordId);
        return redirect(examIntroHref(done.examId, recordId));
      }
      return redirect(`${examPaperHref(recordId)}?saved=1`);
    } catch (error) {
      if (examNotFound(error) || notFoundOn(error)) notFound(portal);
      if (error instanceof UpstreamError && error.kind === "business") {
        // handed in meanwhile (the time ran out): the record
        if (error.code === "409") {
          const exam = await loadExamOfRecord(portal.upstream, recordId);
          return redirect(examIntroHref(exam.examId, recordId));
        }
        return data({ error: error.upstreamMessage ?? error.code ?? "" }, { status: 422 });
      }
      throw error;
    }
  });
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** With JavaScript: the exercise socket (answers as given, kept on the device until confirmed) and the examFace check after each connection. */
function useExamSocket(d: Loaded, onLocal: (answers: Map<number, string[]>) => void) {
  const recordId = d.record.recordId;
  const { examId, faceFlag } = d.exam;
  return useExerciseSocket(d.bootstrap, recordId, onLocal, (socket) => {
    if (!faceFlag) return;
    void socket.request("examFace", { examId, recordId }).then((answer) => {
      const face = answer.code === "1" ? (answer.data as { status?: number } | null)?.status : 0;
      if (face) window.location.assign(faceCheckHref(examPaperHref(recordId)));
    });
  });
}

export default function ExamPaper() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useNamespaces(d.i18n, "exams");
  const { t: tq } = useNamespaces(d.i18n, "qbank");
  // a post whose call failed (decision 042): the paper comes back with what was typed, not what the upstream has
  const [answers, setAnswers] = useState<Record<string, string[]>>(() => ({
    ...d.record.answers,
    ...Object.fromEntries(
      d.questions.flatMap((q) => {
        const typed = failedValues(result, answerField(q.id));
        return typed ? [[String(q.id), typed]] : [];
      }),
    ),
  }));
  /** how many times each question was redrawn from the device's copy (its key) */
  const [redrawn, setRedrawn] = useState<Record<string, number>>({});
  const [left, setLeft] = useState<number | null>(d.record.remainingS);
  const formRef = useRef<HTMLFormElement | null>(null);
  const handInRef = useRef<HTMLButtonElement | null>(null);
  /** `confirm=1` of the form: enabled by the dialog's "hand in anyway" and by the clock at the end */
  /** the hidden `confirm` field, enabled only when the confirmation dialog hands in */
  const confirmInput = () => formRef.current?.querySelector<HTMLInputElement>('input[name="confirm"]') ?? null;
  /** the dialog is open with this many questions unanswered */
  const [asked, setAsked] = useState<number | null>(null);
  // what each question was drawn with, for the socket's callback (it outlives the render it was made in)
  const drawn = useRef(answers);
  drawn.current = answers;
  /** The questions typed on since they were drawn (not yet held anywhere but the form). */
  const typedOnScreen = () => (formRef.current ? typedSince(formRef.current, d.questions, drawn.current, answerField) : new Map<number, string[]>());
  const { status, session, queue, announceHandIn, text } = useExamSocket(d, (local) => {
    // the answers kept on this device redraw their questions, except where the student has typed since
    // (newer than the device's copy: sent when the session is up, below)
    const typed = typedOnScreen();
    const applied = [...local].filter(([id]) => !typed.has(id)).map(([id, a]) => [String(id), a] as const);
    if (!applied.length) return;
    setAnswers((a) => ({ ...a, ...Object.fromEntries(applied) }));
    setRedrawn((r) => ({ ...r, ...Object.fromEntries(applied.map(([id]) => [id, (r[id] ?? 0) + 1])) }));
  });
  // when the server rendered this page (the root's clock): an offline copy's timer counts from there
  const renderedAt = useRef((useRouteLoaderData("root") as { clock?: { now: number } } | undefined)?.clock?.now);
  const live = status !== null;
  /** handed in meanwhile (another tab, another device): no more answers here (issue 37 §2) */
  const closed = status?.handedIn === true;
  const refused = new Set(status?.refused ?? []);
  /** with JavaScript, when each answer only this device has was given: sent with a hand-in (the later answer wins) */
  const givenAt = new Map((live ? (queue.current?.list() ?? []) : []).map((x) => [x.questionId, x.at]));
  /**
   * What a question's `was` tells the post: without the session, the answer as drawn; with it, the answer the
   * upstream confirmed (the form's answer, unless it is still on this device: then null, always sent), so a
   * hand-in carries only the unsaved answers, never the whole form as loaded (issue 37 §2).
   */
  const wasOf = (id: number): string[] | null =>
    !live ? (d.record.answers[String(id)] ?? []) : status.local.includes(id) || refused.has(id) ? null : (answers[String(id)] ?? []);

  // after a post/redirect/get the loader's answers are the truth
  useEffect(() => {
    setAnswers(d.record.answers);
    setLeft(d.record.remainingS);
  }, [d]);

  // the time left came from the server; at the end the paper is handed in (the form carries every answer)
  useEffect(() => {
    if (d.record.remainingS === null) return;
    const deadline = deadlineOf(d.record.remainingS, renderedAt.current);
    const timer = setInterval(() => {
      const s = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(s);
      if (s <= HAND_IN_EARLY_S) {
        clearInterval(timer);
        // the time is up: no question asked
        handInNow();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [d.record.remainingS]);

  /** Hands the form in (what is typed goes with it), past the unanswered-questions confirmation. */
  function handInNow() {
    setAsked(null);
    const confirm = confirmInput();
    if (confirm) confirm.disabled = false;
    if (formRef.current && handInRef.current) formRef.current.requestSubmit(handInRef.current);
  }

  const byId = new Map(d.questions.map((q) => [q.id, q]));
  /** With JavaScript: a question's answer as the form now has it, kept and sent (a choice at once, typing after its own pause). */
  const saveOne = (questionId: number, typed: boolean) => {
    const s = session.current;
    const q = byId.get(questionId);
    if (!s || !q || !formRef.current) return;
    const a = formAnswer(new FormData(formRef.current), q.kind, answerField(questionId));
    if (JSON.stringify(a) === JSON.stringify(answers[String(questionId)] ?? [])) return;
    setAnswers((x) => ({ ...x, [String(questionId)]: a }));
    // each question its own pending save: typing the next question never cancels this one's (issue 21)
    if (typed) s.answerSoon(questionId, a);
    else s.answer(questionId, a);
  };

  // the session is up: what was typed before it goes now (not only at the next change or the hand-in)
  useEffect(() => {
    if (live) for (const q of d.questions) saveOne(q.id, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live]);

  const onChange = (e: FormEvent<HTMLFormElement>) => {
    if (!session.current) return;
    const target = e.target as HTMLInputElement;
    const questionId = Number(/^answer\.(\d+)$/.exec(target.name)?.[1]);
    if (!questionId) return;
    saveOne(questionId, target.type !== "radio" && target.type !== "checkbox");
  };

  const answered = d.questions.length - unansweredCount(d.questions, answers);

  // a plain post carries every answer of the form; what is typed goes over the socket now too, and stays
  // on the device until the upstream confirms it (a failed post loses nothing). A hand-in with questions
  // unanswered asks first (the dialog), unless the clock or the dialog confirmed it.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    session.current?.flush();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== "handin") return;
    if (!confirmInput()?.disabled) return announceHandIn();
    // counted from the form as it is now (what was typed a moment ago included)
    const form = new FormData(e.currentTarget);
    const now = Object.fromEntries(d.questions.map((q) => [String(q.id), formAnswer(form, q.kind, answerField(q.id))]));
    const left = unansweredCount(d.questions, now);
    if (left > 0) {
      e.preventDefault();
      setAsked(left);
      return;
    }
    announceHandIn();
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-bold">{d.exam.examName}</h1>
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-4 border-b border-gray-200 bg-white py-2">
        {left !== null ? (
          <p className="font-mono text-lg" role="timer" data-testid="time-left">
            {left > 0 ? t("paper.timeLeft", { time: clock(left) }) : t("paper.timeUp")}
          </p>
        ) : null}
        <p className="text-sm" data-testid="answered-count">
          {t("paper.answered", { answered, total: d.questions.length })}
        </p>
        <p role="status" aria-live="polite" className="text-sm" data-testid="sync-status">
          {status === null ? (d.saved ? t("paper.saved") : null) : text(tq)}
        </p>
      </div>
      {closed ? (
        <Notice tone="warning" as="p" className="text-base" data-testid="handed-in-elsewhere">
          {tq("doing.handedIn")}{" "}
          <a className="underline" href={examIntroHref(d.exam.examId, d.record.recordId)}>
            {tq("doing.handedInLink")}
          </a>
        </Notice>
      ) : null}
      {asked !== null ? (
        <HandInConfirm
          unanswered={asked}
          total={d.questions.length}
          t={tq}
          backHref={examPaperHref(d.record.recordId)}
          onConfirm={handInNow}
          onBack={() => setAsked(null)}
        />
      ) : result && "confirm" in result ? (
        <HandInConfirm
          unanswered={result.confirm.unanswered}
          total={result.confirm.total}
          t={tq}
          backHref={examPaperHref(d.record.recordId)}
          fields={{ intent: "handin" }}
        />
      ) : null}
      <FormFailureNotice answer={result} />
      {result && "error" in result ? (
        <Notice tone="error" as="p" className="text-base" data-testid="paper-error">
          {tq("doing.error", { message: result.error })}
        </Notice>
      ) : null}
      <form id={PAPER_FORM_ID} method="post" ref={formRef} onChange={onChange} onSubmit={onSubmit} className="flex flex-col gap-3" data-testid="exam-paper">
        <CsrfInput />
        <HiddenInput name="confirm" value="1" disabled />
        {d.questions.map((q, i) => (
          <div key={`${q.id}:${redrawn[String(q.id)] ?? 0}`} className="flex flex-col gap-1">
            <ExamQuestion question={q as DoingQuestion} n={i + 1} answer={answers[String(q.id)] ?? []} was={wasOf(q.id)} disabled={closed} t={tq} />
            {givenAt.has(q.id) ? <HiddenInput name={`at.${q.id}`} value={givenAt.get(q.id) ?? ""} /> : null}
            {refused.has(q.id) ? (
              <Notice tone="error" as="p" className="text-sm" data-testid="not-saved">
                {tq("doing.notSaved")}
              </Notice>
            ) : null}
          </div>
        ))}
        <p className="text-sm text-gray-600">{t("paper.handInNote")}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="save" variant="outline" disabled={closed}>
            {t("paper.save")}
          </Button>
          <Button type="submit" name="intent" value="handin" ref={handInRef} variant="danger" disabled={closed}>
            {t("paper.handIn")}
          </Button>
        </div>
      </form>
      <PhoneExamBar
        label={t("paper.bar")}
        hideFrom="md"
        time={null}
        answered={t("paper.answered", { answered, total: d.questions.length })}
        sheet={
          <PaperSheet
            label={tq("doing.sheet")}
            items={d.questions.map((q, i) => {
              const done = (answers[String(q.id)] ?? []).length > 0;
              return { n: i + 1, href: `#exam-q-${q.id}`, answered: done, name: `${i + 1} ${done ? tq("doing.answered") : tq("doing.unanswered")}` };
            })}
          />
        }
        handIn={
          <Button type="submit" form={PAPER_FORM_ID} name="intent" value="handin" variant="danger" size="sm" disabled={closed}>
            {t("paper.handIn")}
          </Button>
        }
      />
    </div>
  );
}
