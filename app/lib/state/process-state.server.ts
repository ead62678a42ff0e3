/**
 * The portal's in-process state, in one list (docs/decisions/084-suite-cpu.md). A module that keeps state
 * between requests at module level (a cache, a counter, a lazily made store or limiter) registers here
 * how to forget it, beside the state itself:
 *
 *   const entries = new Map<string, Entry>();
 *   onProcessReset(() => entries.clear());
 *
 * `resetProcessState()` then puts the process back as a freshly loaded build finds it. The server never
 * calls it; the page-test harness (tests/unit/portal.ts) does, between the test files that share one
 * loaded build in a vitest worker, instead of loading a new copy of the build for each file (about
 * 1.7 CPU-s a file). tests/unit/process-state.test.ts fails when a server module keeps module-level state
 * without registering it here (or saying why it need not: state derived from the environment only, or a
 * cache of a pure function).
 */
const resets: Array<() => void> = [];

/** Registers how to forget one module's state (called once, when the module loads). */
export function onProcessReset(reset: () => void): void {
  resets.push(reset);
}

/** Forgets every registered state: caches, counters, limits, the memory store, metrics. */
export function resetProcessState(): void {
  for (const reset of resets) reset();
}
