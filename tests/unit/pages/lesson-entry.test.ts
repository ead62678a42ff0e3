import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, byTestId, element, elements, h1, startTestPortal, text, type Client, type TestPortal } from "../portal";

// Spec 001 §4 'Entering a lesson', §5 'Agreements', §8; issue 14 part B: the lesson entry chain, the video
// page, the live-room entry, the contents page's entries, open courses.

// Seed (sandbox/src/study/video.ts): lesson00 (2500) and lesson03 (2503) study 5001, 5003 and 5005.
const STUDENT = "13700002500";
const GATED = "13700002503";
const GATED_ID = 2503;
// Lesson ids are (100 + n) * 1000 + chapter * 10 + lesson (catalog/seed.ts): the live lesson of each odd course
// is chapter 4, lesson 3.
const LIVE_5001 = "/class/enter/5001/101/101043"; // finished, viewReplayFlag 0
const LIVE_5003 = "/class/enter/5003/103/103043"; // on air at gh
const LIVE_5005 = "/class/enter/5005/105/105043"; // finished with replay, cc big class
const VIDEO_5001 = "/class/enter/5001/101/101012";
const TRIAL_5002 = "/class/enter/5002/102/102011";

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());
beforeEach(() => portal.reset());

async function student(mobile = STUDENT): Promise<Client> {
  const browser = portal.client();
  await browser.signIn(portal, mobile);
  return browser;
}
const location = (res: Response) => res.headers.get("Location") ?? "";
const ok = (data: unknown) => JSON.stringify({ code: "1", message: "success", data });

