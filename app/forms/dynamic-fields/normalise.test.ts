import { describe, expect, it } from "vitest";
import {
  fieldName,
  fieldType,
  formatTimestamp,
  normaliseCustomFields,
  normaliseStudentInfoFields,
  normaliseValue,
  type FieldType,
} from "~/forms/dynamic-fields";

describe("field types (spec 001 §2: the 11 types)", () => {
  it.each([
    ["text", "text"],
    ["TEXT", "text"],
    ["textarea", "text"],
    ["number", "number"],
    ["date", "date"],
    ["dateTime", "dateTime"],
    ["datetime", "dateTime"],
    ["period", "period"],
    ["radio", "radio"],
    ["checkbox", "checkbox"],
    ["select", "select"],
    ["cascade", "cascade"],
    ["cascader", "cascade"],
    ["annex", "annex"],
    ["image", "image"],
    ["video", undefined],
  ])("%s → %s", (raw, type) => {
    expect(fieldType(raw)).toBe(type);
  });
});

describe("stored values → the form's strings", () => {
  const day = Date.UTC(1999, 11, 31, 16); // 2000-01-01 00:00 in China
  it.each<[FieldType, unknown, string[]]>([
    ["text", "abc", ["abc"]],
    ["text", null, []],
    ["text", "", []],
    ["number", 42, ["42"]],
    ["date", day, ["2000-01-01"]],
    ["date", String(day), ["2000-01-01"]],
    ["date", "2000-01-01 00:00:00", ["2000-01-01"]],
    ["dateTime", day + 3_723_000, ["2000-01-01 01:02:03"]],
    ["dateTime", "2000-01-01T01:02", ["2000-01-01 01:02:00"]],
    ["period", "2000-01-01,2000-02-01", ["2000-01-01", "2000-02-01"]],
    ["period", "2000-01-01~2000-02-01", ["2000-01-01", "2000-02-01"]],
    ["period", [day, day], ["2000-01-01", "2000-01-01"]],
    ["checkbox", "A,B", ["A", "B"]],
    ["checkbox", ["A", "B"], ["A", "B"]],
    ["cascade", "11,1101", ["11", "1101"]],
    ["image", "https://x/a.png", ["https://x/a.png"]],
  ])("%s %j", (type, raw, out) => {
    expect(normaliseValue(type, raw)).toEqual(out);
  });

  it("formats a timestamp in China time", () => {
    expect(formatTimestamp(0, true)).toBe("1970-01-01 08:00:00");
  });
});

