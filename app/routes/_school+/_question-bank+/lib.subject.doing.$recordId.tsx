import { PhoneExamBar } from "~/components/qbank/PhoneExamBar";
import { deadlineOf } from "~/components/offline/use-online";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { failedValues, isFormFailure } from "~/forms/form-failure";
import { useCallback, useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { useExerciseSocket } from "~/components/qbank/use-exercise-socket";
import { clock } from "~/components/qbank/parts";
import { HandInConfirm } from "~/components/qbank/HandInConfirm";
import { ANSWER_FORM_ID, answerOf, formAnswer, QuestionForm, typedSince, unansweredCount } from "~/components/qbank/QuestionForm";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type NamespaceParts, type RouteHandle } from "~/i18n.server";
import { getPortal, isLoggedIn, requireValidPost } from "~/lib/portal.server";
import { doingHref, reportHref } from "~/services/qbank-links";
import { loadPaperQuestions, notFoundOn, sessionOp, submitExercise, type SessionOp } from "~/services/qbank.server";
import { socketBootstrap } from "~/services/realtime.server";
import { idOf, notFound, requireSectionAccess } from "~/lib/guards/sections.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { DoingFormSchema } from "~/forms/qbank";
import { formAction } from "~/lib/http/form-failure.server";
import { refused } from "~/lib/http/form-result.server";
import { Button } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";

/**
 * `/lib/subject/doing/{recordId}` (spec 001 §2: the record id is the fifth path segment, as the login's
 * merge rewrite expects), `?n=` the question number. Without JavaScript: one question a page, every
 * button a form post, the answer sheet a list of submit buttons of the answer form (a jump saves what
 * was typed; decision 035), the server keeps every answer. With JavaScript (a signed-in student): the
 * exam socket and an on-device queue (exam-session.client.ts). Hand-in with questions unanswered asks
 * first (issue 21): a dialog with JavaScript, the same dialog as the post's answer without (`confirm=1`
 * hands in); the clock's hand-in at zero asks nothing.
 */
// what the paper, its questions and the hand-in dialog draw of the question bank's strings (decision 090)
export const handle = { i18n: ["qbank"] } as const satisfies RouteHandle;
// of those namespaces, the groups the page reads (decision 090); the loader's only, not in the browser's route module
const PARTS = { qbank: ["doing", "handIn"] } as const satisfies NamespaceParts;
export const headers = () => ({ "Cache-Control": "private, no-store" });
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.record.title ?? "" }];

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const recordId = idOf(args.params.recordId);
  if (!recordId) notFound(portal);
  const [, paper, bootstrap, i18n] = await Promise.all([
    requireSectionAccess(portal, "question"),
    loadPaperQuestions(portal, recordId).catch((error: unknown) => {
      if (notFoundOn(error)) notFound(portal);
      throw error;
    }),
    isLoggedIn(portal) ? socketBootstrap(portal, "question") : null,
    namespaces(args.request, handle, PARTS),
  ]);
  // handed in (by the student, or by the clock): the report
  if (paper.record.state === "submitted") throw redirect(reportHref(recordId));
  const total = paper.questions.length;
  const asked = idOf(new URL(args.request.url).searchParams.get("n"));
  const n = Math.min(asked ?? paper.record.currentIndex + 1, total);
  return data({ ...paper, n, bootstrap, i18n }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, formData } = await requireValidPost(args);
    const recordId = idOf(args.params.recordId);
    if (!recordId) notFound(portal);
    // an answer-sheet button sends `goto` (its question's index) instead of an intent
    const submission = parseWithZod(formData, { schema: DoingFormSchema });
    if (submission.status !== "success") return refused(submission, { error: "bad request" });
    const f = submission.value;
    const answer = answerOf(f.kind, f.answer);
    try {
      // what was typed is kept first, whatever the button (nothing typed is lost)
      if (f.hasAnswer && f.intent !== "resume" && JSON.stringify(answer) !== f.was) {
        await sessionOp(portal, recordId, { op: "answer", questionId: f.questionId, answer });
      }
      let n = f.index + 1;
      const ops: Partial<Record<typeof f.intent, SessionOp>> = {
        prev: { op: "switch", index: Math.max(0, f.index - 1) },
        next: { op: "switch", index: f.index + 1 },
        mark: { op: "mark", questionId: f.questionId, on: true },
        unmark: { op: "mark", questionId: f.questionId, on: false },
        sign: { op: "sign", questionId: f.questionId, on: true },
        unsign: { op: "sign", questionId: f.questionId, on: false },
        pause: { op: "pause" },
        resume: { op: "resume" },
        goto: { op: "switch", index: f.goto ?? 0 },
      };
      if (f.intent === "submit") {
        const paper = await loadPaperQuestions(portal, recordId);
        const unanswered = unansweredCount(paper.questions, paper.record.answers);
        const running = paper.record.state !== "submitted" && (paper.record.remainingS === null || paper.record.remainingS > 0);
        // questions unanswered: ask first (what was typed is saved above)
        if (!f.confirm && running && unanswered > 0) return data({ confirm: { unanswered, total: paper.questions.length, index: f.index } });
        await submitExercise(portal, paper.record);
        return redirect(reportHref(recordId));
      }
      const op = ops[f.intent];
      if (op) {
        const record = await sessionOp(portal, recordId, op);
        if (op.op === "switch") n = record.currentIndex + 1;
      }
      return redirect(doingHref(recordId, n));
    } catch (error) {
      if (notFoundOn(error)) notFound(portal);
      if (error instanceof UpstreamError && error.kind === "business") {
        if (error.code === "409") return redirect(reportHref(recordId)); // handed in meanwhile (time up)
        // a question number the paper does not have (a forged sheet button)
        if (error.code === "400") return data({ error: error.upstreamMessage ?? "" }, { status: 400 });
        return data({ error: error.upstreamMessage ?? error.code ?? "" }, { status: 422 });
      }
      throw error;
    }
  });
}

