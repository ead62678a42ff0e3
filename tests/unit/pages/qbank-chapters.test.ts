import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, byTestId, element, elements, h1, hrefOf, startTestPortal, text, type Client, type Page, type TestPortal } from "../portal";

/**
 * The question bank's chapter and section pages and the explanation media preview (issue 15; spec 001 §7
 * "chapter and section pages and detail", "video and audio preview", GET /examSys/shortAnswerQuestionVideo;
 * decision 035), as the server renders them.
 */

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());
beforeEach(() => portal.reset());

const hidden = (form: string) =>
  Object.fromEntries(
    elements(form, "input")
      .filter((i) => attr(i, "type") === "hidden")
      .map((i) => [attr(i, "name") ?? "", attr(i, "value") ?? ""]),
  );

/** Posts the form of `page` whose button says `label` (its hidden fields and its button's name/value). */
async function press(browser: Client, page: string, label: RegExp) {
  const { html } = await browser.get(page);
  const form = elements(html, "form").find((f) => elements(f, "button").some((b) => label.test(text(b)) || label.test(attr(b, "aria-label") ?? "")));
  expect(form, `a form with ${label}`).toBeDefined();
  const button = elements(form!, "button").find((b) => label.test(text(b)) || label.test(attr(b, "aria-label") ?? ""))!;
  return browser.post(attr(form!, "action") ?? page, { ...hidden(form!), [attr(button, "name") ?? "intent"]: attr(button, "value") ?? "" });
}

const recordIdOf = (location: string) => Number(location.split("/")[4]);

