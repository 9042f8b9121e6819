#!/usr/bin/env node
// First-load JavaScript per route, gzipped: what a browser downloads before a page is interactive
// when it lands on that route (the client entry, the root route, the route itself and every chunk
// they import statically, as Remix lists them in the page's modulepreload links). Reads Vite's
// .vite/manifest.json when the build kept it (build.manifest: true), else Remix's browser manifest.
//
//   node scripts/js-budget.mjs [buildDir]          table (default buildDir: $BUILD_DIR or "build")
//   node scripts/js-budget.mjs [buildDir] --json   the same as JSON, for a budget test
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROUTE_SUFFIX = "?__remix-build-client-route";

/** Rows of { route, files, raw, gzip } (bytes), largest first. */
export function firstLoadJs(buildDir = process.env.BUILD_DIR ?? "build") {
  const clientDir = path.resolve(buildDir, "client");
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const content = readFileSync(path.join(clientDir, file));
      sizes.set(file, { raw: content.length, gzip: gzipSync(content, { level: 9 }).length });
    }
    return sizes.get(file);
  };
  const sets = existsSync(path.join(clientDir, ".vite", "manifest.json")) ? fromViteManifest(clientDir) : fromRemixManifest(clientDir);
  // (The route manifest itself is inlined into the page under lazy route discovery: no file to count.)
  const rows = [...sets].map(([route, files]) => {
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      raw += sizeOf(file).raw;
      gzip += sizeOf(file).gzip;
    }
    return { route, files: files.size, raw, gzip };
  });
  return rows.sort((a, b) => b.gzip - a.gzip);
}

/** Vite's manifest (build.manifest: true): entry + root + route and their static imports, transitively. */
function fromViteManifest(clientDir) {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8"));
  const keys = Object.keys(manifest);
  const entryKey = keys.find((key) => key.startsWith("app/entry.client")) ?? keys.find((key) => manifest[key].isEntry);
  const rootKey = keys.find((key) => /^app\/root\.[jt]sx?/.test(key));
  if (!entryKey || !rootKey) throw new Error(`no client entry or root route in ${clientDir}/.vite/manifest.json`);
  const closure = (startKeys) => {
    const files = new Set();
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      if (manifest[key].file.endsWith(".js")) files.add(manifest[key].file);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    startKeys.forEach(visit);
    return files;
  };
  return new Map(
    keys
      .filter((key) => key.startsWith("app/routes/"))
      .map((key) => [key.replace(ROUTE_SUFFIX, "").replace(/^app\/routes\//, "").replace(/\.[jt]sx?$/, ""), closure([entryKey, rootKey, key])]),
  );
}

/**
 * Remix's own browser manifest (build/client/assets/manifest-*.js, always written): for each route
 * exactly the modules its page lists as modulepreload (entry, and every route from the root down).
 */
function fromRemixManifest(clientDir) {
  const file = readdirSync(path.join(clientDir, "assets")).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no .vite/manifest.json and no Remix manifest in ${clientDir}/assets`);
  const source = readFileSync(path.join(clientDir, "assets", file), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
  const strip = (url) => url.replace(/^\//, "");
  const sets = new Map();
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (id === "root") continue;
    const files = new Set([manifest.entry.module, ...manifest.entry.imports].map(strip));
    for (let current = route; current; current = current.parentId ? manifest.routes[current.parentId] : undefined) {
      for (const url of [current.module, ...(current.imports ?? [])]) files.add(strip(url));
    }
    sets.set(id.replace(/^routes\//, ""), files);
  }
  return sets;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const buildDir = args.find((arg) => !arg.startsWith("--"));
  const rows = firstLoadJs(buildDir);
  if (args.includes("--json")) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(8);
    const width = Math.max(5, ...rows.map((row) => row.route.length));
    console.log(`${"route".padEnd(width)}  files  raw kB  gzip kB`);
    for (const row of rows) console.log(`${row.route.padEnd(width)}  ${String(row.files).padStart(5)}${kb(row.raw)} ${kb(row.gzip)}`);
  }
}
