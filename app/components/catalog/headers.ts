import type { HeadersFunction } from "@remix-run/node";

/**
 * The `headers` export of the public section routes: the Cache-Control their loader chose (visitor or
 * logged-in user, see sections.server.ts), also on their 404 page. Set-Cookie headers of the root and
 * the route are kept by Remix itself.
 */
export const forwardCacheControl: HeadersFunction = ({ loaderHeaders, errorHeaders, parentHeaders }) => {
  const headers = new Headers();
  const cacheControl = errorHeaders?.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? parentHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};
