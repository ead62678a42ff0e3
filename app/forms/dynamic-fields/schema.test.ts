import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import en from "~/locales/en/fields.json";
import zh from "~/locales/zh/fields.json";
import {
  cascadeParents,
  dateToTimestamp,
  dynamicFieldsSchema,
  FE,
  isRefresh,
  normaliseStudentInfoFields,
  refreshReply,
  toFieldPayload,
  visibleFields,
  type DynamicField,
  type FieldType,
} from "~/forms/dynamic-fields";

/** A field of the student-info shape, normalised (so every test goes through the normaliser too). */
function field(type: FieldType | string, extra: Record<string, unknown> = {}): DynamicField {
  const [f] = normaliseStudentInfoFields([{ fieldId: 1, fieldCode: "f", fieldName: "F", fieldType: type, required: 0, ...extra }]);
  if (!f) throw new Error("not normalised");
  return f;
}

const OPTIONS = [
  { id: 1, content: "A", itemCode: "a" },
  { id: 2, content: "B", itemCode: "b" },
];

function errorsOf(f: DynamicField, entries: Array<[string, string | File]>) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  const s = parseWithZod(fd, { schema: dynamicFieldsSchema([f], Object.fromEntries(entries)) });
  return s.status === "success" ? { ok: true as const, value: s.value as Record<string, unknown> } : { ok: false as const, errors: s.error?.[f.name] ?? [] };
}

function withLevels(f: DynamicField): DynamicField {
  const o = (id: string) => ({ value: id, id, label: id });
  return {
    ...f,
    cascadeLevels: [
      [o("11"), o("31")],
      [o("1101"), o("1102")],
    ],
  };
}

