import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requestCtx, leaveUnitSandbox, unitSandbox, thrown, type TestSandbox } from "./sandbox";

/** Agreements, student info and face services against the sandbox (spec 001 §4, §5, §7; issue 14). */
let sandbox: TestSandbox;
const { createUpstream } = await import("~/lib/http/upstream.server");
const agreements = await import("~/services/agreements.server");
const face = await import("~/services/face.server");
const info = await import("~/services/student-info.server");
type Portal = import("~/lib/portal.server").Portal;

beforeAll(async () => {
  sandbox = await unitSandbox();
});
afterAll(leaveUnitSandbox);
beforeEach(async () => {
  await sandbox.control("POST", "/reset");
});

async function upstreamFor(account: string) {
  const { token } = await sandbox.control<{ token: string }>("POST", "/tokens", { account });
  return createUpstream(requestCtx({ token }));
}
const portalOf = (upstream: Awaited<ReturnType<typeof upstreamFor>>) => ({ upstream }) as unknown as Portal;
/** A signed-in student's portal as the gates that name the student (company, school, user) need it. */
async function learnerPortal(account: string) {
  const { token, userId } = await sandbox.control<{ token: string; userId: number }>("POST", "/tokens", { account });
  const session = { get: (k: string) => (k === "companyId" ? 1 : undefined) };
  return { upstream: createUpstream(requestCtx({ token })), token, userId, schoolId: 1, session, tenant: { domain: "localhost" } } as unknown as Portal;
}
const study = (a: { commodityId?: string }) => `/course/detail/${a.commodityId ?? 0}/x/contents`;

describe("my agreements (spec 001 §4 agreement status)", () => {
  it("student01 has one agreement in each state; each status gets its control", async () => {
    const up = await upstreamFor("student01");
    const { list } = await agreements.myAgreements(up);
    expect(list.map((a) => a.agreementStatus).sort()).toEqual([0, 1, 2, 4, 5]);
    const kinds = (all: boolean) => Object.fromEntries(list.map((a) => [a.agreementStatus, agreements.agreementAction(a, all, study)]));
    const one = kinds(false);
    expect(one[0]).toMatchObject({ kind: "sign", andStudy: true });
    expect(one[1]).toMatchObject({ kind: "sign", andStudy: true });
    expect(one[2]).toMatchObject({ kind: "study", href: "/course/detail/5001/x/contents" });
    expect(one[4]).toEqual({ kind: "invalid" });
    expect(one[5]).toEqual({ kind: "none" });
    const all = kinds(true);
    expect(all[0]).toMatchObject({ kind: "sign", andStudy: false });
    expect(all[2]).toEqual({ kind: "signed" });
    // signing from the list: "and study" goes on to the course, otherwise back to the list
    expect((one[0] as { href: string }).href).toContain(encodeURIComponent("/course/detail/5005/x/contents"));
    expect((all[0] as { href: string }).href).toContain(encodeURIComponent("/personal/order?OrderTabIndex=2"));
  });

  it("status 3 is signed as well; a user without agreements has an empty list", async () => {
    const up = await upstreamFor("agr2612");
    const three = (await agreements.myAgreements(up)).list.find((a) => a.agreementStatus === 3)!;
    expect(agreements.agreementAction(three, true, study)).toEqual({ kind: "signed" });
    expect(agreements.agreementAction(three, false, study).kind).toBe("study");
    expect((await agreements.myAgreements(await upstreamFor("agr2613"))).list).toEqual([]);
  });

  it("STUDENT_PROTOCOL_TYPE comes from checkCompanyFunctionSet", async () => {
    const up = await upstreamFor("student01");
    expect(await agreements.protocolAllRequired(up)).toBe(false);
    await sandbox.control("POST", "/agreements/protocol-all", { all: true });
    expect(await agreements.protocolAllRequired(up)).toBe(true);
  });
});

