#!/usr/bin/env node
// `npm run images -- rebuild`: processes the product and offer images uploaded before uploads were
// processed (app/services/image-rebuild.server.ts: upright, metadata stripped, AVIF/WebP widths
// and a JPEG fallback), and points the products and offers at them. Idempotent and resumable: run
// it again and it continues with what is left, or reports that nothing is. On the database the
// server uses: DATABASE_URL (the shop may keep running), else the embedded PGlite under DATA_DIR
// (stop the shop first: the data folder's lock, server/data-dir-lock.ts, is taken for the run).
//
// It loads the production build (BUILD_DIR, default ./build; `npm run build` makes it:
// scripts/lib/server-runtime.mjs) and calls its serverRuntime.rebuildImages: the very code the
// server runs, so the command processes exactly as uploads do.
import { existsSync } from "node:fs";
import path from "node:path";
import { loadServerRuntime, Refusal } from "./lib/server-runtime.mjs";

const USAGE = `Usage: npm run images -- rebuild   process the images uploaded before images were processed
Uses DATABASE_URL, or the embedded database under DATA_DIR (default ./data; stop the shop first), like the server,
and the production build in BUILD_DIR (default ./build: run npm run build first).`;

/** Runs the rebuild; answers the exit code (1 when an image could not be processed). */
async function rebuild() {
  const runtime = await loadServerRuntime("rebuildImages", "the image rebuild");
  let lock;
  if (runtime.isEmbedded()) {
    const pgDir = path.join(runtime.dataDir(), "pglite");
    if (!existsSync(path.join(pgDir, "PG_VERSION"))) throw new Refusal(`There is no embedded database in ${pgDir}: nothing to rebuild.`);
    try {
      lock = await runtime.acquireDataDirLock(runtime.dataDir());
    } catch (error) {
      if (error instanceof runtime.DataDirInUse) throw new Refusal(`${error.message}\nThe embedded database is in use: stop the shop first, then run the command again.`);
      throw error;
    }
  }
  try {
    await runtime.startDatabase((line) => console.log(line));
    try {
      const report = await runtime.rebuildImages((line) => console.log(line));
      const before = report.processed.reduce((sum, item) => sum + item.bytesBefore, 0);
      const after = report.processed.reduce((sum, item) => sum + item.bytesAfter, 0);
      if (report.processed.length > 0) {
        console.log(`Originals ${(before / 1e6).toFixed(1)} MB; processed files ${(after / 1e6).toFixed(1)} MB (all widths and formats).`);
      }
      return report.failed.length > 0 ? 1 : 0;
    } finally {
      await runtime.closeDatabase();
    }
  } finally {
    lock?.release();
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command !== "rebuild" || rest.length > 0) {
  console.error(USAGE);
  process.exitCode = command === "help" || command === "--help" ? 0 : 2;
} else {
  try {
    process.exitCode = await rebuild();
  } catch (error) {
    console.error(error instanceof Refusal ? error.message : error);
    process.exitCode = 1;
  }
}
