import { flatRoutes } from "remix-flat-routes";

/**
 * Routes: remix-flat-routes (as epic-stack before Vite), decision 050. Folders ending in `+` add their name
 * to the flat name of every module in them (`_school+/_buying+/payment.pay.tsx` = `_school._buying.payment.pay`):
 * a `_` folder is an area with no URL segment of its own, so URLs are those of the flat names inside.
 * `_layout.tsx` is a folder's layout route, `_index.tsx` its index. Inside a `+` folder every module is a route
 * but tests (`*.test.ts`), server modules (`*.server.ts`) and helpers named `__*` (a route's own schema or
 * component beside it).
 *
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  // Remix's own convention finds nothing (flatRoutes below reads app/routes)
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/__*.*"] }),
  serverModuleFormat: "esm",
  postcss: true,
  tailwind: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
