import { forwardRef, type ButtonHTMLAttributes } from "react";

/**
 * The kit's buttons (issue 23 step 3): one look per intent instead of a class string per page. Every button
 * is at least 24 × 24 px (WCAG 2.2 target size, 2.5.8) and draws with the school's brand colour variables
 * (`--color-brand`, `--color-brand-strong` in tailwind.css, from the school's theme colour).
 *
 * - `primary`: the brand colour (the everyday action); `strong`: the darker brand (a page's main action);
 * - `outline`: a grey border (a second action); `brandOutline`: a brand border (a second action beside `strong`);
 * - `danger`: red (hand in, delete); `dangerLink`, `link`, `mutedLink`: a text button that reads as a link;
 * - `bare`: no look of its own (icon buttons and the like bring theirs in `className`).
 */
export type ButtonVariant = "primary" | "strong" | "outline" | "brandOutline" | "danger" | "dangerOutline" | "link" | "dangerLink" | "mutedLink" | "bare";
export type ButtonSize = "xs" | "sm" | "md" | "lg";

/**
 * The class of a kit button, for the element that must be something else but look like one (a `<Link>` to
 * the next step, a `<label>` that opens a file picker). The looks are CSS (app/tailwind.css, `.btn-*`):
 * a box look pads as `md` unless a size says otherwise; a text look takes its line's size.
 */
export function buttonClass({
  variant = "primary",
  size,
  block,
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; block?: boolean; className?: string } = {}): string {
  return `btn btn-${variant}${size && size !== "md" ? ` btn-${size}` : ""}${block ? " w-full" : ""}${className ? ` ${className}` : ""}`;
}

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  /** required: a `<button>` in a form submits unless told otherwise, so every button says what it does */
  type: "button" | "submit" | "reset";
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** full width */
  block?: boolean;
};

/** THE button of the portal (a raw `<button>` is for app/components/ui only: eslint.config.js). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ type, variant, size, block, className, ...rest }, ref) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size, block, className })} {...rest} />;
});
