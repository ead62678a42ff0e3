import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { videoPageHref } from "~/services/study-links";
import { formatDay } from "~/lib/time";
import { addDays, addMonths, monthWeeks, parseDay, timetableParams, todayIn, weekDays, weekStartOf } from "~/services/timetable-dates";
import { attr, byTestId, element, elements, h1, hrefOf, startTestPortal, text, type TestPortal } from "../portal";
import { linkHref } from "./nojs";

// The personal course section (issue 14 part A; spec 001 §2 personal centre routes, §7 'Timetable and
// courses', 'Notes', 'Collections'): loaders and actions through the built portal against the sandbox.
let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
}, 180_000);
afterAll(() => portal?.close());
beforeEach(() => portal.reset());

const C = "/personal/course";
const PAGES = ["classTable", "lessons", "package", "plan", "collect", "note", "apply"].map((p) => `${C}/${p}`);
/** Catalog lesson id of course 5000+n, chapter c (0-based), lesson l (0-based). */
const lessonId = (n: number, c: number, l: number) => ((100 + n) * 100 + c + 1) * 10 + l + 1;
const signedIn = async (account = "13800000001") => {
  const browser = portal.client();
  await browser.signIn(portal, account);
  return browser;
};
const testIds = (html: string, id: string) => elements(html, `[data-testid="${id}"]`);

describe("timetable date maths (the school's calendar, Monday weeks)", () => {
  it("weeks start on Monday, months show whole weeks, months add within bounds", () => {
    expect(weekStartOf("2025-09-03")).toBe("2025-09-01"); // a Wednesday
    expect(weekStartOf("2025-09-07")).toBe("2025-09-01"); // Sunday belongs to the week before
    expect(weekStartOf("2025-09-01")).toBe("2025-09-01");
    expect(weekDays("2024-12-31")).toEqual(["2024-12-30", "2024-12-31", "2025-01-01", "2025-01-02", "2025-01-03", "2025-01-04", "2025-01-05"]);
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addMonths("2025-01-31", 1)).toBe("2025-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2025-01-15", -1)).toBe("2024-12-15");
    const feb = monthWeeks("2021-02-10"); // February 2021 starts on a Monday and fills exactly 4 weeks
    expect(feb.length).toBe(4);
    expect([feb[0]![0], feb[3]![6]]).toEqual(["2021-02-01", "2021-02-28"]);
    const aug = monthWeeks("2025-08-20"); // Aug 2025: Fri 1st to Sun 31st, 5 rows
    expect(aug.map((w) => w[0])).toEqual(["2025-07-28", "2025-08-04", "2025-08-11", "2025-08-18", "2025-08-25"]);
    expect(monthWeeks("2026-03-01").length).toBe(6); // Sunday the 1st: six rows
  });

  it("today is Beijing's day by default; malformed dates fall back to today, the week is the default view", () => {
    expect(todayIn(Date.UTC(2025, 0, 1, 15, 59))).toBe("2025-01-01");
    expect(todayIn(Date.UTC(2025, 0, 1, 16, 0))).toBe("2025-01-02");
    expect(parseDay("2025-02-29")).toBeNull();
    expect(parseDay("1899-12-31")).toBeNull();
    expect(parseDay("2025-2-1")).toBeNull();
    const now = Date.UTC(2025, 5, 10, 2);
    expect(timetableParams(new URL("http://x/?view=year&date=nope"), now)).toEqual({ view: "week", day: "2025-06-10" });
    expect(timetableParams(new URL("http://x/?view=month&date=2025-03-09"), now)).toEqual({ view: "month", day: "2025-03-09" });
  });

  it("today and its week are the school's zone's (issue 26): across a week boundary the zones disagree", () => {
    // Sunday 2025-06-15 20:00 UTC: Monday 04:00 in Shanghai (a new week), Sunday 16:00 in New York (the week before)
    const now = Date.UTC(2025, 5, 15, 20);
    expect(todayIn(now)).toBe("2025-06-16");
    expect(todayIn(now, "Asia/Shanghai")).toBe("2025-06-16");
    expect(todayIn(now, "America/New_York")).toBe("2025-06-15");
    const url = new URL("http://x/");
    expect(weekStartOf(timetableParams(url, now, "Asia/Shanghai").day)).toBe("2025-06-16");
    expect(weekStartOf(timetableParams(url, now, "America/New_York").day)).toBe("2025-06-09");
    // and the other way: Sunday 23:30 in Shanghai is already Monday 00:30 in Kiritimati (UTC+14)
    const late = Date.UTC(2025, 5, 15, 15, 30);
    expect(weekStartOf(todayIn(late))).toBe("2025-06-09");
    expect(weekStartOf(todayIn(late, "Pacific/Kiritimati"))).toBe("2025-06-16");
  });
});

