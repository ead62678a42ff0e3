// terser as the release build runs it over every browser script (scripts/remix-build.mjs, decision 040):
// one compress pass, mangling, ES modules. Also used by scripts/page-weight.mjs to measure a test build
// (which skips terser, decision 045) as the release sends it.
import { minify } from "terser";

export const TERSER_OPTIONS = { module: true, compress: { passes: 1, ecma: 2020 }, mangle: true, format: { comments: false, ecma: 2020 } };

/** The script as the release build writes it: terser's output when it is shorter, the script otherwise. */
export async function terseScript(code) {
  const out = await minify(code, TERSER_OPTIONS);
  return out.code === undefined || out.code.length >= code.length ? code : out.code;
}
