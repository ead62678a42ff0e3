import { Input } from "~/components/ui/Input";
import { DATE_MAX, DATE_MIN } from "~/forms/dynamic-fields";
import { list, type ControlProps } from "./shared";

/** date, dateTime and period (two dates), within spec 001 §9's bounds. */
export default function DateControl({ field, meta, aria, t }: ControlProps) {
  const name = meta.name;
  const initial = meta.initialValue as unknown;
  const first = list(initial)[0] ?? "";
  const common = { id: meta.id, name, required: meta.required, ...aria };
  if (field.type === "date") return <Input {...common} key={meta.key} type="date" min={DATE_MIN} max={DATE_MAX} defaultValue={first} />;
  if (field.type === "dateTime")
    return (
      <Input
        {...common}
        key={meta.key}
        type="datetime-local"
        step={1}
        min={`${DATE_MIN}T00:00:00`}
        max={`${DATE_MAX}T00:00:00`}
        defaultValue={first.replace(" ", "T")}
      />
    );
  const [start = "", end = ""] = Array.isArray(initial) ? (initial as Array<string | undefined>).map((v) => v ?? "") : [];
  return (
    <div className="flex items-center gap-2" key={meta.key}>
      <label className="sr-only" htmlFor={`${meta.id}-start`}>
        {t("start")}
      </label>
      <Input id={`${meta.id}-start`} name={`${name}[0]`} type="date" min={DATE_MIN} max={DATE_MAX} defaultValue={start} {...aria} />
      <span aria-hidden="true">{t("periodSeparator")}</span>
      <label className="sr-only" htmlFor={`${meta.id}-end`}>
        {t("end")}
      </label>
      <Input id={`${meta.id}-end`} name={`${name}[1]`} type="date" min={DATE_MIN} max={DATE_MAX} defaultValue={end} {...aria} />
    </div>
  );
}
