import { fileNameOf, visibleFields, type DynamicField } from "~/forms/dynamic-fields";
import { useTranslation } from "~/i18n-runtime";

/** One stored value as shown: an option's label, a cascade level's label, a period as a range. */
function shown(field: DynamicField, t: (key: string) => string): string[] {
  if (field.type === "cascade") return field.value.map((v, i) => field.cascadeLevels?.[i]?.find((o) => (o.id ?? o.value) === v)?.label ?? v);
  if (field.type === "period") return field.value.length === 2 ? [`${field.value[0]} ${t("periodSeparator")} ${field.value[1]}`] : field.value;
  return field.value.map((v) => {
    const option = field.options.find((o) => o.value === v);
    return option ? (option.labelKey ? t(option.labelKey) : option.label) : v;
  });
}

/** The values of a sign-up as filled in (spec 001 §7 `get/sign/detail`): label, value; files as links. */
export function SignValues({ fields }: { fields: DynamicField[] }) {
  const { t } = useTranslation("instead", { keyPrefix: "detail" });
  const { t: tf } = useTranslation("fields");
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]" data-testid="sign-values">
      {visibleFields(fields).map((field) => (
        <div key={field.name} className="contents" data-field={field.code}>
          <dt className="text-gray-600">{field.label}</dt>
          <dd>
            {!field.value.length ? (
              <span className="text-gray-500">{t("noValue")}</span>
            ) : field.type === "annex" || field.type === "image" ? (
              <ul className="space-y-1">
                {field.value.map((url) => (
                  <li key={url} className="flex items-center gap-2">
                    {field.type === "image" ? <img src={url} alt={field.label} className="h-12 w-12 rounded object-cover" /> : null}
                    <a href={url} target="_blank" rel="noreferrer" className="text-brand underline">
                      {fileNameOf(url)}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              shown(field, tf as never).join(field.type === "cascade" ? " / " : "、")
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
