import { useForm, type SubmissionResult } from "~/components/form/use-form";
import { formConstraint } from "~/forms/constraint.server";
import { renderToString } from "react-dom/server";
import { createTranslator, TranslationProvider } from "~/i18n-runtime";
import { describe, expect, it } from "vitest";
import { DynamicFields } from "~/components/form/DynamicFields";
import { allFieldsSchema, defaultValues, dynamicFieldsSchema, normaliseStudentInfoFields, type DynamicField } from "~/forms/dynamic-fields";
import en from "~/locales/en/fields.json";

const i18n = createTranslator("en", { fields: en });

function Harness({ fields, lastResult }: { fields: DynamicField[]; lastResult?: SubmissionResult<string[]> }) {
  const [form] = useForm({
    id: "f",
    lastResult,
    defaultValue: defaultValues(fields),
    constraint: formConstraint(allFieldsSchema(fields)),
  });
  return <DynamicFields fields={fields} form={form} />;
}

function render(fields: DynamicField[], lastResult?: SubmissionResult<string[]>): string {
  return renderToString(
    <TranslationProvider i18n={i18n}>
      <Harness fields={fields} lastResult={lastResult} />
    </TranslationProvider>,
  );
}

const fields = normaliseStudentInfoFields([
  { fieldId: 1, fieldCode: "name", fieldName: "Name", fieldType: "text", required: 1, length: 10, value: "Zhang", fieldTip: "as on your ID" },
  { fieldId: 2, fieldCode: "sex", fieldName: "Sex", fieldType: "radio", value: "MALE" },
  { fieldId: 3, fieldCode: "mobile", fieldName: "Mobile", fieldType: "text", frontUpdateFlag: 1, value: "13800000001" },
  {
    fieldId: 4,
    fieldCode: "job",
    fieldName: "Job",
    fieldType: "select",
    fieldOptions: [
      { id: 1, content: "other" },
      { id: 2, content: "student" },
    ],
    chooseRelList: [
      { chooseFieldValue: "other", showFieldInfo: { fieldId: 5, fieldCode: "job_other", fieldName: "Which job", fieldType: "text", required: 1 } },
    ],
  },
  { fieldId: 6, fieldCode: "stay", fieldName: "Stay", fieldType: "period", value: "2024-01-01,2024-02-01" },
]);

describe("DynamicFields renderer", () => {
  const html = render(fields);

  it("renders the constraint, counter and hint of a text field", () => {
    expect(html).toMatch(/<input[^>]*name="df_name"[^>]*required=""[^>]*maxLength="10"|<input[^>]*name="df_name"[^>]*maxLength="10"[^>]*/);
    expect(html).toContain('value="Zhang"');
    expect(html).toContain("5/10");
    expect(html).toContain("as on your ID");
  });

  it("shows sex as Male/Female (issue 39 §7) and keeps MALE/FEMALE as the value", () => {
    expect(html).toMatch(/name="df_sex" checked="" value="MALE"\/>Male/);
    expect(html).toMatch(/value="FEMALE"\/>Female/);
  });

  it("a read-only field is shown, disabled, without a name", () => {
    expect(html).toMatch(/<input[^>]*disabled=""[^>]*value="13800000001"/);
    expect(html).not.toContain('name="df_mobile"');
  });

  it("a period is a start/end pair", () => {
    expect(html).toContain('name="df_stay[0]"');
    expect(html).toContain('value="2024-01-01"');
    expect(html).toContain('name="df_stay[1]"');
  });

  it("without JS a field with sub-fields offers the refresh submit; the sub-field shows once its option is chosen", () => {
    expect(html).toContain('name="intent" value="refresh"');
    expect(html).not.toContain("df_job_other");
    const refreshed = render(fields, { status: "error", initialValue: { df_name: "Li", df_job: "other" }, error: {} });
    expect(refreshed).toContain('name="df_job_other"');
    expect(refreshed).toContain('value="Li"');
  });

  it("an error of a part of a field (period end) shows at the field", () => {
    const failed = render(fields, { status: "error", initialValue: {}, error: { "df_stay[1]": ["dateFormat"] } });
    expect(failed).toContain("date format is YYYY-MM-DD");
  });

  it("shows the spec message of an error, tied to the control", () => {
    const failed = render(fields, { status: "error", initialValue: { df_name: "" }, error: { df_name: ["required"] } });
    expect(failed).toContain("required, please enter related information");
    expect(failed).toMatch(/aria-invalid="true" aria-describedby="[^"]*df_name-error/);
  });
});

describe("the browser constraints of the kit (decision 023)", () => {
  it("cover the sub-fields a form shows later (without JavaScript: after a refresh)", () => {
    // the visible fields' schema leaves the hidden sub-field out: its `required` would be missing once shown
    expect(formConstraint(dynamicFieldsSchema(fields)).df_job_other).toBeUndefined();
    expect(formConstraint(allFieldsSchema(fields)).df_job_other?.required).toBe(true);
    const shown = render(fields, { status: "error", initialValue: { df_job: "other" }, error: {} });
    expect(shown).toMatch(/<input[^>]*name="df_job_other"[^>]*required=""/);
  });
});
