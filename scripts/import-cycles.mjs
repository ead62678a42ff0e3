#!/usr/bin/env node
// No module may be part of an import cycle (issue 23 §2; decision 073): app/, tests/, sandbox/ and the root's
// config files, the modules eslint lints. This was eslint's `import-x/no-cycle`, about half of `eslint .`'s
// CPU (it resolves and parses every import again from each file it lints); this reads each module once,
// builds the same graph and reports every strongly connected component as one cycle. As that rule was set
// (eslint.config.js before decision 073): imports of packages are not followed (`ignoreExternal`), dynamic
// `import()` is no edge (`allowUnsafeDynamicCyclicDependency`), nor is an import of types only (`import
// type`, `export type … from`, or every name `type`), which no runtime loads.
//
//   node scripts/import-cycles.mjs        exit 1 and one line per cycle, or exit 0
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import url from "node:url";

const ROOTS = ["app", "tests", "sandbox/src", "sandbox/test", "bench", "vitest.config.ts", "playwright.config.ts"];
const SKIP_DIRS = new Set(["node_modules", "build", "dist", "data"]);
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

/** Static imports and re-exports at the start of a line: `import … from "x"`, `import "x"`, `export … from "x"`. */
const IMPORT = /^[ \t]*(import|export)\s+(type\s+)?(?:([^;"'`]*?)\s*from\s*)?["']([^"'\n]+)["']/gm;

/** Whether an import's clause names types only (`{ type A, type B }`), so that nothing is loaded. */
function typesOnly(clause) {
  const m = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!m) return false;
  const names = m[1]
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith("type "));
}

/** The module specifiers a source file loads when it runs (see above). */
export function importsOf(source) {
  const found = [];
  for (const m of source.matchAll(IMPORT)) {
    const [, , typeKeyword, clause, specifier] = m;
    if (typeKeyword || (clause && typesOnly(clause))) continue;
    found.push(specifier);
  }
  return found;
}

function resolve(root, from, specifier) {
  let base;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined; // a package (or node:)
  const stem = base.replace(/\.(js|mjs)$/, "");
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.js`,
    `${base}.mjs`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ];
  return candidates.find((c) => SOURCE.test(c) && existsSync(c) && statSync(c).isFile());
}

function sourcesUnder(dir) {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return SOURCE.test(dir) ? [dir] : [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) || e.name.startsWith(".") ? [] : sourcesUnder(path.join(dir, e.name));
    return SOURCE.test(e.name) && !e.name.endsWith(".d.ts") ? [path.join(dir, e.name)] : [];
  });
}

/** The import graph of `files` (and of the modules they reach in the repository): file → files it loads. */
export function importGraph(root, files) {
  const graph = new Map();
  const queue = [...files];
  while (queue.length) {
    const file = queue.pop();
    if (graph.has(file)) continue;
    const targets = importsOf(readFileSync(file, "utf8"))
      .map((s) => resolve(root, file, s))
      .filter((t) => t !== undefined && !t.includes(`${path.sep}node_modules${path.sep}`));
    graph.set(file, [...new Set(targets)]);
    queue.push(...targets);
  }
  return graph;
}

/** Every import cycle of the graph: one per strongly connected component (Tarjan), as a path `a → b → a`. */
export function cyclesOf(graph) {
  let index = 0;
  const at = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (v) => {
    at.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!at.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), at.get(w)));
    }
    if (low.get(v) === at.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!at.has(v)) visit(v);
  // one path through each component: the shortest way back from its first module to itself
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0];
    const previous = new Map();
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      for (const w of graph.get(queue[i]) ?? []) {
        if (!members.has(w)) continue;
        if (w === start) {
          const cycle = [start];
          for (let p = queue[i]; p !== start; p = previous.get(p)) cycle.unshift(p);
          cycle.unshift(start);
          return cycle;
        }
        if (!previous.has(w)) {
          previous.set(w, queue[i]);
          queue.push(w);
        }
      }
    }
    return [start, start];
  });
}

/** The cycles of the repository at `root` (ROOTS), each as paths relative to it. */
export function findCycles(root, roots = ROOTS) {
  const files = roots.flatMap((r) => sourcesUnder(path.join(root, r)));
  return cyclesOf(importGraph(root, files)).map((cycle) => cycle.map((f) => path.relative(root, f).split(path.sep).join("/")));
}

if (process.argv[1] && path.resolve(process.argv[1]) === url.fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
  const cycles = findCycles(root);
  for (const cycle of cycles) process.stdout.write(`import cycle: ${cycle.join(" → ")}\n`);
  if (cycles.length) {
    process.stdout.write(`${cycles.length} import cycle(s): no module may import itself through others (decision 073)\n`);
    process.exit(1);
  }
}
