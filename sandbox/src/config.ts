import type { Json, JsonObject } from './db.js';

/** Top-level keys of a company config, in the order flat fields are looked up (first owner wins). */
export const AREAS = [
  'baseInfo',
  'homeConfig',
  'loginConfig',
  'registerConfig',
  'serviceConfig',
  'footInfo',
  'market',
  'alias',
  'globalLogin',
  'nodeOnline',
  'sysConfig',
  'groupConfig',
] as const;
export type Area = (typeof AREAS)[number];

/** Key of per-school overrides: `{ schoolOverrides: { "<schoolId>": { <area>: {...} } } }`. */
export const SCHOOL_OVERRIDES = 'schoolOverrides';

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Deep merge: objects merge key by key, anything else (arrays, scalars, null) replaces. Returns a new object. */
export function deepMerge(target: JsonObject, patch: JsonObject): JsonObject {
  const out: JsonObject = { ...target };
  for (const [k, v] of Object.entries(patch)) {
    const cur = out[k];
    out[k] = isObject(cur) && isObject(v) ? deepMerge(cur, v) : clone(v);
  }
  return out;
}

export function clone<T extends Json>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/**
 * field name -> path inside the config, built from a config's shape: every key at any depth under the
 * areas `baseInfo` .. `nodeOnline` (not sysConfig/groupConfig, whose keys are data). Areas are visited in
 * AREAS order and each area breadth-first, so for a name found in two places the earlier area / the
 * shallower position wins (e.g. `companyName` -> baseInfo.companyName, not footInfo.companyName).
 */
export function buildFieldMap(config: JsonObject): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const area of AREAS) {
    if (area === 'sysConfig' || area === 'groupConfig') continue;
    const root = config[area];
    if (!isObject(root)) continue;
    const queue: Array<{ obj: JsonObject; path: string[] }> = [{ obj: root, path: [area] }];
    while (queue.length) {
      const { obj, path } = queue.shift()!;
      for (const [k, v] of Object.entries(obj)) {
        const p = [...path, k];
        if (!map.has(k)) map.set(k, p);
        if (isObject(v)) queue.push({ obj: v, path: p });
      }
    }
  }
  return map;
}

export class ConfigPatchError extends Error {}

/**
 * Applies a PATCH body: area keys (and `schoolOverrides`) deep-merge as nested objects; any other
 * top-level key must be a known field name and is routed to the place that owns it.
 */
export function applyConfigPatch(config: JsonObject, patch: JsonObject, fieldMap: Map<string, string[]>): JsonObject {
  const nested: JsonObject = {};
  const unknown: string[] = [];
  for (const [k, v] of Object.entries(patch)) {
    if ((AREAS as readonly string[]).includes(k) || k === SCHOOL_OVERRIDES) {
      if (!isObject(v)) throw new ConfigPatchError(`config area "${k}" must be an object`);
      nested[k] = isObject(nested[k]) ? deepMerge(nested[k] as JsonObject, v) : v;
      continue;
    }
    const path = fieldMap.get(k);
    if (!path) {
      unknown.push(k);
      continue;
    }
    const [area, ...rest] = path as [string, ...string[]];
    let wrapped: Json = v;
    for (const key of [...rest].reverse()) wrapped = { [key]: wrapped };
    const cur = nested[area];
    nested[area] = isObject(cur) && isObject(wrapped) ? deepMerge(cur, wrapped) : wrapped;
  }
  if (unknown.length) throw new ConfigPatchError(`unknown config field(s): ${unknown.join(', ')} (use the nested form { <area>: { ... } } for new fields)`);
  return deepMerge(config, nested);
}

/** One area of the config as seen from a school: the company area deep-merged with that school's override. */
export function areaFor(config: JsonObject, area: Area, schoolId?: number): JsonObject {
  const base = isObject(config[area]) ? (config[area] as JsonObject) : {};
  const ov = config[SCHOOL_OVERRIDES];
  if (schoolId !== undefined && isObject(ov)) {
    const s = ov[String(schoolId)];
    if (isObject(s) && isObject(s[area])) return deepMerge(base, s[area] as JsonObject);
  }
  return clone(base);
}