// spec 001 §5 "Dynamic fields": [description, field, posted entries, expected error or null]
type Row = [string, DynamicField, Array<[string, string]>, string | null];
const N = "df_f";
const rows: Row[] = [
  ["required text, empty", field("text", { required: 1 }), [[N, ""]], FE.required],
  ["required text, blanks only", field("text", { required: 1 }), [[N, "   "]], FE.required],
  ["optional text, empty", field("text"), [[N, ""]], null],
  ["text at the limit", field("text", { length: 5 }), [[N, "12345"]], null],
  ["text over the limit", field("text", { length: 5 }), [[N, "123456"]], "tooLong:5"],
  ["number, digits", field("number"), [[N, "0123"]], null],
  ["number, letters", field("number"), [[N, "12a"]], FE.digitsOnly],
  ["number, minus sign", field("number"), [[N, "-1"]], FE.digitsOnly],
  ["number, decimal", field("number"), [[N, "1.5"]], FE.digitsOnly],
  ["number over its length", field("number", { length: 3 }), [[N, "1234"]], "tooLong:3"],
  ["required number, empty", field("number", { required: 1 }), [], FE.required],
  ["date ok", field("date"), [[N, "2000-02-29"]], null],
  ["date lower bound", field("date"), [[N, "1900-01-01"]], null],
  ["date upper bound", field("date"), [[N, "2101-01-01"]], null],
  ["date before 1900", field("date"), [[N, "1899-12-31"]], FE.dateRange],
  ["date after 2101-01-01", field("date"), [[N, "2101-01-02"]], FE.dateRange],
  ["date not a day", field("date"), [[N, "2023-02-29"]], FE.dateFormat],
  ["date wrong format", field("date"), [[N, "2023/01/02"]], FE.dateFormat],
  ["required date, empty", field("date", { required: 1 }), [], FE.required],
  ["dateTime ok", field("dateTime"), [[N, "2024-05-06 07:08:09"]], null],
  ["dateTime from the browser (T, no seconds)", field("dateTime"), [[N, "2024-05-06T07:08"]], null],
  ["dateTime wrong format", field("dateTime"), [[N, "2024-05-06"]], FE.dateTimeFormat],
  ["dateTime bad hour", field("dateTime"), [[N, "2024-05-06 25:00:00"]], FE.dateTimeFormat],
  ["dateTime out of range", field("dateTime"), [[N, "1899-05-06 07:08:09"]], FE.dateRange],
  [
    "period ok",
    field("period"),
    [
      [`${N}[0]`, "2024-01-01"],
      [`${N}[1]`, "2024-02-01"],
    ],
    null,
  ],
  ["period only a start", field("period"), [[`${N}[0]`, "2024-01-01"]], FE.periodPair],
  ["period only an end", field("period"), [[`${N}[1]`, "2024-01-01"]], FE.periodPair],
  [
    "period reversed",
    field("period"),
    [
      [`${N}[0]`, "2024-03-01"],
      [`${N}[1]`, "2024-02-01"],
    ],
    FE.periodOrder,
  ],
  [
    "period out of range",
    field("period"),
    [
      [`${N}[0]`, "1800-03-01"],
      [`${N}[1]`, "2024-02-01"],
    ],
    FE.dateRange,
  ],
  ["required period, empty", field("period", { required: 1 }), [], FE.required],
  ["optional period, empty", field("period"), [], null],
  ["radio ok", field("radio", { fieldOptions: OPTIONS }), [[N, "A"]], null],
  ["radio not an option", field("radio", { fieldOptions: OPTIONS }), [[N, "Z"]], FE.invalidOption],
  ["required radio, none", field("radio", { fieldOptions: OPTIONS, required: 1 }), [], FE.required],
  ["select ok", field("select", { fieldOptions: OPTIONS }), [[N, "B"]], null],
  ["required select, none", field("select", { fieldOptions: OPTIONS, required: true }), [[N, ""]], FE.required],
  ["checkbox one", field("checkbox", { fieldOptions: OPTIONS }), [[N, "A"]], null],
  [
    "checkbox two",
    field("checkbox", { fieldOptions: OPTIONS }),
    [
      [N, "A"],
      [N, "B"],
    ],
    null,
  ],
  [
    "checkbox not an option",
    field("checkbox", { fieldOptions: OPTIONS }),
    [
      [N, "A"],
      [N, "Q"],
    ],
    FE.invalidOption,
  ],
  ["required checkbox, none", field("checkbox", { fieldOptions: OPTIONS, required: 1 }), [], FE.required],
  ["optional checkbox, none", field("checkbox", { fieldOptions: OPTIONS }), [], null],
  [
    "cascade path",
    field("cascade", { required: 1 }),
    [
      [N, "11"],
      [N, "1101"],
    ],
    null,
  ],
  ["required cascade, none", field("cascade", { required: 1 }), [], FE.required],
  [
    "cascade within its loaded levels",
    withLevels(field("cascade")),
    [
      [N, "11"],
      [N, "1101"],
    ],
    null,
  ],
  [
    "cascade with an unchosen second level",
    withLevels(field("cascade", { required: 1 })),
    [
      [N, "11"],
      [N, ""],
    ],
    null,
  ],
  [
    "cascade with a stale second level",
    withLevels(field("cascade")),
    [
      [N, "11"],
      [N, "3101"],
    ],
    FE.invalidOption,
  ],
  ["annex kept url", field("annex", { required: 1 }), [[N, "https://x/a.pdf"]], null],
  ["required annex, none", field("annex", { required: 1 }), [], FE.required],
  ["required image, none", field("image", { required: 1 }), [], FE.required],
];

