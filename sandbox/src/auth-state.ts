import { randomBytes } from 'node:crypto';
import type { Ctx } from './context.js';

/**
 * In-memory state of the login area (captcha tickets, face orders, third-party codes, attempt counters).
 * One per sandbox instance; `POST /__sandbox/reset` empties it.
 */
export interface AuthState {
  /** when true, login, SMS send and register answer '600' unless a valid captcha ticket comes with them */
  captchaRequired: boolean;
  /** challenge id -> expected answer */
  challenges: Map<string, string>;
  /** ticket -> randstr (single use) */
  tickets: Map<string, string>;
  /** user ids whose password login needs the face step (code 120030002) */
  faceUsers: Set<number>;
  /** orderNo -> face order */
  faceOrders: Map<string, { loginToken: string; userId: number; schoolId: number; result?: 'pass' | 'fail' }>;
  /** provider authorisation code -> third-party identity */
  thirdCodes: Map<string, { type: string; userId: number | null }>;
  /** cache code -> user (one-time, from getThirdUserBy) */
  cacheCodes: Map<string, { userId: number; type: string }>;
  /** failed password logins per account: first failure time and count */
  loginFailures: Map<string, { first: number; count: number }>;
  /** anonymous exercise records per client id */
  anonymousRecords: Map<string, number[]>;
  nextRecordId: number;
}

/** The seeded user who needs face verification (sandbox/README.md, "Seed data"). */
export const FACE_USER_ID = 1004;

const states = new WeakMap<Ctx, AuthState>();

function fresh(): AuthState {
  return {
    captchaRequired: false,
    challenges: new Map(),
    tickets: new Map(),
    faceUsers: new Set([FACE_USER_ID]),
    faceOrders: new Map(),
    thirdCodes: new Map(),
    cacheCodes: new Map(),
    loginFailures: new Map(),
    anonymousRecords: new Map(),
    nextRecordId: 90001,
  };
}

export function authState(ctx: Ctx): AuthState {
  let s = states.get(ctx);
  if (!s) states.set(ctx, (s = fresh()));
  return s;
}

export function resetAuthState(ctx: Ctx): void {
  states.set(ctx, fresh());
}

export const randomId = (bytes = 12) => randomBytes(bytes).toString('hex');

/**
 * Captcha gate of a call: `undefined` when it may proceed; `'600'` when a ticket is needed (none, unknown or
 * already used). A valid ticket is consumed.
 */
/**
 * The slider answer checked without using it up: the duplicate check before a register code (spec 000 §5)
 * takes the same ticket and randstr the send that follows uses.
 */
export function captchaPeek(ctx: Ctx, ticket: unknown, randstr: unknown): '600' | undefined {
  const s = authState(ctx);
  if (!s.captchaRequired) return undefined;
  if (typeof ticket !== 'string' || !ticket) return '600';
  return s.tickets.get(ticket) === randstr ? undefined : '600';
}

export function captchaGate(ctx: Ctx, ticket: unknown, randstr: unknown): '600' | undefined {
  const s = authState(ctx);
  if (!s.captchaRequired) return undefined;
  if (typeof ticket !== 'string' || !ticket) return '600';
  const expected = s.tickets.get(ticket);
  if (expected === undefined || expected !== randstr) return '600';
  s.tickets.delete(ticket);
  return undefined;
}
