import { describe, expect, it } from "vitest";
import * as z from "zod/v4";
import { normaliseCustomFields, parseDynamicForm, postedValues, toFieldPayload } from "~/forms/dynamic-fields";

const fields = normaliseCustomFields([
  {
    id: 1,
    fieldCode: "channel",
    fieldName: "Channel",
    fieldType: "radio",
    dataOptions: [
      { id: 1, content: "friend" },
      { id: 2, content: "other" },
    ],
    chooseRelList: [{ chooseFieldValue: "other", showFieldInfo: { id: 2, fieldCode: "channel_other", fieldName: "Which", fieldType: "text", length: 5 } }],
  },
  { id: 3, fieldCode: "subjects", fieldName: "Subjects", fieldType: "checkbox", dataOptions: ["a", "b"] },
]);

function form(entries: Array<[string, string]>) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

describe("parseDynamicForm (a route's action)", () => {
  it("collects repeated names as lists", () => {
    expect(
      postedValues(
        form([
          ["a", "1"],
          ["b", "x"],
          ["b", "y"],
        ]),
      ),
    ).toEqual({ a: "1", b: ["x", "y"] });
  });

  it("validates the fields shown for the posted values together with the route's own fields", () => {
    const { submission, refresh } = parseDynamicForm(
      form([
        ["intent", "save"],
        ["df_channel", "other"],
        ["df_channel_other", "too long"],
      ]),
      fields,
      {
        intent: z.literal("save"),
      },
    );
    expect(refresh).toBe(false);
    expect(submission.status === "error" && submission.error).toEqual({ df_channel_other: ["tooLong:5"], df_subjects: ["required"] });
  });

  it("a refresh re-renders with the values and no errors (a sub-field appears without JS)", () => {
    const { refresh, reply, schema } = parseDynamicForm(
      form([
        ["intent", "refresh"],
        ["df_channel", "other"],
        ["df_subjects", "a"],
      ]),
      fields,
    );
    expect(refresh).toBe(true);
    expect(reply?.error).toEqual({});
    expect(reply?.initialValue).toMatchObject({ df_channel: "other", df_subjects: "a" });
    expect(Object.keys(schema.shape)).toEqual(["df_channel", "df_channel_other", "df_subjects"]);
  });

  it("a valid post gives the upstream's field list", () => {
    const { submission } = parseDynamicForm(
      form([
        ["df_channel", "other"],
        ["df_channel_other", "fair"],
        ["df_subjects", "a"],
        ["df_subjects", "b"],
      ]),
      fields,
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(toFieldPayload(fields, submission.value)).toEqual([
      { fieldId: "1", fieldCode: "channel", fieldValues: ["other"] },
      { fieldId: "2", fieldCode: "channel_other", fieldValues: ["fair"] },
      { fieldId: "3", fieldCode: "subjects", fieldValues: ["a", "b"] },
    ]);
  });
});