describe("guard (spec 001 §2, §6)", () => {
  it("sends a visitor to login from every page before any study call", async () => {
    const visitor = portal.client();
    await portal.clearCalls();
    for (const page of PAGES) {
      const res = await visitor.fetch(`${page}?keyword=x`);
      expect(res.status, page).toBe(302);
      expect(res.headers.get("Location")).toBe(`/join/login?backUrl=${encodeURIComponent(`${page}?keyword=x`)}`);
    }
    const study = (await portal.calls()).filter((c) => /user-center\/(note|collect)|course\/v1\/user|course\/centre|instead|study\/plan/.test(c.path));
    expect(study.map((c) => c.path)).toEqual([]);
  });

  it("answers 403 inside the frame for entries the user is not permitted, and 404 for unknown ones", async () => {
    const partial = await signedIn("partial01"); // course codes: lessons, package, plan, collect, apply
    for (const page of [`${C}/classTable`, `${C}/note`]) {
      const p = await partial.get(page);
      expect(p.status, page).toBe(403);
      expect(byTestId(p.html, "my-notes")).toBeUndefined();
    }
    expect((await partial.get(`${C}/lessons`)).status).toBe(200);
    const denied = await partial.post(`${C}/note`, { csrf: await partial.csrf(`${C}/lessons`), intent: "remove", noteId: "1" });
    expect(denied.status).toBe(403);
    const student = await signedIn();
    expect((await student.get(`${C}/nothing-here`)).status).toBe(404);
  });

  it("the section opens on the class timetable (its first entry)", async () => {
    const student = await signedIn();
    const p = await student.get(C);
    expect(p.url).toBe(`${C}/classTable`);
    expect(h1(p.html)).toBe("课程表");
  });
});

