import { Input } from "~/components/ui/Input";
import { list, type ControlProps } from "./shared";

/** text and number: one line, with the counter of a field with a maximum length. */
export default function TextControl({ field, meta, aria, t }: ControlProps) {
  const first = list(meta.initialValue)[0] ?? "";
  const current = typeof meta.value === "string" ? meta.value : first;
  return (
    <div className="flex items-center gap-2">
      <Input
        id={meta.id}
        name={meta.name}
        required={meta.required}
        {...aria}
        key={meta.key}
        type="text"
        inputMode={field.type === "number" ? "numeric" : undefined}
        defaultValue={first}
        maxLength={meta.maxLength}
        pattern={meta.pattern}
      />
      {field.maxLength ? (
        <span className="shrink-0 text-xs text-gray-500" data-counter-for={meta.name} aria-live="polite">
          {t("counter", { count: current.length, max: field.maxLength })}
        </span>
      ) : null}
    </div>
  );
}
