/**
 * One sandbox upstream and one portal per Playwright worker (docs/decisions/010-parallel-e2e.md).
 *
 * Every test resets the sandbox, so two tests must never share one: each worker starts its own pair on
 * ports derived from E2E_SANDBOX_PORT / E2E_PORTAL_PORT + the worker's parallelIndex (0 .. workers-1),
 * waits for their health checks, and stops both at worker teardown. The servers' stderr is kept in a
 * buffer: printed when a server dies, attached to a failing test (see support.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Base ports: worker n uses base + n. Set your own when others run tests on the same machine. */
export const SANDBOX_BASE_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4010);
export const PORTAL_BASE_PORT = Number(process.env.E2E_PORTAL_PORT ?? 3010);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Loaded into each server: it exits when its stdin closes, i.e. when the worker that started it is gone. */
const exitWithParent = path.join(root, "tests/e2e/exit-with-parent.mjs");
// 60 s: three workers start a sandbox, a portal and a Chromium each at once; on a loaded machine (load 27)
// a sandbox missed 30 s and the whole worker failed (session 7). E2E_START_TIMEOUT_MS raises it: at load 33-36
// (session 10, other suites beside) a sandbox and a portal took about 2 minutes of wall time for 3 CPU-s each,
// and every test of the worker failed in its fixture before it began.
export const START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS) || 60_000;
const STOP_TIMEOUT_MS = 5_000;
const KEEP_STDERR_CHARS = 64_000;

/** The portal's environment for the journeys (was the webServer entry of playwright.config.ts). */
function portalEnv(port: number, upstreamUrl: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    UPSTREAM_URL: upstreamUrl,
    // Generous: on a loaded CI machine a cold portal's first upstream calls took over 2 s, and the
    // journeys then met a 504 page. The timeout pages themselves are vitest's (tests/unit/pages, 2 s).
    UPSTREAM_TIMEOUT_MS: "10000",
    SESSION_SECRET: "playwright-session-secret-0123456789",
    // Tests change the company config through the sandbox and expect to see it at once.
    CONFIG_TTL_S: "0",
    // Faults injected on content calls (and sandbox content changes) must take effect at once too.
    CONTENT_TTL_S: "0",
    LOG_REQUESTS: "0",
    // Every journey logs in from 127.0.0.1: the per-address caps are tested in vitest, the per-mobile one here.
    RATE_LIMIT_LOGIN_PER_IP: "100000",
    RATE_LIMIT_SMS_PER_IP: "100000",
    // The limits themselves are unit-tested; journeys log the same demo accounts in many times.
    RATE_LIMIT_LOGIN_PER_ACCOUNT: "100000",
  };
}

/** A child server: its process, a bounded copy of its stderr, and whether it is still expected to run. */
export class ServerProcess {
  private stderrText = "";
  private stderrTotal = 0;
  private stopping = false;
  readonly exited: Promise<void>;
  exitCode: number | null = null;
  exitSignal: NodeJS.Signals | null = null;

