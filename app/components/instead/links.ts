/** The instead sign-up's addresses (decision 036), in a module of their own so a page linking there loads no list code. */
export const detailHref = (itemUserId: number) => `/personal/course/apply/detail/${itemUserId}`;
