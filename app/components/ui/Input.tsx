import { type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

/**
 * The kit's form controls (issue 23 step 3, decision 056): one look for every text box, list box and text
 * area of the portal (`.input` in app/tailwind.css: the grey border, the brand focus ring, red when
 * `aria-invalid`, at least 24 px high), a tick box or radio in the brand colour (`.check`), a file picker
 * (`.input-file`). A utility in `className` (a width, a margin) wins over the look (the looks are in the
 * components layer). A raw `<input>`, `<select>`, `<textarea>` lives only inside the kit (eslint.config.js).
 *
 * The accessible name comes from the page: a `<label htmlFor>`, a wrapping `<label>`, or `aria-label`.
 */
export function inputClass(type: string | undefined, className = ""): string {
  const look = type === "checkbox" || type === "radio" ? "check" : type === "file" ? "input-file" : "input";
  return className ? `${look} ${className}` : look;
}

/** A text box, tick box, radio or file picker: the look follows `type` (text when none is given). No ref (plain functions weigh less on every form page). */
export function Input({ className, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={inputClass(rest.type, className)} {...rest} />;
}

/** A value the form posts that nobody sees (CSRF token, intent, ids): no look, no name to give. */
export function HiddenInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className">) {
  return <input type="hidden" {...props} />;
}

/** A list box (`<option>`s as children). */
export function Select({ className = "", ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={`input ${className}`} {...rest} />;
}

/** A text area. */
export function Textarea({ className = "", ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={`input ${className}`} {...rest} />;
}
