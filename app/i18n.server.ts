import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, isLanguage, SUPPORTED_LANGUAGES, type Language } from "~/i18n";
import zhCommon from "~/locales/zh/common.json";
import enCommon from "~/locales/en/common.json";
import zhRealtime from "~/locales/zh/realtime.json";
import enRealtime from "~/locales/en/realtime.json";
import zhLogin from "~/locales/zh/login.json";
import enLogin from "~/locales/en/login.json";
import zhCatalog from "~/locales/zh/catalog.json";
import enCatalog from "~/locales/en/catalog.json";
import zhPersonal from "~/locales/zh/personal.json";
import enPersonal from "~/locales/en/personal.json";
import zhFields from "~/locales/zh/fields.json";
import zhAgreement from "~/locales/zh/agreement.json";
import enAgreement from "~/locales/en/agreement.json";
import enFields from "~/locales/en/fields.json";
import zhLesson from "~/locales/zh/lesson.json";
import enLesson from "~/locales/en/lesson.json";
import zhStudy from "~/locales/zh/study.json";
import enStudy from "~/locales/en/study.json";
import zhShop from "~/locales/zh/shop.json";
import enShop from "~/locales/en/shop.json";
import zhQbank from "~/locales/zh/qbank.json";
import enQbank from "~/locales/en/qbank.json";
import zhExams from "~/locales/zh/exams.json";
import enExams from "~/locales/en/exams.json";
import zhCommunity from "~/locales/zh/community.json";
import enCommunity from "~/locales/en/community.json";
import zhFiles from "~/locales/zh/files.json";
import enFiles from "~/locales/en/files.json";
import zhAccount from "~/locales/zh/account.json";
import enAccount from "~/locales/en/account.json";
import zhInstead from "~/locales/zh/instead.json";
import enInstead from "~/locales/en/instead.json";
import zhErrors from "~/locales/zh/errors.json";
import enErrors from "~/locales/en/errors.json";

/** The language choice persists for a year; not httpOnly, it is no secret. */
export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", maxAge: 365 * 24 * 60 * 60 });

/**
 * The upstream's business messages by code (`errors.json`'s `upstream`, decision 018) are a namespace of
 * their own, `upstream` (decision 075): the browser needs them only on the pages whose forms can answer with
 * one (`upstreamFormError`), and they were 4.4-5.4 KB of every page's loader data under `errors`. The file
 * stays as it is; the split is made here, once per process.
 */
function splitErrors<E extends { upstream: Record<string, string> }>(all: E) {
  const { upstream, ...errors } = all;
  return { errors, upstream };
}
const zhSplit = splitErrors(zhErrors);
const enSplit = splitErrors(enErrors);

/** Every namespace on the server. Add one import per language when an area adds its namespace. */
export const serverResources = {
  zh: {
    common: zhCommon,
    login: zhLogin,
    realtime: zhRealtime,
    catalog: zhCatalog,
    personal: zhPersonal,
    fields: zhFields,
    lesson: zhLesson,
    study: zhStudy,
    agreement: zhAgreement,
    shop: zhShop,
    qbank: zhQbank,
    community: zhCommunity,
    files: zhFiles,
    account: zhAccount,
    instead: zhInstead,
    exams: zhExams,
    errors: zhSplit.errors,
    upstream: zhSplit.upstream,
  },
  en: {
    common: enCommon,
    login: enLogin,
    realtime: enRealtime,
    catalog: enCatalog,
    personal: enPersonal,
    fields: enFields,
    lesson: enLesson,
    study: enStudy,
    agreement: enAgreement,
    shop: enShop,
    qbank: enQbank,
    community: enCommunity,
    files: enFiles,
    account: enAccount,
    instead: enInstead,
    exams: enExams,
    errors: enSplit.errors,
    upstream: enSplit.upstream,
  },
} as const;

export type Namespace = keyof (typeof serverResources)["zh"];

/**
 * What the root loader sends: the `common` and `errors` namespaces of the visitor's language only
 * (decisions 005 and 040: no translation is bundled in the browser's JavaScript); every other namespace
 * comes with the loader of the route that declares it in `handle.i18n`, `upstream` (the upstream's messages
 * by code) included: a route whose action can answer `upstreamFormError` names it (decision 075;
 * tests/unit/loader-data.test.ts). One object per language, so the page's translator can be kept per object.
 */
