#!/usr/bin/env node
// `npm run backup`: a consistent backup of the embedded database (PGlite) and the uploads into
// BACKUP_DIR (default DATA_DIR/backups), as one compressed file named with the time, beside its
// SHA-256 (format: scripts/lib/backup-archive.mjs). Keeps the newest BACKUP_KEEP (7).
//
// While the shop runs, it holds the data folder (DATA_DIR/server.lock) and only it may read the
// database: this asks it, over the data folder's control socket (DATA_DIR/control.sock, mode
// 0600; server/backup-control.ts), and the server takes the backup between two transactions.
// The request names this command's BACKUP_DIR (absolute) and BACKUP_KEEP: the server writes the
// backup there, not into its own BACKUP_DIR, and prunes there.
// When no shop runs, this takes the data folder's lock itself and dumps the database. Never a
// file copy of a live folder. On PostgreSQL (DATABASE_URL) it says how to back that up instead.
// Either way the folder is made 0700 and every backup file in it 0600 (backup-archive.mjs), and
// the command prints the archive's full path.
import { existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BackupRefusal, checkBackupDir, controlSocketPath, pruneBackups, writeBackup } from "./lib/backup-archive.mjs";

const POSTGRES =
  "The shop runs on PostgreSQL (DATABASE_URL is set): `npm run backup` backs up the embedded database only.\n" +
  "Back up PostgreSQL with pg_dump (pg_dump --format=custom --file=shop.dump \"$DATABASE_URL\") or your\n" +
  "provider's backups (Supabase: daily backups / point-in-time recovery), and uploads in Supabase Storage\n" +
  "with the provider's tools. See docs/operations.md, \"Backups on PostgreSQL\".";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");
const backupDir = process.env.BACKUP_DIR?.trim() ? path.resolve(process.env.BACKUP_DIR.trim()) : path.join(dataDir, "backups");
const keep = /^\d+$/.test(process.env.BACKUP_KEEP?.trim() ?? "") && Number(process.env.BACKUP_KEEP) >= 1 ? Number(process.env.BACKUP_KEEP) : 7;

class Refusal extends Error {}

function alive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** The lock's owner: { pid, hostname } or null. */
function lockOwner(file) {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8"));
    return { pid: Number(owner.pid), hostname: String(owner.hostname) };
  } catch (error) {
    return error.code === "ENOENT" ? null : { pid: -1, hostname: "?" };
  }
}

/** Asks the running server for a backup over the control socket. */
function askServer(socketPath, pid) {
  const body = JSON.stringify({ dir: backupDir, keep });
  return new Promise((resolve, reject) => {
    const headers = { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) };
    const req = http.request({ socketPath, path: "/backup", method: "POST", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => {
        let answer;
        try {
          answer = JSON.parse(body);
        } catch {
          return reject(new Error(`The shop server answered ${res.statusCode} without a result.`));
        }
        if (res.statusCode === 200) resolve(answer);
        else reject(new Refusal(`The shop server (process ${pid}) could not take the backup: ${answer.error ?? res.statusCode}`));
      });
    });
    req.on("error", (error) =>
      reject(
        new Refusal(
          `The shop server (process ${pid}) holds ${dataDir} but does not answer on ${socketPath} (${error.code ?? error.message}). ` +
            "Restart it with this version of the shop, or stop it and run npm run backup again.",
        ),
      ),
    );
    req.end(body);
  });
}

/** No shop running: take the data folder's lock (server/data-dir-lock.ts's file) and dump the database ourselves. */
async function backupDirectly() {
  const pgDir = path.join(dataDir, "pglite");
  if (!existsSync(path.join(pgDir, "PG_VERSION"))) throw new Refusal(`There is no embedded database in ${pgDir}: nothing to back up.`);
  const lockFile = path.join(dataDir, "server.lock");
  const owner = lockOwner(lockFile);
  if (owner && owner.hostname === os.hostname() && !alive(owner.pid)) unlinkSync(lockFile); // a crashed server's
  mkdirSync(dataDir, { recursive: true });
  let fd;
  try {
    fd = openSync(lockFile, "wx", 0o644);
  } catch (error) {
    if (error.code === "EEXIST") throw new Refusal(`The data folder ${dataDir} is in use (${lockFile}): stop that process or try again.`);
    throw error;
  }
  writeSync(fd, `${JSON.stringify({ pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString(), by: "npm run backup" })}\n`);
  closeSync(fd);
  let pg;
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
    pg = new PGlite(pgDir, { extensions: { pg_trgm, unaccent } });
    await pg.waitReady;
    const versions = (await pg.query("select version from public.schema_migrations order by version")).rows.map((row) => row.version);
    await pg.exec("checkpoint");
    const dump = await pg.dumpDataDir("none");
    const written = await writeBackup({
      backupDir,
      dump,
      schemaVersions: versions,
      uploadsDir: path.join(dataDir, "uploads"),
      sessionSecretFile: path.join(dataDir, "session-secret"),
    });
    return { ...written, pruned: await pruneBackups(backupDir, keep) };
  } finally {
    await pg?.close().catch(() => {});
    try {
      if (lockOwner(lockFile)?.pid === process.pid) unlinkSync(lockFile);
    } catch {
      // gone already
    }
  }
}

if (process.argv.length > 2) {
  console.error("Usage: npm run backup   (DATA_DIR, BACKUP_DIR and BACKUP_KEEP as for the server)");
  process.exit(2);
}

try {
  if (process.env.DATABASE_URL?.trim()) throw new Refusal(POSTGRES);
  // The same checks as the server's (it checks again): a folder of its own, never the uploads,
  // the database or the static files served to visitors.
  checkBackupDir(backupDir, { dataDir, publicDirs: [path.join(root, "public"), path.join(root, "build", "client")] });
  const owner = lockOwner(path.join(dataDir, "server.lock"));
  let result;
  if (owner && (owner.hostname !== os.hostname() || alive(owner.pid))) {
    if (owner.hostname !== os.hostname()) throw new Refusal(`The data folder ${dataDir} is used by a shop server on ${owner.hostname}: run npm run backup there.`);
    console.log(`The shop is running (process ${owner.pid}): asking it for the backup…`);
    result = await askServer(controlSocketPath(dataDir), owner.pid);
    if (path.dirname(result.file) !== backupDir) {
      // A server of an older version ignores the folder asked for and writes into its own.
      throw new Refusal(
        `The shop server (process ${owner.pid}) wrote the backup to ${result.file}, not into ${backupDir} as asked: it is an older version. ` +
          "Restart it with this version of the shop, or copy that file where you want it.",
      );
    }
  } else {
    console.log(`No shop server runs on ${dataDir}: backing up directly…`);
    result = await backupDirectly();
  }
  console.log(`Backup written: ${result.file}`);
  console.log(`  ${(result.bytes / 1e6).toFixed(2)} MB in ${(result.ms / 1000).toFixed(1)} s, SHA-256 ${result.sha256} (also in ${path.basename(result.file)}.sha256)`);
  if (result.pruned?.length) console.log(`  Removed older backups (keeping ${keep}): ${result.pruned.join(", ")}`);
} catch (error) {
  console.error(error instanceof Refusal || error instanceof BackupRefusal ? error.message : `Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
