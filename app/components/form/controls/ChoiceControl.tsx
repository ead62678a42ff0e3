import { Input } from "~/components/ui/Input";
import { list, optionLabel, type ControlProps } from "./shared";

/** radio and checkbox groups. */
export default function ChoiceControl({ field, meta, aria, t }: ControlProps) {
  const chosen = new Set(list(meta.initialValue));
  return (
    <div className="flex flex-wrap gap-4" key={meta.key}>
      {field.options.map((option, i) => (
        <label key={option.value} className="inline-flex items-center gap-1 text-sm">
          <Input
            type={field.type === "checkbox" ? "checkbox" : "radio"}
            id={i === 0 ? meta.id : undefined}
            name={meta.name}
            value={option.value}
            defaultChecked={chosen.has(option.value)}
            // a required radio group is enforced by the browser; a checkbox group only by the schema
            required={field.type === "radio" ? meta.required : undefined}
            aria-invalid={aria["aria-invalid"]}
          />
          {optionLabel(t, option)}
        </label>
      ))}
    </div>
  );
}
