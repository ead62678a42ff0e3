import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requestCtx, leaveUnitSandbox, unitSandbox, thrown, type TestSandbox } from "./sandbox";

let sandbox: TestSandbox;
const { createUpstream, UpstreamError } = await import("~/lib/http/upstream.server");
const account = await import("~/services/account-settings.server");
const custom = await import("~/services/custom-fields.server");
const messages = await import("~/services/messages.server");
const { toFieldPayload } = await import("~/forms/dynamic-fields");

beforeAll(async () => {
  sandbox = await unitSandbox();
});
afterAll(leaveUnitSandbox);
beforeEach(async () => {
  await sandbox.control("POST", "/reset");
});

async function upstreamFor(accountName: string) {
  const { token } = await sandbox.control<{ token: string }>("POST", "/tokens", { account: accountName });
  return createUpstream(requestCtx({ token }));
}

type Recorded = { method: string; path: string };
async function calls(path: string): Promise<Recorded[]> {
  return sandbox.control<Recorded[]>("GET", `/requests?path=${encodeURIComponent(path)}`);
}

describe("account settings service", () => {
  it("reads the account with its third-party bindings", async () => {
    const up = await upstreamFor("student01");
    const info = await account.getAccountInfo(up);
    expect(info).toMatchObject({ username: "student01", mobile: "13800000001" });
    expect(info.thirdPartyList.find((t) => t.type === "weixin")?.bound).toBe(true);
    expect(info.thirdPartyList.find((t) => t.type === "qq")?.bound).toBe(false);
  });

  it("binds a mobile with the SMS code; a wrong code is a business error with the upstream's message", async () => {
    const up = await upstreamFor("student01");
    await account.sendBindSms(up, "13912345678");
    const { code } = await sandbox.control<{ code: string }>("GET", "/sms?mobile=13912345678");
    const wrong = await thrown(account.bindMobile(up, "13912345678", code === "000000" ? "111111" : "000000"));
    expect(wrong).toBeInstanceOf(UpstreamError);
    expect(wrong).toMatchObject({ kind: "business", code: "120010007", upstreamMessage: "验证码错误或已过期" });
    await account.bindMobile(up, "13912345678", code);
    expect((await account.getAccountInfo(up)).mobile).toBe("13912345678");
  });

  it("an SMS send under the captcha is a `captcha` error the caller handles (spec 001 §8, code 600)", async () => {
    const up = await upstreamFor("student01");
    await sandbox.control("PUT", "/captcha", { required: true });
    expect(await account.captchaRequired(up)).toBe(true);
    expect(await thrown(account.sendBindSms(up, "13912345678"))).toMatchObject({ kind: "captcha" });
    expect(await thrown(account.sendPasswordSms(up))).toMatchObject({ kind: "captcha" });
  });

  it("changes the password after verifying identity with the STU_UPDATE_PWD code", async () => {
    const up = await upstreamFor("student01");
    await account.sendPasswordSms(up);
    const { code, type } = await sandbox.control<{ code: string; type: string }>("GET", "/sms?mobile=13800000001");
    expect(type).toBe("STU_UPDATE_PWD");
    await account.verifyIdentity(up, { smsCode: code });
    await account.changePassword(up, { newPassword: "NewPass1" });
    await account.verifyIdentity(up, { password: "NewPass1" });
    expect(await thrown(account.changePassword(up, { oldPassword: "Passw0rd!", newPassword: "x12345" }))).toMatchObject({
      code: "120040001",
      upstreamMessage: "原密码错误",
    });
  });

  it("reads the four sections through the kit and saves one with itemCodes and the birthday timestamp", async () => {
    const up = await upstreamFor("student01");
    const detail = await account.getPersonalDetail(up);
    expect(detail.base.map((f) => f.type)).toEqual(["text", "radio", "date", "select", "text", "select"]);
    const birthday = detail.base.find((f) => f.code === "birthday")!;
    expect(birthday.value).toEqual(["2000-05-20"]);
    expect(detail.contact.find((f) => f.code === "mobile")).toMatchObject({ readOnly: true, value: ["13800000001"] });
    const values = {
      df_name: "张三",
      df_sex: "FEMALE",
      df_birthday: "1999-12-31",
      df_identity_type_code: "ID_PASSPORT",
      df_identity_id: "E12345678",
      df_education_code: "DOCTOR",
    };
    await account.savePersonalSection(up, "base", toFieldPayload(detail.base, values));
    const again = await account.getPersonalDetail(up);
    expect(Object.fromEntries(again.base.map((f) => [f.code, f.value]))).toMatchObject({
      name: ["张三"],
      sex: ["FEMALE"],
      birthday: ["1999-12-31"],
      identity_type_code: ["ID_PASSPORT"],
      education_code: ["DOCTOR"],
    });
  });

  it("a refused save is a business error carrying the upstream's message", async () => {
    const up = await upstreamFor("student01");
    const error = await thrown(account.savePersonalSection(up, "base", [{ fieldId: "101", fieldCode: "name", fieldValues: [] }]));
    expect(error).toMatchObject({ kind: "business", code: "120130015", upstreamMessage: "必填，请输入相关信息（姓名）" });
  });

  it("uploads an avatar (the new URL comes back) and reads the archive", async () => {
    const up = await upstreamFor("student01");
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    expect(await account.setAvatar(up, png)).toMatch(/\/__avatar\/1001-1\.png$/);
    const archive = await account.getArchive(up);
    expect(archive.courses.length).toBeGreaterThan(0);
    expect(archive.studyDays).toBe(46);
  });

  it("uploads an annex file through the kit and saves its URL as the field's value", async () => {
    const up = await upstreamFor("student01");
    const fields = await account.getCustomFieldData(up);
    const diploma = fields.find((f) => f.code === "c_diploma")!;
    const { uploadFieldFiles } = await import("~/forms/dynamic-fields");
    const result = await uploadFieldFiles(
      [diploma],
      { df_c_diploma: new File([new TextEncoder().encode("%PDF")], "d.pdf") },
      async (file) => (await account.uploadFile(up, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })).filePath,
    );
    const url = (result.value!.df_c_diploma as string[])[0]!;
    expect(url).toMatch(/\/__files\/\d+\/d\.pdf$/);
    // a private file: the bare address opens nothing; its owner reads it through the signed link the upstream's
    // answers hand out (decision 043; the bytes are checked through that link in tests/unit/personal-data.test.ts)
    expect((await fetch(url)).status).toBe(403);
  });

  it("a GET failure is not the caller's: it becomes the error page response", async () => {
    const up = await upstreamFor("student01");
    await sandbox.control("POST", "/faults", { path: "get/account/info", status: 500 });
    const error = await thrown(account.getAccountInfo(up));
    expect(error).not.toBeInstanceOf(UpstreamError);
    expect((error as { init?: { status?: number } }).init?.status).toBe(502);
  });
});

