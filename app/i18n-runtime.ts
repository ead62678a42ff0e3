import { createContext, createElement, useContext, useMemo, type ReactNode } from "react";
import type { i18n as I18n, TFunction } from "i18next";
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, type Language } from "~/i18n";

/**
 * The page's translator, in the browser and during server rendering (docs/decisions/015-page-weight.md).
 *
 * Components call `useTranslation` from this module (react-i18next's API: `const { t, i18n } =
 * useTranslation("ns")`), fed by `TranslationProvider` in root.tsx: neither i18next (about 15 KB gzip,
 * a seventh of a page's JavaScript) nor react-i18next (2 KB) reaches the browser. A vitest
 * (tests/unit/page-weight.test.ts) keeps react-i18next and i18next out of client code. It does what the portal's strings use: nested keys
 * (`site.login`), one namespace per `useTranslation(ns)` or `ns:key`, `{{name}}` interpolation (no HTML
 * escaping: React escapes), plural keys (`key_one` / `key_other`, Intl.PluralRules) when `count` is
 * given, `defaultValue`, and the key itself when a string is missing (as i18next does).
 * i18next stays on the server only, where remix-i18next detects the language.
 */
type Bundle = Record<string, unknown>;
type Options = Record<string, unknown> & { defaultValue?: string; count?: number };
export type TranslateFunction = (key: string | string[], options?: Options | string) => string;

const INTERPOLATION = /\{\{\s*([\w.]+)\s*\}\}/g;

/** `a.b.c` in a bundle, walked without splitting the key (a page view looks up a few hundred keys: decision 087). */
function lookup(bundle: Bundle | undefined, key: string): string | undefined {
  let value: unknown = bundle;
  let start = 0;
  for (;;) {
    if (value === null || typeof value !== "object") return undefined;
    const dot = key.indexOf(".", start);
    value = (value as Bundle)[dot < 0 ? (start === 0 ? key : key.slice(start)) : key.slice(start, dot)];
    if (dot < 0) break;
    start = dot + 1;
  }
  return typeof value === "string" ? value : undefined;
}

/**
 * The strings already looked up, per bundle object (decision 087): a view asks the same few hundred keys of the
 * same bundles (the locale files' objects on the server, one loader answer's in the browser), so each key is
 * walked once; at most 5 000 keys a bundle, forgotten when full. Never the options' values (per call).
 */
const lookups = new WeakMap<Bundle, Map<string, string | undefined>>();
const LOOKUPS_MAX = 5_000;
function lookupKept(bundle: Bundle | undefined, key: string): string | undefined {
  if (!bundle) return undefined;
  let known = lookups.get(bundle);
  if (!known) lookups.set(bundle, (known = new Map()));
  let text = known.get(key);
  if (text === undefined && !known.has(key)) {
    text = lookup(bundle, key);
    if (known.size >= LOOKUPS_MAX) known.clear();
    known.set(key, text);
  }
  return text;
}

/** One Intl.PluralRules per language for the process (decision 070: making one costs more than the page's lookups). */
const pluralRules = new Map<string, Intl.PluralRules>();
function pluralOf(locale: Language): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}

