import type { DoingQuestion } from "~/components/qbank/QuestionForm";
import type { T } from "~/components/qbank/parts";

/** The form field names of one question of the exam paper (every question in one form). */
export const answerField = (questionId: number) => `answer.${questionId}`;

/**
 * One question of the exam paper: its inputs only (the paper is one form; its buttons save or hand in).
 * `was` is the server's answer when the page loaded (a post sends only what differs from it); `t` is the
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
  was: string[];
  disabled: boolean;
  t: T;
}) {
  const name = answerField(question.id);
  const head = `exam-q-${question.id}`;
  return (
    <fieldset disabled={disabled} className="flex flex-col gap-2 rounded border border-gray-200 p-3" aria-labelledby={head} data-testid="exam-question">
      <input type="hidden" name="qid" value={question.id} />
      <input type="hidden" name={`kind.${question.id}`} value={question.kind} />
      <input type="hidden" name={`was.${question.id}`} value={JSON.stringify(was)} />
      <legend id={head} className="font-semibold">
        <span className="mr-2 text-sm font-normal text-gray-600">
          {n}. {t(`doing.kind.${question.kind}`)} · {t("doing.score", { count: question.score })}
        </span>
        {question.stem}
      </legend>
      {question.kind === "single" || question.kind === "judge" || question.kind === "multiple"
        ? question.options.map((o) => {
            const letter = o.charAt(0);
            return (
              <label key={letter} className="flex items-start gap-2 rounded border p-2">
                <input type={question.kind === "multiple" ? "checkbox" : "radio"} name={name} value={letter} defaultChecked={answer.includes(letter)} />
                <span>{o}</span>
              </label>
            );
          })
        : null}
      {question.kind === "fill"
        ? Array.from({ length: question.blanks }, (_, i) => (
            <label key={i} className="flex flex-col text-sm">
              {t("doing.blank", { n: i + 1 })}
              <input name={name} defaultValue={answer[i] ?? ""} maxLength={200} className="rounded border px-2 py-1" autoComplete="off" />
            </label>
          ))
        : null}
      {question.kind === "short" ? (
        <label className="flex flex-col text-sm">
          {t("doing.answerLabel")}
          <textarea name={name} defaultValue={answer[0] ?? ""} maxLength={2000} rows={4} className="rounded border px-2 py-1" />
        </label>
      ) : null}
    </fieldset>
  );
}
