#!/usr/bin/env node
// `npm run restore -- FILE`: restores a backup of `npm run backup` (or the server's schedule) into
// DATA_DIR, which must be empty or not exist yet. Refuses — with a message, leaving nothing
// behind — a non-empty folder, a file that fails its checksum or is cut short, and a backup from a
// newer version of the shop (its schema_migrations has migrations this code lacks). Then
// `npm start` serves the restored shop, applying the migrations the backup is older than.
// On PostgreSQL, restore with pg_restore / the provider's tools instead (docs/operations.md, "Backups on PostgreSQL").
import path from "node:path";
import { BackupRefusal, loadPgliteDump, migrationVersions, restoreBackup } from "./lib/backup-archive.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0) {
  console.error("Usage: npm run restore -- FILE   restores the backup FILE into DATA_DIR (default ./data), which must be empty");
  process.exit(2);
}
if (process.env.DATABASE_URL?.trim()) {
  console.error("DATABASE_URL is set: `npm run restore` restores the embedded database only. Restore PostgreSQL with pg_restore or your provider's backups (docs/operations.md, \"Backups on PostgreSQL\"); unset DATABASE_URL to restore into DATA_DIR.");
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");

try {
  console.log(`Restoring ${file} into ${dataDir}…`);
  const result = await restoreBackup({ file: path.resolve(file), dataDir, knownVersions: await migrationVersions(root), loadDatabase: loadPgliteDump });
  console.log(`Restored the backup of ${result.createdAt} into ${result.dataDir} (${result.files} files, ${(result.ms / 1000).toFixed(1)} s).`);
  console.log(`Start the shop on it: DATA_DIR=${result.dataDir} npm start (it applies newer migrations itself).`);
} catch (error) {
  console.error(error instanceof BackupRefusal ? `Not restored: ${error.message}` : `Restore failed (nothing was restored): ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
