import { expect, signInWithCode, test, hydrated, type Sandbox } from "./support";

// Decision 059. The live channel of the socket (spec 000 §7.3, issue 25) needs a browser: the video page and the
// live entry open the exam/live socket (module yunduo) and the sandbox records what arrives (/__sandbox/realtime).
// Notes while studying (issue 26) with JavaScript at 390 px: the note box saves without leaving the video.
// The no-JS side of both: tests/unit/pages/lesson-notes-nojs.test.ts (the page works, opens no socket).
// Seed users (sandbox/src/study/video.ts), nobody else's: lesson05 (13700002505, notes), lesson06 (13700002506, channel).

const VIDEO = "/class/type/video/page?commodityId=5001&courseId=101&lessonId=101012";
const CHANNEL_USER = 2506;

type ChannelStatus = {
  exam: {
    authenticated: Array<{ userId: number; module: string }>;
    channel: Array<{ op: string; userId: number; module: string; data: Record<string, unknown> }>;
    places: Array<{
      userId: number;
      channel: string | null;
      room: { kind: string; lessonId: number } | null;
      video: { lessonId: number; ready: boolean } | null;
    }>;
  };
};

const channelOps = async (sandbox: Sandbox) =>
  (await sandbox.realtime<ChannelStatus>()).exam.channel.filter((c) => c.userId === CHANNEL_USER).map((c) => `${c.module}:${c.op}:${String(c.data.lessonId)}`);

test.describe("the live channel of the socket (spec 000 §7.3)", () => {
  test("the video page enters the video (channelInfo, videoIn, videoReady); 'enter live' enters the room (an open course's too); a dropped socket comes back and replays", async ({
    page,
    sandbox,
    context,
  }) => {
    test.setTimeout(90_000); // the socket's own waits: 3.5 s to open, 4 s to reconnect (spec 000 §9), on three pages
    await signInWithCode(page, sandbox, "13700002506", VIDEO);
    await hydrated(page);
    // the socket opens 3.5 s after load (spec 000 §9)
    await expect
      .poll(() => channelOps(sandbox), { timeout: 15_000 })
      .toEqual(["yunduo:channelInfo:101012", "yunduo:videoIn:101012", "yunduo:videoReady:101012"]);
    const authenticated = (await sandbox.realtime<ChannelStatus>()).exam.authenticated.filter((a) => a.userId === CHANNEL_USER);
    expect(authenticated).toEqual([{ userId: CHANNEL_USER, module: "yunduo", sessionid: expect.any(String) }]);

    // the socket drops: the page reconnects (4 s), authenticates again and replays where it was
    await sandbox.dropRealtime();
    await expect
      .poll(async () => (await sandbox.realtime<ChannelStatus>()).exam.authenticated.filter((a) => a.userId === CHANNEL_USER).length, { timeout: 15_000 })
      .toBe(2);
    await expect
      .poll(async () => (await sandbox.realtime<ChannelStatus>()).exam.places.find((p) => p.userId === CHANNEL_USER)?.video, { timeout: 5_000 })
      .toEqual(expect.objectContaining({ lessonId: 101012, ready: true }));
    await expect(page.getByTestId("lesson-video")).toBeVisible(); // the page never noticed

    // the finished live lesson of 5005 has a replay: 'enter live' sends replayIn; 5003's is on air: liveIn
    for (const [commodityId, courseId, op] of [
      [5005, 105, "replayIn"],
      [5003, 103, "liveIn"],
    ] as const) {
      await page.goto(`/course/detail/${commodityId}/${courseId}/contents`);
      await hydrated(page);
      await page
        .getByTestId("lesson-list")
        .getByRole("link", { name: /考前冲刺串讲/ })
        .click();
      const enter = page.getByRole("dialog").getByTestId("enter-live");
      await expect(enter).toBeVisible();
      const [room] = await Promise.all([context.waitForEvent("page"), enter.click()]);
      await room.close();
      await expect.poll(async () => (await channelOps(sandbox)).filter((o) => o.includes(`:${op}:`)), { timeout: 15_000 }).toHaveLength(1);
    }
    const places = (await sandbox.realtime<ChannelStatus>()).exam.places.filter((p) => p.userId === CHANNEL_USER);
    expect(places.map((p) => p.room?.kind)).toContain("live");

    // an open course's 'enter live' sends liveIn too, naming the open course (decision 069)
    await page.goto("/openCourse");
    await page.getByTestId("open-402").getByRole("button", { name: "立即报名" }).click();
    await expect(page.getByRole("status").filter({ hasText: "报名成功" })).toBeVisible();
    await hydrated(page);
    const [room] = await Promise.all([context.waitForEvent("page"), page.getByTestId("open-402").getByRole("link", { name: "进入直播" }).click()]);
    await room.close();
    const openOps = async () =>
      (await sandbox.realtime<ChannelStatus>()).exam.channel
        .filter((c) => c.userId === CHANNEL_USER && c.data.openCourseId !== undefined)
        .map((c) => `${c.module}:${c.op}:${String(c.data.openCourseId)}`);
    await expect.poll(openOps, { timeout: 15_000 }).toEqual(["yunduo:channelInfo:402", "yunduo:liveIn:402"]);
  });

  test("with the socket down the video page and the live entry still work", async ({ page, sandbox, context }) => {
    await sandbox.dropRealtime(60_000);
    await signInWithCode(page, sandbox, "13700002506", VIDEO);
    await hydrated(page);
    await expect(page.getByTestId("lesson-video")).toBeVisible();
    await expect(page.getByTestId("note-box")).toBeVisible();
    await page.goto("/course/detail/5003/103/contents");
    await hydrated(page);
    await page
      .getByTestId("lesson-list")
      .getByRole("link", { name: /考前冲刺串讲/ })
      .click();
    const [room] = await Promise.all([context.waitForEvent("page"), page.getByRole("dialog").getByTestId("enter-live").click()]);
    await room.waitForURL(/\/__live\/room\?provider=gh&/);
    expect(await channelOps(sandbox)).toEqual([]);
  });
});