export function createTranslator(locale: Language, resources: Record<string, Bundle> = {}) {
  const store: Record<string, Bundle> = { ...resources };

  function translate(ns: string, key: string, options?: Options | string): string {
    const opts: Options = typeof options === "string" ? { defaultValue: options } : (options ?? {});
    // i18next's `{ ns }` option picks the namespace for this one key
    let namespace = typeof opts.ns === "string" && opts.ns in store ? opts.ns : ns;
    let name = key;
    const colon = key.indexOf(":");
    if (colon > 0 && key.slice(0, colon) in store) {
      namespace = key.slice(0, colon);
      name = key.slice(colon + 1);
    }
    const bundle = store[namespace];
    let text: string | undefined;
    if (typeof opts.count === "number") {
      text = lookupKept(bundle, `${name}_${pluralOf(locale).select(opts.count)}`) ?? lookupKept(bundle, `${name}_other`);
    }
    text ??= lookupKept(bundle, name) ?? opts.defaultValue;
    if (text === undefined) return name;
    if (!text.includes("{{")) return text;
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
      // a key of another namespace (`{ ns }`: the upstream messages of decision 018) is not under this prefix
      const otherNs = typeof options === "object" && typeof options.ns === "string" && options.ns !== namespace;
      return translate(namespace as string, keyPrefix && !otherNs ? `${keyPrefix}.${first}` : first, options);
    };

  // The part of i18next's instance the portal uses (`i18n.language`, `t`, `getFixedT`, resource bundles). The rest of
  // i18next's surface that react-i18next would read went (decision 093: nothing hands this object to react-i18next,
  // and every byte of the shell's chunk is on every page's budget).
  const translator = {
    language: locale,
    t: fixed(DEFAULT_NAMESPACE),
    getFixedT: (_lng: string | null, ns?: string | readonly string[] | null, keyPrefix?: string) => fixed(ns, keyPrefix),
    getResourceBundle: (lng: string, ns: string) => (lng === locale ? store[ns] : undefined),
    addResourceBundle: (lng: string, ns: string, bundle: Bundle) => {
      // the first bundle of a namespace is kept as it is (the same object every view on the server: its strings
      // are looked up once, decision 087); a later one is merged into a copy
      if (lng === locale) store[ns] = store[ns] ? { ...store[ns], ...bundle } : bundle;
      return translator;
    },
  };
  return translator;
}

export type Translator = ReturnType<typeof createTranslator>;

/** The page's translator for `TranslationProvider`, one per language and resource set. */
export function useTranslator(locale: Language, resources?: Record<string, Bundle>): Translator {
  return useMemo(() => createTranslator(locale, resources), [locale, resources]);
}

/**
 * The `errors` namespace comes with the root loader's data (beside `common`, the page's language only;
 * decision 040), not bundled in every page's JavaScript in both languages. When there is no root data
 * (the root loader failed: the error page), the root layout writes the bundle in the page as a JSON
 * block (`<script type="application/json">`: not run, not subject to the CSP's script rules): the
 * server from the bundle entry.server puts in the request info, the browser reads it back from the page.
 */
export const PAGE_ERRORS_ID = "i18n-errors";
let pageErrors: Bundle | undefined;

/** The `errors` bundle of a page without root data: the server's (given), in the browser the page's. */
export function pageErrorsBundle(serverBundle: Bundle | undefined): Bundle {
  if (typeof document === "undefined") return serverBundle ?? {};
  if (!pageErrors) {
    try {
      pageErrors = JSON.parse(document.getElementById(PAGE_ERRORS_ID)?.textContent ?? "{}") as Bundle;
    } catch {
      pageErrors = {};
    }
  }
  return pageErrors;
}

/** JSON safe inside a script element (no `</script>`, no HTML comment opener). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const fallback = createTranslator(DEFAULT_LANGUAGE);

const TranslationContext = createContext<Translator | null>(null);

/**
 * `useTranslation(ns)`: react-i18next's call, typed as i18next's `t`. No language change or loading
 * happens here: a new language is a new render with new loader data. Outside the provider (never in
 * the app) keys come back as they are.
 */
export function useTranslation(ns?: string, options?: { keyPrefix?: string }): { t: TFunction; i18n: I18n } {
  const i18n = useContext(TranslationContext) ?? fallback;
  const keyPrefix = options?.keyPrefix;
  return useMemo(() => ({ t: i18n.getFixedT(null, ns, keyPrefix) as unknown as TFunction, i18n: i18n as unknown as I18n }), [i18n, ns, keyPrefix]);
}

/** The page's translator for `useTranslation` below it (root.tsx). */
export function TranslationProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return createElement(TranslationContext.Provider, { value: i18n }, children);
}
