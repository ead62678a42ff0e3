import type { ComponentType } from "react";
import type { FieldType } from "~/forms/dynamic-fields";
import type { ControlProps } from "./shared";

/**
 * The dynamic-field kit's controls by kind (decision 076, the split decision 068 left open): each kind is a
 * module of its own, loaded where a form has a field of that kind, so a page's script carries none of them
 * (the fill, data and complete-information pages were within 0.3 KB of the 100 KB budget).
 *
 * No `React.lazy`: the server renders browsers at `onShellReady` (entry.server.tsx), and a lazy control not
 * yet loaded would stream a fallback plus a swapping script: without JavaScript the form would lose its
 * controls. Instead the server loads every kind once before its first render (`loadKinds(CONTROL_KINDS)` in
 * entry.server.tsx), and in the browser this module, evaluated with the page's route modules before
 * entry.client.tsx hydrates, starts loading the kinds the server rendered (`data-control-kind`) and has
 * hydration wait for them (`window.__beforeHydrate`): neither ever suspends on a page as served. Only a client-side navigation to a
 * form with a kind not loaded yet suspends (`controlOf` throws the load, a Suspense boundary per field).
 */
export const CONTROL_KINDS = ["text", "date", "choice", "select", "cascade", "file"] as const;
export type ControlKind = (typeof CONTROL_KINDS)[number];

const KIND_OF: Record<FieldType, ControlKind> = {
  text: "text",
  number: "text",
  date: "date",
  dateTime: "date",
  period: "date",
  radio: "choice",
  checkbox: "choice",
  select: "select",
  cascade: "cascade",
  annex: "file",
  image: "file",
};
export const kindOf = (type: FieldType): ControlKind => KIND_OF[type];

type Control = ComponentType<ControlProps>;
const IMPORTS: Record<ControlKind, () => Promise<{ default: Control }>> = {
  text: () => import("./TextControl"),
  date: () => import("./DateControl"),
  choice: () => import("./ChoiceControl"),
  select: () => import("./SelectControl"),
  cascade: () => import("./CascadeControl"),
  file: () => import("./FileControl"),
};
const loaded = new Map<ControlKind, Control>();
const loading = new Map<ControlKind, Promise<void>>();

function load(kind: ControlKind): Promise<void> {
  let promise = loading.get(kind);
  if (!promise) {
    promise = IMPORTS[kind]().then(
      (module) => void loaded.set(kind, module.default),
      (error: unknown) => {
        loading.delete(kind); // a failed chunk (offline) is tried again by the next render
        throw error;
      },
    );
    loading.set(kind, promise);
  }
  return promise;
}

/** Loads these kinds (each once); unknown names are skipped. */
export function loadKinds(kinds: Iterable<string>): Promise<void> {
  const known = [...new Set(kinds)].filter((k): k is ControlKind => (CONTROL_KINDS as readonly string[]).includes(k));
  return Promise.all(known.filter((k) => !loaded.has(k)).map(load)).then(() => undefined);
}

/** The kind's control, or (not loaded yet) a suspension until it is: call inside a Suspense boundary. */
export function controlOf(kind: ControlKind): Control {
  const control = loaded.get(kind);
  if (control) return control;
  throw load(kind);
}

declare global {
  interface Window {
    /** What hydration waits for (entry.client.tsx). */
    __beforeHydrate?: Promise<unknown>;
  }
}

if (typeof document !== "undefined" && !window.__beforeHydrate) {
  const rendered = Array.from(document.querySelectorAll<HTMLElement>("[data-control-kind]"), (e) => e.dataset.controlKind ?? "");
  // a chunk that fails to load leaves its fields to load (and suspend) on render
  if (rendered.length) window.__beforeHydrate = loadKinds(rendered).catch(() => undefined);
}