/**
 * The answer form on screen: the question shown now. Each question draws a form of its own, so a form kept
 * from an earlier event is another question's (saved under this one's id), or none when the session came up
 * after the typing: what was typed on screen was lost at the switch.
 */
function formOnScreen(): HTMLFormElement | null {
  const form = document.getElementById(ANSWER_FORM_ID);
  return form instanceof HTMLFormElement ? form : null;
}

export default function Doing() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useNamespaces(d.i18n, "qbank");
  const total = d.questions.length;
  const [confirming, setConfirming] = useState<number | null>(null);
  const [index, setIndex] = useState(d.n - 1);
  // a post whose call failed (decision 042): the question comes back with what was typed, not what the upstream has
  const typedBack = failedValues(result, "answer");
  const failedQuestion = isFormFailure(result) ? result.posted.questionId : undefined;
  const [answers, setAnswers] = useState<Record<string, string[]>>(() =>
    failedQuestion && typedBack ? { ...d.record.answers, [failedQuestion]: typedBack } : d.record.answers,
  );
  const [marks, setMarks] = useState(() => new Set(d.record.marks));
  const [signs, setSigns] = useState(() => new Set(d.record.signs));
  const [paused, setPaused] = useState(d.record.state === "paused");
  const [version, setVersion] = useState(0);
  const [left, setLeft] = useState<number | null>(d.record.remainingS);
  const [busy, setBusy] = useState(false);
  const question = d.questions[index]!;
  // what the question on screen was drawn with, for the callbacks that outlive a render (the socket's)
  const drawn = useRef({ question, answers });
  drawn.current = { question, answers };
  /** What the student typed on the question on screen that nobody holds yet (null: nothing since it was drawn). */
  const typedOnScreen = (): string[] | null => {
    const form = formOnScreen();
    const { question: q, answers: a } = drawn.current;
    return form ? (typedSince(form, [q], a, () => "answer").get(q.id) ?? null) : null;
  };
  const onLocal = useCallback((local: Map<number, string[]>) => {
    if (!local.size) return;
    setAnswers((a) => ({ ...a, ...Object.fromEntries([...local].map(([k, v]) => [String(k), v])) }));
    // the question on screen is redrawn with the answer kept on this device, unless the student has typed
    // since it was drawn (newer than the device's copy: it is sent when the session is up, below)
    if (local.has(drawn.current.question.id) && !typedOnScreen()) setVersion((v) => v + 1);
  }, []);
  const { status, session, announceHandIn, text } = useExerciseSocket(d.bootstrap, d.record.recordId, onLocal);
  /** handed in in another tab or on another device: no more answers here (issue 37 §2) */
  const closed = status?.handedIn === true;
  // when the server rendered this page (the root's clock): an offline copy's timer counts from there
  const renderedAt = useRef((useRouteLoaderData("root") as { clock?: { now: number } } | undefined)?.clock?.now);
  const live = status !== null;

  // a plain navigation (no session): the loader's answer is the truth. Not at the first render (the state
  // was made from this data; redrawing the form would drop what was typed before hydration, or a failed
  // post's typed answer), and the form on screen is not redrawn over what the student typed on it.
  const loaded = useRef(d);
  useEffect(() => {
    if (session.current || loaded.current === d) return;
    loaded.current = d;
    const keep = d.n - 1 === index && typedOnScreen() !== null;
    setIndex(d.n - 1);
    setAnswers(d.record.answers);
    setMarks(new Set(d.record.marks));
    setSigns(new Set(d.record.signs));
    setPaused(d.record.state === "paused");
    setLeft(d.record.remainingS);
    if (!keep) setVersion((v) => v + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [d]);

  const handIn = useCallback(async () => {
    const s = session.current;
    if (!s) return window.location.reload(); // the loader hands a timed paper in at zero
    setBusy(true);
    const m = await s.submit();
    // the record's other tabs stop taking answers (issue 37 §2)
    if (m.code === "1") announceHandIn();
    if (m.code === "1" || m.code === "409") window.location.assign(reportHref(d.record.recordId));
    else setBusy(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- announceHandIn reads a ref
  }, [d.record.recordId, session]);

  // timed papers: the time left came from the server; at zero the paper is handed in
  const deadline = useRef<number | null>(null);
  useEffect(() => {
    if (d.record.remainingS === null) return;
    deadline.current = deadlineOf(d.record.remainingS, renderedAt.current);
    const timer = setInterval(() => {
      const s = Math.max(0, Math.ceil((deadline.current! - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) {
        clearInterval(timer);
        void handIn();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [d.record.remainingS, handIn]);

  const readAnswer = (form: HTMLFormElement) => formAnswer(new FormData(form), question.kind, "answer");

  /** The question's answer as the form has it: kept and sent (at once, or `typed`: after this question's own typing pause). */
  const saveNow = (form: HTMLFormElement, typed = false) => {
    const s = session.current;
    if (!s || paused) return;
    const a = readAnswer(form);
    if (JSON.stringify(a) !== JSON.stringify(answers[String(question.id)] ?? [])) {
      setAnswers((x) => ({ ...x, [String(question.id)]: a }));
      if (typed) s.answerSoon(question.id, a);
      else s.answer(question.id, a);
    }
    // a button or a switch: nothing typed waits for its pause (each question has its own, issue 21)
    if (!typed) s.flush();
  };

  // the session is up: what was typed on screen before it goes now (a switch or a button would send it too,
  // but a student who types and then closes the page has it on the server, not only in this page)
  useEffect(() => {
    const form = live ? formOnScreen() : null;
    if (form) saveNow(form);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live]);

  const go = (i: number) => {
    const s = session.current;
    if (!s || i < 0 || i >= total) return;
    const form = formOnScreen();
    if (form) saveNow(form);
    setIndex(i);
    window.history.replaceState(window.history.state, "", doingHref(d.record.recordId, i + 1));
    void s.switchTo(i);
  };

  const onChange = (e: FormEvent<HTMLFormElement>) => {
    if (!session.current) return;
    const form = e.currentTarget;
    const target = e.target as HTMLInputElement;
    saveNow(form, target.type !== "radio" && target.type !== "checkbox");
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const s = session.current;
    if (!s) return; // a plain post
    e.preventDefault();
    const form = e.currentTarget;
    const intent = ((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value ?? "save";
    if (intent !== "resume") saveNow(form);
    const flag = (set: Set<number>, on: boolean) => {
      const next = new Set(set);
      if (on) next.add(question.id);
      else next.delete(question.id);
      return next;
    };
    switch (intent) {
      case "prev":
        return go(index - 1);
      case "next":
        return go(index + 1);
      case "mark":
      case "unmark":
        setMarks((m) => flag(m, intent === "mark"));
        void s.mark(question.id, intent === "mark");
        return;
      case "sign":
      case "unsign":
        setSigns((m) => flag(m, intent === "sign"));
        void s.sign(question.id, intent === "sign");
        return;
      case "pause":
        setPaused(true);
        void s.pause();
        return;
      case "resume":
        setPaused(false);
        void s.resume();
        return;
      case "submit": {
        // questions unanswered: the dialog asks first (the answer on screen counts as given)
        const unanswered = unansweredCount(d.questions, { ...answers, [String(question.id)]: readAnswer(form) });
        if (unanswered > 0) setConfirming(unanswered);
        else void handIn();
        return;
      }
      default:
        return;
    }
  };

  const onSheet = (e: MouseEvent<HTMLButtonElement>, i: number) => {
    if (!session.current) return; // a plain post of the answer form: saves what was typed, then opens question i
    e.preventDefault();
    go(i);
  };

  const local = new Set(status?.local ?? []);
  const mine = answers[String(question.id)] ?? [];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 lg:flex-row">
      <div className="flex-1">
        {confirming !== null ? (
          <HandInConfirm
            unanswered={confirming}
            total={total}
            t={t}
            backHref={doingHref(d.record.recordId, index + 1)}
            onBack={() => setConfirming(null)}
            onConfirm={() => {
              setConfirming(null);
              void handIn();
            }}
          />
        ) : result && "confirm" in result ? (
          <HandInConfirm
            unanswered={result.confirm.unanswered}
            total={result.confirm.total}
            t={t}
            backHref={doingHref(d.record.recordId, result.confirm.index + 1)}
            fields={{ intent: "submit", questionId: String(question.id), index: String(index), kind: question.kind }}
          />
        ) : null}
        <h1 className="mb-2 text-xl font-bold">{d.record.title}</h1>
        <FormFailureNotice answer={result} className="mb-2" />
        {left !== null ? (
          <p className="mb-2 font-mono" data-testid="time-left" role="timer">
            {left > 0 ? t("doing.timeLeft", { time: clock(left) }) : t("doing.timeUp")}
          </p>
        ) : null}
        {paused ? (
          <Notice tone="warning" as="p" className="mb-2 text-base">
            {t("doing.paused")}
          </Notice>
        ) : null}
        <p role="status" aria-live="polite" className="mb-2 text-sm" data-testid="sync-status">
          {text(t)}
        </p>
        {closed ? (
          <Notice tone="warning" as="p" className="mb-2 text-base" data-testid="handed-in-elsewhere">
            {t("doing.handedIn")}{" "}
            <a className="underline" href={reportHref(d.record.recordId)}>
              {t("doing.handedInLink")}
            </a>
          </Notice>
        ) : null}
        <QuestionForm
          key={`${question.id}:${version}`}
          question={question}
          index={index}
          total={total}
          answer={mine}
          marked={marks.has(question.id)}
          signed={signs.has(question.id)}
          paused={paused}
          canPause={!d.record.timed}
          disabled={busy || closed}
          t={t}
          onSubmit={live ? onSubmit : undefined}
          onChange={live ? onChange : undefined}
        >
          <HiddenInput name="kind" value={question.kind} />
          {status?.refused.includes(question.id) ? (
            // the upstream refused this question's answer (issue 37 §2): said, never dropped
            <Notice tone="error" as="p" className="text-sm" data-testid="not-saved">
              {t("doing.notSaved")}
            </Notice>
          ) : live && mine.length ? (
            <p className="text-xs text-gray-600" data-testid="answer-status">
              {local.has(question.id) ? t("doing.statusLocal") : t("doing.statusServer")}
            </p>
          ) : null}
        </QuestionForm>
      </div>
      <nav aria-labelledby="qb-sheet" className="card w-full lg:w-64 lg:self-start">
        <h2 id="qb-sheet" className="mb-2 font-semibold">
          {t("doing.sheet")}
        </h2>
        <ol className="grid grid-cols-5 gap-1" data-testid="answer-sheet">
          {d.questions.map((q, i) => {
            const done = (answers[String(q.id)] ?? []).length > 0;
            const label = [
              done ? t("doing.answered") : t("doing.unanswered"),
              marks.has(q.id) ? t("doing.marked") : "",
              signs.has(q.id) ? t("doing.signed") : "",
              local.has(q.id) ? t("doing.statusLocal") : "",
            ]
              .filter(Boolean)
              .join(", ");
            return (
              <li key={q.id}>
                {/* a submit button of the answer form, not a link: without JavaScript what was typed on the
                    question on screen is saved before question i opens (issue 15: nothing typed is lost) */}
                <Button
                  type="submit"
                  form={ANSWER_FORM_ID}
                  name="goto"
                  value={i}
                  disabled={busy}
                  onClick={(e) => onSheet(e, i)}
                  aria-current={i === index ? "step" : undefined}
                  title={label}
                  aria-label={`${i + 1} ${label}`}
                  variant="bare"
                  className={`block w-full rounded border py-1 text-center text-sm ${i === index ? "border-brand font-bold" : "border-gray-300"} ${done ? "bg-brand/10" : ""} ${marks.has(q.id) ? "ring-2 ring-amber-400" : ""}`}
                >
                  {i + 1}
                </Button>
              </li>
            );
          })}
        </ol>
      </nav>
      <PhoneExamBar
        label={t("doing.bar")}
        hideFrom="lg"
        time={left !== null ? (left > 0 ? t("doing.timeLeft", { time: clock(left) }) : t("doing.timeUp")) : null}
        answered={t("doing.answeredCount", { answered: d.questions.filter((q) => (answers[String(q.id)] ?? []).length > 0).length, total })}
        sheet={
          <a href="#qb-sheet" className="flex min-h-11 items-center rounded border border-gray-300 px-3 whitespace-nowrap">
            {t("doing.sheet")}
          </a>
        }
        handIn={
          <Button type="submit" form={ANSWER_FORM_ID} name="intent" value="submit" variant="danger" size="sm" disabled={busy || paused}>
            {t("doing.submit")}
          </Button>
        }
      />
    </div>
  );
}
