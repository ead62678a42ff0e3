// The entry of public/sw-register.js (scripts/build-sw.mjs): a script of its own, loaded by entry.client after the
// page's `load`, outside Remix's bundle and so outside every page's first-visit scripts (decision 098).
import { registerServiceWorker } from "~/sw/register.client";

registerServiceWorker();
