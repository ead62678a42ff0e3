import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { ConfigPartProps } from "~/components/shell/ConfigPart";
import { TranslationProvider, useTranslation, type Translator } from "~/i18n-runtime";
import { onProcessReset } from "~/lib/state/process-state.server";

/**
 * The company-wide parts of the school's frame as HTML, made once per configuration and language (issue 24,
 * docs/decisions/093-company-wide-parts-rendered-once.md).
 *
 * The footer, the side bar's buttons and pop-overs and the header's menus are drawn from the company's
 * configuration alone (the site view the config cache keeps as one frozen object per set of answers,
 * shell.server.ts `loadSite`, and the header's menu links, kept per menus answer), in the page's language: the
 * same markup on every view of every student of a domain until the company changes its configuration. They were
 * drawn again on every view (~0.6 ms of a signed-in view's ~8.5). Now the first view of a configuration draws
 * each with React's own renderer (`renderToString`: the markup and text separators a page's stream has, so the
 * browser hydrates it as if streamed) and the later ones put that HTML in the page.
 *
 * Kept per object: a WeakMap on the part's first configuration object, holding the other objects it was drawn
 * from (all must be the very same: a reloaded answer is a new object, so a new drawing) and one HTML per element
 * and language. Forgotten with the configuration objects (nothing to bound: one entry per cached answer).
 */
type Kept = { deps: readonly object[]; html: Map<string, string> };
const kept = new WeakMap<object, Kept[]>();
let drawn = 0;
onProcessReset(() => (drawn = 0));

/** The part's HTML: drawn once per (configuration objects, key: the element and the language), then reused. */
export function configPartHtml(deps: readonly [object, ...object[]], key: string, draw: () => ReactElement): string {
  const [first] = deps;
  let entries = kept.get(first);
  if (!entries) kept.set(first, (entries = []));
  let entry = entries.find((e) => e.deps.length === deps.length && e.deps.every((d, i) => d === deps[i]));
  if (!entry) entries.push((entry = { deps: [...deps], html: new Map() }));
  let html = entry.html.get(key);
  if (html === undefined) {
    html = renderToString(draw());
    entry.html.set(key, html);
    drawn++;
  }
  return html;
}

/**
 * A `ConfigPart` as the server puts it in the page (RequestInfo.configPart): its element with the content as the
 * HTML drawn once per configuration objects, element and language, under the page's translator.
 */
export function drawConfigPart(props: ConfigPartProps): ReactElement {
  return createElement(DrawnPart, props);
}

function DrawnPart({ as, deps, children, ...attributes }: ConfigPartProps) {
  const { i18n } = useTranslation();
  const translator = i18n as unknown as Translator;
  const html = configPartHtml(deps!, `${as}\0${translator.language}`, () => <TranslationProvider i18n={translator}>{children}</TranslationProvider>);
  return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: html } });
}

/** How many drawings were made since the process started (tests: a second view draws none). */
export function configPartsDrawn(): number {
  return drawn;
}
