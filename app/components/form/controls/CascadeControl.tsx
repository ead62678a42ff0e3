import { Select } from "~/components/ui/Input";
import { list, optionLabel, type ControlProps } from "./shared";

/**
 * cascade: a select per level, the levels of the chosen path (`cascadeLevels`, filled by the route); without
 * JavaScript the next level comes with DynamicField's `intent=refresh` button.
 */
export default function CascadeControl({ field, meta, aria, t }: ControlProps) {
  const path = list(meta.initialValue);
  const levels = field.cascadeLevels ?? [field.options];
  return (
    <div className="flex flex-wrap gap-2" key={meta.key}>
      {levels.map((options, level) =>
        options.length ? (
          <Select
            key={level}
            id={level === 0 ? meta.id : `${meta.id}-${level}`}
            name={meta.name}
            defaultValue={path[level] ?? ""}
            aria-label={`${field.label} ${level + 1}`}
            required={level === 0 ? meta.required : undefined}
            aria-invalid={aria["aria-invalid"]}
          >
            <option value="">{t("choose")}</option>
            {options.map((option) => (
              <option key={option.value} value={option.id ?? option.value}>
                {optionLabel(t, option)}
              </option>
            ))}
          </Select>
        ) : null,
      )}
    </div>
  );
}