describe("agreementGate (lesson entry chain, spec 001 §4)", () => {
  it("a course whose agreement is signed, not needed or absent passes", async () => {
    const portal = portalOf(await upstreamFor("student01"));
    expect(await agreements.agreementGate(portal, { commodityId: 5001, backUrl: "/x" })).toEqual({ ok: true });
    expect(await agreements.agreementGate(portal, { commodityId: 5003, backUrl: "/x" })).toEqual({ ok: true });
    expect(await agreements.agreementGate(portal, { commodityId: 5002, backUrl: "/x" })).toEqual({ ok: true });
  });

  it("a pending agreement sends the student to its signing page with backUrl", async () => {
    const portal = portalOf(await upstreamFor("student01"));
    const gate = await agreements.agreementGate(portal, { commodityId: 5005, courseId: 105, backUrl: "/class/enter/5005/105/1" });
    expect(gate).toMatchObject({ redirect: expect.stringMatching(/^\/agreement\/edit\/\d+\/1\?backUrl=%2Fclass%2Fenter%2F5005%2F105%2F1$/) });
    // a course of a package: the package's e-sign agreement governs it
    const pkg = await agreements.agreementGate(portal, { commodityId: 5007, backUrl: "/x" });
    expect(pkg).toMatchObject({ redirect: expect.stringMatching(/^\/agreement\/edit\/\d+\/2\?/) });
  });

  it("all vs one: with one signed and one pending, 'one' passes and 'all' asks for the pending one", () => {
    const a = (id: string, status: number) => agreements.Agreement.parse({ id, protocolId: "1", agreementStatus: status });
    expect(agreements.gateOf([a("1", 2), a("2", 0)], false, "/b")).toEqual({ ok: true });
    expect(agreements.gateOf([a("1", 2), a("2", 0)], true, "/b")).toEqual({ redirect: "/agreement/edit/2/1?backUrl=%2Fb" });
    expect(agreements.gateOf([a("1", 4)], true, "/b")).toEqual({ ok: true });
    expect(agreements.gateOf([a("1", 5), a("2", 1)], false, "/b")).toEqual({ ok: true });
    expect(agreements.gateOf([a("1", 1)], false, "/b")).toEqual({ redirect: "/agreement/edit/1/1?backUrl=%2Fb" });
  });

  it("a course id that is not a number is refused by the upstream ('loading data error, course id cannot be empty')", async () => {
    const portal = portalOf(await upstreamFor("student01"));
    expect(await thrown(agreements.agreementGate(portal, { commodityId: "", backUrl: "/x" }))).toBeDefined();
  });
});

describe("signing", () => {
  it("insertProtocol signs a plain agreement (status 2)", async () => {
    const up = await upstreamFor("agr2600");
    const [a] = (await agreements.myAgreements(up)).list;
    await agreements.insertProtocol(up, a!, "同意");
    expect((await agreements.myAgreements(up)).list[0]!.agreementStatus).toBe(2);
  });

  it("prepareAgreement returns the provider's form for protocolType 1 only", async () => {
    const up = await upstreamFor("agr2602");
    const [a] = (await agreements.myAgreements(up)).list;
    const prepared = await agreements.prepareAgreement(up, a!, 1, "http://localhost:3000/agreement/edit/1/2");
    expect(prepared).toMatchObject({ ok: true, action: `${sandbox.url}/esign/sign`, params: { flowId: expect.any(String) } });
    const plain = (await agreements.myAgreements(await upstreamFor("agr2600"))).list[0]!;
    expect(await agreements.prepareAgreement(await upstreamFor("agr2600"), plain, 1, "http://localhost/x")).toMatchObject({ ok: false });
  });
});

