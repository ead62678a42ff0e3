import type { InputHTMLAttributes, ReactNode } from "react";

/** An error line tied to its control by id (`aria-describedby`); `data-error-for` names the control for tests. */
export function FieldError({ id, name, children }: { id: string; name?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="field-error" data-error-for={name}>
      {children}
    </p>
  );
}

/** A labelled control with its error tied by aria-describedby (the login area's forms and the dynamic-field kit). */
export function Field({
  id,
  label,
  error,
  children,
  ...input
}: { id: string; label: string; error?: string; children?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}-error`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="flex gap-2">
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} className="input" {...input} />
        {children}
      </div>
      <FieldError id={errorId} name={input.name}>
        {error}
      </FieldError>
    </div>
  );
}
