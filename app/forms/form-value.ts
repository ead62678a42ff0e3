/**
 * Conform's naming of form fields (`a.b[0]`) as a nested value, shared by the form kit in the browser
 * (`components/form/use-form.ts`) and the server's answers that hand typed values back (`form-failure`).
 */
type Values = Record<string, unknown>;

/** `a.b[0]` → ["a", "b", 0] (conform's naming) */
function paths(name: string): (string | number)[] {
  return name
    .split(/\.|\[(\d*)\]/)
    .filter((p) => p !== undefined && p !== "")
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

export function read(value: unknown, name: string): unknown {
  let v = value;
  for (const p of paths(name)) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string | number, unknown>)[p];
  }
  return v;
}

/** A FormData as conform's nested value: repeated names become lists. */
export function formValue(data: FormData): Values {
  const out: Values = {};
  for (const [name, entry] of data.entries()) {
    if (typeof entry !== "string" && entry.name === "" && entry.size === 0) continue; // an empty file input
    const ps = paths(name);
    let target: Record<string | number, unknown> = out;
    ps.forEach((p, i) => {
      if (i === ps.length - 1) {
        const prev = target[p];
        target[p] = prev === undefined ? entry : Array.isArray(prev) ? [...prev, entry] : [prev, entry];
      } else {
        target[p] ??= typeof ps[i + 1] === "number" ? [] : {};
        target = target[p] as Record<string | number, unknown>;
      }
    });
  }
  return out;
}
