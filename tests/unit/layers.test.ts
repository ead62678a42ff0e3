import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 11 §4 and the style guide: layers point one way (routes → components and services). A component
 * takes props and imports nothing from a route module; a service imports nothing from a component.
 */
const APP = join(__dirname, "../../app");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function importsFrom(dir: string, layer: string): string[] {
  const pattern = new RegExp(`from\\s+["']~/${layer}/`);
  return filesUnder(join(APP, dir))
    .filter((file) => readFileSync(file, "utf8").split("\n").some((line) => pattern.test(line)))
    .map((file) => relative(APP, file));
}

describe("layers", () => {
  it("no component imports from a route module (types included)", () => {
    expect(importsFrom("components", "routes")).toEqual([]);
  });

  it("no service imports from a component", () => {
    expect(importsFrom("services", "components")).toEqual([]);
  });

  it("no form schema imports from a route or a component", () => {
    expect([...importsFrom("forms", "routes"), ...importsFrom("forms", "components")]).toEqual([]);
  });
});
