import { Select } from "~/components/ui/Input";
import { list, optionLabel, type ControlProps } from "./shared";

/** select: one of the options, or none ('choose'). */
export default function SelectControl({ field, meta, aria, t }: ControlProps) {
  return (
    <Select id={meta.id} name={meta.name} required={meta.required} {...aria} key={meta.key} defaultValue={list(meta.initialValue)[0] ?? ""}>
      <option value="">{t("choose")}</option>
      {field.options.map((option) => (
        <option key={option.value} value={option.value}>
          {optionLabel(t, option)}
        </option>
      ))}
    </Select>
  );
}