describe("class timetable (spec 001 §7 the two timetable calls)", () => {
  it("the week of today: seven days Monday first, sessions of enrolled courses entering their lesson; links for the neighbours", async () => {
    const student = await signedIn();
    await portal.clearCalls();
    const { html, status } = await student.get(`${C}/classTable`);
    expect(status).toBe(200);
    const calls = await portal.calls("timetable");
    expect(calls.map((c) => c.path)).toEqual(["/saas-business/v1/course/centre/get/user/timetable"]);
    const days = testIds(html, "timetable-day").map((d) => attr(d, "data-date"));
    const today = todayIn();
    expect(days).toEqual(weekDays(today));
    const sessions = testIds(html, "timetable-lesson");
    expect(sessions.length).toBeGreaterThan(0);
    const first = sessions[0]!;
    const enter = hrefOf(first, /进入学习/);
    expect(enter).toMatch(/^\/class\/enter\/50\d\d\/1\d\d\/\d{6}$/);
    expect(attr(byTestId(html, "timetable-prev"), "href")).toBe(`${C}/classTable?view=week&date=${addDays(today, -7)}`);
    expect(attr(byTestId(html, "timetable-next"), "href")).toBe(`${C}/classTable?view=week&date=${addDays(today, 7)}`);
    expect(text(byTestId(html, "timetable-period")!)).toBe(`${weekDays(today)[0]} 至 ${weekDays(today)[6]}`);
    expect(text(element(testIds(html, "timetable-day")[0]!, "h3")!)).toBe(`周一 ${weekDays(today)[0]!.slice(5)}`);
    const en = await student.get(`${C}/classTable?lng=en`);
    expect(h1(en.html)).toBe("Class timetable");
    expect(text(element(testIds(en.html, "timetable-day")[6]!, "h3")!)).toBe(`Sun ${weekDays(today)[6]!.slice(5)}`);
  });

  it("today and the default week follow the company's zone, not Beijing's (issue 26, decision 069)", async () => {
    // UTC+14 and UTC-12 are 26 hours apart: at any moment one of them is on another day than Shanghai
    const now = Date.now();
    const zone = ["Pacific/Kiritimati", "Etc/GMT+12"].find((z) => formatDay(now, { zone: z }) !== todayIn(now))!;
    const today = formatDay(now, { zone });
    expect(today).not.toBe(todayIn(now));
    await portal.config(1, { baseInfo: { classTableZone: zone } });
    const student = await signedIn();
    const { html } = await student.get(`${C}/classTable`);
    expect(testIds(html, "timetable-day").map((d) => attr(d, "data-date"))).toEqual(weekDays(today));
    expect(attr(byTestId(html, "timetable-today"), "href")).toBe(`${C}/classTable?view=week&date=${today}`);
    expect(
      testIds(html, "timetable-day")
        .filter((d) => attr(d, "aria-current") === "date")
        .map((d) => attr(d, "data-date")),
    ).toEqual([today]);
  });

  it("the month: whole weeks, days with their sessions; the other call; an empty month says so", async () => {
    const student = await signedIn();
    const today = todayIn();
    await portal.clearCalls();
    const { html } = await student.get(`${C}/classTable?view=month&date=${today}`);
    expect((await portal.calls("timetable")).map((c) => c.path)).toEqual(["/saas-business/v1/course/centre/user/course/by/timetable"]);
    const cells = testIds(html, "timetable-day");
    expect(cells.length).toBe(monthWeeks(today).length * 7);
    expect(cells.reduce((s, c) => s + Number(attr(c, "data-count")), 0)).toBeGreaterThan(0);
    expect(attr(byTestId(html, "timetable-next"), "href")).toBe(`${C}/classTable?view=month&date=${addMonths(today, 1)}`);
    const far = await student.get(`${C}/classTable?view=month&date=2030-01-15`);
    expect(text(far.html)).toContain("本月暂无课程安排");
    const emptyWeek = await student.get(`${C}/classTable?date=2030-01-15`);
    expect(text(emptyWeek.html)).toContain("本周暂无课程安排");
  });

  it("pages by its links: next week shows another period, then the month view (the browser's walk, issue 22)", async () => {
    const student = await signedIn();
    const week = await student.get(C);
    expect(week.url).toBe(`${C}/classTable`);
    expect(testIds(week.html, "timetable-day")).toHaveLength(7);
    const period = text(byTestId(week.html, "timetable-period")!);
    const next = await student.get(attr(byTestId(week.html, "timetable-next"), "href")!);
    expect(text(byTestId(next.html, "timetable-period")!)).not.toBe(period);
    const month = await student.get(hrefOf(next.html, "月视图")!);
    expect(attr(byTestId(month.html, "timetable"), "data-view")).toBe("month");
  });

  it("a student without courses sees an empty timetable; a malformed date is this week, not a 500", async () => {
    const empty = await signedIn("13700002406");
    const p = await empty.get(`${C}/classTable?view=week&date=2025-13-45`);
    expect(p.status).toBe(200);
    expect(testIds(p.html, "timetable-day").map((d) => attr(d, "data-date"))).toEqual(weekDays(todayIn()));
    expect(testIds(p.html, "timetable-lesson")).toEqual([]);
    expect(text(p.html)).toContain("本周暂无课程安排");
  });
});

