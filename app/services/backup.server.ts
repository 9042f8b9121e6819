import path from "node:path";
import { BackupRefusal, checkBackupDir, listBackups, pruneBackups, tightenBackupFolder, writeBackup } from "../../scripts/lib/backup-archive.mjs";
import { getDb } from "~/db/db.server";
import { dataDir, env, isEmbedded } from "~/utils/env.server";
import { uploadsDir } from "~/utils/media-storage.server";
import { shopMetrics } from "~/utils/metrics.server";

/**
 * Backups of the embedded database (PGlite) and the uploads, taken by the running server: it
 * holds the data folder (server/data-dir-lock.ts), so only it can read the database consistently.
 * - every BACKUP_INTERVAL_HOURS (startBackupSchedule, from the server entry), keeping BACKUP_KEEP;
 * - on request by `npm run backup` over the data folder's control socket (server/backup-control.ts).
 * The file format: scripts/lib/backup-archive.mjs. On Postgres (DATABASE_URL) the shop takes none:
 * pg_dump or the provider's backups (docs/operations.md, "Backups on PostgreSQL").
 */

export { BackupRefusal };

export interface BackupResult {
  file: string;
  name: string;
  bytes: number;
  sha256: string;
  ms: number;
  entries: number;
  pruned: string[];
}

