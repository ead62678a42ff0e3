import type { DoingQuestion } from "~/components/qbank/QuestionForm";
import type { T } from "~/components/qbank/parts";
import { Question } from "~/components/qbank/Question";
import { HiddenInput } from "~/components/ui/Input";

/** The form field names of one question of the exam paper (every question in one form). */
export const answerField = (questionId: number) => `answer.${questionId}`;

/**
 * One question of the exam paper (the shared `Question` with the paper's legend and hidden fields): its inputs only (the paper is one form; its buttons save or hand in).
 * `was` is the server's answer when the page loaded, or with JavaScript the last one it confirmed (a post sends
 * only what differs from it; null: always sent, the answer is only on this device); `t` is the
 * qbank namespace's (kinds, blanks, points).
 */
export function ExamQuestion({
  question,
  n,
  answer,
  was,
  disabled,
  t,
}: {
  question: DoingQuestion;
  n: number;
  answer: string[];
  was: string[] | null;
  disabled: boolean;
  t: T;
}) {
  const head = `exam-q-${question.id}`;
  return (
    <Question
      question={question}
      name={answerField(question.id)}
      answer={answer}
      rows={4}
      t={t}
      disabled={disabled}
      className="card flex flex-col gap-2"
      aria-labelledby={head}
      data-testid="exam-question"
      before={
        <>
          <HiddenInput name="qid" value={question.id} />
          <HiddenInput name={`kind.${question.id}`} value={question.kind} />
          <HiddenInput name={`was.${question.id}`} value={was === null ? "" : JSON.stringify(was)} />
        </>
      }
      legend={
        // scroll-margin: a jump from the answer sheet (`#exam-q-…`) lands below the paper's sticky top bar (time left, count)
        <legend id={head} className="scroll-mt-28 font-semibold">
          <span className="mr-2 text-sm font-normal text-gray-600">
            {n}. {t(`doing.kind.${question.kind}`)} · {t("doing.score", { count: question.score })}
          </span>
          {question.stem}
        </legend>
      }
    />
  );
}
