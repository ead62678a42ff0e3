/** The instead sign-up's addresses (decision 036), in a module of their own so a page linking there loads no list code (services: a route's server side reaches it through instead.server.ts). */
export const detailHref = (itemUserId: number) => `/personal/course/apply/detail/${itemUserId}`;
