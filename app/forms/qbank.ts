import * as z from "zod/v4";

/**
 * The forms of the question bank and its exams (spec 001 §7), parsed with conform's `parseWithZod` in the
 * actions (issue 23 step 3): field names are the pages' own (buttons named `intent`, hidden ids), one
 * discriminated union on `intent` per page with several forms.
 */

/** The question kinds of spec 001 §7 (the upstream's and the forms' names). */
export const KINDS = ["single", "multiple", "judge", "fill", "short"] as const;
export type QuestionKind = (typeof KINDS)[number];

/** A positive id posted by a form (hidden input or button value). */
const FORM_ID = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A 0-based question index. */
const INDEX = z.coerce.number().int().min(0).max(10_000);

/** The overview's start form (one intent per start kind). */
export const StartSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("chapter"), chapterId: FORM_ID, sectionId: FORM_ID.optional() }),
  z.object({ intent: z.literal("paper"), paperId: FORM_ID }),
  ...(["order", "daily", "smart", "quick"] as const).map((k) => z.object({ intent: z.literal(k) })),
]);

const DOING_INTENTS = ["save", "prev", "next", "mark", "unmark", "sign", "unsign", "pause", "resume", "submit", "goto"] as const;

/**
 * The doing page's form (no JavaScript): the button, the question on screen, what it held when shown and
 * the answer fields (`answer`, repeated: the choices ticked or the blanks in order; an empty blank is "").
 * `goto` is an answer-sheet button (its value the 0-based question index) that sends no `intent`: it saves
 * what was typed, then opens that question (intent "goto"). A `goto` with another intent is refused.
 */
export const DoingFormSchema = z
  .object({
    intent: z.enum(DOING_INTENTS).optional(),
    goto: INDEX.optional(),
    questionId: FORM_ID,
    index: INDEX,
    kind: z.enum(KINDS),
    was: z.string().max(50_000).optional(),
    hasAnswer: z.literal("1").optional(),
    /** the hand-in confirmed although questions are unanswered (issue 21) */
    confirm: z.literal("1").optional(),
    answer: z.array(z.string().optional()).optional(),
  })
  .transform(({ answer, ...f }, ctx) => {
    const intent = f.intent ?? (f.goto !== undefined ? "goto" : undefined);
    if (!intent || (intent === "goto") !== (f.goto !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["intent"], message: "intent" });
      return z.NEVER;
    }
    return { ...f, intent, answer: (answer ?? []).map((v) => v ?? "") };
  });

/** The chapter and section pages' form: start practising that chapter or section. */
export const ChapterFormSchema = z.object({ intent: z.literal("practise") });

const Uncollect = z.object({ intent: z.literal("uncollect"), questionId: FORM_ID });
/** The collection page's form: take a question out of the collection. */
export const CollectFormSchema = z.discriminatedUnion("intent", [Uncollect]);
/** The wrong-question page's forms: delete one, or practise a subject's wrong questions. */
export const WrongFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), wrongId: FORM_ID, parentId: FORM_ID }),
  z.object({ intent: z.literal("practise"), subjectId: FORM_ID }),
]);
/** The report's forms: collect or uncollect a question, practise the paper again. */
export const ReportFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("collect"), questionId: FORM_ID }),
  Uncollect,
  z.object({ intent: z.literal("reexamine") }),
]);

/** The exam's page: join (start an attempt) or pay for it. */
export const ExamIntroFormSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("join") }), z.object({ intent: z.literal("pay") })]);

/** At most this many questions on one exam paper form. */
export const MAX_PAPER_QUESTIONS = 200;
/** A field of one question (`kind.{id}`, `was.{id}`, `answer.{id}`): conform reads the dotted names as an object by id. */
const byQuestion = <T extends z.ZodType>(value: T) => z.record(z.string().regex(/^\d{1,16}$/), value).optional();

/**
 * The exam paper's form (decision 034): every question in one form, "save answers" or "hand in". Per
 * question `qid` (repeated), `kind.{id}`, `was.{id}` (what it showed, as JSON) and `answer.{id}` (repeated).
 * Each posted question must name its kind.
 */
export const ExamPaperFormSchema = z
  .object({
    intent: z.enum(["save", "handin"]),
    confirm: z.literal("1").optional(),
    qid: z.array(FORM_ID).max(MAX_PAPER_QUESTIONS).optional(),
    kind: byQuestion(z.enum(KINDS)),
    was: byQuestion(z.string().max(50_000)),
    // with JavaScript: when an answer only the device had was given (ms), so the upstream keeps the later one (issue 37 §2)
    at: byQuestion(z.string().regex(/^\d{1,15}$/)),
    answer: byQuestion(z.union([z.string(), z.array(z.string())])),
  })
  .transform(({ qid, kind, was, at, answer, ...f }, ctx) => {
    const questions: Array<{ questionId: number; kind: QuestionKind; was: string | undefined; at: number | undefined; values: string[] }> = [];
    for (const questionId of qid ?? []) {
      const k = kind?.[String(questionId)];
      if (!k) {
        ctx.addIssue({ code: "custom", path: ["kind", String(questionId)], message: "kind" });
        return z.NEVER;
      }
      const values = answer?.[String(questionId)];
      questions.push({
        questionId,
        kind: k,
        was: was?.[String(questionId)],
        at: at?.[String(questionId)] ? Number(at[String(questionId)]) : undefined,
        values: values === undefined ? [] : typeof values === "string" ? [values] : values,
      });
    }
    return { ...f, questions };
  });
export type ExamPaperForm = z.output<typeof ExamPaperFormSchema>;
