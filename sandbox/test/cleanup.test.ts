import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { env } from 'node:process';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_DIR } from '../src/storage/objects.js';
import { start } from './helpers.js';

/**
 * Decision 073: a sandbox's temporary files (its template database, its object store's directory) go with
 * it, whether it is closed in-process or its process is stopped by a signal (Playwright's and `npm test`'s
 * SIGTERM, a vitest worker's teardown, Ctrl-C). /tmp held 1,037 leaked templates one morning.
 */
const sandboxDir = path.resolve(__dirname, '..');
const leftOf = (pid: number) => readdirSync(tmpdir()).filter((n) => n.startsWith(`sandbox-template-${pid}-`) || n === `sandbox-storage-${pid}`);

describe('in-process', () => {
  it('closing the last sandbox of the process removes its object store directory', async () => {
    const { sb } = await start();
    // an upload's file, as the store writes it
    mkdirSync(path.join(STORAGE_DIR, '1'), { recursive: true });
    writeFileSync(path.join(STORAGE_DIR, '1', 'object.part'), 'x');
    await sb.close();
    expect(existsSync(STORAGE_DIR)).toBe(false);
  });
});

describe('a stopped sandbox process', () => {
  // the sandbox as its own process: src/index.ts (which stops itself on a signal), and a process that only
  // starts one, as a vitest worker does (no signal handler of its own: the default action ends it)
  const out = path.join(sandboxDir, `test/.cleanup-${process.pid}`);
  const scripts = { index: path.join(out, 'index.mjs'), bare: path.join(out, 'bare.mjs') };

  beforeAll(async () => {
    const common = { bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'silent' } as const;
    await build({ ...common, entryPoints: [path.join(sandboxDir, 'src/index.ts')], outfile: scripts.index });
    await build({
      ...common,
      stdin: {
        contents:
          "import { startSandbox } from './src/server.ts'; const s = await startSandbox({ port: 0, db: ':memory:' }); console.log('listening on ' + s.url);",
        resolveDir: sandboxDir,
        loader: 'ts',
      },
      outfile: scripts.bare,
    });
  }, 60_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  async function runAndStop(script: string, signal: NodeJS.Signals): Promise<{ pid: number; running: string[]; left: string[] }> {
    const { SANDBOX_STORAGE_DIR: _own, ...rest } = env;
    const childEnv = { ...rest, SANDBOX_PORT: '0', SANDBOX_DB: ':memory:' };
    const child = spawn(process.execPath, [script], { cwd: sandboxDir, env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('listening on')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before it listened: ${text}`)));
    });
    const pid = child.pid!;
    const running = leftOf(pid);
    child.kill(signal);
    await exited;
    return { pid, running, left: leftOf(pid) };
  }

  // (SIGINT and SIGHUP take the same path as SIGTERM in src/cleanup.ts: one child each way is enough)
  for (const [name, signal] of [
    ['index', 'SIGINT'],
    ['bare', 'SIGTERM'],
  ] as const) {
    it(`${name === 'index' ? 'src/index.ts' : 'a process that only started one'}, on ${signal}: no template or store left`, async () => {
      const { running, left } = await runAndStop(scripts[name], signal);
      expect(left).toEqual([]);
      expect(running.filter((n) => n.startsWith('sandbox-template-'))).toHaveLength(1);
      expect(running.filter((n) => n.startsWith('sandbox-storage-'))).toHaveLength(1);
    }, 60_000);
  }
});
