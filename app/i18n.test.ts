import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.resolve(__dirname, "locales");

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function load(lng: string, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(dir, lng, ns), "utf8")) as Record<string, unknown>;
}

describe("translations", () => {
  const zh = readdirSync(path.join(dir, "zh")).sort();
  const en = readdirSync(path.join(dir, "en")).sort();

  it("zh and en have the same namespaces", () => {
    expect(en).toEqual(zh);
  });

  it.each(zh)("%s has the same keys in zh and en, none empty", (ns) => {
    const zhKeys = keys(load("zh", ns)).sort();
    const enKeys = keys(load("en", ns)).sort();
    expect(enKeys).toEqual(zhKeys);
    for (const lng of ["zh", "en"]) {
      for (const key of keys(load(lng, ns))) {
        const value = key.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], load(lng, ns));
        expect(typeof value === "string" && value.trim().length > 0, `${lng}/${ns} ${key}`).toBe(true);
      }
    }
  });

  it("uses the spec's English wording for the forced-offline warning", () => {
    expect((load("en", "common.json").notice as Record<string, string>).forcedOffline).toBe(
      "Your account has logged in elsewhere and was forced offline.",
    );
  });
});
