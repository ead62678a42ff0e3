/**
 * The page's line that loads the service worker's registration (public/sw-register.js, decision 098) after the
 * page's `load`: inline in the head beside the hash-link script (entry.server gives both to HashRoutes' element),
 * so that it is in the HTML (a nonce'd script), never in the JavaScript every page downloads (decision 040).
 */
export const SW_REGISTER_SCRIPT =
  'addEventListener("load",function(){var s=document.createElement("script");s.type="module";s.src="/sw-register.js";document.head.appendChild(s)},{once:true});';