describe("dynamic field rules (spec 001 §5)", () => {
  it.each(rows)("%s", (_name, f, entries, expected) => {
    const result = errorsOf(f, entries);
    if (expected === null) expect(result).toMatchObject({ ok: true });
    else expect(result).toEqual({ ok: false, errors: [expected] });
  });

  it("a required annex or image with the file input left empty (the browser posts an empty, unnamed part) is required", () => {
    const none = new File([], "", { type: "application/octet-stream" });
    for (const type of ["annex", "image"]) {
      expect(errorsOf(field(type, { required: 1 }), [[N, none]]), type).toEqual({ ok: false, errors: [FE.required] });
      expect(errorsOf(field(type), [[N, none]]), type).toMatchObject({ ok: true });
    }
  });

  it("a required image accepts a newly attached file", () => {
    const result = errorsOf(field("image", { required: 1 }), [[N, new File([new Uint8Array([1, 2])], "a.png", { type: "image/png" })]]);
    expect(result.ok).toBe(true);
  });

  it("a date-time is sent as YYYY-MM-DD HH:mm:ss whatever the browser posted", () => {
    const result = errorsOf(field("dateTime"), [[N, "2024-05-06T07:08"]]);
    expect(result.ok && result.value[N]).toBe("2024-05-06 07:08:00");
  });

  it("a period is a [start, end] pair", () => {
    const result = errorsOf(field("period"), [
      [`${N}[0]`, "2024-01-01"],
      [`${N}[1]`, "2024-02-01"],
    ]);
    expect(result.ok && result.value[N]).toEqual(["2024-01-01", "2024-02-01"]);
  });

  it("read-only fields (frontUpdateFlag 1) are neither validated nor taken from the form", () => {
    const f = field("text", { required: 1, frontUpdateFlag: 1, value: "kept" });
    expect(errorsOf(f, [[N, ""]])).toMatchObject({ ok: true });
    expect(toFieldPayload([f], { [N]: "changed" })).toEqual([{ fieldId: "1", fieldCode: "f", fieldValues: ["kept"] }]);
  });

  it("browsers get the native constraints (getZodConstraint): required, maxLength, digits pattern", () => {
    const fields = normaliseStudentInfoFields([
      { fieldId: 1, fieldCode: "name", fieldName: "Name", fieldType: "text", required: 1, length: 20 },
      { fieldId: 2, fieldCode: "qq", fieldName: "QQ", fieldType: "number", required: 0, length: 12 },
    ]);
    const c = getZodConstraint(dynamicFieldsSchema(fields));
    expect(c.df_name).toMatchObject({ required: true, maxLength: 20 });
    expect(c.df_qq).toMatchObject({ required: false, maxLength: 12 });
    expect(new RegExp(`^(?:${c.df_qq?.pattern})$`).test("12a")).toBe(false);
    expect(new RegExp(`^(?:${c.df_qq?.pattern})$`).test("123")).toBe(true);
  });

  it("the messages are the spec's (en) and translated (zh)", () => {
    expect(en.errors.required).toBe("required, please enter related information");
    expect(en.errors.tooLong.replace("{{max}}", "5")).toBe("input length must not exceed 5");
    expect(en.errors.digitsOnly).toBe("only digits allowed");
    expect(en.errors.imageType).toBe("image can only be uploaded in JPG/PNG format");
    expect(en.errors.imageSize).toBe("image size cannot exceed 5MB!");
    for (const key of Object.values(FE)) {
      expect(en.errors[key], key).toBeTruthy();
      expect(zh.errors[key], key).toBeTruthy();
    }
  });
});

