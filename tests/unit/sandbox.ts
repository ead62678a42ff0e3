// Test helper: a real sandbox upstream in the test process (tests may use the sandbox; portal code never does).
import { startSandbox } from "../../sandbox/src/server";

export type TestSandbox = Awaited<ReturnType<typeof startSandbox>> & {
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
};

export async function startTestSandbox(): Promise<TestSandbox> {
  const sandbox = await startSandbox({ port: 0, db: ":memory:" });
  return Object.assign(sandbox, {
    async control<T>(method: string, path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${sandbox.url}/__sandbox${path}`, {
        method,
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
  });
}