describe("the entry chain: access", () => {
  it("a visitor goes to login with the entry as backUrl; a trial video lesson goes to the contents, its video page opens for visitors", async () => {
    const visitor = portal.client();
    const res = await visitor.fetch(LIVE_5003);
    expect(res.status).toBe(302);
    expect(location(res)).toBe(`/join/login?backUrl=${encodeURIComponent(LIVE_5003)}`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const trial = await visitor.fetch(TRIAL_5002);
    expect(location(trial)).toBe("/course/detail/5002/102/contents#lesson-102011");
    const contents = await visitor.get(TRIAL_5002);
    expect(contents.status).toBe(200);
    expect(attr(element(element(contents.html, 'li[id="lesson-102011"]') ?? "", "a"), "href")).toBe(
      "/class/type/video/page?commodityId=5002&courseId=102&lessonId=102011",
    );
    const page = await visitor.get("/class/type/video/page?commodityId=5002&courseId=102&lessonId=102011");
    expect(page.status).toBe(200);
    expect(element(page.html, "video")).toBeDefined();
  });

  it("a student not enrolled goes to the course's buy page", async () => {
    const browser = await student("13800000003"); // member01 studies 5002 only
    const res = await browser.fetch(VIDEO_5001);
    expect(location(res)).toBe("/course/detail/5001");
  });

  it("missing or malformed ids: 'loading data error, course id cannot be empty' (400); an unknown lesson 404", async () => {
    const browser = await student();
    const bad = await browser.get("/class/enter/5001/abc/101012");
    expect(bad.status).toBe(400);
    expect(text(byTestId(bad.html, "entry-message") ?? "")).toBe("加载数据出错，课程 ID 不能为空");
    const en = await browser.get("/class/enter/0/101/101012?lng=en");
    expect(en.html).toContain("Loading data error, course id cannot be empty");
    expect((await browser.get("/class/enter/5001/101/999999")).status).toBe(404);
    for (const path of ["/class/enter/5001/101", "/class/enter/5001", "/class/enter/5001//101012"]) {
      const missing = await browser.get(`${path}?lng=zh`);
      expect(missing.status, path).toBe(400);
      expect(text(byTestId(missing.html, "entry-message") ?? "")).toBe("加载数据出错，课程 ID 不能为空");
    }
    const video = await browser.get("/class/type/video/page?commodityId=5001");
    expect(video.status).toBe(400);
    expect(text(byTestId(byTestId(video.html, "entry-dialog") ?? "", "entry-message") ?? "")).toBe("加载数据出错，课程 ID 不能为空");
  });

  it("a lesson that is not live goes to the course detail contents at its row (spec 001 §4 'Entering a lesson' 3, decision 069)", async () => {
    const browser = await student();
    expect(location(await browser.fetch(VIDEO_5001))).toBe("/course/detail/5001/101/contents#lesson-101012");
    await portal.sandbox.control("POST", "/study/lesson", { commodityId: 5001, lessonId: 101012, type: "doc" });
    expect(location(await browser.fetch(VIDEO_5001))).toBe("/course/detail/5001/101/contents#lesson-101012");
    // the contents (the catalogue's lesson types) link a video lesson to its video page, a live one to the chain
    const contents = await browser.get("/course/detail/5001/101/contents");
    expect(attr(element(element(contents.html, 'li[id="lesson-101011"]') ?? "", "a"), "href")).toBe(
      "/class/type/video/page?commodityId=5001&courseId=101&lessonId=101011",
    );
    expect(elements(byTestId(contents.html, "lesson-list")!, "a").map((a) => attr(a, "href"))).toContain(LIVE_5001);
  });
});

describe("the entry chain: live and meeting lessons", () => {
  it("a finished live lesson with viewReplayFlag 0 warns that replay is unavailable, before any check", async () => {
    const browser = await student();
    await portal.clearCalls();
    const page = await browser.get(LIVE_5001);
    expect(page.status).toBe(200);
    expect(text(byTestId(page.html, "entry-message") ?? "")).toBe("该直播已结束，暂不支持观看回放");
    expect(await portal.calls("/companyFaceVerify/check")).toHaveLength(0);
    expect((await browser.get(`${LIVE_5001}?lng=en`)).html).toContain("This live lesson has ended and its replay is not available");
  });

  it("with every check passed the live room is offered in a new tab; the room entry opens the provider's address", async () => {
    const browser = await student();
    await portal.clearCalls();
    const page = await browser.get(LIVE_5003);
    expect(h1(page.html)).toBe("直播间已准备好");
    const enter = byTestId(page.html, "enter-live");
    expect(attr(enter, "target")).toBe("_blank");
    const room = attr(enter, "href")!;
    expect(room).toBe("/classModule/toLiveroom?commodityId=5003&courseId=103&lessonId=103043");
    // the four checks, in one round
    for (const path of ["/instead/check/schedule", "/rel/checkProtocol", "/customize/popup", "/companyFaceVerify/check"]) {
      expect(await portal.calls(path)).toHaveLength(1);
    }
    const res = await browser.fetch(room);
    expect(res.status).toBe(302);
    expect(location(res)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__live\/room\?provider=gh&/);
  });

  it("a finished live lesson with replay and a meeting lesson go through the chain to the room too", async () => {
    const browser = await student();
    expect(byTestId((await browser.get(LIVE_5005)).html, "enter-live")).toBeDefined();
    await portal.sandbox.control("POST", "/study/lesson", { commodityId: 5001, lessonId: 101042, type: "meeting", liveStatus: 1, provider: "zs" });
    const meeting = await browser.get("/class/enter/5001/101/101042");
    expect(byTestId(meeting.html, "enter-live")).toBeDefined();
    expect(meeting.html).toContain("会议");
    expect(text(byTestId(meeting.html, "meeting-password") ?? "")).toBe("会议密码：101042");
    expect(byTestId((await browser.get(LIVE_5003)).html, "meeting-password")).toBeUndefined(); // a live lesson has none
  });

  it("the proxy-exam check stops the chain with the upstream's reason and offers the sign-up while it is open", async () => {
    const browser = await student(GATED);
    // spec 001 §3 "Proxy-exam check: needSignUp, submitTimeType": needSignUp 1, submitTimeType 1 (open)
    await portal.sandbox.control("POST", "/study/gate", { userId: GATED_ID, gate: "proxyExam", value: "您的代报名考试与本次直播时间冲突" });
    const page = await browser.get(LIVE_5003);
    expect(h1(page.html)).toBe("暂时无法进入直播");
    expect(text(byTestId(page.html, "entry-message") ?? "")).toBe("您的代报名考试与本次直播时间冲突");
    expect(attr(byTestId(page.html, "proxy-exam-sign-up")!, "href")).toBe("/personal/course/apply");
    expect(byTestId(page.html, "enter-live")).toBeUndefined();
  });

  it("a proxy-exam sign-up that is not open (submitTimeType 2) stops the chain with the spec's message and no sign-up link", async () => {
    const browser = await student(GATED);
    await portal.sandbox.control("POST", "/study/gate", { userId: GATED_ID, gate: "proxyExam", value: { submitTimeType: 2 } });
    const page = await browser.get(LIVE_5003);
    expect(text(byTestId(page.html, "entry-message") ?? "")).toBe("代报名考试的报名不在开放时间内，暂时无法进入直播");
    expect(byTestId(page.html, "proxy-exam-sign-up")).toBeUndefined();
    expect(byTestId(page.html, "enter-live")).toBeUndefined();
    // the live-room entry runs the chain again: no way round the check
    expect(location(await browser.fetch("/classModule/toLiveroom?commodityId=5003&courseId=103&lessonId=103043"))).toBe(LIVE_5003);
    await portal.sandbox.control("POST", "/study/gate", { userId: GATED_ID, gate: "proxyExam", value: null });
    expect(byTestId((await browser.get(LIVE_5003)).html, "enter-live")).toBeDefined();
  });

  it("an agreement to sign sends the student to the agreement page, coming back to the entry", async () => {
    // the agreements module's seed (sandbox README 'Agreements…'): student01 studies 5005, whose agreement
    // (protocol 1) is pending; 5003's needs no signing
    const browser = await student("13800000001");
    const res = await browser.fetch(LIVE_5005);
    expect(location(res)).toMatch(/^\/agreement\/edit\/\d+\/1\?backUrl=/);
    expect(new URL(location(res), "http://x").searchParams.get("backUrl")).toBe(LIVE_5005);
    expect(byTestId((await browser.get(LIVE_5003)).html, "enter-live")).toBeDefined();
  });

  it("one signed agreement suffices unless all are required (STUDENT_PROTOCOL_TYPE)", async () => {
    const browser = await student(GATED);
    const list = [
      { id: 31, protocolId: 7, agreementStatus: 2 },
      { id: 32, protocolId: 8, agreementStatus: 0 },
    ];
    await portal.fault({ path: "/course/protocol/user/rel/checkProtocol$", status: 200, body: ok({ protocolAll: 0, list }), times: 1 });
    expect(byTestId((await browser.get(LIVE_5003)).html, "enter-live")).toBeDefined();
    await portal.fault({ path: "/course/protocol/user/rel/checkProtocol$", status: 200, body: ok({ protocolAll: 1, list }), times: 1 });
    expect(location(await browser.fetch(LIVE_5003))).toBe(`/agreement/edit/32/8?backUrl=${encodeURIComponent(LIVE_5003)}`);
  });

  it("the free-course popup (scene code 3) sends the student to complete information, scene 3, coming back", async () => {
    const browser = await student(GATED);
    // the agreements module's control: the popup asks this student at scene 3 (until the group is saved)
    await portal.sandbox.control("POST", "/agreements/scenes", { userId: GATED_ID, scenes: [3] });
    const res = await browser.fetch(LIVE_5003);
    expect(location(res)).toBe(`/info/complete?scene=3&backUrl=${encodeURIComponent(LIVE_5003)}`);
    const popup = await portal.calls("/customize/popup");
    // spec 001 §7: the free-course popup query carries company_id, school_id and userId with the scene
    expect(popup.at(-1)?.query).toMatchObject({ sceneCode: "3", company_id: "1", school_id: "1", userId: String(GATED_ID) });
    await portal.sandbox.control("POST", "/agreements/scenes", { userId: GATED_ID, scenes: [2, 4] });
    expect(byTestId((await browser.get(LIVE_5003)).html, "enter-live")).toBeDefined();
  });

  it("face verification required sends the student to the face check, coming back; not required goes on", async () => {
    const browser = await student(GATED);
    await portal.sandbox.control("POST", "/agreements/face", { userId: GATED_ID, required: true });
    expect(location(await browser.fetch(LIVE_5003))).toBe(`/face/check?backUrl=${encodeURIComponent(LIVE_5003)}`);
    await portal.sandbox.control("POST", "/agreements/face", { userId: GATED_ID, required: false });
    expect(byTestId((await browser.get(LIVE_5003)).html, "enter-live")).toBeDefined();
  });

  it("face status 1 and 2 both send the student to the face check", async () => {
    const browser = await student(GATED);
    for (const status of [1, 2]) {
      await portal.fault({ path: "/companyFaceVerify/check$", status: 200, body: ok({ status }), times: 1 });
      expect(location(await browser.fetch(LIVE_5003))).toBe(`/face/check?backUrl=${encodeURIComponent(LIVE_5003)}`);
    }
  });

  it("the checks are read in the spec's order: proxy exam, agreement, free course, face", async () => {
    const browser = await student(GATED);
    // every check stops: the agreement wins; once signed the popup; once completed the face check
    await portal.fault({ path: "/companyFaceVerify/check$", status: 200, body: ok({ status: 1 }) });
    await portal.fault({ path: "/student/customize/popup$", status: 200, body: ok({ containFreeCourseFlag: 1, isShowPopup: 1 }), times: 2 });
    await portal.fault({
      path: "/course/protocol/user/rel/checkProtocol$",
      status: 200,
      body: ok({ protocolAll: 0, list: [{ id: 31, protocolId: 7, agreementStatus: 0 }] }),
      times: 1,
    });
    expect(location(await browser.fetch(LIVE_5003))).toMatch(/^\/agreement\/edit\//);
    expect(location(await browser.fetch(LIVE_5003))).toMatch(/^\/info\/complete\?scene=3/);
    expect(location(await browser.fetch(LIVE_5003))).toMatch(/^\/face\/check\?/);
    await portal.sandbox.control("POST", "/study/gate", { userId: GATED_ID, gate: "proxyExam", value: "冲突" });
    expect((await browser.get(LIVE_5003)).status).toBe(200);
  });
});

describe("a shown step is a DialogPage (decision 039: one dialog mechanism)", () => {
  it("renders the step in the dialog; closing goes back to the page the link was on, else the course's contents", async () => {
    const browser = await student();
    const page = await browser.get(LIVE_5001, {
      headers: { Referer: "http://127.0.0.1:3000/class/type/video/page?commodityId=5001&courseId=101&lessonId=101012" },
    });
    const dialog = byTestId(page.html, "entry-dialog")!;
    expect(attr(element(page.html, "dialog"), "data-width")).toBe("500");
    expect(attr(element(page.html, "dialog"), "aria-labelledby")).toBe("dialog-title");
    expect(text(byTestId(dialog, "entry-message") ?? "")).toBe("该直播已结束，暂不支持观看回放");
    expect(attr(byTestId(page.html, "dialog-close"), "href")).toBe("/class/type/video/page?commodityId=5001&courseId=101&lessonId=101012");
    // no Referer, another site's, or the chain itself (closing would reopen the step): the course's contents
    for (const referer of [undefined, "https://evil.example/class/type/video/page", `http://127.0.0.1:3000${LIVE_5003}`, "not a url"]) {
      const other = await browser.get(LIVE_5001, referer ? { headers: { Referer: referer } } : {});
      expect(attr(byTestId(other.html, "dialog-close"), "href"), referer).toBe("/course/detail/5001/101/contents");
    }
    // a link that names where to go back (cancelUrl) wins, kept on this site
    expect(
      attr(byTestId((await browser.get(`${LIVE_5001}?cancelUrl=${encodeURIComponent("/personal/course/classTable")}`)).html, "dialog-close"), "href"),
    ).toBe("/personal/course/classTable");
    expect(attr(byTestId((await browser.get(`${LIVE_5001}?cancelUrl=${encodeURIComponent("https://evil.example/")}`)).html, "dialog-close"), "href")).toBe(
      "/course/detail/5001/101/contents",
    );
    // the live room and a missing id are dialogs too; a missing id closes to my courses
    expect(byTestId(byTestId((await browser.get(LIVE_5003)).html, "entry-dialog")!, "enter-live")).toBeDefined();
    for (const path of ["/class/enter/5001/abc/101012", "/class/enter/5001"]) {
      const missing = await browser.get(path);
      expect(byTestId(missing.html, "entry-dialog"), path).toBeDefined();
      expect(attr(byTestId(missing.html, "dialog-close"), "href"), path).toBe("/personal/course/lessons");
    }
  });

  it("lesson links are plain links to the chain (no fetcher dialog of their own)", async () => {
    const page = await (await student()).get("/class/type/video/page?commodityId=5001&courseId=101&lessonId=101012");
    expect(page.html).not.toContain("lesson-dialog");
    expect(byTestId(page.html, "lesson-list")).toContain(`href="${LIVE_5001}"`);
  });
});

describe("the live-room entry (/classModule/toLiveroom)", () => {
  const ROOM = "/classModule/toLiveroom?commodityId=5003&courseId=103&lessonId=103043";

  it("runs the chain again: a step still to do sends the tab back to it; a visitor goes to login", async () => {
    const visitor = portal.client();
    expect(location(await visitor.fetch(ROOM))).toBe(`/join/login?backUrl=${encodeURIComponent(ROOM)}`);
    const browser = await student(GATED);
    await portal.sandbox.control("POST", "/agreements/face", { userId: GATED_ID, required: true });
    expect(location(await browser.fetch(ROOM))).toMatch(/^\/face\/check\?backUrl=/);
    expect(location(await browser.fetch("/classModule/toLiveroom?commodityId=5001&courseId=101&lessonId=101043"))).toBe(LIVE_5001);
  });

  it.each([
    ["gh", ""],
    ["zs", ""],
    ["cc", "bigClass"],
    ["cc", ""],
  ])("provider %s (class type '%s') without an address: 'address does not exist!'", async (provider, liveType) => {
    const browser = await student();
    await portal.sandbox.control("POST", "/study/lesson", { commodityId: 5003, lessonId: 103043, provider, liveType, addressFlag: 0 });
    const page = await browser.get(ROOM);
    expect(page.status).toBe(404);
    expect(text(byTestId(page.html, "live-error") ?? "")).toBe("地址不存在！");
    expect((await browser.get(`${ROOM}&lng=en`)).html).toContain("Address does not exist!");
  });

  it("missing ids: 'loading data error, course id cannot be empty'; an address that is not http(s) is not followed", async () => {
    const browser = await student();
    const page = await browser.get("/classModule/toLiveroom?commodityId=5003");
    expect(page.status).toBe(400);
    expect(text(byTestId(page.html, "live-error") ?? "")).toBe("加载数据出错，课程 ID 不能为空");
    await portal.fault({
      path: "/live/room/",
      status: 200,
      body: ok({ provider: "gh", liveType: "", roomName: "x", address: "javascript:alert(1)" }),
      times: 1,
    });
    expect((await browser.get(ROOM)).status).toBe(404);
  });
});

describe("the contents page", () => {
  it("opens a video lesson's video page, enters any other through the chain, and marks trial lessons", async () => {
    const page = await portal.client().get("/course/detail/5001/101/contents");
    const list = byTestId(page.html, "lesson-list")!;
    const hrefs = elements(list, "a").map((a) => attr(a, "href"));
    expect(hrefs).toHaveLength(13); // 4 chapters: 3 + 4 + 3 + 3 lessons
    expect(hrefs[0]).toBe("/class/type/video/page?commodityId=5001&courseId=101&lessonId=101011");
    expect(hrefs).toContain(LIVE_5001);
    expect(text(elements(list, "li")[1] ?? "")).toContain("试听");
  });
});

describe("the video page", () => {
  const PAGE = "/class/type/video/page?commodityId=5001&courseId=101&lessonId=101012";

  it("renders a native video with the lessons beside it, previous and next", async () => {
    const browser = await student();
    const page = await browser.get(PAGE);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const video = element(page.html, "video")!;
    expect(attr(video, "controls")).toBeDefined();
    expect(attr(video, "src")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__media\/clip-\d\.webm$/);
    // the poster (the lesson's cover) is the page's largest paint: named by the video, preloaded from the head
    const poster = attr(video, "poster")!;
    expect(poster).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__media\/clip-\d\.jpg$/);
    const head = page.html.slice(0, page.html.indexOf("</head>"));
    expect(head).toMatch(new RegExp(`<link rel="preload" as="image" href="${poster.replace(/[.?]/g, "\\$&")}"/>`));
    // before the stylesheet (a first visit: the CSS in the page, decision 089)
    expect(head.indexOf(poster)).toBeLessThan(head.indexOf('<style id="page-css">'));
    expect(page.html).toContain(`href="/class/type/video/page?commodityId=5001&amp;courseId=101&amp;lessonId=101011"`); // previous
    expect(page.html).toContain(`href="/class/type/video/page?commodityId=5001&amp;courseId=101&amp;lessonId=101013"`); // next
    const current = byTestId(page.html, "current-lesson");
    expect(text(current ?? "")).toBe("学习方法与备考规划");
    expect(attr(current, "aria-current")).toBe("page");
  });

  it("saves a position (CSRF-checked) and restores it on the next visit through the media fragment #t=", async () => {
    const browser = await student();
    const csrf = await browser.csrf("/home/index");
    const form = { csrf, commodityId: "5001", courseId: "101", lessonId: "101012", positionS: "5", durationS: "8" };
    expect((await browser.post("/class/type/video/position", { ...form, csrf: "forged" })).status).toBe(403);
    expect((await browser.post("/class/type/video/position", { ...form, positionS: "-1" })).status).toBe(400);
    expect((await portal.client().post("/class/type/video/position", form)).status).toBe(403); // no CSRF cookie
    const saved = await browser.post("/class/type/video/position", form);
    expect(saved.status).toBe(204);
    const page = await browser.get(PAGE);
    expect(attr(element(page.html, "video"), "src")).toMatch(/clip-\d\.webm#t=5$/);
    expect(text(byTestId(page.html, "resume-note") ?? "")).toContain("0:05");
    // another lesson starts at 0
    expect(attr(element((await browser.get(PAGE.replace("101012", "101013"))).html, "video"), "src")).not.toContain("#t=");
  });

  it("a multipart report (navigator.sendBeacon's FormData) is accepted too", async () => {
    const browser = await student();
    const csrf = await browser.csrf("/home/index");
    const body = new FormData();
    for (const [k, v] of Object.entries({ csrf, commodityId: "5001", courseId: "101", lessonId: "101013", positionS: "3", durationS: "8" })) body.set(k, v);
    expect((await browser.fetch("/class/type/video/position", { method: "POST", body })).status).toBe(204);
    expect(attr(element((await browser.get(PAGE.replace("101012", "101013"))).html, "video"), "src")).toMatch(/#t=3$/);
  });

  // Decision 071: a report sent in the background (a beacon on `pagehide`) may be answered after the page is
  // gone and another session has begun in the same browser; its answer must not change who is signed in.
  it("a report whose token is refused (401, 409) answers with no Set-Cookie; a page request still signs out (spec 000 §8)", async () => {
    const browser = await student();
    const csrf = await browser.csrf("/home/index");
    const form = { csrf, commodityId: "5001", courseId: "101", lessonId: "101012", positionS: "5", durationS: "8" };
    await portal.sandbox.control("POST", "/tokens/expire", { account: STUDENT });
    await portal.clearCalls();
    const refused = await browser.post("/class/type/video/position", form);
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(refused.headers.get("Location")).toBeNull();
    // no token upgrade, no form kept for after a login: nothing but the report itself went upstream
    expect((await portal.calls()).map((c) => c.path)).toEqual(["/course/v1/user/lesson/position"]);

    const conflict = await student();
    const csrf2 = await conflict.csrf("/home/index");
    await portal.fault({ path: "lesson/position", status: 409, times: 1 });
    await portal.clearCalls();
    const offline = await conflict.post("/class/type/video/position", { ...form, csrf: csrf2 });
    expect(offline.status).toBe(409);
    expect(offline.headers.getSetCookie()).toEqual([]);
    expect((await portal.calls()).map((c) => c.path)).not.toContain("/saas-business/v1/front/login/loginoutNew");
    expect(byTestId((await conflict.get("/home/index")).html, "user-name")).toBeDefined();

    // the same refused token on a page: the spec's rule, the session loses its token (upgrade, then login)
    const page = await browser.fetch(PAGE);
    expect(location(page)).toMatch(/^\/upgrade\/token\?callback=/);
    expect(page.headers.getSetCookie().some((line) => line.startsWith("portal_session="))).toBe(true);
  });

  it("a visitor goes to login (trial lessons excepted), a student not enrolled to the buy page, a live lesson to the chain", async () => {
    expect((await portal.client().fetch(PAGE)).headers.get("Location")).toBe(`/join/login?backUrl=${encodeURIComponent(PAGE)}`);
    const other = await student("13800000003");
    expect((await other.fetch(PAGE)).headers.get("Location")).toBe("/course/detail/5001");
    const browser = await student();
    expect((await browser.fetch(PAGE.replace("101012", "101043"))).headers.get("Location")).toBe(LIVE_5001);
  });
});

describe("open courses", () => {
  it("a student signs up, then enters the live room; a visitor's sign-up goes to login", async () => {
    const visitor = portal.client();
    const csrfV = await visitor.csrf("/openCourse");
    const v = await visitor.post("/openCourse", { csrf: csrfV, intent: "signup", openCourseId: "402" });
    expect(v.headers.get("Location")).toBe(`/join/login?backUrl=${encodeURIComponent("/openCourse")}`);
    const browser = await student();
    let page = await browser.get("/openCourse");
    const card = byTestId(page.html, "open-402")!;
    expect(byTestId(card, "open-signup")).toBeDefined();
    const csrf = await browser.csrf("/openCourse");
    const res = await browser.post("/openCourse", { csrf, intent: "signup", openCourseId: "402" });
    expect(res.status).toBe(303);
    page = await browser.get(res.headers.get("Location")!);
    const enter = byTestId(byTestId(page.html, "open-402")!, "open-enter");
    expect(attr(enter, "href")).toBe("/classModule/toLiveroom?openCourseId=402");
    expect(attr(enter, "target")).toBe("_blank");
    expect(page.html).toContain("报名成功");
    const room = await browser.fetch("/classModule/toLiveroom?openCourseId=402");
    expect(room.headers.get("Location")).toMatch(/\/__live\/room\?provider=gh&openCourseId=402/);
  });

  it("entering an open course not signed up for shows the upstream's reason", async () => {
    const browser = await student();
    const page = await browser.get("/classModule/toLiveroom?openCourseId=404");
    expect(page.status).toBe(400);
    expect(text(byTestId(page.html, "live-error") ?? "")).toBe("请先报名该公开课");
  });
});

// ---- the no-JS journeys of tests/e2e/lesson.test.ts and lesson-chain.test.ts (issue 22) -------------------
// As a browser without JavaScript walks them: links followed, the page's own forms submitted by the
// form-walker, the live room's new tab opened at the link's address. Their seed users are the no-js
// project's: lesson02 (13700002502) and the chain's 3801 (plain agreement) and 3803 (e-sign).

const CONTENTS_ORIGIN = "http://127.0.0.1:3000";

/** The accessible name of the page's <dialog> (its aria-labelledby's text), and whether it is open: a dialog page without JavaScript. */
function dialogOf(html: string): { open: boolean; name: string; html: string } | undefined {
  const dialog = element(html, "dialog");
  if (!dialog) return undefined;
  const labelledBy = attr(dialog, "aria-labelledby");
  const label = labelledBy ? element(html, `[id="${labelledBy}"]`) : undefined;
  return { open: attr(dialog, "open") !== undefined, name: text(label ?? ""), html: dialog };
}

/** The href of the first link in `html` whose text matches `name`. */
function linkTo(html: string | undefined, name: RegExp): string {
  const a = elements(html ?? "", "a").find((el) => name.test(text(el)));
  expect(a, `a link ${name}`).toBeDefined();
  return attr(a, "href") ?? "";
}

/** Clicks the lesson link of a contents page, as the browser does (Referer: the contents page). */
function openLesson(browser: Client, contents: { html: string; url: string }, name: RegExp) {
  return browser.get(linkTo(byTestId(contents.html, "lesson-list"), name), { headers: { Referer: `${CONTENTS_ORIGIN}${contents.url}` } });
}

/** The index of the form inside the element with test id `id` (for `page.form(index)`). */
function formInside(html: string, id: string): number {
  const inner = elements(byTestId(html, id) ?? "", "form")[0];
  const index = elements(html, "form").findIndex((f) => f === inner);
  expect(index, `a form in ${id}`).toBeGreaterThanOrEqual(0);
  return index;
}

/** The entry's live-room step as a page, and the room its link opens in a new tab (the provider's page on the sandbox). */
async function liveRoomOpens(browser: Client, page: { html: string; url: string }, entry: string, provider: string) {
  expect(page.url).toBe(entry);
  const dialog = dialogOf(page.html);
  expect(dialog?.open).toBe(true);
  expect(dialog?.name).toBe("直播间已准备好");
  const enter = elements(dialog?.html ?? "", "a").find((a) => text(a) === "进入直播间");
  expect(attr(enter, "target")).toBe("_blank");
  const room = await browser.get(attr(enter, "href") ?? "");
  expect(room.url).toMatch(new RegExp(`/__live/room\\?provider=${provider}&`));
  expect(text(byTestId(room.html, "live-room-name") ?? "")).toBe("考前冲刺串讲");
  return room;
}

describe("entering a live lesson without JavaScript (the no-JS journeys of tests/e2e/lesson*.test.ts)", () => {
  async function walker(mobile: string, path: string) {
    const browser = portal.client({ offsite: true });
    const page = await browser.signIn(portal, mobile, path);
    expect(page.url).toBe(path);
    return { browser, page };
  }

  it("the live room: the step is a dialog page, closing goes back to the contents, the room opens at the provider's address", async () => {
    const { browser, page: contents } = await walker("13700002502", "/course/detail/5003/103/contents");
    const page = await openLesson(browser, contents, /考前冲刺串讲/);
    expect(page.url).toBe(LIVE_5003);
    expect(attr(byTestId(page.html, "dialog-close"), "href")).toBe("/course/detail/5003/103/contents");
    const room = await liveRoomOpens(browser, page, LIVE_5003, "gh");
    expect(text(byTestId(room.html, "live-room-provider") ?? "")).toBe("gh");
  });

  it("open courses: sign up, then enter live in a new tab", async () => {
    const { browser, page } = await walker("13700002502", "/openCourse");
    const signedUp = await page.form(formInside(page.html, "open-402")).submit({ button: "立即报名" });
    expect(elements(signedUp.html, '[role="status"]').map(text).join(" ")).toContain("报名成功");
    const enter = elements(byTestId(signedUp.html, "open-402") ?? "", "a").find((a) => text(a) === "进入直播");
    expect(attr(enter, "target")).toBe("_blank");
    const room = await browser.get(attr(enter, "href") ?? "");
    expect(room.url).toMatch(/\/__live\/room\?provider=gh&openCourseId=402/);
    expect(text(byTestId(room.html, "live-room-status") ?? "")).toContain("直播中");
  });

  it("an agreement signed on the portal: the agree box, then back to the entry and into the live room; the next entry goes straight to it", async () => {
    const { browser, page: contents } = await walker("13700003801", "/course/detail/5005/105/contents");
    const agreement = await openLesson(browser, contents, /考前冲刺串讲/);
    expect(agreement.url).toMatch(/^\/agreement\/edit\/\d+\/1\?backUrl=%2Fclass%2Fenter%2F5005%2F105%2F105043$/);
    expect(text(byTestId(agreement.html, "agreement-content") ?? "")).toContain("学员应遵守学习纪律");
    const form = agreement.form({ button: "agreement-submit" });
    const agree = form.controls.find((c) => attr(c.html, "data-testid") === "agreement-agree");
    expect(agree?.type).toBe("checkbox");
    const entry = await form.fill({ [agree!.name]: true }).submit({ button: "agreement-submit" });
    await liveRoomOpens(browser, entry, LIVE_5005, "cc");
    // signed once: the next entry goes straight to the room
    const again = await browser.get("/course/detail/5005/105/contents");
    const next = await openLesson(browser, again, /考前冲刺串讲/);
    expect(next.url).toBe(LIVE_5005);
    expect(dialogOf(next.html)?.name).toBe("直播间已准备好");
  });

  it("an agreement signed through the e-sign provider: the hand-over page, the provider's page, sign, back to the entry and into the live room", async () => {
    const { browser, page: contents } = await walker("13700003803", "/course/detail/5005/105/contents");
    const agreement = await openLesson(browser, contents, /考前冲刺串讲/);
    expect(agreement.url).toMatch(/^\/agreement\/edit\/\d+\/2\?backUrl=/);
    const handOver = await agreement.form({ button: "esign-go" }).submit({ button: "esign-go" });
    // without JavaScript the hand-over document waits for its continue button
    const provider = await handOver.form({ button: "esign-continue" }).submit({ button: "esign-continue" });
    expect(h1(provider.html)).toContain("电子签约");
    const entry = await provider.form({ button: "签署 / Sign" }).submit({ button: "签署 / Sign" });
    await liveRoomOpens(browser, entry, LIVE_5005, "cc");
  });
});
