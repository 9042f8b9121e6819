#!/usr/bin/env node
// `npm start`: builds when there is no build (or the sources are newer), then runs the production
// server (server/index.ts, built into build/server/main.js) on PORT (3000). The server opens,
// migrates and, when new, seeds the database itself before it listens.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const serverEntry = path.join(root, "build/server/main.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["app", "server", "supabase", "public"].map((d) => path.join(root, d)).filter(existsSync);
const stale =
  !existsSync(serverEntry) ||
  Math.max(...sources.map(newestMtime), statSync(path.join(root, "package.json")).mtimeMs) > statSync(serverEntry).mtimeMs;

if (stale && process.env.SKIP_BUILD !== "1") {
  console.log("Building the shop (production build)…");
  const result = spawnSync("npx", ["remix", "vite:build"], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
