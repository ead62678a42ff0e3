/**
 * Old hash links (`/#/course/list`, `/s/pc/#/personal/...`) land on the matching path route. The
 * server never sees the hash, so a tiny inline script (fixed text, no config in it) does it first thing
 * (drawn by HashRoutes.tsx; its text only in the page, never in the browser's JavaScript: decision 093).
 *
 * Only a plain path of this site is followed (issue 10 part 1): the hash is attacker-written, and
 * `#//evil.example`, `#/\evil.example`, `#/./%2F...`, a tab the URL parser drops (`#/<tab>//evil.example`
 * arrives as `#///evil.example`) or dot segments (`#/.//evil.example`) would otherwise leave the site.
 * The target must start with one `/` followed by neither `/` nor `\`, hold no control character, space or
 * backslash (nor one percent-encoded in its path), and resolve to this origin with a path that does not start with `//`; the browser is then
 * sent to that resolved URL, never to the raw text.
 */
export const HASH_ROUTES_SCRIPT = String.raw`(function(){try{var h=location.hash,p=h.slice(1);if(h.indexOf("#/")!==0||p.length<2||!/^\/[^\/\\]/.test(p)||/[\u0000-\u0020\u007f\\]/.test(p)||/%(?:[01][0-9a-f]|20|7f|5c)/i.test(p.split(/[?#]/)[0]))return;var u=new URL(p,location.href);if(u.origin===location.origin&&!/^\/[\/\\]/.test(u.pathname))location.replace(u.href)}catch(e){}})()`;
