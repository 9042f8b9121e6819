#!/usr/bin/env node
// `npm run images -- rebuild`: processes the product and offer images uploaded before uploads were
// processed (app/services/image-rebuild.server.ts: upright, metadata stripped, AVIF/WebP widths
// and a JPEG fallback), and points the products and offers at them. Idempotent and resumable: run
// it again and it continues with what is left, or reports that nothing is. On the database the
// server uses: DATABASE_URL (the shop may keep running), else the embedded PGlite under DATA_DIR
// (stop the shop first: the data folder's lock, server/data-dir-lock.ts, is taken for the run).
// The shop's own TypeScript modules are loaded through Vite (as in development), so the command
// processes exactly as uploads do.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

class Refusal extends Error {}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = `Usage: npm run images -- rebuild   process the images uploaded before images were processed
Uses DATABASE_URL, or the embedded database under DATA_DIR (default ./data; stop the shop first), like the server.`;

const [command, ...rest] = process.argv.slice(2);
if (command !== "rebuild" || rest.length > 0) {
  console.error(USAGE);
  process.exit(command === "help" || command === "--help" ? 0 : 2);
}

const { createServer } = await import("vite");
const vite = await createServer({
  configFile: false,
  root,
  logLevel: "error",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, watch: null },
  resolve: { alias: { "~": path.join(root, "app") } },
  optimizeDeps: { noDiscovery: true, include: [] },
});

let lock;
let exitCode = 0;
try {
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  if (!process.env.DATABASE_URL) {
    if (!existsSync(path.join(dataDir, "pglite", "PG_VERSION"))) {
      throw new Refusal(`There is no embedded database in ${path.join(dataDir, "pglite")}: nothing to rebuild.`);
    }
    const { acquireDataDirLock, DataDirInUse } = await vite.ssrLoadModule("/server/data-dir-lock.ts");
    try {
      lock = await acquireDataDirLock(dataDir);
    } catch (error) {
      if (error instanceof DataDirInUse) throw new Refusal(`${error.message}\nThe embedded database is in use: stop the shop first, then run the command again.`);
      throw error;
    }
  }
  const { startDatabase, closeDatabase } = await vite.ssrLoadModule("/app/db/db.server.ts");
  const { rebuildImages } = await vite.ssrLoadModule("/app/services/image-rebuild.server.ts");
  await startDatabase((line) => console.log(line));
  try {
    const report = await rebuildImages((line) => console.log(line));
    const before = report.processed.reduce((sum, item) => sum + item.bytesBefore, 0);
    const after = report.processed.reduce((sum, item) => sum + item.bytesAfter, 0);
    if (report.processed.length > 0) {
      console.log(`Originals ${(before / 1e6).toFixed(1)} MB; processed files ${(after / 1e6).toFixed(1)} MB (all widths and formats).`);
    }
    if (report.failed.length > 0) exitCode = 1;
  } finally {
    await closeDatabase();
  }
} catch (error) {
  exitCode = 1;
  console.error(error instanceof Refusal ? error.message : error);
} finally {
  lock?.release();
  await vite.close();
}
process.exit(exitCode);
