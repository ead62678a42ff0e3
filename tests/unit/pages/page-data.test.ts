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
});
