import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export type Malformed = 'truncated' | 'html' | 'garbage';

export interface FaultSpec {
  /** regex tested against the path after /s/api (without the query string) */
  path: string;
  method?: string;
  latencyMs?: number;
  status?: number;
  code?: string;
  message?: string;
  malformed?: Malformed;
  headers?: Record<string, string>;
  body?: string;
  /** matching calls before the fault removes itself; unlimited when absent */
  times?: number;
  /**
   * Matching calls wait, unanswered, until the fault is removed (DELETE /faults/:id or /faults, a reset,
   * the sandbox closing): a test sees which calls were sent before any was answered, an order of events
   * instead of a number of milliseconds (issue 22).
   */
  hold?: boolean;
}

export interface Fault extends FaultSpec {
  id: number;
  hits: number;
}

export class FaultError extends Error {}

const MALFORMED: readonly string[] = ['truncated', 'html', 'garbage'];

export function validateFault(input: unknown): FaultSpec {
  if (typeof input !== 'object' || input === null) throw new FaultError('fault must be an object');
  const f = input as Record<string, unknown>;
  if (typeof f.path !== 'string' || !f.path) throw new FaultError('path (regex string) is required');
  try {
    new RegExp(f.path);
  } catch (e) {
    throw new FaultError(`invalid path regex: ${(e as Error).message}`);
  }
  const spec: FaultSpec = { path: f.path };
  if (f.method !== undefined) {
    if (typeof f.method !== 'string') throw new FaultError('method must be a string');
    spec.method = f.method.toUpperCase();
  }
  if (f.latencyMs !== undefined) {
    if (typeof f.latencyMs !== 'number' || f.latencyMs < 0) throw new FaultError('latencyMs must be a number >= 0');
    spec.latencyMs = f.latencyMs;
  }
  if (f.status !== undefined) {
    if (typeof f.status !== 'number' || f.status < 100 || f.status > 599) throw new FaultError('status must be an HTTP status');
    spec.status = f.status;
  }
  if (f.code !== undefined) {
    if (typeof f.code !== 'string' && typeof f.code !== 'number') throw new FaultError('code must be a string');
    spec.code = String(f.code);
  }
  if (f.message !== undefined) {
    if (typeof f.message !== 'string') throw new FaultError('message must be a string');
    spec.message = f.message;
  }
  if (f.malformed !== undefined) {
    if (typeof f.malformed !== 'string' || !MALFORMED.includes(f.malformed)) throw new FaultError('malformed must be truncated|html|garbage');
    spec.malformed = f.malformed as Malformed;
  }
  if (f.headers !== undefined) {
    if (typeof f.headers !== 'object' || f.headers === null) throw new FaultError('headers must be an object');
    spec.headers = Object.fromEntries(Object.entries(f.headers as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
  }
  if (f.body !== undefined) {
    if (typeof f.body !== 'string') throw new FaultError('body must be a string');
    spec.body = f.body;
  }
  if (f.times !== undefined) {
    if (typeof f.times !== 'number' || f.times < 1) throw new FaultError('times must be a number >= 1');
    spec.times = Math.floor(f.times);
  }
  if (f.hold !== undefined) {
    if (typeof f.hold !== 'boolean') throw new FaultError('hold must be a boolean');
    if (f.hold) spec.hold = true;
  }
  return spec;
}

export class FaultStore {
  private faults: Fault[] = [];
  private nextId = 1;
  /** the calls waiting on a `hold` fault, by fault id: released when it is removed */
  private held = new Map<number, Array<() => void>>();

  add(spec: FaultSpec): Fault {
    const f: Fault = { ...spec, id: this.nextId++, hits: 0 };
    this.faults.push(f);
    return f;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }
  clear(): void {
    this.faults = [];
    for (const id of [...this.held.keys()]) this.release(id);
  }
  remove(id: number): boolean {
    const n = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    if (!this.faults.some((f) => f.id === id)) this.release(id);
    return this.faults.length !== n;
  }
  private release(id: number): void {
    for (const go of this.held.get(id) ?? []) go();
    this.held.delete(id);
  }

  /**
   * Every fault matching the call counts one use (and is removed once its `times` are used up).
   * Returns the summed latency and the first matching fault that answers (status, code or malformed).
   */
  match(method: string, path: string): { latencyMs: number; answer?: Fault; held?: Promise<void> } {
    let latencyMs = 0;
    let answer: Fault | undefined;
    const holds: Array<Promise<void>> = [];
    for (const f of [...this.faults]) {
      if (f.method && f.method !== method.toUpperCase()) continue;
      if (!new RegExp(f.path).test(path)) continue;
      f.hits++;
      latencyMs += f.latencyMs ?? 0;
      if (f.hold) holds.push(new Promise<void>((go) => this.held.set(f.id, [...(this.held.get(f.id) ?? []), go])));
      if (!answer && (f.status !== undefined || f.code !== undefined || f.malformed !== undefined)) answer = f;
      if (f.times !== undefined && f.hits >= f.times && !f.hold) this.remove(f.id);
      else if (f.times !== undefined && f.hits >= f.times) this.faults = this.faults.filter((x) => x.id !== f.id);
    }
    return { latencyMs, answer, held: holds.length ? Promise.all(holds).then(() => undefined) : undefined };
  }
}

/** Sends the answer of a fault. */
export function sendFault(reply: FastifyReply, f: Fault): FastifyReply {
  if (f.headers) reply.headers(f.headers);
  if (f.status !== undefined) {
    reply.code(f.status);
    if (f.body !== undefined) return reply.type('text/html; charset=utf-8').send(f.body);
    if (f.status === 401) return reply.send({ code: '401', message: f.message ?? 'unauthorized' });
    return reply.send({ code: String(f.status), message: f.message ?? defaultMessage(f.status) });
  }
  if (f.malformed) {
    reply.code(200);
    switch (f.malformed) {
      case 'truncated':
        return reply.type('application/json; charset=utf-8').send('{"code":"1","message":"success","data":{"id":1,"na');
      case 'html':
        return reply
          .type('text/html; charset=utf-8')
          .send(
            '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
          );
      case 'garbage':
        return reply.type('application/json; charset=utf-8').send(randomBytes(64));
    }
  }
  return reply.code(200).send({ code: f.code, message: f.message ?? 'error', data: null });
}

function defaultMessage(status: number): string {
  switch (status) {
    case 403:
      return 'forbidden';
    case 409:
      return 'your account has logged in elsewhere';
    case 550:
      return 'request intercepted';
    default:
      return 'error';
  }
}
