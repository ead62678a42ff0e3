import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findCycles } from "../../scripts/import-cycles.mjs";

/**
 * Decision 073: the import-cycle check that replaced eslint's `import-x/no-cycle` (about half of `eslint .`)
 * finds what that rule found, on a planted repository: the cycles through `~/` and relative imports, `.js`
 * specifiers of TypeScript modules (the sandbox's), re-exports and side-effect imports; not the imports of
 * types only, dynamic `import()` or packages, as the rule was set.
 */
let root: string;
function repo(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), "import-cycles-"));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return root;
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

const cycles = (files: Record<string, string>): string[][] => findCycles(repo(files));

describe("import cycles", () => {
  it("a cycle through ~/ and a relative import, over several lines, is reported as its path", () => {
    expect(
      cycles({
        "app/lib/a.ts": 'import { b } from "~/lib/b";\nexport const a = () => b;\n',
        "app/lib/b.ts": 'import {\n  c,\n  type C,\n} from "../services/c.server";\nexport const b = (x: C) => c(x);\n',
        "app/services/c.server.ts": 'import { a } from "~/lib/a";\nexport type C = number;\nexport const c = (x: C) => a() && x;\n',
        "app/routes/page.tsx": 'import { a } from "~/lib/a";\nexport default a;\n',
      }),
    ).toEqual([["app/lib/a.ts", "app/lib/b.ts", "app/services/c.server.ts", "app/lib/a.ts"]]);
  });

  it("the sandbox's .js specifiers, re-exports, side-effect imports and a module importing itself", () => {
    expect(
      cycles({
        "sandbox/src/x.ts": "import { y } from './y.js';\nexport const x = y;\n",
        "sandbox/src/y.ts": "export { z as y } from './z/index.js';\n",
        "sandbox/src/z/index.ts": "import '../x.js';\nexport const z = 1;\n",
        "tests/unit/self.ts": 'export * from "./self";\n',
      }),
    ).toEqual([
      ["sandbox/src/x.ts", "sandbox/src/y.ts", "sandbox/src/z/index.ts", "sandbox/src/x.ts"],
      ["tests/unit/self.ts", "tests/unit/self.ts"],
    ]);
  });

  it("imports of types only, dynamic imports and packages are no edge", () => {
    expect(
      cycles({
        "app/a.ts": 'import type { B } from "./b";\nimport { type C } from "./c";\nexport type A = B | C;\nexport const load = () => import("./b");\n',
        "app/b.ts": 'import { z } from "zod";\nimport { A } from "./a";\nexport type B = A;\nexport const b = z;\n',
        "app/c.ts": 'export type { A } from "./a";\nexport type C = 1;\n',
      }),
    ).toEqual([]);
  });
});
