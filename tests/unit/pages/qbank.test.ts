import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, byTestId, element, elements, h1, hrefOf, startTestPortal, text, type Client, type Form, type Page, type TestPortal } from "../portal";

/**
 * The question bank's pages as the server renders them (issue 15; spec 001 §2, §7): /lib/subject, a
 * subject's overview and its start buttons, the doing page without JavaScript (one question a page,
 * form posts, the answer sheet's links), the report with points, the visitor's practice merged at login.
 */

const PASSWORD = "Passw0rd!";
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

/** Posts the start form of `intent` (and `extra` hidden values) on a subject's overview; answers the Location. */
async function start(browser: Client, subjectId: number, intent: string, match: (form: string) => boolean = () => true) {
  const path = `/lib/subject/overview/${subjectId}`;
  const { html } = await browser.get(path);
  const form = elements(html, "form").find((f) => f.includes(`value="${intent}"`) && match(f));
  expect(form, `a start form for ${intent}`).toBeDefined();
  const res = await browser.post(path, { ...hidden(form!), intent });
  expect(res.status).toBe(302);
  return res.headers.get("Location") ?? "";
}

const recordIdOf = (location: string) => Number(location.split("/")[4]);

/** The doing page's form fields (hidden ones) plus `fields`, posted with `intent`. */
async function act(browser: Client, page: string, intent: string, fields: Record<string, string | string[]> = {}) {
  const { html } = await browser.get(page);
  const form = byTestId(html, "question-form") ?? "";
  const body = new URLSearchParams({ ...hidden(form), intent });
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  return browser.fetch(page, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
}

async function logIn(browser: Client, backUrl: string, account: string) {
  const path = `/join/login?backUrl=${encodeURIComponent(backUrl)}`;
  const { html } = await browser.get(path);
  const form = elements(html, "form").find((f) => /name="intent" value="password"/.test(f)) ?? "";
  return browser.post(attr(form, "action") ?? path, { ...hidden(form), intent: "password", account, password: PASSWORD });
}

describe("/lib/subject", () => {
  it("the subject filter offers every category (GET /v1/question/categories, spec 001 §7), whatever page of category cards is shown", async () => {
    const browser = portal.client();
    await portal.clearCalls();
    // page 2 of the category cards is empty (three categories, ten a page): the filter still lists all three
    const page = await browser.get("/lib/subject?cpage=2&categoryId=12");
    const select = elements(page.html, "select").find((s) => attr(s, "name") === "categoryId") ?? "";
    const options = elements(select, "option").map((o) => [attr(o, "value"), text(o)]);
    expect(options).toEqual([
      ["", "全部分类"],
      ["11", "人力资源"],
      ["12", "财务会计"],
      ["13", "计算机"],
    ]);
    expect(await portal.calls("/question/v1/question/categories")).toHaveLength(1);
  });

  it("the menu entry 题库 › 练习题库 and the page: categories, subjects, search by keyword and category", async () => {
    const browser = portal.client();
    const home = await browser.get("/home/index");
    expect(hrefOf(home.html, "练习题库") ?? hrefOf(home.html, "题库")).toBe("/lib/subject");
    const page = await browser.get("/lib/subject");
    expect(page.status).toBe(200);
    expect(h1(page.html)).toBe("题库");
    const main = text(element(page.html, "main") ?? "");
    for (const name of ["人力资源", "财务会计", "计算机", "初级会计实务", "数据库原理"]) expect(main).toContain(name);
    const found = await browser.get("/lib/subject?keyword=%E7%A8%8E&categoryId=12");
    expect(text(byTestId(found.html, "subjects") ?? "")).toContain("税法");
    expect(text(byTestId(found.html, "subjects") ?? "")).not.toContain("经济法基础");
    expect(hrefOf(found.html, "税法")).toBe("/lib/subject/overview/205");
  });

  it("a student sees statistics and the studied categories; the unfinished check offers to continue", async () => {
    const browser = portal.client();
    await browser.signIn(portal, "13700002700", "/lib/subject");
    expect(byTestId((await browser.get("/lib/subject")).html, "unfinished")).toBeUndefined();
    const at = await start(browser, 203, "daily");
    const page = await browser.get("/lib/subject");
    const main = text(element(page.html, "main") ?? "");
    expect(main).toContain("我的练习");
    expect(main).toContain("我学过的分类");
    const banner = byTestId(page.html, "unfinished") ?? "";
    expect(text(banner)).toContain("继续上次的练习");
    expect(hrefOf(banner, "继续练习")).toBe(`${at}?n=1`);
  });

  it("unknown or malformed subjects and records are 404s, never 500s", async () => {
    const browser = portal.client();
    for (const path of [
      "/lib/subject/overview/999",
      "/lib/subject/overview/abc",
      "/lib/subject/doing/abc",
      "/lib/subject/doing/12345",
      "/lib/subject/report/99999999",
    ]) {
      expect((await browser.get(path)).status, path).toBe(404);
    }
  });
});

describe("practising without JavaScript", () => {
  it("a visitor starts a paper, answers with form posts, nothing is lost, hands in, sees the report", async () => {
    const browser = portal.client();
    const at = await start(browser, 201, "paper", (f) => f.includes('value="2011"'));
    expect(at).toMatch(/^\/lib\/subject\/doing\/\d+$/);
    const recordId = recordIdOf(at);
    const first = await browser.get(at);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("private, no-store");
    expect(text(first.html)).toContain("第 1 题 / 共 20 题");
    // the answer sheet: submit buttons of the answer form (goto = the question's index), not links
    const formId = attr(byTestId(first.html, "question-form"), "id");
    expect(formId).toBeTruthy();
    const sheet = elements(byTestId(first.html, "answer-sheet") ?? "", "button");
    expect(sheet.map((b) => [attr(b, "type"), attr(b, "form"), attr(b, "name"), attr(b, "value")])).toEqual(
      Array.from({ length: 20 }, (_, i) => ["submit", formId, "goto", String(i)]),
    );
    expect(elements(byTestId(first.html, "answer-sheet") ?? "", "a")).toHaveLength(0);
    // another visitor cannot open it
    expect((await portal.client().get(at)).status).toBe(404);

    // answer 1 and go on: the server keeps it
    const next = await act(browser, at, "next", { answer: "B" });
    expect(next.headers.get("Location")).toBe(`/lib/subject/doing/${recordId}?n=2`);
    const back = await browser.get(`${at}?n=1`);
    const checked = elements(byTestId(back.html, "question-form") ?? "", "input")
      .filter((i) => /\schecked/.test(i))
      .map((i) => attr(i, "value"));
    expect(checked).toEqual(["B"]);
    // a typed fill-in or short answer survives a mark (any button saves first)
    const q2 = await browser.get(`${at}?n=2`);
    const kind2 = attr(
      elements(byTestId(q2.html, "question-form") ?? "", "input").find((i) => attr(i, "name") === "kind"),
      "value",
    );
    const typed = kind2 === "fill" || kind2 === "short" ? ["工作分析"] : kind2 === "multiple" ? ["A", "C"] : ["A"];
    await act(browser, `${at}?n=2`, "mark", { answer: typed });
    const again = await browser.get(`${at}?n=2`);
    expect(text(again.html)).toContain("已标记");
    expect(again.html).toContain(kind2 === "fill" || kind2 === "short" ? "工作分析" : 'value="A" checked');

    // pause: no answering until resumed
    await act(browser, `${at}?n=2`, "pause");
    const paused = await browser.get(`${at}?n=2`);
    expect(text(paused.html)).toContain("练习已暂停");
    expect(element(paused.html, "fieldset[disabled]")).toBeDefined();
    await act(browser, `${at}?n=2`, "resume");
    expect(text((await browser.get(`${at}?n=2`)).html)).not.toContain("练习已暂停");

    // hand in with questions unanswered (issue 21): the post answers a confirmation first, after saving the
    // answer it carried (question 3), and nothing is handed in yet
    const q3 = Number(hidden(byTestId((await browser.get(`${at}?n=3`)).html, "question-form") ?? "").questionId);
    const asked = await act(browser, `${at}?n=3`, "submit", { answer: "A" });
    expect(asked.status).toBe(200);
    const confirmPage = await asked.text();
    const log = await portal.sandbox.control<{ answers: Array<{ questionId: number; answer: string }> }>("GET", `/qbank/answers?recordId=${recordId}`);
    const latest = new Map(log.answers.map((a) => [a.questionId, a.answer]));
    expect(latest.get(q3)).toBe(JSON.stringify(["A"]));
    const left = 20 - [...latest.values()].filter((a) => a !== "[]").length;
    expect(left).toBeGreaterThan(0);
    expect(text(byTestId(confirmPage, "hand-in-unanswered") ?? "")).toBe(`还有 ${left} 道题未作答（共 20 题），确定交卷吗？`);
    expect(text(byTestId(confirmPage, "hand-in-confirm") ?? "")).toContain("仍然交卷");
    expect(hrefOf(byTestId(confirmPage, "hand-in-confirm"), "返回作答")).toBe(`/lib/subject/doing/${recordId}?n=3`);
    // "hand in anyway": the report
    const confirmForm = elements(byTestId(confirmPage, "hand-in-confirm") ?? "", "form")[0] ?? "";
    expect(hidden(confirmForm)).toMatchObject({ intent: "submit", confirm: "1" });
    const handed = await browser.post(`${at}?n=3`, hidden(confirmForm));
    expect(handed.headers.get("Location")).toBe(`/lib/subject/report/${recordId}`);
    const report = await browser.get(`/lib/subject/report/${recordId}`);
    expect(report.status).toBe(200);
    expect(text(byTestId(report.html, "score") ?? "")).toMatch(/^\d+ \/ \d+ 分$/);
    expect(elements(report.html, '[data-testid="review-item"]')).toHaveLength(20);
    expect(text(report.html)).toContain("解析");
    expect(text(byTestId(report.html, "points") ?? "")).toBe("登录后练习可获得积分。");
    // the doing address of a handed-in paper is the report
    expect((await browser.get(at)).url).toBe(`/lib/subject/report/${recordId}`);
  });

  it("at login the visitor's record is merged: the report address carries the new record id", async () => {
    const browser = portal.client();
    const at = await start(browser, 206, "quick");
    const oldId = recordIdOf(at);
    await act(browser, at, "submit", { answer: "A", confirm: "1" });
    const res = await logIn(browser, `/lib/subject/report/${oldId}`, "qbank01");
    const to = new URL(res.headers.get("Location") ?? "", "http://portal");
    const newId = Number(to.pathname.split("/")[4]);
    expect(to.pathname).toMatch(/^\/lib\/subject\/report\/\d+$/);
    expect(newId).toBeGreaterThan(oldId);
    const report = await browser.get(to.pathname + to.search);
    expect(report.status).toBe(200);
    expect(text(byTestId(report.html, "points") ?? "")).toMatch(/本次练习获得 \d+ 积分/);
    expect((await browser.get(`/lib/subject/report/${oldId}`)).status).toBe(404);
  });

  it("a student's report gains points once, and re-examine starts the same questions again", async () => {
    const browser = portal.client();
    await browser.signIn(portal, "13700002702", "/lib/subject");
    const at = await start(browser, 207, "chapter", (f) => f.includes('value="2071"') && !f.includes("sectionId"));
    const recordId = recordIdOf(at);
    await act(browser, at, "submit", { confirm: "1" });
    const report = await browser.get(`/lib/subject/report/${recordId}`);
    expect(text(byTestId(report.html, "points") ?? "")).toBe("本次练习获得 0 积分（累计 0）");
    const calls = await portal.calls("/integral/");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([
        "POST /external/api/v1/integral/incr",
        "PUT /external/api/v1/integral/getIntegralGainScore",
        "GET /external/api/v1/integral/getscore",
      ]),
    );
    const form = elements(report.html, "form").find((f) => f.includes("重新练习")) ?? "";
    const again = await browser.post(`/lib/subject/report/${recordId}`, { ...hidden(form), intent: "reexamine" });
    expect(again.headers.get("Location")).toMatch(/^\/lib\/subject\/doing\/\d+$/);
    expect(recordIdOf(again.headers.get("Location")!)).not.toBe(recordId);
    expect((await portal.calls(`/reexamine/paper/generate/${recordId}`)).length).toBe(1);
  });

  it("an answer-sheet button saves what was typed on the question on screen, then opens the chosen one (issue 15)", async () => {
    const browser = portal.client();
    const at = await start(browser, 202, "chapter", (f) => f.includes('value="2021"') && !f.includes("sectionId"));
    const recordId = recordIdOf(at);
    // question 5 of a chapter is a short answer (kinds cycle single, multiple, judge, fill, short)
    const q5 = await browser.get(`${at}?n=5`);
    expect(
      attr(
        elements(byTestId(q5.html, "question-form") ?? "", "input").find((i) => attr(i, "name") === "kind"),
        "value",
      ),
    ).toBe("short");
    const body = new URLSearchParams({ ...hidden(byTestId(q5.html, "question-form") ?? ""), goto: "1", answer: "集体协商与调解" });
    const jumped = await browser.fetch(`${at}?n=5`, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(jumped.status).toBe(302);
    expect(jumped.headers.get("Location")).toBe(`/lib/subject/doing/${recordId}?n=2`);
    // the server moved to question 2 (the resume point) and kept the typed answer of question 5
    const calls = await portal.calls("/exercise/session/");
    expect(calls.map((c) => c.path.split("/session/")[1])).toEqual(expect.arrayContaining(["answer/submit", "question/switch"]));
    const back = await browser.get(`${at}?n=5`);
    expect(text(element(byTestId(back.html, "question-form") ?? "", "textarea") ?? "")).toBe("集体协商与调解");
    expect(text(byTestId(back.html, "answer-sheet") ?? "")).toBeTruthy();
    expect(attr(elements(byTestId(back.html, "answer-sheet") ?? "", "button")[4], "aria-label")).toContain("已答");
    // a question the paper does not have, or goto beside another button: 400, never a 500
    const far = new URLSearchParams({ ...hidden(byTestId(back.html, "question-form") ?? ""), goto: "99" });
    expect((await browser.fetch(`${at}?n=5`, { method: "POST", body: far, headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status).toBe(
      400,
    );
    const both = new URLSearchParams({ ...hidden(byTestId(back.html, "question-form") ?? ""), goto: "1", intent: "next" });
    expect((await browser.fetch(`${at}?n=5`, { method: "POST", body: both, headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status).toBe(
      400,
    );
  });

  it("a malformed post is a 400; a post without the CSRF token is refused", async () => {
    const browser = portal.client();
    const at = await start(browser, 201, "order");
    const bad = await act(browser, at, "explode");
    expect(bad.status).toBe(400);
    const forged = await portal.client().post(at, { intent: "submit", questionId: "1", index: "0", kind: "single" });
    expect(forged.status).toBe(403);
  });
});

/** The answer form of a doing page (the answer sheet's buttons belong to it through their `form` attribute). */
const answerForm = (page: Page) => page.form({ "data-testid": "question-form" });

/** What the answer form holds, as the browser's FormData.getAll("answer") reads it. */
function formState(form: Form): string {
  const answers = form.controls.filter((c) => c.name === "answer" && (c.type === "radio" || c.type === "checkbox" ? c.checked : true));
  return JSON.stringify(answers.map((c) => c.value));
}

/** Answers the question on screen whatever its kind, as tests/e2e/qbank.test.ts's answerCurrent does. */
function answerCurrent(form: Form): Form {
  const answers = form.controls.filter((c) => c.name === "answer");
  if (answers.some((c) => c.type === "radio")) return form.fill({ answer: "A" });
  if (answers.some((c) => c.type === "checkbox")) return form.fill({ answer: ["A", "B"] });
  if (answers.some((c) => c.tag === "textarea")) return form.fill({ answer: "先做招聘再做甄选" });
  answers.forEach((c, i) => (c.value = `空${i + 1}`));
  return form;
}

describe("a visitor's practice without JavaScript, walked through the page's own forms (the no-JS run of tests/e2e/qbank.test.ts)", () => {
  it("practises a paper, jumps through the answer sheet without losing anything, hands in, logs in: the record is merged and the report opens", async () => {
    const browser = portal.client();
    const list = await browser.get("/lib/subject");
    const overview = await browser.get(hrefOf(list.html, "人力资源管理师（三级）") ?? "missing");
    const paper = elements(overview.html, "form").findIndex((f) =>
      elements(overview.html, "li").some((li) => li.includes(f) && text(li).includes("章节综合练习卷")),
    );
    expect(paper).toBeGreaterThanOrEqual(0);
    let page = await overview.form(paper).submit({ button: "开始" });
    expect(page.url).toMatch(/^\/lib\/subject\/doing\/\d+/);
    const oldId = recordIdOf(page.url);
    expect(text(page.html)).toContain("第 1 题 / 共 20 题");
    page = await answerCurrent(answerForm(page)).submit({ button: "保存并下一题" });
    expect(text(page.html)).toContain("第 2 题 / 共 20 题");
    const filled = answerCurrent(answerForm(page));
    const typed = formState(filled);
    page = await filled.submit({ button: "保存答案" });
    expect(text(page.html)).toContain("第 2 题 / 共 20 题");
    // the saved page shows what was typed (the browser test reads it back from the page here)
    expect(formState(answerForm(page))).toBe(typed);
    // back to question 1 through the answer sheet, then to 2 again: nothing was lost
    page = await answerForm(page).submit({ button: "1" });
    expect(text(page.html)).toContain("第 1 题 / 共 20 题");
    expect(formState(answerForm(page))).toBe(JSON.stringify(["A"]));
    page = await answerForm(page).submit({ button: "2" });
    expect(formState(answerForm(page))).toBe(typed);
    // questions unanswered: asked first (issue 21)
    const confirm = await answerForm(page).submit({ button: "交卷" });
    const report = await confirm.form({ button: "仍然交卷" }).submit({ button: "仍然交卷" });
    expect(report.url).toBe(`/lib/subject/report/${oldId}`);
    expect(byTestId(report.html, "score")).toBeDefined();

    const login = await browser.get(`/join/login?backUrl=${encodeURIComponent(`/lib/subject/report/${oldId}`)}`);
    const merged = await login.form({ field: "password" }).fill({ 账号: "qbank03", 密码: PASSWORD }).submit({ button: "登录" });
    expect(merged.url).toMatch(/^\/lib\/subject\/report\/\d+/);
    expect(recordIdOf(merged.url)).not.toBe(oldId);
    expect(h1(merged.html)).toContain("练习报告");
    expect(text(byTestId(merged.html, "points") ?? "")).toContain("本次练习获得");
    expect(elements(merged.html, '[data-testid="review-item"]')).toHaveLength(20);
  });
});

describe("wrong-question book and collection", () => {
  it("a wrong answer lands in the book; practise it; remove it with its parentId; collect from the report", async () => {
    const browser = portal.client();
    await browser.signIn(portal, "13700002707", "/lib/subject");
    const at = await start(browser, 208, "chapter", (f) => f.includes('value="2081"') && !f.includes("sectionId"));
    const recordId = recordIdOf(at);
    // question 8001 is single choice with D right (content.ts): A is wrong
    await act(browser, at, "submit", { answer: "A", confirm: "1" });
    const report = await browser.get(`/lib/subject/report/${recordId}`);
    expect(elements(byTestId(report.html, "wrong-list") ?? "", "a").length).toBe(20);

    const book = await browser.get("/lib/subject/wrong");
    expect(book.status).toBe(200);
    expect(h1(book.html)).toBe("错题本");
    const entries = elements(byTestId(book.html, "wrong-book") ?? "", "li");
    expect(entries).toHaveLength(1);
    expect(text(entries[0]!)).toContain("（第1题）");
    expect(text(entries[0]!)).toContain("错 1 次");

    const practiseForm = elements(book.html, "form").find((f) => f.includes('value="practise"')) ?? "";
    const practise = await browser.post("/lib/subject/wrong", { ...hidden(practiseForm), intent: "practise" });
    const doingAt = practise.headers.get("Location") ?? "";
    const doing = await browser.get(doingAt);
    expect(text(doing.html)).toContain("第 1 题 / 共 1 题");
    // practised right this time (D): the practice's report gives full marks (the browser's round trip, issue 22)
    const handedIn = await act(browser, doingAt, "submit", { answer: "D", confirm: "1" });
    const practised = await browser.get(handedIn.headers.get("Location") ?? "");
    expect(practised.url).toMatch(/^\/lib\/subject\/report\/\d+$/);
    expect(text(byTestId(practised.html, "score") ?? "")).toBe("2 / 2 分");

    const again = elements(byTestId((await browser.get("/lib/subject/wrong")).html, "wrong-book") ?? "", "li");
    const deleteForm = elements(again[0]!, "form")[0] ?? "";
    expect(hidden(deleteForm).parentId).toBe("208");
    const removed = await browser.submit("/lib/subject/wrong", { ...hidden(deleteForm), intent: "delete" });
    expect(text(element(removed.html, "main") ?? "")).toContain("这里还没有题目。");
    expect((await portal.calls("/question/v1/wrong/")).find((c) => c.method === "DELETE")?.query.parentId).toBe("208");

    // collect question 1 from the report, then remove it from the collection
    const collectForm = elements(report.html, "form").find((f) => f.includes('value="collect"')) ?? "";
    await browser.post(`/lib/subject/report/${recordId}`, { ...hidden(collectForm), intent: "collect" });
    const mine = await browser.get("/lib/subject/collect");
    const items = elements(byTestId(mine.html, "collection") ?? "", "li");
    expect(items).toHaveLength(1);
    expect(text((await browser.get(`/lib/subject/report/${recordId}`)).html)).toContain("取消收藏");
    await browser.post("/lib/subject/collect", { ...hidden(elements(items[0]!, "form")[0] ?? ""), intent: "uncollect" });
    expect(text(element((await browser.get("/lib/subject/collect")).html, "main") ?? "")).toContain("这里还没有题目。");
  }, 30_000);

  it("visitors are sent to login", async () => {
    for (const path of ["/lib/subject/wrong", "/lib/subject/collect"]) {
      const res = await portal.client().fetch(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/join/login?backUrl=${encodeURIComponent(path)}`);
    }
  });
});

describe("statistics", () => {
  it("by weeks, years and academic year: an SVG chart from the server with the answers given", async () => {
    const browser = portal.client();
    await browser.signIn(portal, "13700002708", "/lib/subject");
    const at = await start(browser, 201, "daily");
    await act(browser, at, "save", { answer: "A" });
    const weeks = await browser.get("/lib/subject/statistics");
    expect(weeks.status).toBe(200);
    expect(h1(weeks.html)).toBe("练习统计");
    const chart = byTestId(weeks.html, "trend-chart") ?? "";
    expect(chart.startsWith("<svg")).toBe(true);
    expect(elements(chart, "rect")).toHaveLength(16); // 8 weeks, two bars each
    expect(text(byTestId(weeks.html, "trend-total") ?? "")).toBe("合计：做题 1，答对 0");
    const years = await browser.get("/lib/subject/statistics?by=years");
    expect(elements(byTestId(years.html, "trend-chart") ?? "", "rect")).toHaveLength(24);
    expect(text(byTestId(years.html, "trend-total") ?? "")).toBe("合计：做题 1，答对 0");
    const academic = await browser.get("/lib/subject/statistics?by=academicYear");
    expect(text(byTestId(academic.html, "trend-chart") ?? "")).toContain("9月");
    expect((await portal.calls("/statistics/academicYear")).length).toBe(1);
    // a wrong `by` is the weekly chart, not an error
    expect((await browser.get("/lib/subject/statistics?by=<x>")).status).toBe(200);
  });
});

describe("today's practice", () => {
  it("the overview shows today's daily practice and the rank of today's scores", async () => {
    const browser = portal.client();
    await browser.signIn(portal, "13700002711", "/lib/subject");
    const before = await browser.get("/lib/subject/overview/205");
    expect(text(byTestId(before.html, "today") ?? "")).toBe("今天还没有做每日一练。");
    const at = await start(browser, 205, "daily");
    expect(hrefOf(byTestId((await browser.get("/lib/subject/overview/205")).html, "today"), /继续练习/)).toBe(at);
    await act(browser, at, "submit", { confirm: "1" });
    const after = await browser.get("/lib/subject/overview/205");
    expect(text(byTestId(after.html, "today") ?? "")).toMatch(/^今天的每日一练：0 \/ \d+ 分$/);
    expect(text(byTestId(after.html, "daily-rank") ?? "")).toBe("第 1 名 题库学员12 0 分");
  });
});