describe("student-info fields (spec 001 §3)", () => {
  const [sex, idType, name, ro, bad] = [
    {
      fieldId: 1,
      fieldCode: "sex",
      fieldName: "性别",
      fieldType: "radio",
      required: 1,
      value: "FEMALE",
      fieldOptions: [
        { id: 1, content: "男", itemCode: "MALE" },
        { id: 2, content: "女", itemCode: "FEMALE" },
      ],
    },
    {
      fieldId: 2,
      fieldCode: "identity_type_code",
      fieldName: "证件类型",
      fieldType: "select",
      required: "1",
      value: "身份证",
      fieldOptions: [{ id: 3, content: "身份证", itemCode: "ID_IDCARD" }],
    },
    { fieldId: 3, fieldCode: "name", fieldName: "姓名", fieldType: "text", required: true, length: "20", fieldTip: "与证件一致", value: "张三" },
    { fieldId: 4, fieldCode: "mobile", fieldName: "手机", fieldType: "text", frontUpdateFlag: 1, value: "13800000001" },
    { fieldCode: "broken", fieldType: "text" },
  ];
  const fields = normaliseStudentInfoFields([sex, idType, name, ro, bad, { fieldId: 9, fieldCode: "x", fieldType: "video" }]);

  it("drops malformed entries and unknown types", () => {
    expect(fields.map((f) => f.code)).toEqual(["sex", "identity_type_code", "name", "mobile"]);
  });

  it("sex is MALE/FEMALE shown as male/female", () => {
    expect(fields[0]!.options.map((o) => [o.value, o.labelKey])).toEqual([
      ["MALE", "sex.MALE"],
      ["FEMALE", "sex.FEMALE"],
    ]);
    expect(fields[0]!.value).toEqual(["FEMALE"]);
  });

  it("a sex field without options still offers MALE and FEMALE", () => {
    const [f] = normaliseStudentInfoFields([{ fieldId: 1, fieldCode: "sex", fieldType: "radio" }]);
    expect(f!.options.map((o) => o.value)).toEqual(["MALE", "FEMALE"]);
  });

  it("identity type: the stored content is matched to the option's itemCode", () => {
    expect(fields[1]!.value).toEqual(["ID_IDCARD"]);
    expect(fields[1]!.required).toBe(true);
  });

  it("length, tip, required and read-only come through", () => {
    expect(fields[2]).toMatchObject({ name: "df_name", label: "姓名", maxLength: 20, tip: "与证件一致", required: true, readOnly: false, value: ["张三"] });
    expect(fields[3]).toMatchObject({ readOnly: true, required: false, value: ["13800000001"] });
  });

  it("chooseRelList becomes a condition on the chosen option (nested, either shape)", () => {
    const [f] = normaliseStudentInfoFields([
      {
        fieldId: 1,
        fieldCode: "q",
        fieldType: "select",
        fieldOptions: [{ id: 1, content: "其他", itemCode: "OTHER" }],
        chooseRelList: [
          { chooseFieldValue: "其他", showFieldInfo: [{ fieldId: 2, fieldCode: "q_other", fieldType: "text", required: 1 }] },
          { chooseFieldItemCode: "OTHER", showFieldInfo: { id: 3, fieldCode: "q_file", fieldType: "annex" } },
          { chooseFieldValue: "nothing", showFieldInfo: null },
        ],
      },
    ]);
    expect(f!.conditions).toHaveLength(1);
    expect(f!.conditions[0]!.when).toBe("其他");
    expect(f!.conditions[0]!.fields.map((s) => [s.code, s.type, s.required])).toEqual([
      ["q_other", "text", true],
      ["q_file", "annex", true],
    ]);
  });
});

describe("custom-field definitions (spec 001 §3)", () => {
  const fields = normaliseCustomFields([
    {
      id: 31,
      fieldName: "毕业证书",
      fieldCode: "diploma",
      fieldType: "annex",
      dataValues: [{ fieldValue: "https://x/a.pdf" }, { fieldValue: "https://x/b.pdf" }],
      samplePathUrl: "https://x/sample.png",
      stencilPathUrl: "https://x/template.docx",
      associatedFlag: 1,
      fieldTip: "PDF",
    },
    {
      id: "32",
      fieldName: "兴趣",
      fieldCode: "hobby",
      fieldType: "checkbox",
      dataOptions: [{ id: 1, content: "读书" }, "运动"],
      dataValues: [{ fieldValue: "读书,运动" }],
    },
    { id: 33, fieldName: "x" },
  ]);

  it("every custom field is required; values, sample, template and associated flag come through", () => {
    expect(fields).toHaveLength(2);
    expect(fields[0]).toMatchObject({
      id: "31",
      type: "annex",
      required: true,
      value: ["https://x/a.pdf", "https://x/b.pdf"],
      sampleUrl: "https://x/sample.png",
      templateUrl: "https://x/template.docx",
      associated: true,
      tip: "PDF",
    });
    expect(fields[1]).toMatchObject({ id: "32", required: true, value: ["读书", "运动"], associated: false });
    expect(fields[1]!.options.map((o) => o.value)).toEqual(["读书", "运动"]);
  });

  it("names are safe form names", () => {
    expect(fieldName("a.b[0] c")).toBe("df_a_b_0__c");
  });
});