export const rootResources = {
  zh: { common: zhCommon, errors: zhSplit.errors },
  en: { common: enCommon, errors: enSplit.errors },
} as const;

/**
 * What a route module's `handle` may say (Remix's `handle` export, read by `useMatches`): `i18n`, the
 * namespaces the route draws with, named in this ONE place; its loader sends them with
 * `namespaces(request, handle)`. `loginPage`: the header-only login pages (root.tsx).
 * `export const handle = { i18n: ["login"] } satisfies RouteHandle;` keeps the names checked.
 */
/** `noTabBar`: the phone's tab bar is not drawn (the exam paper: its own bar replaces it, issue 39 §4). */
export type RouteHandle = { i18n?: readonly Namespace[]; loginPage?: boolean; noTabBar?: boolean };

/**
 * Of a namespace the route names, only these groups (top-level keys) reach the browser (decision 090: the catalog
 * namespace is the strings of every public section, 3.6 KB zh, of which the course list draws a third): a module
 * constant of the route (`const PARTS = { catalog: [...] } as const satisfies NamespaceParts`) its loader passes
 * to `namespaces(request, handle, PARTS)`; only the loader reads it, so it stays out of the browser's route module
 * (the handle is in it: a page at the 100 KB budget). A namespace without parts is sent whole. The groups are those
 * of the zh file, checked by the compiler; a group the page, its components or their browser-only states (a
 * pending button, a failed add to cart) read must be named.
 */
export type NamespaceParts = { readonly [N in Namespace]?: readonly (keyof (typeof serverResources)["zh"][N] & string)[] };

/** The part bundles, made once per process for each handle's list and language: the same object every view. */
const partBundles = new WeakMap<readonly string[], Partial<Record<Language, Record<string, unknown>>>>();
function partOf(locale: Language, name: Namespace, groups: readonly string[]): Record<string, unknown> {
  let byLocale = partBundles.get(groups);
  if (!byLocale) partBundles.set(groups, (byLocale = {}));
  let bundle = byLocale[locale];
  if (!bundle) {
    const all = serverResources[locale][name] as Record<string, unknown>;
    byLocale[locale] = bundle = Object.fromEntries(groups.filter((g) => g in all).map((g) => [g, all[g]]));
  }
  return bundle;
}

/**
 * An area's translations for its loader to return (`i18n: await namespaces(request, handle)`, the
 * route's own `handle.i18n`; a service that serves one page may name them itself); the component passes
 * them to `useNamespaces` so only the visitor's language of the namespaces a page uses reaches the
 * browser. `common` always comes with the root loader.
 */
export async function namespaces(request: Request, names: readonly Namespace[] | RouteHandle, parts?: NamespaceParts) {
  const locale = await localeOf(request);
  const bundles: Record<string, unknown> = {};
  for (const name of "length" in names ? names : (names.i18n ?? [])) {
    const groups = parts?.[name];
    bundles[name] = groups ? partOf(locale, name, groups) : serverResources[locale][name];
  }
  return { locale, bundles };
}

export const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    searchParamKey: "lng",
    // zh is the default: the browser's Accept-Language is not consulted (spec 000 section 1).
    order: ["searchParams", "cookie"],
  },
});

/**
 * The language of each request, worked out once (decision 083): the root loader, the entry, and every loader
 * that sends namespaces ask for it, 4-6 times a view, and each time meant parsing the address and the cookie.
 */
const localeOfRequest = new WeakMap<Request, Promise<Language>>();

/** The page language; a `lng` cookie or parameter that cannot be read counts as none (zh). */
export function localeOf(request: Request): Promise<Language> {
  let locale = localeOfRequest.get(request);
  if (!locale) localeOfRequest.set(request, (locale = detectLocale(request)));
  return locale;
}

async function detectLocale(request: Request): Promise<Language> {
  // Most views carry neither a `lng` parameter nor a `lng` cookie: then the answer is the default, without
  // parsing the address and the whole cookie header (decision 087). Anything that may hold one (the name, or
  // an escaped query) goes through remix-i18next as before.
  const query = request.url.indexOf("?");
  const queryMayHold = query >= 0 && /lng|%/i.test(request.url.slice(query));
  if (!queryMayHold && !(request.headers.get("Cookie") ?? "").includes("lng")) return DEFAULT_LANGUAGE;
  const locale = await remixI18n.getLocale(request).catch(() => DEFAULT_LANGUAGE);
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}