describe("conditional sub-fields (chooseRelList)", () => {
  const [parent] = normaliseStudentInfoFields([
    {
      fieldId: 10,
      fieldCode: "has_job",
      fieldName: "Employed",
      fieldType: "radio",
      required: 1,
      fieldOptions: [
        { id: 1, content: "yes", itemCode: "Y" },
        { id: 2, content: "no", itemCode: "N" },
      ],
      chooseRelList: [
        {
          chooseFieldValue: "yes",
          chooseFieldItemCode: "Y",
          showFieldInfo: { fieldId: 11, fieldCode: "employer", fieldName: "Employer", fieldType: "text", required: 1 },
        },
      ],
    },
  ]);
  const fields = [parent!];

  it.each([
    ["nothing chosen", {}, ["df_has_job"]],
    ["the other option", { df_has_job: "no" }, ["df_has_job"]],
    ["the option with sub-fields", { df_has_job: "yes" }, ["df_has_job", "df_employer"]],
  ])("%s", (_n, values, names) => {
    expect(visibleFields(fields, values).map((f) => f.name)).toEqual(names);
  });

  it("a shown sub-field is validated, a hidden one is not", () => {
    const fd = new FormData();
    fd.append("df_has_job", "yes");
    const shown = parseWithZod(fd, { schema: dynamicFieldsSchema(fields, { df_has_job: "yes" }) });
    expect(shown.status === "error" && shown.error?.df_employer).toEqual([FE.required]);
    const fd2 = new FormData();
    fd2.append("df_has_job", "no");
    fd2.append("df_employer", "stale");
    const hidden = parseWithZod(fd2, { schema: dynamicFieldsSchema(fields, { df_has_job: "no" }) });
    expect(hidden.status).toBe("success");
    expect(toFieldPayload(fields, hidden.status === "success" ? hidden.value : {})).toEqual([{ fieldId: "10", fieldCode: "has_job", fieldValues: ["no"] }]);
  });

  it("a refresh (intent=refresh) keeps every value and shows no error", () => {
    const fd = new FormData();
    fd.append("intent", "refresh");
    fd.append("df_has_job", "yes");
    expect(isRefresh(fd)).toBe(true);
    const submission = parseWithZod(fd, { schema: dynamicFieldsSchema(fields, { df_has_job: "yes" }) });
    const reply = refreshReply(submission.reply());
    expect(reply.initialValue).toMatchObject({ df_has_job: "yes" });
    expect(reply.error).toEqual({});
    const plain = new FormData();
    plain.append("intent", "save");
    expect(isRefresh(plain)).toBe(false);
  });
});

describe("payload (spec 001 §3 custom-info payload, §5)", () => {
  it("a birthday is sent as a millisecond timestamp (midnight, China time)", () => {
    const [birthday] = normaliseStudentInfoFields([{ fieldId: 5, fieldCode: "birthday", fieldName: "Birthday", fieldType: "date" }]);
    expect(toFieldPayload([birthday!], { df_birthday: "2000-01-02" })).toEqual([
      { fieldId: "5", fieldCode: "birthday", fieldValues: [Date.UTC(2000, 0, 1, 16)] },
    ]);
    expect(dateToTimestamp("1970-01-01")).toBe(-8 * 3600_000);
  });

  it("identity type and education send the option's itemCode; other choices their content", () => {
    const fields = normaliseStudentInfoFields([
      {
        fieldId: 1,
        fieldCode: "identity_type_code",
        fieldName: "ID type",
        fieldType: "select",
        fieldOptions: [{ id: 1, content: "身份证", itemCode: "ID_IDCARD" }],
      },
      { fieldId: 2, fieldCode: "education_code", fieldName: "Education", fieldType: "radio", fieldOptions: [{ id: 7, content: "本科", itemCode: "BECHELOR" }] },
      { fieldId: 3, fieldCode: "hobby", fieldName: "Hobby", fieldType: "checkbox", fieldOptions: [{ id: 9, content: "读书", itemCode: "READ" }] },
    ]);
    expect(fields.map((f) => f.options[0]?.value)).toEqual(["ID_IDCARD", "BECHELOR", "读书"]);
    expect(toFieldPayload(fields, { df_identity_type_code: "ID_IDCARD", df_education_code: "BECHELOR", df_hobby: ["读书"] }).map((p) => p.fieldValues)).toEqual(
      [["ID_IDCARD"], ["BECHELOR"], ["读书"]],
    );
  });

  it("a cascade loads each level from its parent id", () => {
    const f = field("cascade");
    expect(cascadeParents(f, {})).toEqual(["0"]);
    expect(cascadeParents(f, { df_f: ["11", "1101"] })).toEqual(["0", "11", "1101"]);
  });
});
