import { createElement, useContext, useMemo, type ReactNode } from "react";
import type { i18n as I18n, TFunction } from "i18next";
import { I18nContext } from "react-i18next";
import { bundledResources, DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, type Language } from "~/i18n";

/**
 * The page's translator, in the browser and during server rendering (docs/decisions/015-page-weight.md).
 *
 * Components keep using react-i18next (`useTranslation`, `I18nextProvider`); what they get through the
 * provider is this small object instead of an i18next instance, so i18next (about 15 KB gzip, a seventh
 * of a page's JavaScript) never reaches the browser. It does what the portal's strings use: nested keys
 * (`site.login`), one namespace per `useTranslation(ns)` or `ns:key`, `{{name}}` interpolation (no HTML
 * escaping: React escapes), plural keys (`key_one` / `key_other`, Intl.PluralRules) when `count` is
 * given, `defaultValue`, and the key itself when a string is missing (as i18next does).
 * i18next stays on the server only, where remix-i18next detects the language.
 */
type Bundle = Record<string, unknown>;
type Options = Record<string, unknown> & { defaultValue?: string; count?: number };
export type TranslateFunction = (key: string | string[], options?: Options | string) => string;

const INTERPOLATION = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookup(bundle: Bundle | undefined, key: string): string | undefined {
  let value: unknown = bundle;
  for (const part of key.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Bundle)[part];
  }
  return typeof value === "string" ? value : undefined;
}

export function createTranslator(locale: Language, resources: Record<string, Bundle> = {}) {
  const store: Record<string, Bundle> = { ...bundledResources[locale], ...resources };
  let plural: Intl.PluralRules | undefined;

  function translate(ns: string, key: string, options?: Options | string): string {
    const opts: Options = typeof options === "string" ? { defaultValue: options } : (options ?? {});
    let namespace = ns;
    let name = key;
    const colon = key.indexOf(":");
    if (colon > 0 && key.slice(0, colon) in store) {
      namespace = key.slice(0, colon);
      name = key.slice(colon + 1);
    }
    const bundle = store[namespace];
    let text: string | undefined;
    if (typeof opts.count === "number") {
      plural ??= new Intl.PluralRules(locale);
      text = lookup(bundle, `${name}_${plural.select(opts.count)}`) ?? lookup(bundle, `${name}_other`);
    }
    text ??= lookup(bundle, name) ?? opts.defaultValue;
    if (text === undefined) return name;
    return text.replace(INTERPOLATION, (match, variable: string) => {
      const value = lookup(opts as Bundle, variable) ?? (opts as Bundle)[variable];
      return value === undefined || value === null ? match : String(value);
    });
  }

  const fixed =
    (ns: string | readonly string[] | null | undefined, keyPrefix?: string): TranslateFunction =>
    (key, options) => {
      const namespace = (Array.isArray(ns) ? ns[0] : ns) ?? DEFAULT_NAMESPACE;
      const first = (Array.isArray(key) ? key[0] : key) ?? "";
      return translate(namespace as string, keyPrefix ? `${keyPrefix}.${first}` : first, options);
    };

  // What react-i18next 15 reads from its instance (useTranslation, I18nextProvider): no language change
  // and no loading happen on the client (a new language is a new page render with new loader data).
  const translator = {
    language: locale,
    languages: [locale],
    resolvedLanguage: locale,
    isInitialized: true,
    options: { defaultNS: DEFAULT_NAMESPACE, react: { useSuspense: false, bindI18n: "", bindI18nStore: "" } },
    t: fixed(DEFAULT_NAMESPACE),
    getFixedT: (_lng: string | null, ns?: string | readonly string[] | null, keyPrefix?: string) => fixed(ns, keyPrefix),
    exists: (key: string, options?: { ns?: string }) => lookup(store[options?.ns ?? DEFAULT_NAMESPACE], key) !== undefined,
    hasLoadedNamespace: () => true,
    loadNamespaces: (_ns: unknown, callback?: () => void) => {
      callback?.();
      return Promise.resolve();
    },
    hasResourceBundle: (lng: string, ns: string) => lng === locale && ns in store,
    getResourceBundle: (lng: string, ns: string) => (lng === locale ? store[ns] : undefined),
    addResourceBundle: (lng: string, ns: string, bundle: Bundle) => {
      if (lng === locale) store[ns] = { ...store[ns], ...bundle };
      return translator;
    },
    on: () => translator,
    off: () => translator,
    store: { on: () => undefined, off: () => undefined },
  };
  return translator;
}

export type Translator = ReturnType<typeof createTranslator>;

/** The translator for `I18nextProvider` (typed as i18next's instance, whose part react-i18next uses it implements). */
export function useTranslator(locale: Language, resources?: Record<string, Bundle>): I18n {
  return useMemo(() => createTranslator(locale, resources) as unknown as I18n, [locale, resources]);
}

const fallback = createTranslator(DEFAULT_LANGUAGE);

/**
 * `useTranslation(ns)` of the portal: react-i18next's, without react-i18next's hook code (about 2 KB
 * gzip on every page). It reads the same context (`I18nextProvider` in root.tsx), so a component that
 * still imports `useTranslation` from react-i18next works too; it only costs the page those 2 KB.
 * No language change or loading happens here: a new language is a new render with new loader data.
 */
export function useTranslation(ns?: string): { t: TFunction; i18n: I18n } {
  const context = useContext(I18nContext) as { i18n?: I18n } | undefined;
  const i18n = (context?.i18n ?? fallback) as unknown as Translator;
  return useMemo(() => ({ t: i18n.getFixedT(null, ns) as unknown as TFunction, i18n: i18n as unknown as I18n }), [i18n, ns]);
}

/** react-i18next's `I18nextProvider` without its module graph: the same context, given the page's translator. */
export function TranslationProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const value = useMemo(() => ({ i18n }), [i18n]);
  return createElement(I18nContext.Provider, { value }, children);
}
