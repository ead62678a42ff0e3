/** The instead sign-up's addresses (decision 036), in a module of their own so a page linking there loads no list code (services: a route's server side reaches it through instead.server.ts). */
/** Spec 001 §2: the proxy exam sign-up list (where a sign-up is made). */
export const applyHref = "/personal/course/apply";
export const detailHref = (itemUserId: number) => `/personal/course/apply/detail/${itemUserId}`;
