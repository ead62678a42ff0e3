// The sandbox's build: each source file transpiled on its own (esbuild, through vite's public
// `transformWithEsbuild`; vite is a declared dependency), no type check. Its types are checked once, by
// `npm run typecheck` (`tsc -p sandbox/tsconfig.json --noEmit`): `tsc -p` emitting here checked them a second
// time on the build's serial path (15 CPU-s, 20-40 s of wall before any test could start; this: under 1 s).
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { transformWithEsbuild } from "vite";

const SRC = "sandbox/src"; // tsconfig's rootDir
const OUT = "sandbox/dist"; // tsconfig's outDir
const started = performance.now();
const files = (await readdir(SRC, { recursive: true })).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"));
await rm(OUT, { recursive: true, force: true });
await Promise.all(
  files.map(async (file) => {
    const source = join(SRC, file);
    const out = join(OUT, file.replace(/\.ts$/, ".js"));
    // the package is "type": "module": every file an ES module, for the Node version the sandbox runs on
    const { code, map } = await transformWithEsbuild(await readFile(source, "utf8"), source, {
      format: "esm",
      platform: "node",
      target: "node20",
      sourcemap: true,
      sourcefile: relative(dirname(out), source),
    });
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, `${code}\n//# sourceMappingURL=${out.split("/").at(-1)}.map\n`);
    await writeFile(`${out}.map`, JSON.stringify(map));
  }),
);
console.log(`sandbox: ${files.length} files to ${OUT} in ${Math.round(performance.now() - started)} ms`);