describe("custom fields service", () => {
  it("normalises all 11 types and fills each cascade's levels in one round", async () => {
    const up = await upstreamFor("student01");
    const fields = await custom.getCustomizeFields(up, 1);
    expect(fields).toHaveLength(11);
    expect(fields.every((f) => f.required)).toBe(true);
    const region = fields.find((f) => f.code === "c_region")!;
    const [filled] = await custom.withCascadeLevels(up, [region], { df_c_region: ["44", "4401"] });
    expect(filled!.cascadeLevels!.map((l) => l.map((o) => o.label))).toEqual([
      ["北京市", "上海市", "广东省"],
      ["广州市", "深圳市"],
      ["天河区", "越秀区"],
    ]);
    const [leaf] = await custom.withCascadeLevels(up, [region], { df_c_region: ["11", "1101"] });
    expect(leaf!.cascadeLevels).toHaveLength(2); // 东城区 has no children: no third level
    // 广东省 then a stale 北京 district (level 1 changed without JS): the path ends after level 2
    const [stale] = await custom.withCascadeLevels(up, [region], { df_c_region: ["44", "1101"] });
    expect(stale!.cascadeLevels!.map((l) => l[0]?.label)).toEqual(["北京市", "广州市"]);
  });

  it("saves the custom info and the group/proxy, after which the info is complete", async () => {
    const up = await upstreamFor("student01");
    const info = await custom.getCustomizeInfo(up);
    expect(info.complete).toBe(false);
    expect(info.groups[0]).toMatchObject({ groupName: "2024 级", children: [{ id: "11" }, { id: "12" }] });
    const values = {
      df_c_nickname: "阿张",
      df_c_years: "3",
      df_c_exam_date: "2025-06-01",
      df_c_appointment: "2025-01-02 10:00:00",
      df_c_study_period: ["2025-01-01", "2025-03-01"],
      df_c_channel: "朋友推荐",
      df_c_subjects: ["会计"],
      df_c_level: "初级",
      df_c_region: ["11", "1101"],
      df_c_diploma: ["https://files.example/d.pdf"],
      df_c_photo: ["https://files.example/p.png"],
    };
    await custom.improveCustomInfo(
      up,
      { userId: 1001, companyId: 1, schoolId: 1 },
      custom.withImageInfo(info.fields, toFieldPayload(info.fields, values), new Map()),
    );
    await custom.saveStudentGroupAndProxy(up, ["1", "11"], "2");
    const after = await custom.getCustomizeInfo(up);
    expect(after).toMatchObject({ complete: true, groupValue: ["1", "11"], proxyId: "2" });
    expect(after.fields.find((f) => f.code === "c_study_period")!.value).toEqual(["2025-01-01", "2025-03-01"]);
  });
});

describe("messages service", () => {
  it("counts, pages, reads and deletes", async () => {
    const up = await upstreamFor("student01");
    expect(await messages.messageCount(up)).toMatchObject({ unReadNum: 3, total: 5 });
    const page = await messages.messagePage(up, { pageSize: 2 });
    expect(page).toMatchObject({ total: 5, current: 1, size: 2 });
    const unread = (await messages.messagePage(up, { readFlag: 0 })).records;
    expect(unread.every((m) => !m.readFlag)).toBe(true);
    await messages.readMessage(up, unread[0]!.id);
    await messages.deleteMessage(up, unread[1]!.id);
    expect(await messages.messageCount(up)).toMatchObject({ unReadNum: 1, total: 4 });
    expect(await thrown(messages.readMessage(up, unread[1]!.id))).toMatchObject({ kind: "business", code: "120131001", upstreamMessage: "消息不存在" });
    expect((await calls("/message/")).map((c) => c.method)).toEqual(["GET", "GET", "GET", "POST", "DELETE", "GET", "POST"]);
  });
});
