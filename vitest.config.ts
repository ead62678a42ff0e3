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
    env: { SESSION_SECRET: "vitest-session-secret-0123456789" },
  },
});
