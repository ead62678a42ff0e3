import { defineConfig } from "@playwright/test";

export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4010);
export const PORTAL_PORT = Number(process.env.E2E_PORTAL_PORT ?? 3010);
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
export const PORTAL_URL = `http://127.0.0.1:${PORTAL_PORT}`;

const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: /.*\.test\.ts$/,
  // One sandbox, reset between tests: the journeys run one after another.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: PORTAL_URL,
    locale: "zh-CN",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: "node sandbox/dist/index.js",
      url: `${SANDBOX_URL}/__sandbox/health`,
      reuseExistingServer: false,
      env: { SANDBOX_PORT: String(SANDBOX_PORT), SANDBOX_HOST: "127.0.0.1", SANDBOX_DB: ":memory:" },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node scripts/serve.mjs",
      url: `${PORTAL_URL}/healthz`,
      reuseExistingServer: false,
      env: {
        NODE_ENV: "production",
        PORT: String(PORTAL_PORT),
        HOST: "127.0.0.1",
        UPSTREAM_URL: SANDBOX_URL,
        UPSTREAM_TIMEOUT_MS: "2000",
        SESSION_SECRET: "playwright-session-secret-0123456789",
        // Tests change the company config through the sandbox and expect to see it at once.
        CONFIG_TTL_S: "0",
        // Faults injected on content calls (and sandbox content changes) must take effect at once too.
        CONTENT_TTL_S: "0",
        LOG_REQUESTS: "0",
        // Every journey logs in from 127.0.0.1: the per-address caps are tested in vitest, the per-mobile one here.
        RATE_LIMIT_LOGIN_PER_IP: "100000",
        RATE_LIMIT_SMS_PER_IP: "100000",
        // The limits themselves are unit-tested; journeys log the same demo accounts in many times.
        RATE_LIMIT_LOGIN_PER_ACCOUNT: "100000",
      },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