describe("my courses, packages, plans, proxy exam sign-ups", () => {
  it("lists my courses with progress; continue enters the lesson where I stopped, else the first lesson", async () => {
    const student = await signedIn();
    const { html } = await student.get(`${C}/lessons`);
    const cards = testIds(html, "my-course");
    expect(cards.length).toBe(6);
    const c5001 = cards.find((c) => attr(c, "data-commodity-id") === "5001")!;
    expect(attr(element(c5001, '[data-testid="continue"]'), "href")).toBe(videoPageHref(5001, 101, lessonId(1, 1, 1)));
    expect(text(c5001)).toContain("继续学习");
    expect(attr(element(c5001, '[role="progressbar"]'), "aria-valuenow")).toBe(String(Math.floor(400 / 13)));
    const c5005 = cards.find((c) => attr(c, "data-commodity-id") === "5005")!;
    expect(attr(element(c5005, '[data-testid="continue"]'), "href")).toBe(videoPageHref(5005, 105, lessonId(5, 0, 0)));
    expect(text(c5005)).toContain("开始学习");
  });

  it("searches by course name; a search without results and a student without courses show empty states", async () => {
    const student = await signedIn();
    const found = await student.get(`${C}/lessons?courseName=${encodeURIComponent("会计")}`);
    expect(testIds(found.html, "my-course").length).toBeGreaterThan(0);
    expect(testIds(found.html, "my-course").every((c) => text(c).includes("会计"))).toBe(true);
    const none = await student.get(`${C}/lessons?courseName=zzz&page=abc`);
    expect(none.status).toBe(200);
    expect(text(none.html)).toContain("没有找到与“zzz”相关的课程");
    const empty = await signedIn("13700002406");
    for (const [page, message] of [
      ["lessons", "还没有课程"],
      ["package", "还没有套餐"],
      ["plan", "还没有加入学习计划"],
      ["collect", "暂无收藏"],
      ["note", "还没有笔记"],
      ["apply", "暂无代报名记录"],
    ]) {
      const p = await empty.get(`${C}/${page}`);
      expect(p.status, page).toBe(200);
      expect(text(byTestId(p.html, "empty") ?? ""), page).toContain(message);
    }
  });

  it("packages, plans and sign-ups show their seeded state", async () => {
    const student = await signedIn();
    const pk = await student.get(`${C}/package`);
    expect(testIds(pk.html, "my-package").map((p) => attr(p, "data-package-id"))).toEqual(["302"]);
    const plan = await student.get(`${C}/plan`);
    const p1301 = byTestId(plan.html, "my-plan")!;
    expect(text(p1301)).toContain("新入职 HR 成长计划");
    expect(text(p1301)).toContain("未开通"); // 5002 is in the plan but not enrolled
    expect(hrefOf(p1301, /继续学习|开始学习/)).toMatch(/^\/class\/type\/video\/page\?/);
    const apply = await student.get(`${C}/apply`);
    expect(testIds(apply.html, "sign-up").map((s) => attr(s, "data-status"))).toEqual(["1", "2", "0"]); // seeded by the instead module (decision 036)
    expect(text(apply.html)).toContain("审核中");
  });
});

describe("continue learning (header, home banner): the lesson where the student stopped", () => {
  it("both open the lately learned lesson's video page (lately/learn/course; decision 069)", async () => {
    const student = await signedIn();
    await portal.clearCalls();
    const { html } = await student.get("/home/index");
    expect((await portal.calls("lately/learn/course")).length).toBe(1);
    const target = videoPageHref(5001, 101, lessonId(1, 1, 1));
    expect(hrefOf(byTestId(html, "last-learn"), /继续学习/)).toBe(target);
    expect(hrefOf(byTestId(html, "continue-learning"), /继续学习/)).toBe(target);
    const learner = await signedIn("13700002404");
    const l = await learner.get("/home/index");
    expect(hrefOf(byTestId(l.html, "continue-learning"), /继续学习/)).toBe(videoPageHref(5005, 105, lessonId(5, 0, 2)));
  });
});

