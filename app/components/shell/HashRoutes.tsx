/**
 * Old hash links (`/#/course/list`, `/s/pc/#/personal/...`) land on the matching path route. The
 * server never sees the hash, so a tiny inline script (fixed text, no config in it) does it first thing.
 */
export const HASH_ROUTES_SCRIPT =
  'var h=location.hash;if(h.indexOf("#/")===0&&h.length>2){location.replace(h.slice(1))}';

export function HashRoutes({ nonce }: { nonce: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HASH_ROUTES_SCRIPT }} />;
}