  private constructor(
    readonly name: string,
    readonly url: string,
    private readonly child: ChildProcess,
  ) {
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      this.stderrText = (this.stderrText + chunk).slice(-KEEP_STDERR_CHARS);
      this.stderrTotal += chunk.length;
    });
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.exitCode = code;
        this.exitSignal = signal;
        if (!this.stopping)
          process.stderr.write(`\n[e2e] ${this.describe()} died (${signal ?? `exit ${code}`}). Its stderr:\n${this.stderrText || "(empty)"}\n`);
        resolve();
      });
    });
  }

  static start(name: string, script: string, env: Record<string, string>, url: string): ServerProcess {
    const child = spawn(process.execPath, ["--import", pathToFileURL(exitWithParent).href, script], {
      cwd: root,
      env: { ...process.env, ...env },
      // stdin: a pipe the server's exit-with-parent hook watches; stdout is not needed (no request log)
      stdio: ["pipe", "ignore", "pipe"],
    });
    return new ServerProcess(name, url, child);
  }

  get pid() {
    return this.child.pid;
  }
  get running() {
    return this.exitCode === null && this.exitSignal === null;
  }
  /** Everything the server wrote to stderr (the last KEEP_STDERR_CHARS). */
  stderr() {
    return this.stderrText;
  }
  /** A mark for stderrSince: how much the server has written so far. */
  stderrMark() {
    return this.stderrTotal;
  }
  /** What the server wrote to stderr after `mark` (as far as the buffer still holds it). */
  stderrSince(mark: number) {
    const n = Math.min(this.stderrTotal - mark, this.stderrText.length);
    return n > 0 ? this.stderrText.slice(this.stderrText.length - n) : "";
  }
  describe() {
    return `${this.name} (${this.url}, pid ${this.pid})`;
  }

  async waitUntilHealthy(healthPath: string) {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (!this.running)
        throw new Error(`${this.describe()} exited before it was ready (${this.exitSignal ?? `exit ${this.exitCode}`}). stderr:\n${this.stderrText}`);
      try {
        const res = await fetch(`${this.url}${healthPath}`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${this.describe()} was not healthy at ${healthPath} within ${START_TIMEOUT_MS} ms. stderr:\n${this.stderrText}`);
  }

  /** SIGTERM, then SIGKILL if it has not exited in STOP_TIMEOUT_MS; resolves once the process is gone. */
  async stop() {
    this.stopping = true;
    if (!this.running) return;
    this.child.kill("SIGTERM");
    const killed = await Promise.race([this.exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), STOP_TIMEOUT_MS))]);
    if (killed && this.running) {
      this.child.kill("SIGKILL");
      await this.exited;
    }
  }
}

export type Servers = {
  sandboxURL: string;
  portalURL: string;
  sandbox: ServerProcess;
  portal: ServerProcess;
  /** An error describing every server that is no longer running, with its stderr, or undefined. */
  deadError(): Error | undefined;
  stop(): Promise<void>;
};

/** Starts worker `index`'s sandbox and portal and waits until both answer their health checks. */
export async function startServers(index: number): Promise<Servers> {
  const sandboxPort = SANDBOX_BASE_PORT + index;
  const portalPort = PORTAL_BASE_PORT + index;
  const sandboxURL = `http://127.0.0.1:${sandboxPort}`;
  const portalURL = `http://127.0.0.1:${portalPort}`;
  const started: ServerProcess[] = [];
  const stop = () => Promise.all(started.map((s) => s.stop())).then(() => undefined);
  // If the worker exits without its teardown (an uncaught error), take the servers along.
  const onExit = () => started.forEach((s) => s.running && s.pid && process.kill(s.pid, "SIGKILL"));
  process.once("exit", onExit);
  try {
    const sandbox = ServerProcess.start(
      "sandbox",
      "sandbox/dist/index.js",
      { SANDBOX_PORT: String(sandboxPort), SANDBOX_HOST: "127.0.0.1", SANDBOX_DB: ":memory:" },
      sandboxURL,
    );
    started.push(sandbox);
    // The portal does not call the upstream at start: both boot at once.
    const portal = ServerProcess.start("portal", "scripts/serve.mjs", portalEnv(portalPort, sandboxURL), portalURL);
    started.push(portal);
    await Promise.all([sandbox.waitUntilHealthy("/__sandbox/health"), portal.waitUntilHealthy("/healthz")]);
    return {
      sandboxURL,
      portalURL,
      sandbox,
      portal,
      deadError() {
        const dead = started.filter((s) => !s.running);
        if (!dead.length) return undefined;
        return new Error(
          dead.map((s) => `${s.describe()} is no longer running (${s.exitSignal ?? `exit ${s.exitCode}`}). stderr:\n${s.stderr()}`).join("\n\n"),
        );
      },
      async stop() {
        await stop();
        process.off("exit", onExit);
      },
    };
  } catch (error) {
    await stop();
    process.off("exit", onExit);
    throw error;
  }
}
