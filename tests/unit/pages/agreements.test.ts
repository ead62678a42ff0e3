import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, byTestId, elements, h1, startTestPortal, text, type Client, type TestPortal } from "../portal";

/**
 * My agreements, the agreement page, the personal information form, complete information and face
 * (spec 001 §2 dialogs 1-4, §4, §5, §8) as the server answers them; the journeys are in
 * tests/e2e/agreements.test.ts.
 */
let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());
beforeEach(() => portal.reset());

async function signedIn(account: string, path = "/home/index") {
  const browser = portal.client();
  await browser.signIn(portal, account, path);
  return browser;
}

/** The hidden inputs and action of the form `match` finds on `html`, as a browser without JS posts it. */
function formOf(html: string, match: RegExp) {
  const form = elements(html, "form").find((f) => match.test(f)) ?? "";
  const hidden = Object.fromEntries(
    elements(form, "input")
      .filter((i) => attr(i, "type") === "hidden")
      .map((i) => [attr(i, "name") ?? "", attr(i, "value") ?? ""]),
  );
  return { form, hidden, action: attr(form, "action")?.replace(/&amp;/g, "&") };
}

async function post(browser: Client, path: string, match: RegExp, fields: Record<string, string>) {
  const { html } = await browser.get(path);
  const { hidden, action } = formOf(html, match);
  return browser.post(action ?? path, { ...hidden, ...fields });
}

const rowsOf = (html: string) => elements(html, '[data-testid="agreement-row"]');

describe("my agreements (/personal/order?OrderTabIndex=2)", () => {
  it("lists each status with its control (one agreement suffices)", async () => {
    const browser = await signedIn("student01");
    const page = await browser.get("/personal/order?OrderTabIndex=2");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    const rows = rowsOf(page.html);
    const byStatus = Object.fromEntries(rows.map((r) => [attr(r, "data-status"), text(r)]));
    expect(Object.keys(byStatus).sort()).toEqual(["0", "1", "2", "4", "5"]);
    expect(byStatus["0"]).toContain("签署协议并学习");
    expect(byStatus["1"]).toContain("签署协议并学习");
    expect(byStatus["2"]).toContain("进入学习");
    expect(byStatus["4"]).toContain("已失效");
    expect(byStatus["5"]).toContain("无需签署");
    expect(byTestId(page.html, "sign-all")).toBeUndefined();
  });

  it("all agreements required: 'signed' labels, 'sign agreement' buttons and 'please sign all agreements'", async () => {
    await portal.sandbox.control("POST", "/agreements/protocol-all", { all: true });
    const browser = await signedIn("student01");
    const page = await browser.get("/personal/order?OrderTabIndex=2");
    const byStatus = Object.fromEntries(rowsOf(page.html).map((r) => [attr(r, "data-status"), text(r)]));
    expect(byStatus["0"]).toContain("签署协议");
    expect(byStatus["0"]).not.toContain("并学习");
    expect(byStatus["2"]).toContain("已签署");
    expect(text(byTestId(page.html, "sign-all") ?? "")).toBe("请签署全部协议");
  });

  it("status 3 (signed) reads as 2 does: 'enter study' when one suffices, 'signed' when all are required", async () => {
    // agr2612: 0 (5005), 1 (package, e-sign), 3 (5003), 4 (5001), 5 (5002)
    const browser = await signedIn("agr2612");
    const one = Object.fromEntries(rowsOf((await browser.get("/personal/order?OrderTabIndex=2")).html).map((r) => [attr(r, "data-status"), r]));
    expect(Object.keys(one).sort()).toEqual(["0", "1", "3", "4", "5"]);
    expect(text(one["3"]!)).toContain("进入学习");
    expect(byTestId(one["3"]!, "agreement-study")).toBeDefined();
    expect(byTestId(one["3"]!, "agreement-sign")).toBeUndefined();
    await portal.sandbox.control("POST", "/agreements/protocol-all", { all: true });
    const all = Object.fromEntries(rowsOf((await browser.get("/personal/order?OrderTabIndex=2")).html).map((r) => [attr(r, "data-status"), r]));
    expect(text(all["3"]!)).toContain("已签署");
    expect(byTestId(all["3"]!, "agreement-sign")).toBeUndefined();
    expect(text(all["1"]!)).toContain("签署协议");
  });

  it("no agreements: 'no agreement information'; English too", async () => {
    const browser = await signedIn("agr2613");
    expect(text(byTestId((await browser.get("/personal/order?OrderTabIndex=2")).html, "agreements-empty") ?? "")).toBe("暂无协议信息");
    expect(text(byTestId((await browser.get("/personal/order?OrderTabIndex=2&lng=en")).html, "agreements-empty") ?? "")).toBe("No agreement information");
  });

  it("as a dialog (width 685) closing to backUrl; a visitor goes to login", async () => {
    const browser = await signedIn("student01");
    const page = await browser.get("/personal/order?OrderTabIndex=2&dialog=1&backUrl=%2Fcourse%2Flist");
    const dialog = byTestId(page.html, "agreements-dialog") ?? "";
    expect(attr(dialog, "data-width")).toBe("685");
    expect(attr(byTestId(page.html, "dialog-close"), "href")).toBe("/course/list");
    const visitor = await portal.client().get("/personal/order?OrderTabIndex=2");
    expect(visitor.url).toContain("/join/login");
  });
});

