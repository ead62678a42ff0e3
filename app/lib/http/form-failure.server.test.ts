import { describe, expect, it } from "vitest";
import { failedValues, keptIdemKey } from "~/forms/form-failure";
import { formFailureAnswer } from "~/lib/http/form-failure.server";

// Decision 042: the answer of a failed form names the form that posted and keeps what was typed.
const posted = (entries: [string, string][]) => {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
};

describe("formFailureAnswer (decision 042)", () => {
  const unavailable = { kind: "unavailable" as const, uncertain: false };

  it("names the form by the posted intent, by a fixed name, or by the page's function of the posted fields", () => {
    const fields = posted([
      ["intent", "withdraw"],
      ["withdrawAmount", "12.30"],
      ["formName", "passwordSms"],
    ]);
    expect(formFailureAnswer(unavailable, fields).form).toBe("withdraw");
    expect(formFailureAnswer(unavailable, fields, "buy").form).toBe("buy");
    expect(formFailureAnswer(unavailable, fields, (p) => `${p.intent}:${p.formName}`).form).toBe("withdraw:passwordSms");
    expect(formFailureAnswer(unavailable, posted([["title", "x"]])).form).toBe("");
  });

  it("keeps every typed value, repeated names as lists, never a secret", () => {
    const answer = formFailureAnswer(
      unavailable,
      posted([
        ["answer.12", "a"],
        ["answer.12", "b"],
        ["password", "p"],
        ["code", "RC0001"],
        ["csrf", "t"],
      ]),
    );
    expect(failedValues(answer, "answer.12")).toEqual(["a", "b"]);
    expect(failedValues(formFailureAnswer(unavailable, posted([["answer", "C"]])), "answer")).toEqual(["C"]);
    expect(failedValues(answer, "password")).toBeUndefined();
    expect(failedValues(answer, "code")).toBeUndefined();
    expect(failedValues({ result: {} }, "answer")).toBeUndefined();
  });

  it("a money form keeps the key of a post that may have gone through, and only then", () => {
    const fields = posted([
      ["intent", "charge"],
      ["idemKey", "key-of-the-post"],
    ]);
    expect(keptIdemKey(formFailureAnswer({ kind: "timeout", uncertain: true }, fields), "fresh")).toBe("key-of-the-post");
    expect(keptIdemKey(formFailureAnswer({ kind: "timeout", uncertain: false }, fields), "fresh")).toBe("fresh");
    expect(keptIdemKey(undefined, "fresh")).toBe("fresh");
  });
});