export interface BackupLog {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

/** BACKUP_DIR, default DATA_DIR/backups. */
export function backupDir(): string {
  const configured = env().BACKUP_DIR;
  return configured ? path.resolve(configured) : path.join(dataDir(), "backups");
}

const HOUR_MS = 3_600_000;

/** The newest backup in BACKUP_DIR, or null (also when the folder cannot be read: the backup itself then fails loudly). */
async function newestBackup(): Promise<{ time: Date; name: string } | null> {
  try {
    return (await listBackups(backupDir()))[0] ?? null;
  } catch {
    return null;
  }
}

function intervalMs(): number {
  return env().BACKUP_INTERVAL_HOURS * HOUR_MS;
}

declare global {
  // One schedule, one backup at a time and one state per process (the dev server re-imports modules).
  var __shopBackups:
    | {
        running: Promise<BackupResult> | null;
        runningDir: string | null;
        timer: NodeJS.Timeout | null;
        lastSuccess: { at: Date; name: string } | null;
        lastFailure: { at: Date; message: string } | null;
      }
    | undefined;
}

function state() {
  return (globalThis.__shopBackups ??= { running: null, runningDir: null, timer: null, lastSuccess: null, lastFailure: null });
}

/** Where a backup goes: the server's BACKUP_DIR (the schedule), or the folder `npm run backup` was started with. */
export interface BackupRequest {
  /** An absolute folder; default BACKUP_DIR. */
  dir?: string;
  /** How many backups to keep in it; default BACKUP_KEEP. */
  keep?: number;
  /** Folders the web server serves to visitors (the build's client folder): never a backup folder. */
  publicDirs?: string[];
}

export const POSTGRES_MESSAGE =
  "The shop runs on PostgreSQL (DATABASE_URL): it takes no backups itself. Back the database up with pg_dump " +
  "or your provider's backups (Supabase: Database → Backups), and the uploads in Supabase Storage with the " +
  "provider's tools (docs/operations.md, \"Backups on PostgreSQL\").";

/**
 * Takes a backup now: PGlite's dump of the database (between transactions: every order committed
 * before the call is in it), the session secret and the uploads, into BACKUP_DIR or the folder
 * asked for (checked first: checkBackupDir); then keeps the newest BACKUP_KEEP (or `keep`) there.
 * The folder is made 0700 and every backup file in it 0600. A backup asked for the folder of the
 * one running gets that one's result; one for another folder waits for it, then runs.
 * Only backups into the server's own BACKUP_DIR count for the admin's warning and the last-success
 * metric (a refused or failed `npm run backup` into another folder is that command's error).
 */
export function takeBackup(request: BackupRequest = {}): Promise<BackupResult> {
  const current = state();
  const ownFolder = request.dir === undefined || path.resolve(request.dir) === backupDir();
  let dir: string;
  try {
    dir = checkBackupDir(request.dir ?? backupDir(), { dataDir: dataDir(), publicDirs: request.publicDirs ?? [] });
  } catch (error) {
    return counted(Promise.reject(error), ownFolder);
  }
  if (current.running && current.runningDir === dir) return current.running;
  const keep = request.keep ?? env().BACKUP_KEEP;
  const before = current.running?.catch(() => {}) ?? Promise.resolve();
  const run = before.then(async (): Promise<BackupResult> => {
    if (!isEmbedded()) throw new BackupRefusal(POSTGRES_MESSAGE);
    const db = await getDb();
    if (!db.dumpDataDir) throw new BackupRefusal(POSTGRES_MESSAGE);
    const versions = await db.query<{ version: string }>("select version from public.schema_migrations order by version");
    const dump = await db.dumpDataDir();
    const written = await writeBackup({
      backupDir: dir,
      dump,
      schemaVersions: versions.map((row) => row.version),
      uploadsDir: uploadsDir(),
      sessionSecretFile: path.join(dataDir(), "session-secret"),
    });
    const pruned = await pruneBackups(dir, keep);
    return { ...written, pruned };
  });
  current.running = run;
  current.runningDir = dir;
  void run.catch(() => {}).finally(() => {
    if (current.running === run) {
      current.running = null;
      current.runningDir = null;
    }
  });
  return counted(run, ownFolder);
}

/** Counts a backup's outcome in the metrics; one into the server's own BACKUP_DIR also sets the admin's warning state. */
function counted(run: Promise<BackupResult>, ownFolder: boolean): Promise<BackupResult> {
  const current = state();
  const metrics = shopMetrics();
  run.then(
    (result) => {
      metrics.backups.inc({ result: "success" });
      if (!ownFolder) return;
      current.lastSuccess = { at: new Date(), name: result.name };
      metrics.backupLastSuccess.set(Date.now() / 1000);
    },
    (error: unknown) => {
      metrics.backups.inc({ result: "failure" });
      if (ownFolder) current.lastFailure = { at: new Date(), message: error instanceof Error ? error.message : String(error) };
    },
  );
  return run;
}

/** How a failed backup is logged: loudly, with what to do (the admin dashboard shows it too). */
function logFailure(log: BackupLog, error: unknown) {
  log.error(
    `BACKUP FAILED: ${error instanceof Error ? error.message : String(error)} — no new backup was written to ${backupDir()}. ` +
      "Admins see this on the admin overview until a backup succeeds; check the disk and BACKUP_DIR, then run `npm run backup`.",
    error instanceof BackupRefusal ? undefined : error,
  );
}

/**
 * Takes a backup every BACKUP_INTERVAL_HOURS (0: never) while the server runs on the embedded
 * database: the first when the newest backup in BACKUP_DIR is that old (within a minute of start
 * when there is none), then one interval after each. A failure is logged loudly, shown to admins
 * and tried again after min(interval, 1 h). Returns what it does, for the start-up log.
 */
export async function startBackupSchedule(log: BackupLog): Promise<string> {
  if (!isEmbedded()) return "Backups: on PostgreSQL the shop takes none (use pg_dump or the provider's backups)";
  // Backups an older version left readable by others (folder 0755, .sha256 0644): the owner's only now.
  await tightenBackupFolder(backupDir()).catch((error: unknown) =>
    log.error(`Backups: could not make ${backupDir()} private (0700, files 0600): ${error instanceof Error ? error.message : String(error)}`),
  );
  const every = intervalMs();
  if (every <= 0) return "Backups: scheduled backups off (BACKUP_INTERVAL_HOURS=0); npm run backup takes one";
  const current = state();
  if (current.timer) clearTimeout(current.timer);
  const newest = await newestBackup();
  if (newest) current.lastSuccess ??= { at: newest.time, name: newest.name };
  if (newest) shopMetrics().backupLastSuccess.set(newest.time.getTime() / 1000);
  const firstIn = newest ? Math.max(5_000, newest.time.getTime() + every - Date.now()) : Math.min(every, 60_000);
  const schedule = (ms: number) => {
    current.timer = setTimeout(() => {
      current.timer = null;
      takeBackup().then(
        (result) => {
          log.info(`Backup written: ${result.file} (${(result.bytes / 1e6).toFixed(1)} MB, ${result.ms} ms)${result.pruned.length ? `; removed the older ${result.pruned.join(", ")}` : ""}`);
          if (state() === current) schedule(every);
        },
        (error: unknown) => {
          logFailure(log, error);
          if (state() === current) schedule(Math.min(every, HOUR_MS));
        },
      );
    }, ms);
    current.timer.unref();
  };
  schedule(firstIn);
  return `Backups: every ${env().BACKUP_INTERVAL_HOURS} h into ${backupDir()}, keeping ${env().BACKUP_KEEP}; next in ${Math.round(firstIn / 1000)} s`;
}

/** Stops the schedule and waits for a backup in progress (the server then closes the database). */
export async function stopBackupSchedule(): Promise<void> {
  const current = state();
  if (current.timer) clearTimeout(current.timer);
  current.timer = null;
  await current.running?.catch(() => {});
}

export type BackupAlert =
  | { kind: "failed"; at: string; message: string }
  | { kind: "stale"; newestAt: string | null };

/**
 * What the admin overview warns of: the last backup failed (and none succeeded since), or the
 * newest backup is older than one interval and another (at least an hour) of grace. Null when all is well, on Postgres, or when
 * scheduled backups are off.
 */
export async function backupAlert(now = new Date()): Promise<BackupAlert | null> {
  if (!isEmbedded()) return null;
  const current = state();
  if (current.lastFailure && (!current.lastSuccess || current.lastFailure.at > current.lastSuccess.at)) {
    return { kind: "failed", at: current.lastFailure.at.toISOString(), message: current.lastFailure.message };
  }
  const every = intervalMs();
  if (every <= 0) return null;
  const newest = await newestBackup();
  if (newest && now.getTime() - newest.time.getTime() <= every + Math.max(every, HOUR_MS)) return null;
  if (!newest && process.uptime() * 1000 < 2 * Math.min(every, 60_000)) return null;
  return { kind: "stale", newestAt: newest?.time.toISOString() ?? null };
}

/** The newest backup's age in seconds (Infinity when there is none), for /metrics. */
export async function newestBackupAgeSeconds(now = Date.now()): Promise<number> {
  const newest = await newestBackup();
  return newest ? Math.max(0, (now - newest.time.getTime()) / 1000) : Number.POSITIVE_INFINITY;
}
