import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.resolve(__dirname, "locales");

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/** A plural key without its CLDR category: Chinese has only `_other`, English `_one` and `_other` (i18next's plurals). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const withoutPlural = (key: string) => key.replace(PLURAL, "");

/** The plural categories each language must give a plural key (Intl.PluralRules, as i18next uses them). */
const CATEGORIES: Record<string, string[]> = { zh: ["other"], en: ["one", "other"] };

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
    // the same messages in both, a plural message with every category its language has
    const zhKeys = [...new Set(keys(load("zh", ns)).map(withoutPlural))].sort();
    const enKeys = [...new Set(keys(load("en", ns)).map(withoutPlural))].sort();
    expect(enKeys).toEqual(zhKeys);
    for (const lng of ["zh", "en"]) {
      const all = keys(load(lng, ns));
      for (const plural of new Set(all.filter((k) => PLURAL.test(k)).map(withoutPlural))) {
        expect(
          all
            .filter((k) => withoutPlural(k) === plural && PLURAL.test(k))
            .map((k) => PLURAL.exec(k)![1])
            .sort(),
          `${lng}/${ns} ${plural}`,
        ).toEqual(CATEGORIES[lng]);
      }
    }
    for (const lng of ["zh", "en"]) {
      for (const key of keys(load(lng, ns))) {
        const value = key.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], load(lng, ns));
        expect(typeof value === "string" && value.trim().length > 0, `${lng}/${ns} ${key}`).toBe(true);
      }
    }
  });

  it("uses the spec's English wording for the forced-offline warning", () => {
    expect((load("en", "common.json").notice as Record<string, string>).forcedOffline).toBe("Your account has logged in elsewhere and was forced offline.");
  });
});
