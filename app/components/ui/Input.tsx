import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

/**
 * The kit's form controls (issue 23 step 3, decision 056): one look for every text box, list box and text
 * area of the portal (`.input` in app/tailwind.css: the grey border, the brand focus ring, red when
 * `aria-invalid`, at least 24 px high), a tick box or radio in the brand colour (`.check`), a file picker
 * (`.input-file`). A utility in `className` (a width, a margin) wins over the look (the looks are in the
 * components layer). A raw `<input>`, `<select>`, `<textarea>` lives only inside the kit (eslint.config.js).
 *
 * The accessible name comes from the page: a `<label htmlFor>`, a wrapping `<label>`, or `aria-label`.
 */
export function inputClass(type: string | undefined, className?: string): string {
  const look = type === "checkbox" || type === "radio" ? "check" : type === "file" ? "input-file" : "input";
  return className ? `${look} ${className}` : look;
}

/** A text box, tick box, radio or file picker: the look follows `type` (text when none is given). */
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...rest }, ref) {
  return <input ref={ref} className={inputClass(rest.type, className)} {...rest} />;
});

/** A value the form posts that nobody sees (CSRF token, intent, ids): no look, no name to give. */
export const HiddenInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className">>(function HiddenInput(props, ref) {
  return <input ref={ref} type="hidden" {...props} />;
});

/** A list box (`<option>`s as children). */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...rest }, ref) {
  return <select ref={ref} className={className ? `input ${className}` : "input"} {...rest} />;
});

/** A text area. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, ...rest }, ref) {
  return <textarea ref={ref} className={className ? `input ${className}` : "input"} {...rest} />;
});
