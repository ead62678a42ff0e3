import type { FormEvent, ReactNode } from "react";
import { CsrfInput } from "~/components/csrf-token";
import type { T } from "~/components/qbank/parts";
import { Question } from "~/components/qbank/Question";
import { Button } from "~/components/ui/Button";
import { DefaultSubmit } from "~/components/ui/SubmitButton";
import { HiddenInput } from "~/components/ui/Input";

export type DoingQuestion = {
  id: number;
  kind: "single" | "multiple" | "judge" | "fill" | "short";
  stem: string;
  options: string[];
  score: number;
  blanks: number;
};

/** The answer of the form as stored: choice letters sorted; fill blanks by position; the short answer's text ([] = none). */
export function answerOf(kind: DoingQuestion["kind"], values: string[]): string[] {
  if (kind === "fill") return values.some((v) => v.trim()) ? values.map((v) => v.trim().slice(0, 2000)) : [];
  if (kind === "short") return values[0]?.trim() ? [values[0].trim().slice(0, 2000)] : [];
  return [...new Set(values.map((v) => v.trim().toUpperCase()).filter(Boolean))].sort();
}

/** A question's answer as a form holds it (`field`: the question's input name), stored as `answerOf` stores it. */
export function formAnswer(values: FormData, kind: DoingQuestion["kind"], field: string): string[] {
  return answerOf(
    kind,
    values.getAll(field).map((v) => (typeof v === "string" ? v : "")),
  );
}

/**
 * The questions of a form typed on since they were drawn: the form's answer (by `field`, the question's input
 * name) differs from the one it was drawn with. Typing before the exercise session is up (its modules load after
 * hydration: seconds on a slow phone) lives only in the form; redrawing those questions would lose it.
 */
export function typedSince(
  form: HTMLFormElement,
  questions: ReadonlyArray<Pick<DoingQuestion, "id" | "kind">>,
  drawn: Readonly<Record<string, readonly string[] | undefined>>,
  field: (questionId: number) => string,
): Map<number, string[]> {
  const values = new FormData(form);
  const typed = new Map<number, string[]>();
  for (const q of questions) {
    const a = formAnswer(values, q.kind, field(q.id));
    if (JSON.stringify(a) !== JSON.stringify(drawn[String(q.id)] ?? [])) typed.set(q.id, a);
  }
  return typed;
}

/** How many questions of the paper have no answer (the hand-in confirmation, issue 21). */
export function unansweredCount(questions: ReadonlyArray<{ id: number }>, answers: Readonly<Record<string, readonly string[] | undefined>>): number {
  return questions.filter((q) => !(answers[String(q.id)] ?? []).length).length;
}

/** The id of the doing page's answer form: the answer sheet's buttons submit it (`form=`) from outside. */
export const ANSWER_FORM_ID = "qb-answer-form";

/**
 * One question of the doing page: a plain post form (answer, mark, sign, previous/next, pause, hand in)
 * that works without JavaScript; with JavaScript the page handles the same buttons itself (onSubmit).
 */
export function QuestionForm({
  question,
  index,
  total,
  answer,
  marked,
  signed,
  paused,
  canPause,
  disabled,
  t,
  onSubmit,
  onChange,
  children,
}: {
  question: DoingQuestion;
  index: number;
  total: number;
  answer: string[];
  marked: boolean;
  signed: boolean;
  paused: boolean;
  canPause: boolean;
  disabled?: boolean;
  t: T;
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  onChange?: (e: FormEvent<HTMLFormElement>) => void;
  children?: ReactNode;
}) {
  const locked = paused || disabled;
  return (
    <form
      id={ANSWER_FORM_ID}
      method="post"
      onSubmit={onSubmit}
      onChange={onChange}
      className="card flex flex-col gap-3"
      data-testid="question-form"
      aria-labelledby="qb-question"
    >
      {/* Enter (in a blank, on a choice) saves the answer, as on the exam paper: 'previous' comes first (decision 085) */}
      {paused ? null : <DefaultSubmit name="intent" value="save" disabled={disabled} />}
      <CsrfInput />
      <HiddenInput name="questionId" value={question.id} />
      <HiddenInput name="index" value={index} />
      <HiddenInput name="was" value={JSON.stringify(answer)} />
      {locked ? null : <HiddenInput name="hasAnswer" value="1" />}
      <p className="text-sm text-gray-600">
        {t("doing.question", { n: index + 1, total })} · {t(`doing.kind.${question.kind}`)} · {t("doing.score", { count: question.score })}
        {marked ? ` · ${t("doing.marked")}` : ""}
        {signed ? ` · ${t("doing.signed")}` : ""}
      </p>
      <h2 id="qb-question" className="text-lg font-semibold">
        {question.stem}
      </h2>
      <Question
        question={question}
        name="answer"
        answer={answer}
        rows={6}
        t={t}
        disabled={locked}
        className="flex flex-col gap-2"
        legend={<legend className="sr-only">{t("doing.answerLabel")}</legend>}
      />
      {children}
      <div className="flex flex-wrap gap-2">
        {paused ? (
          <Button type="submit" name="intent" value="resume" variant="outline" size="sm">
            {t("doing.resume")}
          </Button>
        ) : (
          <>
            <Button type="submit" name="intent" value="prev" variant="outline" size="sm" disabled={disabled || index === 0}>
              {t("doing.prev")}
            </Button>
            <Button type="submit" name="intent" value="save" variant="outline" size="sm" disabled={disabled}>
              {t("doing.save")}
            </Button>
            <Button type="submit" name="intent" value="next" variant="outline" size="sm" disabled={disabled || index + 1 >= total}>
              {t("doing.next")}
            </Button>
            <Button type="submit" name="intent" value={marked ? "unmark" : "mark"} variant="outline" size="sm" disabled={disabled}>
              {t(marked ? "doing.unmark" : "doing.mark")}
            </Button>
            <Button type="submit" name="intent" value={signed ? "unsign" : "sign"} variant="outline" size="sm" disabled={disabled}>
              {t(signed ? "doing.unsign" : "doing.sign")}
            </Button>
            {canPause ? (
              <Button type="submit" name="intent" value="pause" variant="outline" size="sm" disabled={disabled}>
                {t("doing.pause")}
              </Button>
            ) : null}
          </>
        )}
        <Button type="submit" name="intent" value="submit" variant="danger" size="sm" title={t("doing.submitConfirm")} disabled={disabled}>
          {t("doing.submit")}
        </Button>
      </div>
    </form>
  );
}