describe("student info (spec 001 §4 agreement signing 1, §7)", () => {
  it("complete info: no deficiency; incomplete: the deficient fields with the ID number masked", async () => {
    expect(await info.validatePerfectStudentInfo(await upstreamFor("agr2600"), "5005", 0)).toMatchObject({ complete: true, deficiency: null });
    const v = await info.validatePerfectStudentInfo(await upstreamFor("agr2604"), "5005", 0);
    expect(v.complete).toBe(false);
    expect(Object.keys(v.deficiency!).sort()).toEqual(["address", "educationCode", "identityId", "identityTypeCode", "sex"]);
    expect(v.deficiency!.identityId).toBe("1101****00");
    expect(v.mobileFlag).toBe(true);
  });

  it("perfectStudentInfo with the unchanged ID number as SRC keeps the stored one (and fails its format)", async () => {
    const up = await upstreamFor("agr2604");
    const v = await info.validatePerfectStudentInfo(up, "5005", 0);
    const fields = {
      identityTypeCode: "ID_IDCARD",
      identityId: info.UNCHANGED,
      sex: "MALE",
      educationCode: "BECHELOR",
      province: "北京市",
      city: "北京市",
      county: "东城区",
    };
    expect(await thrown(info.perfectStudentInfo(up, v.result, fields))).toMatchObject({ kind: "business", upstreamMessage: "请输入正确的身份证号" });
    expect(await info.perfectStudentInfo(up, v.result, { ...fields, identityId: "11010120000520001X" })).toBe(true);
    expect((await info.validatePerfectStudentInfo(up, "5005", 0)).complete).toBe(true);
  });

  it("a new mobile needs the CHANGE_PHONE code", async () => {
    const up = await upstreamFor("agr2614");
    const v = await info.validatePerfectStudentInfo(up, "5005", 0);
    expect(v.deficiency).toHaveProperty("mobile", null);
    await info.sendChangePhoneSms(up, "13700009999");
    const { code } = await sandbox.control<{ code: string }>("GET", "/sms?mobile=13700009999");
    const fields = {
      identityTypeCode: "ID_IDCARD",
      identityId: "110101200005200011",
      sex: "FEMALE",
      educationCode: "BECHELOR",
      province: "北京市",
      city: "北京市",
      county: "东城区",
      mobile: "13700009999",
    };
    expect(await thrown(info.perfectStudentInfo(up, v.result, { ...fields, smsCode: code === "000000" ? "111111" : "000000" }))).toMatchObject({
      kind: "business",
    });
    expect(await info.perfectStudentInfo(up, v.result, { ...fields, smsCode: code })).toBe(true);
  });

  it("completeInfoGate: asked scenes redirect to /info/complete until the group is saved", async () => {
    const portal = await learnerPortal("agr2606");
    expect(await info.completeInfoGate(portal, 3, { backUrl: "/b" })).toEqual({ redirect: "/info/complete?scene=3&backUrl=%2Fb" });
    expect(await info.completeInfoGate(await learnerPortal("student01"), 3, { backUrl: "/b" })).toEqual({ ok: true });
    // a visitor is not asked (the chain sends them to login first)
    expect(await info.completeInfoGate(portalOf(await upstreamFor("agr2606")), 3, { backUrl: "/b" })).toEqual({ ok: true });
  });
});

describe("face (spec 001 §4 face status and flow)", () => {
  it("faceGate: status 0 passes; 1 and 2 go to /face/check", async () => {
    expect(await face.faceGate(portalOf(await upstreamFor("student01")), { backUrl: "/b" })).toEqual({ ok: true });
    expect(await face.faceStatus(await upstreamFor("agr2615"))).toBe(1);
    expect(await face.faceStatus(await upstreamFor("agr2610"))).toBe(2);
    expect(await face.faceGate(portalOf(await upstreamFor("agr2610")), { backUrl: "/b" })).toEqual({ redirect: "/face/check?backUrl=%2Fb" });
  });

  it("verification: result 1 passes and the status becomes 0; 2 does not", async () => {
    const up = await upstreamFor("agr2615");
    const first = await face.faceVerifyUrl(up);
    expect(first.url).toContain("/face/study?orderNo=");
    expect(await face.faceResult(up, first.orderNo)).toBe(0);
    await fetch(`${sandbox.url}/face/study`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `orderNo=${first.orderNo}&result=2`,
    });
    expect(await face.faceResult(up, first.orderNo)).toBe(2);
    expect(await face.faceStatus(up)).toBe(1);
    const second = await face.faceVerifyUrl(up);
    await fetch(`${sandbox.url}/face/study`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `orderNo=${second.orderNo}&result=1`,
    });
    expect(await face.faceResult(up, second.orderNo)).toBe(1);
    expect(await face.faceStatus(up)).toBe(0);
  });

  it("face info: an omitted ID number keeps the stored one; the name must be 1-5 Chinese characters", async () => {
    const up = await upstreamFor("agr2615");
    expect(await face.faceIdentity(up)).toEqual({ name: "人脸同学", identityId: "1101************34" });
    await face.updateFaceIdentity(up, { name: "李四" });
    expect((await face.faceIdentity(up)).name).toBe("李四");
    expect(await thrown(face.updateFaceIdentity(up, { name: "Li Si" }))).toMatchObject({ kind: "business" });
    const none = await upstreamFor("agr2610");
    expect(await thrown(face.updateFaceIdentity(none, { name: "王五" }))).toMatchObject({ kind: "business" });
    await face.updateFaceIdentity(none, { name: "王五", identityId: "110101199001011234" });
    expect(await face.faceStatus(none)).toBe(1);
  });
});
