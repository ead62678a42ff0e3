import { rmSync } from 'node:fs';

/**
 * The temporary files a sandbox leaves (its template database, its object store's directory) go with the
 * process however it ends (decision 073): at `exit`, and on SIGTERM, SIGINT and SIGHUP, which end a node
 * process without an `exit` event (Playwright's and `npm test`'s stop, a vitest worker's teardown). On a
 * signal the paths are removed at once; then, when no one else listens to that signal, it is raised again
 * with the default action, so the process still ends as it would have (a listener of its own, such as
 * sandbox/src/index.ts's, keeps its say). Only SIGKILL leaves them.
 */
const paths = new Set<string>();
const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
let installed = false;

function sweep(): void {
  for (const p of paths) rmSync(p, { recursive: true, force: true });
  paths.clear();
}

function install(): void {
  if (installed) return;
  installed = true;
  process.once('exit', sweep);
  for (const signal of SIGNALS) {
    const onSignal = () => {
      sweep();
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, onSignal);
  }
}

/** Removes `p` (a file or a directory) when the process ends, unless `forget` was called first. */
export function removeAtExit(p: string): { remove(): void; forget(): void } {
  install();
  paths.add(p);
  return {
    remove() {
      paths.delete(p);
      rmSync(p, { recursive: true, force: true });
    },
    forget() {
      paths.delete(p);
    },
  };
}
