import { describe, expect, it } from "vitest";
import { examAction, examTimeText, filtersOf, refusalOf } from "~/services/exams.server";
import { examIntroHref, examListHref, payResultHref } from "~/services/exam-links";
import { UpstreamError } from "~/lib/http/upstream.server";

/** The pure parts of my exams (decision 034): filters from the address, the intro's one action, refusals. */
const exam = { examState: 2, doingRecordId: null, needPay: false, payState: false, maxTimes: 1, usedTimes: 0 };

describe("exams.server", () => {
  it("reads the spec's queryMyExamList filters from the address; anything unknown is 'all'", () => {
    expect(filtersOf(new URL("http://x/lib/subject/exampaper?examType=2&examState=3&examName=%20税法%20&page=2"))).toEqual({
      examType: 2,
      examState: 3,
      examName: "税法",
      page: 2,
    });
    expect(filtersOf(new URL("http://x/lib/subject/exampaper?examType=9&examState=-1&page=abc"))).toEqual({ examType: 0, examState: 0, examName: "", page: 1 });
    expect(filtersOf(new URL(`http://x/?examName=${"a".repeat(80)}`)).examName).toHaveLength(50);
    expect(examListHref({ examType: 1, examState: 0, examName: "税", page: 1 })).toBe("/lib/subject/exampaper?examType=1&examName=%E7%A8%8E");
    expect(examListHref()).toBe("/lib/subject/exampaper");
    expect(examIntroHref(9101, 700002)).toBe("/lib/subject/exampaper/examintro/9101?handedIn=700002");
    expect(payResultHref(9103)).toBe("/lib/subject/exampaper/payresult?examId=9103");
  });

  it("the intro's action: continue an open attempt first, then the window, the fee, the attempts left", () => {
    expect(examAction(exam)).toBe("join");
    expect(examAction({ ...exam, doingRecordId: 1, examState: 3 })).toBe("continue");
    expect(examAction({ ...exam, examState: 1 })).toBe("notStarted");
    expect(examAction({ ...exam, examState: 3 })).toBe("ended");
    expect(examAction({ ...exam, needPay: true })).toBe("pay");
    expect(examAction({ ...exam, needPay: true, payState: true })).toBe("join");
    expect(examAction({ ...exam, usedTimes: 1 })).toBe("noTimes");
    expect(examAction({ ...exam, maxTimes: 0, usedTimes: 7 })).toBe("join");
  });

  it("maps the upstream's exam refusals to translated keys, other business failures to their message", () => {
    const business = (code: string, message: string) =>
      new UpstreamError("business", "/question/api/v1/front/exam/joinExam", { code, upstreamMessage: message });
    expect(refusalOf(business("130010005", "考试次数已用完"))).toBe("refuse:noTimes");
    expect(refusalOf(business("130010004", "请先完成人脸识别"))).toBe("refuse:face");
    expect(refusalOf(business("77", "别的原因"))).toBe("server:别的原因");
    expect(refusalOf(new Error("boom"))).toBeNull();
  });

  it("shows times in the school's zone (UTC+8)", () => {
    expect(examTimeText(Date.parse("2026-11-23T16:30:00Z"))).toBe("2026-11-24 00:30");
    expect(examTimeText(null)).toBe("");
  });
});
