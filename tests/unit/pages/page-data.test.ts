import { decode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { usePortal, type TestPortal } from "../portal";

/**
 * Loader data streamed into a page: only what the page renders or the browser needs (issue 24, decision 090).
 * The data a page's own loader sends (a single-fetch `.data` request for that route alone, decoded as the
 * browser decodes it): the course cards, home's blocks and my courses carry the fields they draw, and the
 * catalog / study strings only the groups the page reads.
 */
const ctx = usePortal();

async function routeData(client: ReturnType<TestPortal["client"]>, page: string, routeId: string): Promise<Record<string, unknown>> {
  const answer = await client.fetch(`${page}.data?_routes=${encodeURIComponent(routeId)}`);
  expect(answer.status, page).toBe(200);
  const decoded = await decode(answer.body!);
  await decoded.done;
  const all = decoded.value as Record<string, { data?: Record<string, unknown> }>;
  const data = all[routeId]?.data;
  expect(data, `${page}: ${routeId}'s data`).toBeDefined();
  return data!;
}
const keysOf = (value: unknown) => Object.keys(value as object).sort();

const CARD = [
  "categoryName",
  "commodityId",
  "courseName",
  "cover",
  "freeFlag",
  "lessonCount",
  "memberPrice",
  "originalPrice",
  "price",
  "studyCount",
  "teachers",
];

describe("the course list's data", () => {
  it("has cards with what a card draws, and of the catalog strings the list's groups", async () => {
    const data = await routeData(ctx.portal.client(), "/course/list", "routes/_school+/_catalogue+/course.list");
    const records = (data.page as { records: unknown[] }).records;
    expect(records.length).toBeGreaterThan(0);
    for (const card of records) {
      expect(keysOf(card)).toEqual(CARD);
      for (const teacher of (card as { teachers: unknown[] }).teachers) expect(keysOf(teacher)).toEqual(["teacherName"]);
    }
    expect(keysOf((data.i18n as { bundles: { catalog: unknown } }).bundles.catalog)).toEqual(["cart", "course", "courseList", "pager", "price"]);
  });
});

describe("home's data", () => {
  it("has the recommended cards, packages, news and teachers with what their blocks draw, and the home strings", async () => {
    const data = await routeData(ctx.portal.client(), "/home/index", "routes/_school+/_catalogue+/home.[index]");
    for (const card of data.courses as unknown[]) expect(keysOf(card)).toEqual(CARD);
    for (const p of data.packages as unknown[]) expect(keysOf(p)).toEqual(["cover", "id", "memberPrice", "originalPrice", "packageName", "price"]);
    for (const n of data.news as unknown[]) expect(keysOf(n)).toEqual(["id", "publishTime", "title"]);
    for (const t of data.teachers as unknown[]) expect(keysOf(t)).toEqual(["avatar", "id", "teacherName", "title"]);
    expect((data.packages as unknown[]).length * (data.news as unknown[]).length * (data.teachers as unknown[]).length).toBeGreaterThan(0);
    expect(keysOf((data.i18n as { bundles: { catalog: unknown } }).bundles.catalog)).toEqual(["course", "home", "price"]);
  });
});

describe("my courses' data", () => {
  it("has rows with what a row draws and its continue link, and the page's study strings", async () => {
    const student = ctx.portal.client();
    await student.signIn(ctx.portal);
    const data = await routeData(student, "/personal/course/lessons", "routes/_school+/personal+/course+/lessons");
    const courses = data.courses as unknown[];
    expect(courses.length).toBeGreaterThan(0);
    for (const row of courses) {
      for (const key of keysOf(row)) {
        expect([
          "commodityId",
          "continueHref",
          "courseId",
          "courseName",
          "cover",
          "expired",
          "finishedCount",
          "lastLessonId",
          "lessonCount",
          "packageName",
          "percent",
        ]).toContain(key);
      }
    }
    expect(keysOf((data.i18n as { bundles: { study: unknown } }).bundles.study)).toEqual(["lessons", "pager", "titles"]);
  });

  it("the personal centre's frame carries the personal strings it draws; the account page and the messages their own", async () => {
    const student = ctx.portal.client();
    await student.signIn(ctx.portal);
    const groups = async (page: string, routeId: string) =>
      keysOf(((await routeData(student, page, routeId)).i18n as { bundles: { personal: unknown } }).bundles.personal);
    expect(await groups("/personal/course/lessons", "routes/_school+/personal+/_layout")).toEqual(
      ["entries", "forbidden", "menuLabel", "notFound", "nothingPermitted", "openFirst", "sections", "title", "tools"].sort(),
    );
    expect(await groups("/personal/setting/account", "routes/_school+/personal+/setting+/account")).toEqual(["account", "kept"]);
    expect(await groups("/personal/message/detailslist", "routes/_school+/personal+/message+/detailslist")).toEqual(["messages"]);
  });
});

/** The bench's attempts of the student (tests' sandbox API): a timed paper (2012) and exam 9102's paper. */
async function attempts(): Promise<{ doing: string; paper: string }> {
  const api = ctx.portal.sandbox.url;
  const post = async (path: string, init: RequestInit = {}) => (await fetch(`${api}${path}`, { method: "POST", ...init })).json();
  const { token } = await post("/__sandbox/tokens", { headers: { "Content-Type": "application/json" }, body: JSON.stringify({ account: "13800000001" }) });
  const doing = await post("/s/api/question/v1/exercise/paper/generate/2012?domain=127.0.0.1", { headers: { Authorization: token } });
  const paper = await post("/s/api/question/api/v1/front/exam/joinExam?domain=127.0.0.1", {
    headers: { Authorization: token, "Content-Type": "application/json" },
    body: JSON.stringify({ examId: 9102 }),
  });
  return { doing: `/lib/subject/doing/${doing.data.recordId}`, paper: `/lib/subject/exampaper/paper/${paper.data.recordId}` };
}

describe("the exam paper's frame (issue 39 §4)", () => {
  it("has no tab bar (its exam bar replaces it: one tap never leaves the paper); the doing page keeps it", async () => {
    const student = ctx.portal.client();
    await student.signIn(ctx.portal);
    const { doing, paper } = await attempts();
    const paperPage = await student.get(paper);
    expect(paperPage.status).toBe(200);
    expect(paperPage.html).not.toContain('data-testid="tab-bar"');
    expect((await student.get(doing)).html).toContain('data-testid="tab-bar"');
  });
});

describe("the doing page's and the exam paper's data", () => {
  it("carry of the question bank and exam strings the groups the paper and its hand-in dialog read", async () => {
    const student = ctx.portal.client();
    await student.signIn(ctx.portal);
    const { doing, paper } = await attempts();
    const doingData = await routeData(student, doing, "routes/_school+/_question-bank+/lib.subject.doing.$recordId");
    expect(keysOf((doingData.i18n as { bundles: { qbank: unknown } }).bundles.qbank)).toEqual(["doing", "handIn"]);
    const paperData = await routeData(student, paper, "routes/_school+/_question-bank+/_exams+/lib.subject.exampaper.paper.$recordId");
    const bundles = (paperData.i18n as { bundles: { qbank: unknown; exams: unknown } }).bundles;
    expect(keysOf(bundles.qbank)).toEqual(["doing", "handIn"]);
    expect(keysOf(bundles.exams)).toEqual(["paper"]);
  });
});
