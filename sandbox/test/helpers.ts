import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../src/server.js';

export interface Call {
  method?: string;
  domain?: string | null;
  token?: string;
  headers?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string | number>;
}

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

export class Client {
  /** `at`: the sandbox, or how to find it once started (`useSandbox`). */
  constructor(private readonly at: Sandbox | (() => Sandbox)) {}

  get sb(): Sandbox {
    return typeof this.at === 'function' ? this.at() : this.at;
  }

  /** An upstream call: `path` after /s/api; `domain` defaults to localhost (null = none). */
  async api<T = any>(path: string, c: Call = {}): Promise<Answer<T>> {
    const q = new URLSearchParams();
    const domain = c.domain === undefined ? 'localhost' : c.domain;
    if (domain !== null) q.set('domain', domain);
    for (const [k, v] of Object.entries(c.query ?? {})) q.set(k, String(v));
    const qs = q.toString();
    return this.raw(`/s/api${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`, c);
  }

  async raw<T = any>(pathAndQuery: string, c: Call = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...(c.headers ?? {}) };
    if (c.token !== undefined) headers.authorization = c.token;
    if (c.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.sb.url + pathAndQuery, {
      method: c.method ?? (c.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: c.body === undefined ? undefined : JSON.stringify(c.body),
    });
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  async control<T = any>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    return this.raw(`/__sandbox${path}`, { method, body });
  }

  async token(account: string): Promise<{ token: string; code: string; userId: number }> {
    const r = await this.control('POST', '/tokens', { account });
    if (r.status !== 200) throw new Error(`token for ${account}: ${r.status} ${r.text}`);
    return r.json;
  }
}

export async function start(opts: SandboxOptions = {}): Promise<{ sb: Sandbox; c: Client }> {
  const sb = await startSandbox({ port: 0, db: ':memory:', ...opts });
  return { sb, c: new Client(sb) };
}

/**
 * The sandbox of a test file, the block each file wrote again: started before its tests (in memory, any
 * port), reset before each test, closed after. `c` is usable in the tests at once; `sandbox()` is the
 * started sandbox (for its url or its database).
 */
export function useSandbox(opts: SandboxOptions = {}): { c: Client; sandbox: () => Sandbox } {
  let sb: Sandbox | undefined;
  const sandbox = () => {
    if (!sb) throw new Error('the sandbox is not started yet (use it inside a test or a hook)');
    return sb;
  };
  const c = new Client(sandbox);
  beforeAll(async () => {
    sb = (await start(opts)).sb;
  });
  afterAll(async () => sb?.close());
  beforeEach(async () => {
    await c.control('POST', '/reset');
  });
  return { c, sandbox };
}

/** A sandbox whose `control` answers the JSON of a control call (and throws on an error status): the
 * in-process sandbox of the portal's vitest files (tests/unit/sandbox.ts) and of the sandbox's own tests. */
export type TestSandbox = Sandbox & { control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> };

export async function startTestSandbox(): Promise<TestSandbox> {
  const { sb, c } = await start();
  return Object.assign(sb, {
    async control<T>(method: string, path: string, body?: unknown): Promise<T> {
      const r = await c.control<T>(method, path, body);
      if (r.status >= 400) throw new Error(`control ${method} ${path}: ${r.status} ${r.text}`);
      return r.json as T;
    },
  });
}
