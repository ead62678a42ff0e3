// The bench's baseline (bench/README.md, "Bare Remix"): a hello page of the same Remix version with the
// portal's future flags and module format, built by scripts/bench.mjs in the same run as the portal.
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  appDirectory: "app",
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
