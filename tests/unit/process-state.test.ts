/**
 * The page tests share one loaded build between the files of a vitest worker and forget its state between
 * them (decision 084, app/lib/state/process-state.server.ts). That is only as good as the list: this test reads
 * the portal's modules and fails for module-level state (a `let`, or an empty Map/Set/WeakMap filled later)
 * that neither registers its reset with `onProcessReset` nor is listed below with the reason it may stay.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { onProcessReset, resetProcessState } from "~/lib/state/process-state.server";
import { createSwrCache } from "~/lib/http/cache.server";

const APP = path.resolve(__dirname, "../../app");

/** `file:name` of state that a new build copy would find the same, with why. */
const STAYS: Record<string, string> = {
  "lib/state/session.server.ts:readFrom": "per request (keyed by the request's session object, weak)",
  "sw/service-worker.ts:viewer": "the service worker's own (public/sw.js, decision 098): never in the server build",
  "lib/state/session.server.ts:clientIdCookies": "made from the environment",
  "lib/state/form-keep.server.ts:cookies": "made from the environment",
  "lib/security/csrf.server.ts:instances": "made from the environment",
  "lib/state/code-attempts.server.ts:override": "set by unit tests only (useCounterStore), never through the build",
  "services/qr.server.ts:cache": "a pure function's results (text and size to an image)",
  "services/content-schemas.server.ts:lists": "schemas made from schemas (pure)",
  "services/content-schemas.server.ts:pages": "schemas made from schemas (pure)",
  "forms/constraint.server.ts:computed": "constraints made from schemas (pure)",
  "services/personal-menu.server.ts:ofRequest": "per request (keyed by the request's portal object)",
  "services/shell.server.ts:configOfRequest": "per request (keyed by the request's portal object)",
  "i18n.server.ts:localeOfRequest": "per request (keyed by the Request object, decision 083)",
  "i18n.server.ts:partBundles": "parts of the locale files per route's list of groups (pure, decision 090)",
  "services/shell.server.ts:headLinks": "derived from one config answer, keyed by that answer's object (decision 083): a reset config cache makes new keys",
  "services/shell.server.ts:schoolLinks": "derived from one config answer, keyed by that answer's object (decision 093): a reset config cache makes new keys",
  "lib/packed.ts:texts": "JSON texts of objects, keyed by the objects (weak; pure, decision 093)",
  "lib/packed.ts:objects": "what a JSON text was made from or parses to (pure, bounded; decision 093)",
  "services/shell.server.ts:siteViews": "derived from one config answer, keyed by that answer's object (decision 083): a reset config cache makes new keys",
  "lib/http/metrics.server.ts:templates": "path templates of paths (pure)",
  "i18n-runtime.ts:pluralRules": "Intl objects per locale (pure)",
  "i18n-runtime.ts:lookups": "strings looked up per bundle object, keyed by the bundle (pure, decision 087)",
  "i18n-runtime.ts:pageErrors": "a bundle read from the locale files (pure)",
  "lib/time.ts:checkedZones": "time zones checked (pure)",
  "lib/time.ts:formats": "Intl formats (pure)",
  "components/shell/config-parts.server.tsx:kept": "derived from config answers, keyed by their objects (decision 093): a reset config cache makes new keys",
  "lib/http/inline-css.server.ts:text": "the loaded build's own stylesheet file, read once (decision 089)",
  "root.tsx:lastRoot": "browser only (never set on the server)",
  "components/shell/use-shell.ts:lastSchool": "browser only (never set on the server)",
  "routes/_school+/_learner+/agreement.$mode.$curId.$protocolId.tsx:sign": "a schema built once (pure)",
};

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return modules(file);
    return /\.tsx?$/.test(e.name) && !/\.(test|client)\.tsx?$/.test(e.name) ? [file] : [];
  });
}

/** Module-level state of one module's text: `let x`, or `const x = new Map<...>()` (empty, filled later). */
function stateOf(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/^(?:export )?let (\w+)/gm)) names.push(m[1] ?? "");
  for (const m of text.matchAll(/^(?:export )?const (\w+)\b[^=\n]*= new (?:Weak)?(?:Map|Set)(?:<[^\n]*>)?\(\)/gm)) names.push(m[1] ?? "");
  return names;
}

/** The names a module's `onProcessReset(...)` calls mention. */
function resetNames(text: string): string {
  const bodies: string[] = [];
  for (let at = text.indexOf("onProcessReset("); at >= 0; at = text.indexOf("onProcessReset(", at + 1)) {
    let depth = 0;
    let end = at;
    for (let i = at + "onProcessReset".length; i < text.length; i++) {
      if (text[i] === "(") depth++;
      else if (text[i] === ")" && --depth === 0) {
        end = i;
        break;
      }
    }
    bodies.push(text.slice(at, end));
  }
  return bodies.join("\n");
}

describe("the portal's in-process state (decision 084)", () => {
  it("every module-level state registers its reset, or is listed with why it stays", () => {
    const unlisted: string[] = [];
    for (const file of modules(APP)) {
      const text = readFileSync(file, "utf8");
      const resets = resetNames(text);
      for (const name of stateOf(text)) {
        const key = `${path.relative(APP, file).split(path.sep).join("/")}:${name}`;
        if (STAYS[key] === undefined && !new RegExp(`\\b${name}\\b`).test(resets)) unlisted.push(key);
      }
    }
    expect(unlisted).toEqual([]);
  });

  it("finds the state it is meant to find (a planted module)", () => {
    const planted = 'const seen = new Map<string, number>();\nlet count = 0;\nexport const FIXED = new Set(["a"]);\n';
    expect(stateOf(planted)).toEqual(["count", "seen"]);
    expect(resetNames(`${planted}onProcessReset(() => seen.clear());\n`)).toMatch(/seen/);
  });

  it("resetProcessState runs every registered reset; a cache forgets its entries", async () => {
    const cache = createSwrCache({ name: "process-state test" });
    await cache.get("k", 60_000, async () => 1);
    let forgotten = 0;
    onProcessReset(() => forgotten++);
    expect(cache.size()).toBe(1);
    resetProcessState();
    expect(cache.size()).toBe(0);
    expect(forgotten).toBe(1);
  });
});