/** Hands a doing page in with `answers` given first (question id → answer values), by the page's own forms. */
async function handIn(browser: Client, at: string, answers: Record<number, string[]> = {}) {
  const recordId = recordIdOf(at);
  for (const [questionId, values] of Object.entries(answers)) {
    const { html } = await browser.get(at);
    const form = byTestId(html, "question-form") ?? "";
    const h = hidden(form);
    // the sheet's buttons open each question: find the one on screen
    let index = Number(h.index);
    let fields = h;
    if (h.questionId !== questionId) {
      const total = elements(byTestId(html, "answer-sheet") ?? "", "button").length;
      for (index = 0; index < total; index++) {
        const page = await browser.get(`/lib/subject/doing/${recordId}?n=${index + 1}`);
        fields = hidden(byTestId(page.html, "question-form") ?? "");
        if (fields.questionId === questionId) break;
      }
    }
    const body = new URLSearchParams({ ...fields, intent: "save" });
    for (const v of values) body.append("answer", v);
    const res = await browser.fetch(`/lib/subject/doing/${recordId}?n=${index + 1}`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(302);
  }
  const { html } = await browser.get(at);
  // hand in without touching the answer on screen (no hasAnswer: nothing typed to save), past the
  // unanswered-questions confirmation (issue 21)
  const { hasAnswer: _kept, ...fields } = hidden(byTestId(html, "question-form") ?? "");
  const body = new URLSearchParams({ ...fields, intent: "submit", confirm: "1" });
  const res = await browser.fetch(at, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  expect(res.headers.get("Location")).toBe(`/lib/subject/report/${recordId}`);
  return recordId;
}

describe("chapter and section pages", () => {
  it("the overview links its chapters and sections; the pages show counts, kinds and sections; unknown ids are 404s", async () => {
    const browser = portal.client();
    const overview = await browser.get("/lib/subject/overview/203");
    expect(hrefOf(overview.html, /^第一章/)).toBe("/lib/subject/chapter/2031");
    expect(hrefOf(overview.html, /^第1节 资产/)).toBe("/lib/subject/section/20311");

    const chapter = await browser.get("/lib/subject/chapter/2031");
    expect(chapter.status).toBe(200);
    expect(h1(chapter.html)).toBe("第一章 会计要素与借贷记账法");
    expect(text(byTestId(chapter.html, "chapter-progress") ?? "")).toContain("已做 0/20 题，答对 0，答错 0");
    expect(text(element(chapter.html, "main") ?? "")).toContain("题型: 单选题 4 道 · 多选题 4 道 · 判断题 4 道 · 填空题 4 道 · 简答题 4 道");
    const sections = byTestId(chapter.html, "sections") ?? "";
    expect(elements(sections, "li")).toHaveLength(2);
    expect(hrefOf(sections, "第2节 负债")).toBe("/lib/subject/section/20312");
    expect(hrefOf(chapter.html, "初级会计实务")).toBe("/lib/subject/overview/203");
    expect((await portal.calls("/question/v1/section/page")).map((c) => c.query.chapterId)).toEqual(["2031"]);

    const section = await browser.get("/lib/subject/section/20312");
    expect(section.status).toBe(200);
    expect(h1(section.html)).toBe("第2节 负债");
    expect(hrefOf(section.html, "第一章 会计要素与借贷记账法")).toBe("/lib/subject/chapter/2031");
    const items = elements(byTestId(section.html, "section-questions") ?? "", "li");
    expect(items).toHaveLength(10);
    expect(items.every((li) => text(li).endsWith("未做"))).toBe(true);
    // never the answer or the explanation before handing in
    expect(section.html).not.toContain("故选");

    // English
    const en = await browser.get("/lib/subject/chapter/2031?lng=en");
    expect(text(element(en.html, "main") ?? "")).toContain("Practise this chapter");
    expect(text(byTestId(en.html, "chapter-progress") ?? "")).toContain("0/20 done, 0 right, 0 wrong");

    for (const path of [
      "/lib/subject/chapter/abc",
      "/lib/subject/chapter/99999",
      "/lib/subject/chapter/20311",
      "/lib/subject/section/2031",
      "/lib/subject/section/0",
      "/lib/subject/section/99999",
    ]) {
      expect((await browser.get(path)).status, path).toBe(404);
    }
    // a page past the end of the sections: the last page
    const past = await browser.fetch("/lib/subject/chapter/2031?page=9");
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/lib/subject/chapter/2031");
  });

  it("practise a chapter and a section from their pages; progress, states and 'continue' follow the answers", async () => {
    const browser = portal.client();
    await browser.signIn(portal, "13700003403", "/lib/subject");
    const whole = await press(browser, "/lib/subject/chapter/2041", /^练习本章$/);
    expect(whole.status).toBe(302);
    const chapterDoing = await browser.get(whole.headers.get("Location") ?? "");
    expect(text(chapterDoing.html)).toContain("第 1 题 / 共 20 题");
    expect((await portal.calls("/exercise/chapter/generate/204/2041")).length).toBe(1);

    // a section's practise button on the chapter page posts to the section page
    const part = await press(browser, "/lib/subject/chapter/2041", /^练习 第1节/);
    expect(part.status).toBe(302);
    const at = part.headers.get("Location") ?? "";
    expect(text((await browser.get(at)).html)).toContain("第 1 题 / 共 10 题");
    expect((await portal.calls("/exercise/chapter/generate/204/2041")).at(-1)?.query.sectionId).toBe("20411");

    // question 4001 single (right letter: (4001 * 7) % 4 = 3, D); 4002 multiple (wrong letter (4002*7+2) % 4 = 0, A)
    const recordId = recordIdOf(at);
    const save = new URLSearchParams({ ...hidden(byTestId((await browser.get(at)).html, "question-form") ?? ""), intent: "save", answer: "D" });
    await browser.fetch(at, { method: "POST", body: save, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    let section = await browser.get("/lib/subject/section/20411");
    expect(text(byTestId(section.html, "section-progress") ?? "")).toContain("已做 1/10 题，答对 0，答错 0");
    expect(text(elements(byTestId(section.html, "section-questions") ?? "", "li")[0]!)).toContain("已作答，未交卷");
    expect(hrefOf(byTestId(section.html, "continue"), /继续练习/)).toBe(`/lib/subject/doing/${recordId}?n=1`);

    await handIn(browser, at, { 4002: ["A"] });
    section = await browser.get("/lib/subject/section/20411");
    expect(text(byTestId(section.html, "section-progress") ?? "")).toContain("已做 2/10 题，答对 1，答错 1");
    expect(
      elements(byTestId(section.html, "section-questions") ?? "", "li")
        .slice(0, 3)
        .map((li) => attr(element(li, "[data-state]"), "data-state")),
    ).toEqual(["right", "wrong", "new"]);
    expect(byTestId(section.html, "continue")).toBeUndefined();
    const chapter = await browser.get("/lib/subject/chapter/2041");
    expect(text(byTestId(chapter.html, "chapter-progress") ?? "")).toContain("已做 2/20 题，答对 1，答错 1");
    // the whole-chapter practice started first is still open: continue it
    expect(hrefOf(byTestId(chapter.html, "continue"), /继续练习/)).toBe(`${whole.headers.get("Location")}?n=1`);
  });

  it("redirectLogin 1 sends a visitor to login from both pages (the question bank is a guarded section)", async () => {
    const visitor = portal.client();
    expect((await visitor.fetch("/lib/subject/chapter/2011")).status).toBe(200);
    await portal.config(1, { homeConfig: { headCfRsp: { redirectLogin: 1 } } });
    for (const path of ["/lib/subject/chapter/2011", "/lib/subject/section/20111"]) {
      const res = await visitor.fetch(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toBe(`/join/login?backUrl=${encodeURIComponent(path)}`);
    }
  });

  it("a malformed post is a 400, an unknown chapter a 404, a post without the CSRF token is refused", async () => {
    const browser = portal.client();
    const { html } = await browser.get("/lib/subject/section/20111");
    const form = elements(html, "form").find((f) => f.includes('value="practise"')) ?? "";
    expect((await browser.post("/lib/subject/section/20111", { ...hidden(form), intent: "explode" })).status).toBe(400);
    expect((await browser.post("/lib/subject/chapter/99999", { ...hidden(form), intent: "practise" })).status).toBe(404);
    expect((await portal.client().post("/lib/subject/section/20111", { intent: "practise" })).status).toBe(403);
  });
});

describe("explanation media in the report", () => {
  it("audio and video are previewed in place by plain links (the preview calls); a picture is shown; a refused preview is a message", async () => {
    const browser = portal.client();
    await browser.signIn(portal, "13700003404", "/lib/subject");
    const start = await press(browser, "/lib/subject/section/20311", /^练习本节$/);
    const recordId = await handIn(browser, start.headers.get("Location") ?? "");
    const report = await browser.get(`/lib/subject/report/${recordId}`);
    const item = (id: number, html = report.html) => element(html, `li[id="q-${id}"]`) ?? "";
    // 3003: audio; 3010: a short answer with a video (its own call); 3001: nothing
    expect(hrefOf(item(3003), "收听语音讲解")).toBe(`/lib/subject/report/${recordId}?play=3003&media=audio#q-3003`);
    expect(hrefOf(item(3010), "播放视频讲解")).toBe(`/lib/subject/report/${recordId}?play=3010&media=short#q-3010`);
    expect(byTestId(item(3001), "media")).toBeUndefined();
    expect([...elements(report.html, "audio"), ...elements(report.html, "video")]).toHaveLength(0); // nothing plays before it is asked for

    const audio = await browser.get(`/lib/subject/report/${recordId}?play=3003&media=audio`);
    expect(audio.status).toBe(200);
    const player = element(item(3003, audio.html), "audio") ?? "";
    expect(attr(player, "controls")).toBeDefined();
    expect(attr(player, "src")).toMatch(/\/s\/api\/question\/v1\/media\/play\/3003\.wav\?expires=\d+&sign=[0-9a-f]{32}$/);
    expect(text(item(3003, audio.html))).toContain("播放地址 10 分钟内有效");
    expect(hrefOf(item(3003, audio.html), "收起")).toBe(`/lib/subject/report/${recordId}#q-3003`);
    const played = await fetch(attr(player, "src")!.replaceAll("&amp;", "&"));
    expect(played.status).toBe(200);

    const video = await browser.get(`/lib/subject/report/${recordId}?play=3010&media=short`);
    expect(attr(element(item(3010, video.html), "video"), "src")).toMatch(/\/media\/play\/3010\.webm\?/);
    const calls = await portal.calls("/examSys/shortAnswerQuestionVideo");
    expect(calls.map((c) => [c.query.questionId, c.query.recordId])).toEqual([["3010", String(recordId)]]);

    // a question without that media: the report stays, with a message beside the question
    const refused = await browser.get(`/lib/subject/report/${recordId}?play=3001&media=audio`);
    expect(refused.status).toBe(200);
    expect([...elements(refused.html, "audio"), ...elements(refused.html, "video")]).toHaveLength(0);
    // an unknown `media` value asks nothing
    const before = (await portal.calls("/media/")).length;
    expect((await browser.get(`/lib/subject/report/${recordId}?play=3003&media=<x>`)).status).toBe(200);
    expect((await portal.calls("/media/")).length).toBe(before);

    // someone else cannot preview this record's media: the record is not theirs (404 page)
    expect((await portal.client().get(`/lib/subject/report/${recordId}?play=3003&media=audio`)).status).toBe(404);
  });

  it("a refused preview says so beside the question", async () => {
    const browser = portal.client();
    const start = await press(browser, "/lib/subject/section/20311", /^练习本节$/);
    const recordId = await handIn(browser, start.headers.get("Location") ?? "");
    const refused = await browser.get(`/lib/subject/report/${recordId}?play=3003&media=video`);
    expect(refused.status).toBe(200);
    expect(text(element(refused.html, `li[id="q-3003"]`) ?? "")).toContain("讲解暂时无法播放：该题没有讲解视频");
  });

  it("a picture explanation is shown in the report", async () => {
    const browser = portal.client();
    const start = await press(browser, "/lib/subject/section/20321", /^练习本节$/);
    const recordId = await handIn(browser, start.headers.get("Location") ?? "");
    const report = await browser.get(`/lib/subject/report/${recordId}`);
    const img = element(element(report.html, `li[id="q-3025"]`) ?? "", "img") ?? "";
    expect(attr(img, "src")).toMatch(/\/s\/api\/question\/v1\/media\/image\/3025\.svg$/);
    expect(attr(img, "alt")).toBe("第 5 题的图解");
  });
});

// ---- the no-JS journeys of tests/e2e/qbank-chapters.test.ts (issue 22) -----------------------------------
// A visitor without JavaScript: links followed (a browser sends no #fragment), the page's own forms
// submitted by the form-walker. The media really loading and playing is the browser test's (JS run).

describe("without JavaScript, walked through the page's own forms and links", () => {
  const answerForm = (page: Page) => page.form({ "data-testid": "question-form" });
  const follow = (browser: Client, href: string | undefined) => browser.get((href ?? "missing").split("#")[0] ?? "");
  const players = (html: string) => [...elements(html, "audio"), ...elements(html, "video")];

  it("preview an explanation's audio and video in the report: one at a time, then closed", async () => {
    const browser = portal.client();
    const section = await browser.get("/lib/subject/section/20311");
    const doing = await section.form({ button: "练习本节" }).submit({ button: "练习本节" });
    expect(doing.url).toMatch(/^\/lib\/subject\/doing\/\d+/);
    expect(text(doing.html)).toContain("第 1 题 / 共 10 题");
    // questions unanswered: asked first (issue 21)
    const confirm = await answerForm(doing).submit({ button: "交卷" });
    const report = await confirm.form({ button: "仍然交卷" }).submit({ button: "仍然交卷" });
    expect(report.url).toMatch(/^\/lib\/subject\/report\/\d+$/);
    expect(players(report.html)).toHaveLength(0);
    const item = (id: number, html: string) => element(html, `li[id="q-${id}"]`) ?? "";

    // question 3 (3003): a spoken explanation
    const audio = await follow(browser, hrefOf(item(3003, report.html), "收听语音讲解"));
    expect(audio.url).toMatch(/\?play=3003&media=audio$/);
    expect(attr(element(item(3003, audio.html), "audio"), "src")).toMatch(/\/media\/play\/3003\.wav\?expires=\d+&sign=/);

    // question 10 (3010): a short answer's video (the short-answer video call)
    const video = await follow(browser, hrefOf(item(3010, audio.html), "播放视频讲解"));
    expect(video.url).toMatch(/\?play=3010&media=short$/);
    expect(attr(element(item(3010, video.html), "video"), "src")).toMatch(/\/media\/play\/3010\.webm\?/);
    // only one plays at a time: the audio's preview is closed
    expect(elements(item(3003, video.html), "audio")).toHaveLength(0);
    const closed = await follow(browser, hrefOf(item(3010, video.html), "收起"));
    expect(players(closed.html)).toHaveLength(0);
  });

  it("a typed answer survives a jump through the answer sheet and back", async () => {
    const browser = portal.client();
    const section = await browser.get("/lib/subject/section/20611");
    let page = await section.form({ button: "练习本节" }).submit({ button: "练习本节" });
    expect(page.url).toMatch(/^\/lib\/subject\/doing\/\d+/);
    // question 5 is a short answer, question 4 a fill-in (kinds cycle single, multiple, judge, fill, short)
    page = await answerForm(page).submit({ button: "5" });
    expect(text(page.html)).toContain("第 5 题 / 共 10 题");
    page = await answerForm(page).fill({ answer: "操作系统管理存储器" }).submit({ button: "4" });
    expect(text(page.html)).toContain("第 4 题 / 共 10 题");
    page = await answerForm(page).fill({ answer: "二进制" }).submit({ button: "5" });
    expect(text(page.html)).toContain("第 5 题 / 共 10 题");
    expect(answerForm(page).value("answer")).toBe("操作系统管理存储器");
    page = await answerForm(page).submit({ button: "4" });
    expect(text(page.html)).toContain("第 4 题 / 共 10 题");
    expect(answerForm(page).value("answer")).toBe("二进制");
    expect(attr(elements(byTestId(page.html, "answer-sheet") ?? "", "button")[4], "aria-label")).toMatch(/已答/);
  });
});