test.describe("notes while studying at 390 px (issue 26)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("after switching lesson from the lesson list, the note box follows the new video and the note is saved at its time (issue 37 §5)", async ({
    page,
    sandbox,
  }) => {
    const NEXT = "/class/type/video/page?commodityId=5001&courseId=101&lessonId=101013";
    await signInWithCode(page, sandbox, "13700002505", VIDEO);
    await hydrated(page);
    const box = page.getByTestId("note-box");
    await expect(box.getByText("在 0:00 处记笔记")).toBeVisible();
    const srcA = await page.getByTestId("lesson-video").getAttribute("src");
    // a client navigation: the list's link, the same route with another lesson (no document load)
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(r.url());
    });
    await page.getByTestId("lesson-list").locator(`a[href="${NEXT}"]`).click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === NEXT);
    // lesson B's video on screen (another clip), drawn without a document load
    await expect(page.getByTestId("lesson-video")).not.toHaveAttribute("src", srcA ?? "");
    expect(documents).toEqual([]);
    // the new lesson's video is on screen: it plays to 0:05 (a seek, as the timeline does)
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="lesson-video"]')?.readyState ?? 0) >= 1);
    await page.getByTestId("lesson-video").evaluate((v: HTMLVideoElement) => {
      v.currentTime = 5;
      v.dispatchEvent(new Event("timeupdate"));
    });
    await expect(box.getByText("在 0:05 处记笔记")).toBeVisible();
    await box.getByLabel("在 0:05 处记笔记").fill("第二课时的笔记");
    await box.getByRole("button", { name: "保存笔记" }).click();
    await expect(box.getByTestId("note-box-saved")).toHaveText("笔记已保存（0:05）。 查看我的笔记");
    // the note the upstream keeps: lesson B at 0:05
    await box.getByRole("link", { name: "查看我的笔记" }).click();
    await page.waitForURL(/\/personal\/course\/note\?course=5001$/);
    const note = page.getByTestId("note").filter({ hasText: "第二课时的笔记" });
    await expect(note.getByTestId("note-watch")).toHaveText("视频 0:05");
    await expect(note.getByTestId("note-watch")).toHaveAttribute("href", /lessonId=101013&t=5$/);
  });

  test("write a note at the video's current time; it is saved without leaving the video, listed with the time, and links back to it", async ({
    page,
    sandbox,
  }) => {
    await signInWithCode(page, sandbox, "13700002505", VIDEO);
    await hydrated(page);
    const video = page.getByTestId("lesson-video");
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 4;
    });
    const box = page.getByTestId("note-box");
    await expect(box.getByText("在 0:04 处记笔记")).toBeVisible();
    await box.getByLabel("在 0:04 处记笔记").fill("需求定理：价格上升，需求量下降");
    await box.getByRole("button", { name: "保存笔记" }).click();
    await expect(box.getByTestId("note-box-saved")).toHaveText("笔记已保存（0:04）。 查看我的笔记");
    await expect(box.getByRole("textbox")).toHaveValue("");
    await expect(page).toHaveURL(new RegExp(`${VIDEO.replace(/[?]/g, "\\?")}$`)); // no navigation: the video stays
    expect(await video.evaluate((v: HTMLVideoElement) => Math.floor(v.currentTime))).toBe(4);
    // no sideways scroll on the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await box.getByRole("link", { name: "查看我的笔记" }).click();
    await page.waitForURL(/\/personal\/course\/note\?course=5001$/);
    const note = page.getByTestId("note").filter({ hasText: "需求定理：价格上升，需求量下降" });
    const watch = note.getByTestId("note-watch");
    await expect(watch).toHaveText("视频 0:04");
    await watch.click();
    await page.waitForURL(/\/class\/type\/video\/page\?commodityId=5001&courseId=101&lessonId=101012&t=4$/);
    await expect(page.getByTestId("resume-note")).toHaveText("从笔记位置 0:04 开始播放。");
    await page.waitForFunction(() => {
      const v = document.querySelector("video");
      return !!v && v.readyState >= 1 && Math.floor(v.currentTime) === 4;
    });
  });
});
