import { describe, expect, it } from "vitest";
import { GROUP_KEYS, groupLevels, groupPathComplete, keepGroupPath, type Group } from "./group-path";
import { keepRegion, toPayload, type FormShape } from "~/forms/personal-info";
import { personalSchema } from "~/forms/personal-info-schema";
import { faceSchema } from "~/forms/face";

const g = (id: string, children: Group[] = []): Group => ({ id, groupName: id, children });
const TREE = [g("1", [g("11")]), g("2", [g("22", [g("221", [g("2211", [g("22111"), g("22112")])])])])];

describe("student group cascade (spec 001 §2 dialog 1, §9: up to five levels)", () => {
  it("keeps a path only as far as it follows the tree; a changed level clears the later ones", () => {
    expect(keepGroupPath(TREE, ["2", "22", "221", "2211", "22111"])).toEqual(["2", "22", "221", "2211", "22111"]);
    expect(keepGroupPath(TREE, ["1", "22", "221"])).toEqual(["1"]);
    expect(keepGroupPath(TREE, ["", "22"])).toEqual([]);
    expect(GROUP_KEYS).toHaveLength(5);
  });

  it("shows one more level while the chosen group has children, and is complete at a leaf", () => {
    expect(groupLevels(TREE, []).length).toBe(1);
    expect(groupLevels(TREE, ["2", "22"]).length).toBe(3);
    expect(groupLevels(TREE, ["2", "22", "221", "2211"]).length).toBe(5);
    expect(groupPathComplete(TREE, ["2", "22", "221", "2211"])).toBe(false);
    expect(groupPathComplete(TREE, ["2", "22", "221", "2211", "22112"])).toBe(true);
    expect(groupPathComplete(TREE, ["1", "11"])).toBe(true);
    expect(groupPathComplete(TREE, [])).toBe(false);
    expect(groupPathComplete([], [])).toBe(true);
  });
});

const SHAPE: FormShape = {
  fields: ["name", "identityTypeCode", "identityId", "mobile", "sex", "educationCode", "address"],
  identityIdNow: "1101****00",
  mobileNow: "13700002604",
  mobileLocked: false,
};
const errors = (shape: FormShape, v: Record<string, string>) => {
  const r = personalSchema(shape).safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("personal form rules (spec 001 §5)", () => {
  it("every required field has its own message; address detail is optional", () => {
    expect(errors(SHAPE, {})).toEqual({
      name: "name",
      identityTypeCode: "identityType",
      identityId: "identityId",
      mobile: "mobile",
      sex: "sex",
      educationCode: "education",
      province: "province",
      city: "city",
      county: "county",
    });
  });

  it("ID format only for ID_IDCARD and only when entered; X or x ends an 18-digit number", () => {
    const base = { name: "张三", mobile: "13700002604", sex: "MALE", educationCode: "BECHELOR", province: "p", city: "c", county: "x" };
    expect(errors(SHAPE, { ...base, identityTypeCode: "ID_IDCARD", identityId: "12345" }).identityId).toBe("identityIdFormat");
    expect(errors(SHAPE, { ...base, identityTypeCode: "ID_PASSPORT", identityId: "12345" }).identityId).toBeUndefined();
    expect(errors(SHAPE, { ...base, identityTypeCode: "ID_IDCARD", identityId: "1101****00" }).identityId).toBeUndefined();
    for (const ok of ["110101200005200011", "11010120000520001X", "11010120000520001x", "110101000520001"]) {
      expect(errors(SHAPE, { ...base, identityTypeCode: "ID_IDCARD", identityId: ok }).identityId).toBeUndefined();
    }
    expect(errors(SHAPE, { ...base, identityTypeCode: "ID_IDCARD", identityId: "1101012000052000X1" }).identityId).toBe("identityIdFormat");
  });

  it("the ID number is checked by itself: 12345 as 身份证 is refused while every other field is still empty (issue 39 §9)", () => {
    expect(errors(SHAPE, { identityTypeCode: "ID_IDCARD", identityId: "12345" })).toMatchObject({ identityId: "identityIdFormat", name: "name" });
    // the two fields it reads must be there: no type, no format check (the type's own message)
    expect(errors(SHAPE, { identityId: "12345" })).toMatchObject({ identityTypeCode: "identityType" });
    expect(errors(SHAPE, { identityId: "12345" }).identityId).toBeUndefined();
  });

  it("mobile: 11 digits from 1, always; a changed one needs the SMS code; a locked one is not asked", () => {
    const base = {
      name: "张三",
      identityTypeCode: "ID_PASSPORT",
      identityId: "E1",
      sex: "MALE",
      educationCode: "BECHELOR",
      province: "p",
      city: "c",
      county: "x",
    };
    expect(errors(SHAPE, { ...base, mobile: "23700002604" }).mobile).toBe("mobileFormat");
    expect(errors(SHAPE, { ...base, mobile: "13700009999" }).smsCode).toBe("smsCode");
    expect(errors(SHAPE, { ...base, mobile: "13700002604" })).toEqual({});
    expect(errors({ ...SHAPE, mobileLocked: true }, { ...base })).toEqual({});
  });

  it("unchanged deficient ID number and mobile are sent as SRC", () => {
    const v = {
      name: "张三",
      identityTypeCode: "ID_IDCARD",
      identityId: "1101****00",
      mobile: "13700002604",
      sex: "MALE",
      educationCode: "BECHELOR",
      province: "p",
      city: "c",
      county: "x",
      addressDetail: "",
    };
    expect(toPayload(SHAPE, v)).toMatchObject({ identityId: "SRC", mobile: "SRC" });
    expect(toPayload(SHAPE, { ...v, identityId: "110101200005200011", mobile: "13700009999", smsCode: "123456" })).toMatchObject({
      identityId: "110101200005200011",
      mobile: "13700009999",
      smsCode: "123456",
    });
  });

  it("province change clears city and county; city change clears county", () => {
    const regions = [
      { name: "北京市", cities: [{ name: "北京市", counties: ["东城区"] }] },
      { name: "广东省", cities: [{ name: "深圳市", counties: ["南山区"] }] },
    ];
    expect(keepRegion(regions, "广东省", "北京市", "东城区")).toEqual({ province: "广东省", city: "", county: "" });
    expect(keepRegion(regions, "广东省", "深圳市", "东城区")).toEqual({ province: "广东省", city: "深圳市", county: "" });
    expect(keepRegion(regions, "广东省", "深圳市", "南山区")).toEqual({ province: "广东省", city: "深圳市", county: "南山区" });
  });
});

describe("face dialog rules (spec 001 §5)", () => {
  const e = (stored: string, v: Record<string, string>) => {
    const r = faceSchema(stored).safeParse(v);
    // the first message of each field, as the form shows it
    return r.success ? {} : Object.fromEntries(r.error.issues.reverse().map((i) => [String(i.path[0]), i.message]));
  };
  it("name 1-5 Chinese characters; ID required and checked unless it is the stored one", () => {
    expect(e("", { name: "", identityId: "" })).toEqual({ name: "name", identityId: "identityId" });
    expect(e("", { name: "王小二三四五", identityId: "110101199001011234" })).toEqual({ name: "nameFormat" });
    expect(e("", { name: "Li", identityId: "110101199001011234" })).toEqual({ name: "nameFormat" });
    expect(e("", { name: "王五", identityId: "123" })).toEqual({ identityId: "identityIdFormat" });
    expect(e("1101****34", { name: "王五", identityId: "1101****34" })).toEqual({});
    expect(e("", { name: "欧阳小明明", identityId: "110101199001011234" })).toEqual({});
  });
});
