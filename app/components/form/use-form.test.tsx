import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import * as conform from "@conform-to/react";
import {
  formValue,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "~/components/form/use-form";

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
  // a data router around it, as in the app (the hook's validation fetcher needs one)
  const router = createMemoryRouter([{ path: "/", element: <Harness /> }]);
  return { html: renderToString(<RouterProvider router={router} />), seen: () => seen };
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

// Issue 23 step 3: the lighter clone must not drift from conform. The same field metadata (what `useForm`
// gives, the shape conform's own metadata has) goes through conform's helpers and through ours; every
// attribute must match, for each input type, value option, aria option and server answer below.
describe("the form hook's attributes are conform's (getInputProps, getTextareaProps, getSelectProps, getFormProps)", () => {
  const constraint = {
    name: { required: true, minLength: 2, maxLength: 20, pattern: "[A-Za-z]+" },
    age: { required: true, min: 1, max: 120, step: 1 },
    tags: { multiple: true },
    agree: { required: true },
    note: { maxLength: 500 },
    city: {},
    plain: {},
  };
  // conform's metadata type has more members (dirty, defaultValue...) that its helpers do not read
  const asConform = (field: FieldMetadata) => field as unknown as conform.FieldMetadata<unknown>;
  function metadata(lastResult?: SubmissionResult<string[]>, defaultValue?: Record<string, unknown>) {
    let seen: { form?: FormMetadata<string>; fields: Record<string, FieldMetadata> } = { fields: {} };
    function Harness() {
      const [form, fields] = useForm({ id: "p", lastResult, defaultValue, constraint });
      seen = { form, fields: Object.fromEntries(Object.keys(constraint).map((name) => [name, fields[name as keyof typeof constraint]])) };
      return null;
    }
    renderToString(<RouterProvider router={createMemoryRouter([{ path: "/", element: <Harness /> }])} />);
    return { form: seen.form!, fields: seen.fields };
  }
  const answers: Array<[string, SubmissionResult<string[]> | undefined, Record<string, unknown> | undefined]> = [
    ["a fresh form", undefined, undefined],
    ["defaults", undefined, { name: "Ann", age: 30, tags: ["a", "b"], agree: true, note: "hi", city: "sz" }],
    [
      "a refusal with the values kept",
      {
        status: "error",
        initialValue: { name: "A", age: "0", tags: ["x"], agree: "on", note: "n", city: "bj", plain: "" },
        error: { name: ["tooShort"], age: ["range"], "": ["formError"], note: null },
      },
      undefined,
    ],
    ["a reset", { initialValue: null } as unknown as SubmissionResult<string[]>, { name: "Ann" }],
  ];
  const inputOptions: Array<Parameters<typeof getInputProps>[1]> = [
    { type: "text" },
    { type: "number" },
    { type: "email" },
    { type: "password", value: false },
    { type: "hidden" },
    { type: "file" },
    { type: "checkbox" },
    { type: "checkbox", value: "a" },
    { type: "radio", value: "bj" },
    { type: "radio", value: "sz" },
    { type: "text", ariaDescribedBy: "hint" },
    { type: "text", ariaAttributes: false },
  ];

  it.each(answers)("getInputProps: %s", (_label, lastResult, defaultValue) => {
    const { fields } = metadata(lastResult, defaultValue);
    for (const field of Object.values(fields)) {
      for (const options of inputOptions) {
        expect(getInputProps(field, options), `${field.name} ${JSON.stringify(options)}`).toEqual(
          conform.getInputProps(asConform(field), options as Parameters<typeof conform.getInputProps>[1]),
        );
      }
    }
  });

  it.each(answers)("getTextareaProps and getSelectProps: %s", (_label, lastResult, defaultValue) => {
    const { fields } = metadata(lastResult, defaultValue);
    for (const field of Object.values(fields)) {
      for (const options of [{}, { value: false as const }, { ariaDescribedBy: "hint" }, { ariaAttributes: false }]) {
        expect(getTextareaProps(field, options), `textarea ${field.name} ${JSON.stringify(options)}`).toEqual(
          conform.getTextareaProps(asConform(field), options),
        );
        expect(getSelectProps(field, options), `select ${field.name} ${JSON.stringify(options)}`).toEqual(conform.getSelectProps(asConform(field), options));
      }
    }
  });

  it.each(answers)("getFormProps: %s (ours adds only data-validate, for entry.client.tsx)", (_label, lastResult, defaultValue) => {
    const { form } = metadata(lastResult, defaultValue);
    for (const options of [undefined, { ariaDescribedBy: "hint" }, { ariaAttributes: false }]) {
      const { "data-validate": marker, ...ours } = getFormProps(form, options);
      expect(marker).toBe("server");
      expect(ours).toEqual(conform.getFormProps(form as unknown as Parameters<typeof conform.getFormProps>[0], options));
    }
  });
});
