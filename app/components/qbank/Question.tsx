import type { FieldsetHTMLAttributes, ReactNode } from "react";
import type { DoingQuestion } from "~/components/qbank/QuestionForm";
import type { T } from "~/components/qbank/parts";
import { Input, Textarea } from "~/components/ui/Input";

/**
 * THE question of the question bank (issue 23 step 3), for the practice (doing) page and the exam paper
 * alike: a fieldset of the question's inputs, all named `name` — a radio or checkbox per option (its
 * letter the value), a text box per blank, a text area for a short answer — checked or filled from
 * `answer`. The caller gives the legend (the practice page's is for screen readers, the paper's shows the
 * number, kind, score and stem), `before` (hidden fields ahead of the legend) and the fieldset's attributes.
 */
export function Question({
  question,
  name,
  answer,
  legend,
  before,
  rows,
  t,
  ...fieldset
}: {
  question: DoingQuestion;
  name: string;
  answer: string[];
  legend: ReactNode;
  before?: ReactNode;
  /** the short answer's height */
  rows: number;
  t: T;
} & FieldsetHTMLAttributes<HTMLFieldSetElement>) {
  return (
    <fieldset {...fieldset} className={`question ${fieldset.className ?? ""}`}>
      {before}
      {legend}
      {question.kind === "single" || question.kind === "judge" || question.kind === "multiple"
        ? question.options.map((o) => {
            const letter = o.charAt(0);
            return (
              <label key={letter} className="choice">
                <Input type={question.kind === "multiple" ? "checkbox" : "radio"} name={name} value={letter} defaultChecked={answer.includes(letter)} />
                <span>{o}</span>
              </label>
            );
          })
        : null}
      {question.kind === "fill"
        ? Array.from({ length: question.blanks }, (_, i) => (
            <label key={i} className="flex flex-col text-sm">
              {t("doing.blank", { n: i + 1 })}
              <Input name={name} defaultValue={answer[i] ?? ""} maxLength={200} className="w-auto" autoComplete="off" />
            </label>
          ))
        : null}
      {question.kind === "short" ? (
        <label className="flex flex-col text-sm">
          {t("doing.answerLabel")}
          <Textarea name={name} defaultValue={answer[0] ?? ""} maxLength={2000} rows={rows} className="w-auto" />
        </label>
      ) : null}
    </fieldset>
  );
}
