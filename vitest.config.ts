import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(__dirname, "app") },
  },
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "sandbox/test/**/*.test.ts", "tests/unit/**/*.test.ts"],
    testTimeout: 15_000,
    // the page tests (tests/unit/portal.ts) load build/index.js: build it when app/ is newer
    globalSetup: ["tests/unit/build.global.ts"],
    env: { SESSION_SECRET: "vitest-session-secret-0123456789" },
  },
});
