/**
 * Company-wide data in loader data as one JSON text per object (issue 24, docs/decisions/093-company-wide-parts-rendered-once.md).
 *
 * Remix sends loader data as turbo-stream: every object and string of it flattened into an indexed list on every
 * view, ~0.5 ms of a signed-in view's CPU on this machine, most of it for what is the same for every student of the
 * domain: the site view (header, footer, side bar configuration), the translations of the frame, the header's menus
 * and schools. Those go as text instead: `pack()` gives the object's JSON, made once per object (the config cache
 * hands out one frozen object per answer, the translations are one object per language), and turbo-stream writes
 * a text as one string. The page's gzip is smaller too (plain JSON compresses better than the indexed list: 19.3 →
 * 17.9 KB on my courses). `unpack()` gives the object back: on the server the very object it was made from (what
 * the render keys its once-drawn parts by, decision 093), in the browser the parsed text, once per text.
 */
declare const packedOf: unique symbol;
/** The JSON text of a `T`, as made by `pack()`. */
export type Packed<T> = string & { readonly [packedOf]: T };

/** Texts kept per object (weak: a reloaded answer's object goes, and its text with it). */
const texts = new WeakMap<object, string>();
/**
 * The objects the texts were made from (the server) or parsed to (the browser), by text: bounded (a config reload
 * makes new texts; with the config cache off every view does), forgotten all at once when full. A text no longer
 * here is parsed again: the same data, a new object.
 */
const objects = new Map<string, unknown>();
export const PACKED_KEPT_MAX = 64;

function keep(text: string, value: unknown) {
  if (objects.size >= PACKED_KEPT_MAX) objects.clear();
  objects.set(text, value);
}

/** The value as its JSON text: one text per object, made on its first use. */
export function pack<T extends object>(value: T): Packed<T> {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
    keep(text, value);
  }
  return text as Packed<T>;
}

/** The value a text was packed from: the same object while it is kept, else the text parsed (and kept). */
export function unpack<T>(packed: Packed<T>): T;
export function unpack<T>(packed: Packed<T> | null | undefined): T | undefined;
export function unpack<T>(packed: Packed<T> | null | undefined): T | undefined {
  if (packed === null || packed === undefined) return undefined;
  let value = objects.get(packed) as T | undefined;
  if (value === undefined) {
    value = JSON.parse(packed) as T;
    keep(packed, value);
  }
  return value;
}
