/** The upstream response envelope: `{ code, message, data }`, `code` a string, '1' = success. */
export interface Envelope<T = unknown> {
  code: string;
  message: string;
  data: T | null;
}

export function ok<T>(data: T): Envelope<T> {
  return { code: '1', message: 'success', data };
}

export function fail(code: string, message: string): Envelope<null> {
  return { code, message, data: null };
}

/** Body of an HTTP 401 answer. */
export const UNAUTHORIZED = { code: '401', message: 'unauthorized' } as const;
