#!/usr/bin/env node
// `npm test`: everything, in order — typecheck, unit and integration tests (PGlite, and a real
// Postgres when TEST_DATABASE_URL is set), the production build, and the end-to-end tests with
// JavaScript on and off.
import { spawnSync } from "node:child_process";

const steps = [
  ["typecheck", "npx", ["tsc"]],
  ["unit + integration tests", "npx", ["vitest", "run"]],
  ["production build", "npx", ["remix", "vite:build"]],
  ["end-to-end tests", "npx", ["playwright", "test"]],
];

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  console.log(`◀ ${name}: ${result.status === 0 ? "ok" : "FAILED"} (${Math.round((Date.now() - started) / 1000)} s)`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
