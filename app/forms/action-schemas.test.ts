import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CartFormSchema } from "~/forms/cart";
import { SchoolSwitchSchema } from "~/forms/catalogue";
import { PostOnlySchema } from "~/forms/fields";
import { EsignSchema, HomeworkTextSchema, ResourceListFormSchema } from "~/forms/learner";
import { DoingFormSchema, ExamPaperFormSchema, ReportFormSchema } from "~/forms/qbank";
import { refused } from "~/lib/http/form-result.server";

/** What a submission parsed to (undefined when refused). */
const valueOf = (submission: { status?: string }) => (submission.status === "success" ? (submission as { value?: unknown }).value : undefined);

/** A form as a browser posts it (repeated names repeated). */
const form = (...fields: Array<[string, string]>) => {
  const fd = new FormData();
  for (const [name, value] of fields) fd.append(name, value);
  return fd;
};

describe("the action schemas (issue 23 step 3), as parseWithZod reads a posted form", () => {
  it("the cart: add (type 1 by default), a row's remove button, the ticked rows; forged ids are refused, not dropped", () => {
    expect(valueOf(parseWithZod(form(["csrf", "t"], ["intent", "add"], ["commodityId", "5002"]), { schema: CartFormSchema }))).toEqual({
      intent: "add",
      commodityId: 5002,
      commodityType: 1,
    });
    expect(parseWithZod(form(["intent", "add"], ["commodityId", "302"], ["commodityType", "3"]), { schema: CartFormSchema }).status).toBe("error");
    // the row's button is the one pressed: it wins over the form's other intent, as before
    expect(valueOf(parseWithZod(form(["cartId", "1"], ["removeId", "7"], ["_js", "1"]), { schema: CartFormSchema }))).toEqual({
      intent: "removeOne",
      removeId: 7,
      _js: "1",
    });
    expect(valueOf(parseWithZod(form(["intent", "remove"]), { schema: CartFormSchema }))).toEqual({ intent: "remove", cartId: [] });
    expect(valueOf(parseWithZod(form(["intent", "checkout"], ["cartId", "3"], ["cartId", "4"]), { schema: CartFormSchema }))).toEqual({
      intent: "checkout",
      cartId: [3, 4],
    });
    // used to be dropped silently (the other rows removed): now the post is malformed
    expect(parseWithZod(form(["intent", "remove"], ["cartId", "3"], ["cartId", "x"]), { schema: CartFormSchema }).status).toBe("error");
    expect(parseWithZod(form(["intent", "explode"]), { schema: CartFormSchema }).status).toBe("error");
  });

  it("the doing page: a sheet button is intent goto; goto with another intent is refused; blanks stay in place", () => {
    const base: Array<[string, string]> = [
      ["questionId", "11"],
      ["index", "2"],
      ["kind", "fill"],
    ];
    expect(valueOf(parseWithZod(form(...base, ["goto", "5"], ["answer", "a"], ["answer", ""], ["answer", "c"]), { schema: DoingFormSchema }))).toMatchObject({
      intent: "goto",
      goto: 5,
      answer: ["a", "", "c"],
    });
    expect(valueOf(parseWithZod(form(...base, ["intent", "next"]), { schema: DoingFormSchema }))).toMatchObject({ intent: "next", answer: [] });
    expect(parseWithZod(form(...base, ["intent", "next"], ["goto", "5"]), { schema: DoingFormSchema }).status).toBe("error");
    expect(parseWithZod(form(...base), { schema: DoingFormSchema }).status).toBe("error");
    expect(parseWithZod(form(["intent", "explode"], ["questionId", "11"], ["index", "2"], ["kind", "fill"]), { schema: DoingFormSchema }).status).toBe("error");
  });

  it("the exam paper: per-question fields by id; a posted question without its kind is refused", () => {
    const ok = parseWithZod(
      form(
        ["intent", "save"],
        ["qid", "12"],
        ["kind.12", "multiple"],
        ["was.12", "[]"],
        ["answer.12", "A"],
        ["answer.12", "C"],
        ["qid", "13"],
        ["kind.13", "short"],
      ),
      { schema: ExamPaperFormSchema },
    );
    expect(valueOf(ok)).toEqual({
      intent: "save",
      questions: [
        { questionId: 12, kind: "multiple", was: "[]", values: ["A", "C"] },
        { questionId: 13, kind: "short", was: undefined, values: [] },
      ],
    });
    expect(parseWithZod(form(["intent", "handin"], ["qid", "12"]), { schema: ExamPaperFormSchema }).status).toBe("error");
    expect(parseWithZod(form(["intent", "save"], ["qid", "12"], ["kind.12", "essay"]), { schema: ExamPaperFormSchema }).status).toBe("error");
    expect(valueOf(parseWithZod(form(["intent", "handin"], ["confirm", "1"]), { schema: ExamPaperFormSchema }))).toEqual({
      intent: "handin",
      confirm: "1",
      questions: [],
    });
  });

  it("one union on intent per page: the report takes collect, uncollect and reexamine, nothing else", () => {
    expect(valueOf(parseWithZod(form(["intent", "collect"], ["questionId", "4"]), { schema: ReportFormSchema }))).toEqual({ intent: "collect", questionId: 4 });
    expect(valueOf(parseWithZod(form(["intent", "reexamine"]), { schema: ReportFormSchema }))).toEqual({ intent: "reexamine" });
    expect(parseWithZod(form(["intent", "delete"], ["wrongId", "1"], ["parentId", "2"]), { schema: ReportFormSchema }).status).toBe("error");
  });

  it("resources, homework text, e-sign, school switch and the post-only forms", () => {
    expect(valueOf(parseWithZod(form(["intent", "delete-videos"]), { schema: ResourceListFormSchema }))).toEqual({ intent: "delete-videos", ids: [] });
    expect(
      parseWithZod(form(["intent", "delete-videos"], ...Array.from({ length: 101 }, (_, i): [string, string] => ["ids", String(i + 1)])), {
        schema: ResourceListFormSchema,
      }).status,
    ).toBe("error");
    expect(parseWithZod(form(["intent", "delete"], ["id", "0"]), { schema: ResourceListFormSchema }).status).toBe("error");
    expect(parseWithZod(form(["content", "  "]), { schema: HomeworkTextSchema }).status).toBe("error");
    expect(valueOf(parseWithZod(form(["content", " done "]), { schema: HomeworkTextSchema }))).toEqual({ content: "done" });
    expect(parseWithZod(form(["csrf", "t"]), { schema: EsignSchema }).status).toBe("error");
    expect(parseWithZod(form(["schoolId", "abc"]), { schema: SchoolSwitchSchema }).status).toBe("error");
    expect(valueOf(parseWithZod(form(["schoolId", "2"], ["from", "/course/list"]), { schema: SchoolSwitchSchema }))).toEqual({
      schoolId: 2,
      from: "/course/list",
    });
    expect(parseWithZod(form(["csrf", "t"]), { schema: PostOnlySchema }).status).toBe("success");
  });

  it("a refused post answers conform's reply beside the page's message, 400, without the CSRF token", async () => {
    const submission = parseWithZod(form(["csrf", "secret-token"], ["intent", "remove"], ["cartId", "x"]), { schema: CartFormSchema });
    const answer = refused(submission, { ok: false, error: "malformed" });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, error: "malformed", result: { status: "error", initialValue: { intent: "remove", cartId: "x" } } });
    expect(JSON.stringify(answer.data)).not.toContain("secret-token");
  });
});