describe("favourites (spec 001 §7 'Collections')", () => {
  it("classify, category filter, search, package tab", async () => {
    const student = await signedIn();
    const all = await student.get(`${C}/collect`);
    expect(testIds(all.html, "favourite").length).toBe(4);
    const cats = elements(byTestId(all.html, "collect-categories")!, "a").slice(1);
    const href = attr(cats[0], "href")!;
    const one = await student.get(href);
    expect(testIds(one.html, "favourite").length).toBe(Number(/\((\d+)\)/.exec(text(cats[0]!))![1]));
    const name = text(element(testIds(all.html, "favourite")[1]!, "h2")!);
    const found = await student.get(`${C}/collect?keyword=${encodeURIComponent(name)}`);
    expect(testIds(found.html, "favourite").map((f) => text(element(f, "h2")!))).toEqual([name]);
    const none = await student.get(`${C}/collect?keyword=zzz`);
    expect(text(none.html)).toContain("没有找到与“zzz”相关的收藏");
    const packs = await student.get(`${C}/collect?tab=package`);
    expect(testIds(packs.html, "favourite").map((f) => attr(f, "data-kind"))).toEqual(["package", "package"]);
  });

  it("removes a course and a package (303 back to the same tab and search); a stale removal says so; a forged one is 400", async () => {
    const student = await signedIn();
    const page = `${C}/collect?keyword=${encodeURIComponent("")}`;
    const { html } = await student.get(page);
    const csrf = await student.csrf(`${C}/collect`);
    const first = testIds(html, "favourite")[0]!;
    const id = attr(first, "data-collect-id")!;
    const res = await student.post(`${C}/collect?tab=course&keyword=a`, { csrf, intent: "remove", kind: "course", collectId: id });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${C}/collect?keyword=a`);
    const after = await student.get(`${C}/collect`);
    expect(testIds(after.html, "favourite").map((f) => attr(f, "data-collect-id"))).not.toContain(id);
    expect(testIds(after.html, "favourite").length).toBe(3);
    const again = await student.submit(`${C}/collect`, { csrf, intent: "remove", kind: "course", collectId: id });
    expect(again.status).toBe(400);
    expect(text(element(again.html, '[role="alert"]')!)).toBe("收藏不存在或已取消");
    const pack = attr(testIds((await student.get(`${C}/collect?tab=package`)).html, "favourite")[0], "data-collect-id")!;
    expect((await student.post(`${C}/collect?tab=package`, { csrf, intent: "remove", kind: "package", collectId: pack })).headers.get("Location")).toBe(
      `${C}/collect?tab=package`,
    );
    expect(testIds((await student.get(`${C}/collect?tab=package`)).html, "favourite").length).toBe(1);
    expect((await student.post(`${C}/collect`, { csrf, intent: "remove", kind: "other", collectId: "x" })).status).toBe(400);
    expect((await student.post(`${C}/collect`, { intent: "remove", kind: "course", collectId: id })).status).toBe(403); // no CSRF token
  });
});

describe("notes (spec 001 §7 'Notes')", () => {
  it("every note by default, one course by lecture, search", async () => {
    const student = await signedIn();
    await portal.clearCalls();
    const all = await student.get(`${C}/note`);
    expect(testIds(all.html, "note").length).toBe(5);
    expect((await portal.calls("user-center/note")).map((c) => c.path).sort()).toEqual([
      "/saas-business/v1/user-center/note/course",
      "/saas-business/v1/user-center/note/search",
    ]);
    const course = await student.get(`${C}/note?course=5001`);
    expect(testIds(course.html, "note-lecture").length).toBe(2);
    expect(testIds(course.html, "note").length).toBe(3);
    const found = await student.get(`${C}/note?keyword=${encodeURIComponent("招募")}`);
    expect(testIds(found.html, "note").length).toBe(1);
    expect(text(byTestId(found.html, "note-results")!)).toBe("“招募”的搜索结果：1 条");
    const none = await student.get(`${C}/note?keyword=zzz`);
    expect(text(none.html)).toContain("没有找到包含“zzz”的笔记");
    expect((await student.get(`${C}/note?course=abc&edit=-1`)).status).toBe(200);
  });

  it("edits a note: the form opens from a link, saves with 303, refuses an empty or too long text keeping what was typed", async () => {
    const student = await signedIn();
    const course = await student.get(`${C}/note?course=5001`);
    const note = testIds(course.html, "note")[0]!;
    const id = attr(note, "data-note-id")!;
    const editHref = hrefOf(note, /编辑/)!;
    expect(editHref).toBe(`${C}/note?course=5001&edit=${id}`);
    const form = await student.get(editHref);
    const textarea = element(form.html, "textarea")!;
    expect(attr(textarea, "required")).toBeDefined();
    expect(attr(textarea, "maxlength")).toBe("500");
    const csrf = await student.csrf(editHref);
    const empty = await student.submit(`${C}/note?course=5001`, { csrf, intent: "update", noteId: id, content: "   " });
    expect(empty.status).toBe(400);
    expect(text(element(empty.html, '[data-error-for="content"]')!)).toBe("请输入笔记内容");
    const long = "长".repeat(501);
    const tooLong = await student.submit(`${C}/note?course=5001`, { csrf, intent: "update", noteId: id, content: long });
    expect(tooLong.status).toBe(400);
    expect(text(element(tooLong.html, '[data-error-for="content"]')!)).toBe("笔记内容不能超过 500 字");
    expect(text(element(tooLong.html, "textarea")!)).toBe(long);
    const saved = await student.post(`${C}/note?course=5001&edit=${id}`, { csrf, intent: "update", noteId: id, content: "新的笔记内容" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`${C}/note?course=5001`);
    const after = await student.get(`${C}/note?course=5001`);
    expect(text(element(after.html, `[data-note-id="${id}"]`)!)).toContain("新的笔记内容");
  });

  it("removes a note; a note of another student or a gone one is refused with the message", async () => {
    const student = await signedIn();
    const csrf = await student.csrf(`${C}/note`);
    const id = attr(testIds((await student.get(`${C}/note?course=5003`)).html, "note")[0], "data-note-id")!;
    const res = await student.post(`${C}/note?course=5003`, { csrf, intent: "remove", noteId: id });
    expect(res.status).toBe(303);
    expect(testIds((await student.get(`${C}/note?course=5003`)).html, "note").length).toBe(1);
    const gone = await student.submit(`${C}/note?course=5003`, { csrf, intent: "remove", noteId: id });
    expect(gone.status).toBe(400);
    expect(text(element(gone.html, '[role="alert"]')!)).toBe("笔记不存在或已删除");
    const other = await signedIn("13700002400");
    const otherNote = attr(testIds((await other.get(`${C}/note`)).html, "note")[0], "data-note-id")!;
    expect((await student.post(`${C}/note`, { csrf, intent: "update", noteId: otherNote, content: "不是我的" })).status).toBe(400);
    expect((await student.post(`${C}/note`, { csrf, intent: "drop", noteId: "1" })).status).toBe(400);
    expect((await student.post(`${C}/note`, { csrf, intent: "remove", noteId: "1e9999" })).status).toBe(400);
  });
});

/**
 * The `no-js` re-runs of tests/e2e/study-courses.test.ts (issue 22): the same journeys as a browser without
 * JavaScript walks them (the form-walker), with the seed users that project used (sandbox study/centre.ts).
 */
describe("without JavaScript (the no-js journeys of tests/e2e/study-courses.test.ts)", () => {
  it("notes: edit with a refused empty text first, then remove", async () => {
    const student = await signedIn("13700002401");
    const list = await student.get(`${C}/note?course=5001`);
    expect(testIds(list.html, "note").length).toBe(3);
    const id = attr(testIds(list.html, "note")[0], "data-note-id")!;
    const editing = await student.get(linkHref(list, /^编辑笔记/)!);
    expect(editing.url).toMatch(new RegExp(`edit=${id}$`));
    // an empty note is refused by the server (the browser's `required` check aside)
    const empty = await editing.form(`#note-${id}`).fill({ content: "   " }).submit({ button: "保存" });
    expect(text(element(element(empty.html, `[data-note-id="${id}"]`)!, '[data-error-for="content"]') ?? "")).toBe("请输入笔记内容");
    const saved = await empty.form(`#note-${id}`).fill({ content: "复习计划：每周两章，周末做真题。" }).submit({ button: "保存" });
    expect(saved.url).toMatch(new RegExp(`${C}/note\\?course=5001$`));
    expect(text(element(element(saved.html, `[data-note-id="${id}"]`)!, '[data-testid="note-content"]')!)).toBe("复习计划：每周两章，周末做真题。");
    // the edit is stored upstream: a fresh load shows it
    const found = await student.get(`${C}/note?keyword=${encodeURIComponent("复习计划")}`);
    expect(testIds(found.html, "note").length).toBe(1);
    const removed = await found.form({ button: "删除笔记" }).submit({ button: /^删除笔记/ });
    expect(testIds(removed.html, "note").length).toBe(0);
    expect(text(byTestId(removed.html, "note-results")!)).toBe("“复习计划”的搜索结果：0 条");
    expect(testIds((await student.get(`${C}/note?course=5001`)).html, "note").length).toBe(2);
  });

  it("favourites: category, search, remove a course and a package", async () => {
    const student = await signedIn("13700002403");
    const all = await student.get(`${C}/collect`);
    expect(testIds(all.html, "favourite").length).toBe(4);
    const name = text(element(testIds(all.html, "favourite")[1]!, "h2")!);
    const found = await all.form({ field: "keyword" }).fill({ 搜索收藏: name }).submit({ button: "搜索" });
    expect(found.url).toMatch(/keyword=/);
    expect(testIds(found.html, "favourite").length).toBe(1);
    const gone = await found.form({ button: `取消收藏：${name}` }).submit({ button: `取消收藏：${name}` });
    expect(text(gone.html)).toContain(`没有找到与“${name}”相关的收藏。`);
    const courses = await student.get(linkHref(gone, /^课程（/)!);
    expect(testIds(courses.html, "favourite").length).toBe(3);
    expect(linkHref(courses, "课程（3）")).toBeDefined();
    const packages = await student.get(linkHref(courses, "套餐（2）")!);
    expect(testIds(packages.html, "favourite").length).toBe(2);
    const left = await packages.form({ button: "取消收藏" }).submit({ button: /^取消收藏/ });
    expect(linkHref(left, "套餐（1）")).toBeDefined();
    expect(testIds(left.html, "favourite").length).toBe(1);
    expect(left.url).toMatch(/tab=package/);
  });

  it("continue learning in the header's user menu enters the lesson where the student stopped", async () => {
    const student = await signedIn("13700002405");
    const home = await student.get("/home/index");
    // learner01/02 stopped in the third lesson of 5005 (sandbox/src/study/centre.ts)
    // its video page (decision 069: the entry chain would send a lesson that is not live to the contents)
    const target = `/class/type/video/page?commodityId=5005&courseId=105&lessonId=${lessonId(5, 0, 2)}`;
    expect(hrefOf(byTestId(home.html, "continue-learning"), "继续学习")).toBe(target);
    expect(hrefOf(byTestId(home.html, "last-learn"), "继续学习")).toBe(target);
    const lesson = await student.get(target);
    expect(lesson.url).toMatch(new RegExp(`/class/type/video/page\\?commodityId=5005&courseId=105&lessonId=${lessonId(5, 0, 2)}$`));
    expect(elements(lesson.html, "video").length).toBe(1);
  });
});
