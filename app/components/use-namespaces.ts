import { useTranslation } from "~/i18n-runtime";

/**
 * Adds the namespaces an area's loader sent (`namespaces()` in i18n.server.ts) to the page's i18next
 * instance, then returns `t` for the first of them. Idempotent: a bundle already there is kept, groups of it
 * not yet there are added.
 */
/** An area's translations as its loader sends them (`namespaces()` in i18n.server.ts). */
export type I18nData = { locale: string; bundles: Record<string, unknown> };

export function useNamespaces(i18nData: I18nData | undefined, ns?: string) {
  const { i18n } = useTranslation();
  if (i18nData) {
    for (const [name, bundle] of Object.entries(i18nData.bundles)) {
      // a route may send only some groups of a namespace (its loader's NamespaceParts, decision 090): another route's
      // groups of it are added beside those already there
      const have = i18n.getResourceBundle(i18nData.locale, name) as Record<string, unknown> | undefined;
      if (!have || (have !== bundle && Object.keys(bundle as object).some((group) => !(group in have)))) {
        i18n.addResourceBundle(i18nData.locale, name, bundle as object, true, false);
      }
    }
  }
  const first = ns ?? Object.keys(i18nData?.bundles ?? {})[0] ?? "common";
  return useTranslation(first);
}
