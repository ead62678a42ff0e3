/**
 * The ids of the routes that code names (`useRouteLoaderData`, tests). A route's id is `routes/` and its
 * module's path under app/routes without the extension (remix-flat-routes in remix.config.js, decision 050),
 * so moving a module changes its id: each id is spelled here once, and tests/unit/route-tree.test.ts checks
 * that each is in the route manifest. (`root` is Remix's own id for app/root.tsx.)
 */

/** The school layout (app/routes/_school+/_layout.tsx): current school, user, menus for the header and footer. */
export const SCHOOL_ROUTE_ID = "routes/_school+/_layout";

/** The personal centre's layout (app/routes/_school+/personal+/_layout.tsx): its guard, menu and error frame. */
export const PERSONAL_ROUTE_ID = "routes/_school+/personal+/_layout";
