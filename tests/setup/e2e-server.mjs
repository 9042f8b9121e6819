// The server the end-to-end tests run against: the production build on a fresh embedded database
// (a new DATA_DIR each run, so every run starts from the demo catalogue).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
const buildDir = process.env.BUILD_DIR ?? "build";
const server = spawn(process.execPath, [`${buildDir}/server/main.js`], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SITE_URL: `http://localhost:${process.env.PORT}`,
    SESSION_SECRET: "e2e-test-secret-not-for-production",
    ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? "",
    // The tests play the trusted proxy: X-Forwarded-For lets them act as different clients.
    TRUST_PROXY: "true",
    // Both projects' shoppers order from this one loopback address, most to erika@example.com: the
    // limits are tested with their defaults in tests/integration/checkout-limits.test.ts, and in the
    // browser on a server of their own (tests/e2e/checkout-limits.spec.ts).
    CHECKOUT_ORDERS_PER_ADDRESS: process.env.CHECKOUT_ORDERS_PER_ADDRESS ?? "100000",
    CHECKOUT_ORDERS_PER_EMAIL: process.env.CHECKOUT_ORDERS_PER_EMAIL ?? "100000",
  },
});
const stop = () => {
  server.kill("SIGTERM");
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