describe("agreement page (/agreement/{check|edit}/{curId}/{protocolId})", () => {
  async function pendingOf(browser: Client) {
    const page = await browser.get("/personal/order?OrderTabIndex=2");
    const row = rowsOf(page.html).find((r) => attr(r, "data-status") === "0") ?? "";
    return (attr(byTestId(row, "agreement-sign"), "href") ?? "").replace(/&amp;/g, "&");
  }

  it("plain signing: without the agree box the spec's message; with it insertProtocol and on to backUrl", async () => {
    const browser = await signedIn("agr2600");
    const href = await pendingOf(browser);
    expect(href).toMatch(/^\/agreement\/edit\/\d+\/1\?backUrl=/);
    const page = await browser.get(href);
    expect(page.status).toBe(200);
    expect(attr(byTestId(page.html, "agreement-dialog"), "data-width")).toBe("685");
    expect(text(byTestId(page.html, "agreement-content") ?? "")).toContain("学员应遵守学习纪律");
    const refused = await post(browser, href, /agreement-agree/, { intent: "sign" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("用户需同意课程协议后才能继续学习");
    const signed = await post(browser, href, /agreement-agree/, { intent: "sign", agree: "on" });
    expect(signed.status).toBe(303);
    expect(signed.headers.get("Location")).toBe("/course/detail/5005/105/contents");
    const calls = await portal.calls("insertProtocol");
    expect(calls).toHaveLength(1);
    const list = await browser.get("/personal/order?OrderTabIndex=2");
    expect(attr(rowsOf(list.html)[0], "data-status")).toBe("2");
  });

  it("e-sign: the post answers the hand-over document with the provider's form and its own CSP", async () => {
    const browser = await signedIn("agr2602");
    const page = await browser.get("/personal/order?OrderTabIndex=2");
    const href = (attr(byTestId(rowsOf(page.html)[0] ?? "", "agreement-sign"), "href") ?? "").replace(/&amp;/g, "&");
    const edit = await browser.get(href);
    expect(byTestId(edit.html, "esign-go")).toBeDefined();
    const res = await post(browser, href, /esign-go/, { intent: "esign" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(attr(elements(html, "form")[0], "action")).toBe(`${portal.sandbox.url}/esign/sign`);
    expect(res.headers.get("Content-Security-Policy")).toContain(`form-action ${portal.sandbox.url}`);
    expect(html).toContain('name="flowId"');
  });

  it("incomplete student info: edit goes to the personal information form first", async () => {
    const browser = await signedIn("agr2604");
    const href = await pendingOf(browser);
    const res = await browser.fetch(href);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("Location") ?? "", "http://x");
    expect(to.pathname).toBe("/info/personal");
    expect(to.searchParams.get("backUrl")).toMatch(/^\/agreement\/edit\//);
    expect(to.searchParams.get("targetId")).toBe("5005");
    // closing the form goes where the student came from (the agreement page would send them back to it)
    expect(to.searchParams.get("cancelUrl")).toBe("/course/detail/5005/105/contents");
    const form = await browser.get(to.pathname + to.search);
    expect(attr(byTestId(form.html, "dialog-close"), "href")).toBe("/course/detail/5005/105/contents");
  });

  it("check mode is read-only; unknown ids and modes are 404", async () => {
    const browser = await signedIn("student01");
    const page = await browser.get("/personal/order?OrderTabIndex=2");
    const row = rowsOf(page.html).find((r) => attr(r, "data-status") === "2") ?? "";
    const check = attr(elements(row, "a")[0], "href") ?? "";
    const view = await browser.get(check);
    expect(view.status).toBe(200);
    expect(attr(byTestId(view.html, "agreement-status"), "data-status")).toBe("2");
    expect(byTestId(view.html, "agreement-agree")).toBeUndefined();
    expect((await browser.get("/agreement/edit/999999/1")).status).toBe(404);
    // curId 0: the course's agreement of that protocol
    const zero = await browser.fetch("/agreement/edit/0/1?commodityId=5005&backUrl=%2Fx");
    expect(zero.status).toBe(302);
    expect(zero.headers.get("Location")).toMatch(/^\/agreement\/edit\/\d+\/1\?backUrl=%2Fx$/);
    expect((await browser.get("/agreement/edit/0/1")).status).toBe(404);
    expect((await browser.get("/agreement/sign/1/1")).status).toBe(404);
    expect((await browser.get("/agreement/edit/abc/1")).status).toBe(404);
  });
});

describe("personal information form (/info/personal, spec 001 §2 dialog 2, §5)", () => {
  const PATH = "/info/personal?backUrl=%2Fagreement%2Fedit%2F9%2F1%3FbackUrl%3D%252Fx&targetId=5005&targetType=0";
  const errorsOf = (html: string) => Object.fromEntries(elements(html, "[data-error-for]").map((e) => [attr(e, "data-error-for"), text(e)]));

  it("shows the deficient fields only, the ID number as stored (masked), width 685", async () => {
    const browser = await signedIn("agr2604");
    const page = await browser.get(PATH);
    expect(page.status).toBe(200);
    expect(attr(byTestId(page.html, "personal-info-dialog"), "data-width")).toBe("685");
    const { form } = formOf(page.html, /info-submit/);
    const names = [...elements(form, "input"), ...elements(form, "select")].map((e) => attr(e, "name")).filter((n) => n && n !== "csrf" && n !== "intent");
    expect(new Set(names)).toEqual(new Set(["identityTypeCode", "identityId", "sex", "educationCode", "province", "city", "county", "addressDetail"]));
    expect(attr(elements(page.html, 'input[name="identityId"]')[0], "value")).toBe("1101****00");
  });

  it("the phone is disabled when mobileFlag is 1 and a phone exists (no send button); editable otherwise", async () => {
    const browser = await signedIn("agr2604");
    const answer = (mobileFlag: number, mobile: string | null) =>
      JSON.stringify({
        code: "1",
        message: "success",
        data: { msg: "deficiency", result: 2604, deficiencyInfo: { mobile }, companyRegisterConfig: { mobileFlag } },
      });
    const mobileInput = (html: string) => elements(html, 'input[name="mobile"]')[0];
    for (const [flag, mobile, locked] of [
      [1, "1380000", true],
      [0, "1380000", false],
      [1, null, false],
    ] as const) {
      await portal.fault({ path: "/validatePerfectStudentInfo/", status: 200, body: answer(flag, mobile), times: 1 });
      const page = await browser.get(PATH);
      expect(page.status, `${flag} ${mobile}`).toBe(200);
      expect(attr(mobileInput(page.html), "disabled") !== undefined, `${flag} ${mobile}`).toBe(locked);
      const form = byTestId(page.html, "personal-info-dialog")!;
      expect(text(form).includes("手机号已绑定，不可修改"), `${flag} ${mobile}`).toBe(locked);
      expect(byTestId(form, "info-send-code") === undefined, `${flag} ${mobile}`).toBe(locked);
    }
  });

  it("every required field's message (spec 001 §5)", async () => {
    const browser = await signedIn("agr2614");
    const res = await post(browser, PATH, /info-submit/, { intent: "save", identityId: "", mobile: "" });
    expect(res.status).toBe(400);
    const errors = errorsOf(await res.text());
    expect(errors).toMatchObject({
      identityTypeCode: "请输入证件类型",
      identityId: "请输入证件号码",
      mobile: "请输入手机号",
      sex: "请输入性别",
      educationCode: "请选择学历",
      province: "请选择省份",
      city: "请选择城市",
      county: "请选择区县",
    });
  });

  it("ID format only for ID_IDCARD; mobile format always; a changed phone needs the SMS code", async () => {
    const browser = await signedIn("agr2614");
    const base = { intent: "save", sex: "MALE", educationCode: "BECHELOR", province: "北京市", city: "北京市", county: "东城区" };
    const card = errorsOf(
      await (await post(browser, PATH, /info-submit/, { ...base, identityTypeCode: "ID_IDCARD", identityId: "12345", mobile: "2370000" })).text(),
    );
    expect(card.identityId).toBe("请输入正确的证件号码");
    expect(card.mobile).toBe("请输入正确的手机号");
    const passport = errorsOf(
      await (await post(browser, PATH, /info-submit/, { ...base, identityTypeCode: "ID_PASSPORT", identityId: "12345", mobile: "13700008888" })).text(),
    );
    expect(passport.identityId).toBeUndefined();
    expect(passport.smsCode).toBe("请填写短信验证码");
    const x = errorsOf(
      await (
        await post(browser, PATH, /info-submit/, { ...base, identityTypeCode: "ID_IDCARD", identityId: "11010120000520001x", mobile: "13700008888" })
      ).text(),
    );
    expect(x.identityId).toBeUndefined();
  });

  it("the send button: empty phone does nothing, a bad one 'mobile number format incorrect', a new one the captcha first", async () => {
    const browser = await signedIn("agr2614");
    const empty = await post(browser, PATH, /info-submit/, { intent: "sendCode", mobile: "" });
    expect(empty.status).toBe(200);
    expect(await portal.calls("sendSMSByModule")).toHaveLength(0);
    const bad = await post(browser, PATH, /info-submit/, { intent: "sendCode", mobile: "2370000" });
    expect(errorsOf(await bad.text()).mobile).toBe("手机号格式不正确");
    const fresh = await post(browser, PATH, /info-submit/, { intent: "sendCode", mobile: "13700008888" });
    expect(await fresh.text()).toContain('data-challenge="captcha"');
    expect(await portal.calls("sendSMSByModule")).toHaveLength(0);
  });

  it("a new phone: the captcha, then the CHANGE_PHONE code, then the form saves with it", async () => {
    const browser = await signedIn("agr2614");
    const mobile = "13700007777";
    const res = await post(browser, PATH, /info-submit/, { intent: "sendCode", mobile });
    const html = await res.text();
    const challenge = /data-challenge="captcha"[\s\S]*?href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(challenge).toBeTruthy();
    const back = new URL(new URL(challenge!).searchParams.get("return")!);
    expect(back.pathname).toBe("/info/personal");
    const page = await (await fetch(challenge!)).text();
    const id = /name="id" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const answer = /data-testid="captcha-answer">(\d+)</.exec(page)?.[1] ?? "";
    const solved = await fetch(new URL("/captcha/challenge", challenge!).toString(), {
      method: "POST",
      body: new URLSearchParams({ id, answer, return: back.toString() }),
      redirect: "manual",
    });
    const to = new URL(solved.headers.get("location")!);
    const resumed = await browser.get(to.pathname + to.search);
    expect(resumed.status).toBe(200);
    expect(text(byTestId(resumed.html, "info-send-code") ?? "")).toMatch(/（\d+s）后重试/);
    expect(attr(elements(resumed.html, 'input[name="mobile"]')[0], "value")).toBe(mobile);
    const { code, type } = await portal.sandbox.control<{ code: string; type: string }>("GET", `/sms?mobile=${mobile}`);
    expect(type).toBe("CHANGE_PHONE");
    const fields = {
      intent: "save",
      identityTypeCode: "ID_IDCARD",
      identityId: "110101200005200011",
      sex: "MALE",
      educationCode: "BECHELOR",
      province: "北京市",
      city: "北京市",
      county: "东城区",
      mobile,
    };
    const saved = await browser.post(to.pathname + to.search, { ...formOf(resumed.html, /info-submit/).hidden, ...fields, smsCode: code });
    expect(saved.status).toBe(303);
  });

  it("unchanged masked ID is sent as SRC; success goes to backUrl with the 'continue signing' notice", async () => {
    const browser = await signedIn("agr2604");
    const fields = {
      intent: "save",
      identityTypeCode: "ID_PASSPORT",
      identityId: "1101****00",
      sex: "FEMALE",
      educationCode: "BECHELOR",
      province: "北京市",
      city: "北京市",
      county: "东城区",
      addressDetail: "",
    };
    const res = await post(browser, PATH, /info-submit/, fields);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/agreement/edit/9/1?backUrl=%2Fx&notice=infoSaved");
    const [call] = await portal.calls("perfectStudentInfo");
    expect(call?.query.identityId).toBe("SRC");
    // complete now: the form sends the student straight on
    const again = await browser.fetch(PATH);
    expect(again.status).toBe(302);
  });

  it("province change clears city and county; city change clears county (no JS: refresh)", async () => {
    const browser = await signedIn("agr2604");
    const res = await post(browser, PATH, /info-submit/, { intent: "refresh", province: "上海市", city: "北京市", county: "东城区" });
    const html = await res.text();
    const selected = (name: string) => {
      const select = elements(html, `select[name="${name}"]`)[0] ?? "";
      return attr(elements(select, "option[selected]")[0], "value") ?? text(elements(select, "option[selected]")[0] ?? "");
    };
    expect(selected("province")).toBe("上海市");
    expect(selected("city")).toBe("");
    expect(selected("county")).toBe("");
  });
});

describe("complete information (/info/complete, spec 001 §2 dialog 1, §4, §5)", () => {
  const PATH = "/info/complete?scene=3&backUrl=%2Fclass%2Fenter%2F5003%2F103%2F1";
  const levelsOf = (html: string) => elements(html, "select").filter((s) => /data-testid="group-level-/.test(s)).length;

  it("the scene's intro, width 643; an unknown scene is 404", async () => {
    const browser = await signedIn("agr2606");
    const page = await browser.get(PATH);
    expect(attr(byTestId(page.html, "complete-info-dialog"), "data-width")).toBe("643");
    expect(text(byTestId(page.html, "complete-intro") ?? "")).toBe("学习此课程前，请先完善以下信息");
    expect(text(byTestId((await browser.get("/info/complete?scene=4&lng=en")).html, "complete-intro") ?? "")).toBe(
      "Before taking the exam, please complete the following information first",
    );
    expect((await browser.get("/info/complete?scene=9")).status).toBe(404);
    // closing must not go back into the entry chain (it would open this step again)
    expect(attr(byTestId(page.html, "dialog-close"), "href")).toBe("/personal/course/lessons");
    const withCancel = await browser.get(`${PATH}&cancelUrl=%2Fcourse%2Fdetail%2F5003%2F103%2Fcontents`);
    expect(attr(byTestId(withCancel.html, "dialog-close"), "href")).toBe("/course/detail/5003/103/contents");
    expect(levelsOf(page.html)).toBe(1);
  });

  it("without JS each group level is chosen and the form re-rendered, up to five levels", async () => {
    const browser = await signedIn("agr2606");
    const path = ["2", "22", "221", "2211", "22111"];
    const keys = ["groupOneId", "groupTwoId", "groupThreeId", "groupFourId", "groupFiveId"];
    for (let i = 1; i <= 4; i++) {
      const chosen = Object.fromEntries(path.slice(0, i).map((id, j) => [keys[j]!, id]));
      const res = await post(browser, PATH, /complete-submit/, { intent: "refresh", ...chosen });
      expect(res.status).toBe(200);
      expect(levelsOf(await res.text())).toBe(i + 1);
    }
    // an earlier level changed: the later choices are cleared
    const changed = await post(browser, PATH, /complete-submit/, { intent: "refresh", groupOneId: "1", groupTwoId: "22", groupThreeId: "221" });
    expect(levelsOf(await changed.text())).toBe(2);
  });

  it("group and proxy are required with the spec's messages; a custom field too", async () => {
    const browser = await signedIn("agr2606");
    const res = await post(browser, PATH, /complete-submit/, { intent: "save", groupOneId: "2", groupTwoId: "22" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(text(elements(html, '[data-error-for="groupOneId"]')[0] ?? "")).toBe("请选择学员分组");
    expect(text(elements(html, '[data-error-for="proxyId"]')[0] ?? "")).toBe("请选择代理机构");
    expect(text(elements(html, '[data-error-for="df_c_nickname"]')[0] ?? "")).toBe("必填，请输入相关信息");
  });

  it("saves both (five-level group, proxy, custom fields) and goes to backUrl; one refused keeps the dialog with its message", async () => {
    const browser = await signedIn("agr2606");
    const { html } = await browser.get(PATH);
    const { form, hidden } = formOf(html, /complete-submit/);
    // the stored custom values as the form carries them
    const kept: Record<string, string> = {};
    for (const i of elements(form, "input")) {
      const name = attr(i, "name");
      const type = attr(i, "type");
      if (!name?.startsWith("df_") || type === "file") continue;
      if ((type === "radio" || type === "checkbox") && !/ checked/.test(i)) continue;
      kept[name] = attr(i, "value") ?? "";
    }
    const body = new URLSearchParams({
      ...hidden,
      ...kept,
      intent: "save",
      groupOneId: "2",
      groupTwoId: "22",
      groupThreeId: "221",
      groupFourId: "2211",
      groupFiveId: "22111",
      proxyId: "1",
      df_c_nickname: "小完",
    });
    for (const s of elements(form, "select")) {
      const name = attr(s, "name") ?? "";
      if (!name.startsWith("df_")) continue;
      for (const o of elements(s, "option[selected]")) body.append(name, attr(o, "value") ?? "");
    }
    // one of the two saves refused: the dialog stays with its message (it closes only when both flags are '1')
    await portal.fault({ path: "/studentGroupAndProxyOrg/info$", status: 200, body: JSON.stringify({ code: "0", message: "学员分组已停用" }), times: 1 });
    const refused = await browser.fetch(PATH, { method: "POST", body });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(byTestId(refusedHtml, "complete-info-dialog")).toBeDefined();
    expect(text(byTestId(refusedHtml, "complete-info-dialog")!)).toContain("学员分组已停用");
    const res = await browser.fetch(PATH, { method: "POST", body });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/class/enter/5003/103/1");
    const [call] = await portal.calls("studentGroupAndProxyOrg");
    expect(call).toBeDefined();
  });

  it("a new image goes up first, then with its imageInfoList and resourceId (spec 001 §3 custom-info payload)", async () => {
    const browser = await signedIn("agr2606");
    const { html } = await browser.get(PATH);
    const { form, hidden } = formOf(html, /complete-submit/);
    const body = new FormData();
    for (const [name, value] of Object.entries(hidden)) body.append(name, value);
    for (const i of elements(form, "input")) {
      const name = attr(i, "name");
      const type = attr(i, "type");
      // the kept photo is replaced by a new one
      if (!name?.startsWith("df_") || type === "file" || name === "df_c_photo") continue;
      if ((type === "radio" || type === "checkbox") && !/ checked/.test(i)) continue;
      body.append(name, attr(i, "value") ?? "");
    }
    for (const s of elements(form, "select")) {
      const name = attr(s, "name") ?? "";
      if (!name.startsWith("df_")) continue;
      for (const o of elements(s, "option[selected]")) body.append(name, attr(o, "value") ?? "");
    }
    for (const [name, value] of Object.entries({ intent: "save", groupOneId: "1", groupTwoId: "11", proxyId: "1", df_c_nickname: "小图" }))
      body.set(name, value);
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d2d1b10000000049454e44ae426082",
      "hex",
    );
    body.append("df_c_photo", new File([png], "photo.png", { type: "image/png" }));
    // the sandbox refuses an image without its imageInfoList, or a new upload not named as its resourceId
    const res = await browser.fetch(PATH, { method: "POST", body });
    expect(res.status, res.status === 303 ? "" : text(byTestId(await res.text(), "complete-info-dialog") ?? "")).toBe(303);
    expect(res.headers.get("Location")).toBe("/class/enter/5003/103/1");
    expect(await portal.calls("sign/source/upload")).toHaveLength(1);
    expect(await portal.calls("improve/custom/info")).toHaveLength(1);
  });
});

describe("face (/face/check, spec 001 §2 dialog 3, §4 face flow, §5)", () => {
  const PATH = "/face/check?backUrl=%2Fclass%2Fenter%2F5003%2F103%2F1";
  const errorsOf = (html: string) => Object.fromEntries(elements(html, "[data-error-for]").map((e) => [attr(e, "data-error-for"), text(e)]));

  it("status 0 goes straight on to backUrl", async () => {
    const browser = await signedIn("student01");
    const res = await browser.fetch(PATH);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/class/enter/5003/103/1");
  });

  it("status 2: the face info form (width 500, no close), its messages, and on to verification", async () => {
    const browser = await signedIn("agr2610");
    const page = await browser.get(PATH);
    const dialog = byTestId(page.html, "face-dialog") ?? "";
    expect(attr(dialog, "data-width")).toBe("500");
    expect(byTestId(page.html, "dialog-close")).toBeUndefined();
    expect(text(byTestId(page.html, "face-note") ?? "")).toContain("提交成功后不可修改");
    expect(text(byTestId(page.html, "face-submit") ?? "")).toBe("发布");
    const empty = errorsOf(await (await post(browser, PATH, /face-submit/, { intent: "info", name: "", identityId: "" })).text());
    expect(empty).toMatchObject({ name: "请输入姓名", identityId: "请输入身份证号" });
    const bad = errorsOf(await (await post(browser, PATH, /face-submit/, { intent: "info", name: "王小二三四五", identityId: "123" })).text());
    expect(bad).toMatchObject({ name: "请输入正确的姓名", identityId: "请输入正确的身份证号" });
    const ok = await post(browser, PATH, /face-submit/, { intent: "info", name: "王五", identityId: "110101199001011234" });
    expect(ok.status).toBe(303);
    const verify = await browser.get(PATH);
    expect(byTestId(verify.html, "face-verify")).toBeDefined();
  });

  it("an unedited (stored, masked) ID number is omitted from the submit", async () => {
    const browser = await signedIn("agr2616");
    const page = await browser.get(PATH);
    const shown = attr(elements(page.html, 'input[name="identityId"]')[0], "value");
    expect(shown).toBe("1101************34");
    // the masked value would fail the upstream's format check: success shows it was left out
    const res = await post(browser, PATH, /face-submit/, { intent: "info", name: "赵六", identityId: shown ?? "" });
    expect(res.status).toBe(303);
    expect(byTestId((await browser.get(PATH)).html, "face-verify")).toBeDefined();
  });

  it("cancel reports failure 2", async () => {
    const browser = await signedIn("agr2610");
    const res = await post(browser, PATH, /face-cancel/, { intent: "cancel" });
    expect(byTestId(await res.text(), "face-failed")).toBeDefined();
  });

  it("status 1: the window (new tab) gets the provider's page; 'done' with fail asks 're-verify?', with pass goes on", async () => {
    const browser = await signedIn("agr2615");
    const page = await browser.get(PATH);
    const start = formOf(page.html, /face-open/);
    expect(attr(start.form, "target")).toBe("_blank");
    expect(start.action).toBe("/face/start");
    const opened = await browser.post("/face/start", start.hidden);
    const doc = await opened.text();
    const url = attr(byTestId(doc, "face-window-open"), "href") ?? "";
    expect(url).toContain("/face/study?orderNo=");
    expect(doc).not.toContain("orderNo=" + "undefined");
    const orderNo = new URL(url).searchParams.get("orderNo") ?? "";
    const pick = (result: string) =>
      fetch(`${portal.sandbox.url}/face/study`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `orderNo=${orderNo}&result=${result}`,
      });
    await pick("2");
    const failed = await post(browser, PATH, /face-done/, { intent: "done" });
    expect(text(byTestId(await failed.text(), "face-not-passed") ?? "")).toContain("系统检测到人脸识别未通过，是否重新验证？");
    await pick("1");
    const passed = await post(browser, PATH, /face-done/, { intent: "done" });
    expect(passed.status).toBe(303);
    expect(passed.headers.get("Location")).toBe("/class/enter/5003/103/1");
    expect((await browser.fetch(PATH)).status).toBe(302);
  });
});

/**
 * The `no-js` re-runs of tests/e2e/agreements.test.ts (issue 22): the same journeys as a browser without
 * JavaScript walks them (the form-walker), with the seed users that project used (the odd ones: 2601, 2603,
 * 2605, 2607; sandbox study/agreements.ts).
 */
describe("without JavaScript (the no-js journeys of tests/e2e/agreements.test.ts)", () => {
  const LIST = "/personal/order?OrderTabIndex=2";
  const mobile = (id: number) => `1370000${id}`;
  const signHref = (html: string) => attr(byTestId(html, "agreement-sign"), "href")!;

  it("sign a plain agreement from my agreements: the agree box, then on to the course", async () => {
    const browser = portal.client();
    const list = await browser.signIn(portal, mobile(2601), LIST);
    expect(attr(rowsOf(list.html)[0], "data-status")).toBe("0");
    const page = await browser.get(signHref(rowsOf(list.html)[0]!));
    expect(page.url).toMatch(/\/agreement\/edit\/\d+\/1\?/);
    expect(byTestId(page.html, "agreement-dialog")).toBeDefined();
    expect(text(byTestId(page.html, "agreement-content") ?? "")).toContain("学员应遵守学习纪律");
    const signed = await page.form({ button: "agreement-submit" }).fill({ agree: true }).submit({ button: "agreement-submit" });
    expect(signed.url).toMatch(/\/course\/detail\/5005\/105\/contents$/);
    const after = await browser.get(LIST);
    expect(attr(rowsOf(after.html)[0], "data-status")).toBe("2");
    expect(byTestId(rowsOf(after.html)[0]!, "agreement-study")).toBeDefined();
  });

  it("e-sign: the provider's page, sign, back to the portal with the agreement signed", async () => {
    // every agreement required (STUDENT_PROTOCOL_TYPE all): signing goes back to the list
    await portal.sandbox.control("POST", "/agreements/protocol-all", { all: true });
    const browser = portal.client({ offsite: true });
    const list = await browser.signIn(portal, mobile(2603), LIST);
    expect(text(byTestId(list.html, "sign-all") ?? "")).toBe("请签署全部协议");
    const page = await browser.get(signHref(list.html));
    expect(byTestId(page.html, "esign-go")).toBeDefined();
    const handOver = await page.form({ button: "esign-go" }).submit({ button: "esign-go" });
    const provider = await handOver.form({ button: "esign-continue" }).submit({ button: "esign-continue" });
    expect(h1(provider.html)).toContain("电子签约");
    const back = await provider.form({ button: "签署 / Sign" }).submit({ button: "签署 / Sign" });
    // back on the portal: signed, so on to backUrl (my agreements, every agreement required)
    expect(back.url).toMatch(/\/personal\/order\?OrderTabIndex=2/);
    expect(attr(rowsOf(back.html)[0], "data-status")).toBe("2");
    expect(text(rowsOf(back.html)[0]!)).toContain("已签署");
  });

  it("e-sign refused: back on the agreement page, not signed (the browser's journey of 2612, issue 22)", async () => {
    const browser = portal.client({ offsite: true });
    const list = await browser.signIn(portal, mobile(2612), LIST);
    const row = rowsOf(list.html).find((r) => text(r).includes("套餐"))!;
    const page = await browser.get(signHref(row));
    const handOver = await page.form({ button: "esign-go" }).submit({ button: "esign-go" });
    const provider = await handOver.form({ button: "esign-continue" }).submit({ button: "esign-continue" });
    const back = await provider.form({ button: "拒签 / Refuse" }).submit({ button: "拒签 / Refuse" });
    expect(byTestId(back.html, "esign-refused")).toBeDefined();
    expect(
      attr(
        rowsOf((await browser.get(LIST)).html).find((r) => text(r).includes("套餐")),
        "data-status",
      ),
    ).toBe("1");
  });

  it("incomplete info: the personal information form first (re-rendered for the city and county), then 'continue signing'", async () => {
    const browser = portal.client();
    const list = await browser.signIn(portal, mobile(2605), LIST);
    let page = await browser.get(signHref(list.html));
    expect(page.url).toMatch(/\/info\/personal\?/);
    expect(byTestId(page.html, "personal-info-dialog")).toBeDefined();
    page = await page
      .form({ button: "info-submit" })
      .fill({ 证件类型: "ID_PASSPORT", 证件号码: "E12345678", 女: true, 学历: "BECHELOR", 省: "广东省" })
      .submit({ button: "info-refresh" });
    page = await page.form({ button: "info-submit" }).fill({ 市: "深圳市" }).submit({ button: "info-refresh" });
    const form = page.form({ button: "info-submit" }).fill({ "区/县": "南山区" });
    expect(form.value("证件号码")).toBe("E12345678"); // kept through the refreshes
    const agreement = await form.submit({ button: "info-submit" });
    expect(agreement.url).toMatch(/\/agreement\/edit\//);
    expect(text(byTestId(agreement.html, "info-saved") ?? "")).toBe("提交成功，请继续签署协议");
    const signed = await agreement.form({ button: "agreement-submit" }).fill({ agree: true }).submit({ button: "agreement-submit" });
    expect(signed.url).toMatch(/\/course\/detail\/5005\/105\/contents$/);
  });

  it("complete information: a five-level student group (re-rendered per level), the proxy organisation and a custom field", async () => {
    const browser = portal.client();
    let page = await browser.signIn(portal, mobile(2607), `/info/complete?scene=3&backUrl=${encodeURIComponent(LIST)}`);
    expect(byTestId(page.html, "complete-info-dialog")).toBeDefined();
    expect(text(byTestId(page.html, "complete-intro") ?? "")).toBe("学习此课程前，请先完善以下信息");
    const keys = ["groupOneId", "groupTwoId", "groupThreeId", "groupFourId", "groupFiveId"];
    const path = ["2", "22", "221", "2211", "22111"];
    for (const [i, id] of path.slice(0, -1).entries())
      page = await page
        .form({ button: "complete-submit" })
        .fill({ [keys[i]!]: id })
        .submit({ button: "group-refresh" });
    const done = await page
      .form({ button: "complete-submit" })
      .fill({ groupFiveId: "22111", 代理机构: "1", 昵称: "小完" })
      .submit({ button: "complete-submit" });
    expect(done.url).toMatch(/\/personal\/order\?OrderTabIndex=2$/);
  });
});
