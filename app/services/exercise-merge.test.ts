import { describe, expect, it } from "vitest";
import { rewriteExerciseUrl } from "~/services/exercise-merge";

describe("rewriteExerciseUrl", () => {
  const merged = [{ oldRecordId: 90001, recordId: 190001 }];
  it("rewrites the record id of the doing and report addresses", () => {
    expect(rewriteExerciseUrl("/question/doing?recordId=90001&x=1", merged)).toBe("/question/doing?recordId=190001&x=1");
    expect(rewriteExerciseUrl("/question/report?unLoginRecordId=90001", merged)).toBe("/question/report?recordId=190001");
    expect(rewriteExerciseUrl("/lib/doing/90001", merged)).toBe("/lib/doing/190001");
  });
  it("leaves other addresses alone", () => {
    expect(rewriteExerciseUrl("/course/list?recordId=5", merged)).toBe("/course/list?recordId=5");
    expect(rewriteExerciseUrl("/home/index", [])).toBe("/home/index");
  });
});
