import { describe, expect, it } from "vitest";
import { attr, byTestId, element, usePortal, text, type Client, type Page } from "../portal";

/**
 * Notes while studying (issue 26, decision 059; spec 001 §7 'Notes': update) without JavaScript: the video
 * page's note box is a plain form posting to the page; the note is saved at the point of the lesson the
 * video started from (`t`), listed in /personal/course/note with that time and a link back to it; a refused
 * or failed post comes back with the typed text. Seed user 2504 (sandbox/src/study/video.ts), nobody else's.
 */

const STUDENT = "13700002504";
const PAGE = "/class/type/video/page?commodityId=5001&courseId=101&lessonId=101012";

const ctx = usePortal();

async function student(): Promise<Client> {
  const browser = ctx.portal.client();
  await browser.signIn(ctx.portal, STUDENT);
  return browser;
}

const noteForm = (page: Page) => page.form({ field: "content" });
const typed = (page: Page) => text(element(byTestId(page.html, "note-box") ?? "", "textarea") ?? "");

describe("the video page's note box, without JavaScript", () => {
  it("saves a note at the video's point, 303 back to the page; the notes list shows the time and links back to it", async () => {
    const browser = await student();
    const page = await browser.get(`${PAGE}&t=75`);
    expect(page.status).toBe(200);
    const box = byTestId(page.html, "note-box") ?? "";
    expect(text(box)).toContain("在 1:15 处记笔记");
    // a plain form: no script field, the page's own address, the point the video starts at
    const form = noteForm(page);
    expect(attr(element(box, "form") ?? "", "method")).toBe("post");
    const saved = await form.fill({ content: "  供给曲线向右上方倾斜  " }).submit({ button: "保存笔记" });
    expect(saved.redirectedFrom[0]).toBe(PAGE);
    expect(saved.url).toBe(`${PAGE}&t=75&noted=75`);
    expect(text(byTestId(saved.html, "note-box-saved") ?? "")).toBe("笔记已保存（1:15）。 查看我的笔记");
    expect(typed(saved)).toBe("");
    const update = (await ctx.portal.calls("/user-center/note/update")).filter((c) => c.method === "POST");
    expect(update).toHaveLength(1);

    const notes = await browser.get("/personal/course/note?course=5001");
    const mine = (notes.html.match(/<li[^>]*data-testid="note"[\s\S]*?<\/li>/g) ?? []).find((li) => li.includes("供给曲线向右上方倾斜"));
    expect(mine).toBeDefined();
    const watch = byTestId(mine!, "note-watch") ?? "";
    expect(text(watch)).toBe("视频 1:15");
    expect(attr(element(watch, "a") ?? watch, "href")).toBe(`${PAGE}&t=75`);
    // the link starts the video at the note's point
    const back = await browser.get(`${PAGE}&t=75`);
    expect(text(byTestId(back.html, "resume-note") ?? "")).toBe("从笔记位置 1:15 开始播放。");
    expect(attr(byTestId(back.html, "lesson-video"), "src")).toMatch(/#t=75$/);
  });

  it("an empty note is refused with the field's message (400); the upstream is not called", async () => {
    const browser = await student();
    await ctx.portal.clearCalls();
    const refused = await noteForm(await browser.get(PAGE))
      .fill({ content: "   " })
      .submit({ button: "保存笔记" });
    expect(refused.status).toBe(400);
    expect(text(byTestId(refused.html, "note-box") ?? "")).toContain("请输入笔记内容");
    expect(await ctx.portal.calls("/user-center/note/update")).toHaveLength(0);
  });

  it("an upstream failure keeps the typed text with the message that nothing was saved (502)", async () => {
    const browser = await student();
    const page = await browser.get(PAGE);
    await ctx.portal.fault({ path: "/user-center/note/update", status: 500, times: 1 });
    const failed = await noteForm(page).fill({ content: "弹性系数的计算" }).submit({ button: "保存笔记" });
    expect(failed.status).toBe(502);
    expect(typed(failed)).toBe("弹性系数的计算");
    expect(text(byTestId(failed.html, "form-failure") ?? "")).toContain("本次提交未保存");
    // sent again, it is saved
    const saved = await noteForm(failed).submit({ button: "保存笔记" });
    expect(byTestId(saved.html, "note-box-saved")).toBeDefined();
  });

  it("the upstream's refusal keeps the typed text with its message (400)", async () => {
    const browser = await student();
    const page = await browser.get(PAGE);
    await ctx.portal.fault({ path: "/user-center/note/update", code: "140020004", message: "只能在已报名课程的课时中记笔记", times: 1 });
    const refused = await noteForm(page).fill({ content: "边际效用递减" }).submit({ button: "保存笔记" });
    expect(refused.status).toBe(400);
    expect(typed(refused)).toBe("边际效用递减");
    expect(text(byTestId(refused.html, "note-box-error") ?? "")).toBe("笔记未保存：只能在已报名课程的课时中记笔记");
  });

  it("a post without the lesson's ids or with a broken position is a clean 4xx, never 500", async () => {
    const browser = await student();
    const csrf = await browser.csrf(PAGE);
    const noIds = await browser.post("/class/type/video/page?commodityId=5001", { csrf, intent: "note", content: "x" });
    expect(noIds.status).toBe(400);
    const badPosition = await browser.post(PAGE, { csrf, intent: "note", content: "位置坏了", positionS: "-3e99" });
    expect(badPosition.status).toBe(303);
    expect(badPosition.headers.get("Location")).toBe(`${PAGE}&noted=0#lesson-note-title`);
  });

  it("a visitor on a trial lesson has no note box", async () => {
    const page = await ctx.portal.client().get("/class/type/video/page?commodityId=5002&courseId=102&lessonId=102011");
    expect(page.status).toBe(200);
    expect(byTestId(page.html, "note-box")).toBeUndefined();
  });
});
