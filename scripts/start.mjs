#!/usr/bin/env node
// `npm start`: builds when there is no build (or the sources are newer), then serves the
// production build with remix-serve on PORT (3000). The database is opened, migrated and, when
// new, seeded by the server itself at start-up.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const serverBuild = path.join(root, "build/server/index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["app", "supabase", "public"].map((d) => path.join(root, d)).filter(existsSync);
const stale =
  !existsSync(serverBuild) ||
  Math.max(...sources.map(newestMtime), statSync(path.join(root, "package.json")).mtimeMs) > statSync(serverBuild).mtimeMs;

if (stale && process.env.SKIP_BUILD !== "1") {
  console.log("Building the shop (production build)…");
  const result = spawnSync("npx", ["remix", "vite:build"], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(
  process.execPath,
  [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), serverBuild],
  { cwd: root, stdio: "inherit", env: { NODE_ENV: "production", ...process.env } },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
