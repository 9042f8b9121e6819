// Starting the production build on a fresh embedded database, for the measuring scripts
// (bench, lighthouse, purchase-weight): one way to build, start, wait for and stop it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

/** Builds into buildDir unless a build is there and `reuse` is true. */
export function ensureBuild(buildDir, { reuse = false } = {}) {
  if (reuse && existsSync(path.join(root, buildDir, "server/main.js"))) return;
  const build = spawnSync("npx", ["remix", "vite:build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

export function freshDataDir(name) {
  return mkdtempSync(path.join(os.tmpdir(), `shop-${name}-`));
}

export function removeDataDir(dataDir) {
  rmSync(dataDir, { recursive: true, force: true });
}

/** The production server on `port` with NODE_ENV=production; resolves once the catalogue answers. */
export async function startServer({ buildDir, port, dataDir, env = {} }) {
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, [`${buildDir}/server/main.js`], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, SESSION_SECRET: "measurement-secret", SITE_URL: base, ...env },
  });
  let exited = false;
  let stopping = false;
  server.once("exit", (code, signal) => {
    exited = true;
    if (!stopping) console.error(`[server :${port}] exited unexpectedly (${code ?? signal})`);
  });
  server.markStopping = () => (stopping = true);
  // /products needs the database: the first start of a new data folder migrates and seeds first.
  for (let i = 0; i < 1500 && !exited; i++) {
    try {
      if ((await fetch(`${base}/products`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill("SIGKILL");
  throw new Error(`the server on port ${port} did not start`);
}

export function stopServer(server) {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    server.once("exit", resolve);
    server.markStopping?.();
    server.kill("SIGTERM");
  });
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Replaces the block between <!-- name:start --> and <!-- name:end --> in docs/performance.md. */
export function writePerformanceBlock(name, command, content) {
  const doc = path.join(root, "docs/performance.md");
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\nLast run: ${new Date().toISOString()} (\`${command}\`)\n\n${content}\n${end}`;
  let text = existsSync(doc) ? readFileSync(doc, "utf8") : "# Performance\n";
  text = text.includes(start) ? text.replace(new RegExp(`${start}[\\s\\S]*${end}`), block) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(doc, text);
}
