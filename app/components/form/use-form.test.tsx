import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formValue, getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "~/components/form/use-form";

// Decision 023: conform's call shapes without conform or zod in the browser.
function render(options: { lastResult?: SubmissionResult<string[]>; defaultValue?: Record<string, unknown> }) {
  let seen: { keys: string[]; fields: Record<string, FieldMetadata> } = { keys: [], fields: {} };
  function Harness() {
    const [form, fields] = useForm({
      id: "f",
      lastResult: options.lastResult,
      defaultValue: options.defaultValue,
      constraint: { mobile: { required: true, pattern: "1[3-9]\\d{9}" }, password: { required: true, maxLength: 64 }, remember: {} },
    });
    seen = { keys: [fields.mobile.key, fields.password.key, fields.remember.key], fields: { mobile: fields.mobile, password: fields.password } };
    return (
      <form {...getFormProps(form)}>
        <input {...getInputProps(fields.mobile, { type: "tel" })} />
        <input {...getInputProps(fields.password, { type: "password" })} />
        <input {...getInputProps(fields.remember, { type: "checkbox" })} />
      </form>
    );
  }
  return { html: renderToString(<Harness />), seen: () => seen };
}

describe("useForm (app/components/form/use-form.ts)", () => {
  it("renders the form for the browser's own check: no novalidate before hydration, the constraints on the inputs", () => {
    const { html } = render({});
    expect(html).toMatch(/<form id="f" data-validate="server">/);
    expect(html).not.toMatch(/novalidate/i);
    expect(html).toContain('name="mobile" form="f" required="" type="tel" pattern="1[3-9]\\d{9}"');
    expect(html).toMatch(/name="password"[^>]*maxLength="64"/);
  });

  it("gives every field its own React key (siblings with one key get duplicated on update)", () => {
    const { seen } = render({});
    expect(new Set(seen().keys).size).toBe(3);
  });

  it("shows the server's errors with their aria, and the values it kept", () => {
    const { html, seen } = render({
      lastResult: { status: "error", initialValue: { mobile: "1234", remember: "on" }, error: { mobile: ["mobileInvalid"], password: null } },
    });
    expect(seen().fields.mobile!.errors).toEqual(["mobileInvalid"]);
    expect(seen().fields.password!.errors).toBeUndefined();
    expect(html).toMatch(/name="mobile"[^>]*aria-invalid="true" aria-describedby="f-mobile-error"[^>]*value="1234"/);
    expect(html).toMatch(/type="checkbox"[^>]*checked=""/);
  });

  it("starts from defaultValue as strings", () => {
    const { html } = render({ defaultValue: { mobile: 13800000001, remember: true } });
    expect(html).toMatch(/name="mobile"[^>]*value="13800000001"/);
    expect(html).toMatch(/type="checkbox"[^>]*checked=""/);
  });

  it("reads a form's data as conform's nested value, repeated names as lists", () => {
    const data = new FormData();
    data.append("a", "1");
    data.append("tags", "x");
    data.append("tags", "y");
    data.append("period[0]", "2020");
    data.append("period[1]", "2021");
    data.append("addr.city", "SZ");
    expect(formValue(data)).toEqual({ a: "1", tags: ["x", "y"], period: ["2020", "2021"], addr: { city: "SZ" } });
  });
});
