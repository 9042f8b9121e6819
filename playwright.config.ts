import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromiumPath = process.env.CHROMIUM_PATH ?? (process.env.PLAYWRIGHT_BUNDLED_CHROMIUM ? undefined : "/usr/bin/chromium");

/**
 * End-to-end tests against the production build (npm run build first; scripts/test.mjs does),
 * in two projects: JavaScript on and JavaScript off. CHROMIUM_PATH picks the browser; set
 * PLAYWRIGHT_BUNDLED_CHROMIUM=1 to use Playwright's own Chromium where it can be installed.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    { name: "no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node tests/setup/e2e-server.mjs",
    url: `http://localhost:${PORT}/robots.txt`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
