/**
 * The exam/live socket's message format (docs/decisions/007-realtime-socket.md), shared by the
 * sandbox's socket server. The portal's client module (app/services/realtime.client.ts) speaks the same.
 *
 * client -> server: { op, seq, data }             seq: 1, 2, 3 ... per connection
 * server -> client: { op, seq, code, message, data }   the answer to seq (code '1' = success)
 * server push:      { op, seq: 0, code: '1', message: '', data }
 */
export const OPS = [
  'auth',
  'heartbeat',
  'paperQuestions',
  'review',
  'submitOne',
  'pause',
  'resume',
  'mark',
  'sign',
  'switchQuestion',
  'submit',
  'close',
  'examFace',
  'liveIn',
  'replayIn',
  'logOn',
  'logOff',
  'channelInfo',
  'videoIn',
  'videoReady',
] as const;
export type Op = (typeof OPS)[number];

export interface ClientMessage {
  op: Op;
  seq: number;
  data: Record<string, unknown>;
}
export interface ServerMessage {
  op: Op | 'error';
  seq: number;
  code: string;
  message: string;
  data: unknown;
}

export function isOp(v: unknown): v is Op {
  return typeof v === 'string' && (OPS as readonly string[]).includes(v);
}

/** Parses one frame; undefined when it is not a well-formed client message. */
export function parseClientMessage(raw: string): ClientMessage | undefined {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const m = v as Record<string, unknown>;
  if (!isOp(m.op) || typeof m.seq !== 'number' || !Number.isInteger(m.seq)) return undefined;
  const data = typeof m.data === 'object' && m.data !== null && !Array.isArray(m.data) ? (m.data as Record<string, unknown>) : {};
  return { op: m.op, seq: m.seq, data };
}

/** Close codes of the socket server. */
export const CLOSE_AUTH_FAILED = 4001;
