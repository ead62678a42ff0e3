import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 11 §4 and the style guide: layers point one way (routes → components and services). A component
 * takes props and imports nothing from a route module; a service imports nothing from a component or a
 * route; a form schema module (app/forms) nothing from either.
 *
 * ESLint holds these layers (eslint.config.js: `import-x/no-restricted-paths` zones, and the zod rule for
 * components; decision 051) for `import … from`, `export … from`, side-effect imports and `import("…")`
 * calls. What it does not see is `import("…").Type` in a type position (a TSImportType node): this test
 * remains for that one form, through the `~/` alias or a relative path. Test files are left out.
 */
const APP = resolve(__dirname, "../../app");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const SPECIFIER = /\bimport\s*\(\s*["']([^"']+)["']/g;

/** The app-relative paths a module's source names (bare package names left out). */
function importedPaths(file: string, source: string): string[] {
  const out: string[] = [];
  for (const match of source.matchAll(SPECIFIER)) {
    const spec = match[1]!;
    if (spec.startsWith("~/")) out.push(spec.slice(2));
    else if (spec.startsWith("./") || spec.startsWith("../"))
      out.push(
        relative(APP, resolve(dirname(file), spec))
          .split(sep)
          .join("/"),
      );
  }
  return out;
}

/** `dir/file → target` for every module under `dir` that names a module under one of `layers`. */
function crossings(dir: string, layers: string[]): string[] {
  return filesUnder(join(APP, dir)).flatMap((file) => {
    const from = relative(APP, file).split(sep).join("/");
    return importedPaths(file, readFileSync(file, "utf8"))
      .filter((target) => layers.some((layer) => target === layer || target.startsWith(`${layer}/`)))
      .map((target) => `${from} → ${target}`);
  });
}

describe("layers", () => {
  it("no component imports from a route module (types included)", () => {
    expect(crossings("components", ["routes"])).toEqual([]);
  });

  it("no service imports from a component or a route module", () => {
    expect(crossings("services", ["components", "routes"])).toEqual([]);
  });

  it("no form schema imports from a route or a component", () => {
    expect(crossings("forms", ["routes", "components"])).toEqual([]);
  });

  it('sees `import("…")` type positions (the check itself can fail)', () => {
    const file = join(APP, "components/x/Thing.tsx");
    const source = [
      `import type { A } from "~/routes/_school.a";`,
      `import {\n  B,\n} from "../../routes/_school.b";`,
      `export { C } from "./../../routes/_school.c";`,
      `type D = import("~/routes/_school.d").D;`,
      `const e = await import("../../routes/_school.e");`,
      `import "../../routes/_school.f";`,
      `import { z } from "zod";`,
      `import { G } from "./G";`,
    ].join("\n");
    // The other forms are ESLint's (import-x/no-restricted-paths), not this test's.
    expect(importedPaths(file, source)).toEqual(["routes/_school.d", "routes/_school.e"]);
  });
});
