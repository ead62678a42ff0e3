import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed links to private objects (issue 21 item 5, decision 043), as a real object store signs private
 * downloads (S3/OSS presigned URLs): `<path>?[attname=..&]Expires=<unix seconds>&Signature=<base64url>`,
 * the signature an HMAC-SHA256 over `GET\n<path>\n<Expires>\n<attname>` with the store's secret. The
 * upstream (which holds the secret, like a backend holding the bucket's access key) signs a fresh link
 * each time it hands a private object's address to its owner; the store checks it on every read and
 * answers 403 to an unsigned, tampered or expired one. Stateless: nothing is stored per link.
 * The secret is made per sandbox instance (links die with it, as they would on a key rotation).
 */
export const SIGNED_LINK_TTL_S = 600;

/**
 * The Cache-Control of a private file read through its signed link (a certificate, a store object, a sign-up
 * upload): a student's own document is kept by no cache, neither a shared proxy nor the browser's disk, past
 * the link that opened it (issue 36 §4: the certificate downloads sent none).
 */
export const PRIVATE_DOWNLOAD_CACHE = 'private, no-store';

const secrets = new WeakMap<object, Buffer>();
function secretOf(owner: object): Buffer {
  let s = secrets.get(owner);
  if (!s) secrets.set(owner, (s = randomBytes(32)));
  return s;
}

const mac = (owner: object, path: string, expires: string, attname: string) =>
  createHmac('sha256', secretOf(owner)).update(`GET\n${path}\n${expires}\n${attname}`).digest('base64url');

/**
 * A signed link to `path` (already URL-encoded, starting with '/'): `origin` is the store's
 * (`http://host`), `attname` the download name a real store puts in Content-Disposition (signed too).
 */
export function signedLink(owner: object, origin: string, path: string, options: { attname?: string; ttlS?: number; now?: number } = {}): string {
  const expires = String(Math.floor((options.now ?? Date.now()) / 1000) + (options.ttlS ?? SIGNED_LINK_TTL_S));
  const query = new URLSearchParams({
    ...(options.attname ? { attname: options.attname } : {}),
    Expires: expires,
    Signature: mac(owner, path, expires, options.attname ?? ''),
  });
  return `${origin}${path}?${query}`;
}

export type LinkRefusal = 'unsigned' | 'expired' | 'tampered';

/** Why a read of `path` with that query is refused, or undefined when its signature holds. */
export function checkSignedLink(owner: object, path: string, query: Record<string, string | undefined>, now = Date.now()): LinkRefusal | undefined {
  const { Expires: expires, Signature: signature } = query;
  if (!expires || !signature) return 'unsigned';
  if (typeof expires !== 'string' || typeof signature !== 'string' || (query.attname !== undefined && typeof query.attname !== 'string')) return 'tampered';
  if (!/^\d{1,12}$/.test(expires)) return 'tampered';
  const want = Buffer.from(mac(owner, path, expires, query.attname ?? ''));
  const got = Buffer.from(signature);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return 'tampered';
  return Number(expires) * 1000 < now ? 'expired' : undefined;
}

/** A store URL with its signature and expiry taken off (what is kept when a signed link is posted back). */
export function unsigned(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  params.delete('Expires');
  params.delete('Signature');
  const rest = params.toString();
  return rest ? `${url.slice(0, q)}?${rest}` : url.slice(0, q);
}

/**
 * A stored address of a private file (an object of the store, `http://host/storage/o/<key>[?attname=..]`,
 * or a sign-up upload, `http://host/__files/<id>/<name>`, as annex and image values keep them) made a
 * fresh signed link; any other value (text, a public sample, a number) is left as it is.
 */
export function signStoredUrl<T>(owner: object, value: T): T | string {
  if (typeof value !== 'string') return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  if (!/^https?:$/.test(url.protocol) || !/^\/(storage\/o|__files)\//.test(url.pathname)) return value;
  return signedLink(owner, url.origin, url.pathname, { attname: url.searchParams.get('attname') ?? undefined });
}
