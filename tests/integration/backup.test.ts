import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutInput, createProduct } from "../factories";
import { controlSocketPath, listBackups, loadPgliteDump, restoreBackup } from "../../scripts/lib/backup-archive.mjs";
import { startBackupControl } from "../../server/backup-control";
import { observeCatalogueWrites } from "~/db/catalogue-version.server";
import { closeDatabase } from "~/db/db.server";
import type { Database } from "~/db/database.server";
import { openPglite } from "~/db/pglite.server";
import { migrate, migrations } from "~/db/migrate.server";
import { seedDemoData } from "~/db/seed.server";
import { addToCart } from "~/models/cart.server";
import { placeOrder } from "~/models/order.server";
import { backupAlert, backupDir, startBackupSchedule, stopBackupSchedule, takeBackup } from "~/services/backup.server";
import { shopMetrics } from "~/utils/metrics.server";

/**
 * Backups of the embedded database (PGlite in a data folder of its own) and its restore. Backups
 * are of PGlite only: on Postgres (DATABASE_URL) the shop refuses and points to pg_dump.
 */
const run = promisify(execFile);
const root = path.resolve(__dirname, "../..");
const knownVersions = migrations.map((m) => m.version);
const saved = { ...process.env };


async function script(name: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, "scripts", name), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** A file's or folder's permission bits (0o700, 0o600…). */
const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every entry in `dir` with its mode, for one readable assertion: { "name": "600", … }. */
function modesIn(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((name) => [name, modeOf(path.join(dir, name)).toString(8)]));
}

/** A backup an older version left: folder 0755, archive 0600, its .sha256 line 0644. */
function olderBackupFolder(dir: string, stamp = "20200101T000000Z") {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  const name = `shop-backup-${stamp}.tar.gz`;
  writeFileSync(path.join(dir, name), "old archive", { mode: 0o600 });
  writeFileSync(path.join(dir, `${name}.sha256`), `0  ${name}\n`);
  chmodSync(path.join(dir, `${name}.sha256`), 0o644);
  return name;
}

async function restoredOrders(dataDir: string): Promise<Set<string>> {
  const db = await openPglite(path.join(dataDir, "pglite"));
  try {
    return new Set((await db.query<{ id: string }>("select id from public.orders")).map((row) => row.id));
  } finally {
    await db.close();
  }
}

describe("backups of the embedded database", () => {
  let tmp: string;
  let dataDir: string;
  let db: Database;

  let umask: number;

  beforeAll(async () => {
    // The usual umask (files 0644, folders 0755 unless a mode is set explicitly): what the
    // backup's modes must not depend on.
    umask = process.umask(0o022);
    tmp = mkdtempSync(path.join(os.tmpdir(), "shop-backup-"));
    dataDir = path.join(tmp, "data");
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    delete process.env.BACKUP_DIR;
    process.env.BACKUP_KEEP = "7";
    const pg = await openPglite(path.join(dataDir, "pglite"));
    await migrate(pg);
    await seedDemoData(pg, { accounts: false });
    db = observeCatalogueWrites(pg);
    globalThis.__shopDb = Promise.resolve(db);
    mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    writeFileSync(path.join(dataDir, "uploads", "1b4e28ba-2fa1-11d2-883f-0016d3cca427.webp"), "image bytes");
    writeFileSync(path.join(dataDir, "session-secret"), "a".repeat(64));
  }, 120_000);

  afterAll(async () => {
    await stopBackupSchedule();
    await closeDatabase();
    process.env = saved;
    process.umask(umask);
    rmSync(tmp, { recursive: true, force: true });
  });

  it("a backup taken under concurrent checkouts restores every order acknowledged before it started, with the uploads", async () => {
    const product = await createProduct(db, { name: "Backup lamp", nameAr: "Backup lamp", stock: 10_000 });
    const acknowledged: Array<{ id: string; at: number }> = [];
    const owners = Array.from({ length: 24 }, () => ({ sessionId: randomUUID() }));
    for (const owner of owners) expect((await addToCart(owner, product, 1)).ok).toBe(true);
    // Every shopper checks out at once; the backup starts once the first 8 orders are acknowledged,
    // while the rest are still being placed.
    const checkouts = Promise.all(
      owners.map(async (owner) => {
        const { orderId } = await placeOrder({ owner, userId: null, sessionId: owner.sessionId, input: checkoutInput(), currency: "EUR", locale: "en" });
        acknowledged.push({ id: orderId, at: performance.now() });
      }),
    );
    while (acknowledged.length < 8) await new Promise((resolve) => setTimeout(resolve, 5));
    const startedAt = performance.now();
    const before = acknowledged.filter((order) => order.at <= startedAt).map((order) => order.id);
    const result = await takeBackup();
    await checkouts;
    expect(before.length).toBeGreaterThanOrEqual(8);
    expect(path.dirname(result.file)).toBe(path.join(dataDir, "backups"));
    expect(path.basename(result.file)).toMatch(/^shop-backup-\d{8}T\d{6}(\d{3})?Z\.tar\.gz$/);
    expect(readFileSync(`${result.file}.sha256`, "utf8")).toBe(`${result.sha256}  ${path.basename(result.file)}\n`);

    const target = path.join(tmp, "restored");
    const restored = await restoreBackup({ file: result.file, dataDir: target, knownVersions, loadDatabase: loadPgliteDump });
    expect(restored.schemaVersions).toEqual(knownVersions);
    const ids = await restoredOrders(target);
    for (const id of before) expect(ids.has(id)).toBe(true);
    expect(readFileSync(path.join(target, "uploads", "1b4e28ba-2fa1-11d2-883f-0016d3cca427.webp"), "utf8")).toBe("image bytes");
    expect(readFileSync(path.join(target, "session-secret"), "utf8")).toBe("a".repeat(64));
    expect(existsSync(path.join(target, "backups"))).toBe(false);
  }, 120_000);

  it("a backup from an older version restores, and the start applies the migrations it lacks", async () => {
    // An older shop: its schema lacks the newest migration (migrations are idempotent, so taking
    // the record away is what a database of the version before looks like to the migrator).
    const newest = knownVersions.at(-1)!;
    await db.query("delete from public.schema_migrations where version = $1", [newest]);
    try {
      const result = await takeBackup();
      const target = path.join(tmp, "older");
      const restored = await restoreBackup({ file: result.file, dataDir: target, knownVersions, loadDatabase: loadPgliteDump });
      expect(restored.schemaVersions).toEqual(knownVersions.slice(0, -1));
      // What `npm start` does on the restored folder: the migrator applies exactly what is missing.
      const pg = await openPglite(path.join(target, "pglite"));
      try {
        expect(await migrate(pg)).toEqual([newest]);
        const [row] = await pg.query<{ n: number }>("select count(*)::int as n from public.schema_migrations");
        expect(row!.n).toBe(knownVersions.length);
        expect(await migrate(pg)).toEqual([]);
      } finally {
        await pg.close();
      }
    } finally {
      await db.query("insert into public.schema_migrations (version) values ($1) on conflict do nothing", [newest]);
    }
  }, 120_000);

  it("restore refuses a non-empty folder, a damaged or truncated file and a backup from a newer schema, leaving nothing behind", async () => {
    const { file } = await takeBackup();
    const attempt = (target: string, options: { file?: string; known?: string[] } = {}) =>
      restoreBackup({ file: options.file ?? file, dataDir: target, knownVersions: options.known ?? knownVersions, loadDatabase: loadPgliteDump });
    const leftovers = () => readdirSync(tmp).filter((name) => name.includes(".restoring-"));

    const full = path.join(tmp, "full");
    mkdirSync(full);
    writeFileSync(path.join(full, "something"), "x");
    await expect(attempt(full)).rejects.toThrow(/is not empty/);
    expect(readdirSync(full)).toEqual(["something"]);

    const bytes = readFileSync(file);
    const damaged = path.join(tmp, "damaged.tar.gz");
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    writeFileSync(damaged, flipped);
    writeFileSync(`${damaged}.sha256`, readFileSync(`${file}.sha256`));
    await expect(attempt(path.join(tmp, "t1"), { file: damaged })).rejects.toThrow(/fails its checksum/);
    // Without its .sha256 line the file's own checks (gzip CRC, each entry's SHA-256) catch it.
    rmSync(`${damaged}.sha256`);
    await expect(attempt(path.join(tmp, "t2"), { file: damaged })).rejects.toThrow(/damaged|checksum|truncated/);

    const truncated = path.join(tmp, "truncated.tar.gz");
    writeFileSync(truncated, bytes);
    truncateSync(truncated, Math.floor(bytes.length * 0.7));
    await expect(attempt(path.join(tmp, "t3"), { file: truncated })).rejects.toThrow(/truncated|cut short/);

    await expect(attempt(path.join(tmp, "t4"), { known: knownVersions.slice(0, -1) })).rejects.toThrow(
      new RegExp(`newer version of the shop.*${knownVersions.at(-1)}`),
    );
    for (const target of ["t1", "t2", "t3", "t4"]) expect(existsSync(path.join(tmp, target))).toBe(false);
    expect(leftovers()).toEqual([]);
  }, 120_000);

  it("a backup is the owner's only: folder 0700, archive and .sha256 0600, also in a folder an older version left 0755 with a 0644 file", async () => {
    const parent = path.join(tmp, "shared");
    mkdirSync(parent);
    expect(modeOf(parent)).toBe(0o755);
    const fresh = path.join(parent, "private", "fresh");
    const first = await takeBackup({ dir: fresh });
    expect(modeOf(fresh)).toBe(0o700);
    expect(modesIn(fresh)).toEqual({ [path.basename(first.file)]: "600", [`${path.basename(first.file)}.sha256`]: "600" });
    // A parent it had to make is private too; one that existed is left as it was.
    expect(modeOf(path.join(parent, "private"))).toBe(0o700);
    expect(modeOf(parent)).toBe(0o755);

    const older = path.join(tmp, "older-backups");
    const old = olderBackupFolder(older);
    writeFileSync(path.join(older, "README.txt"), "not a backup");
    chmodSync(path.join(older, "README.txt"), 0o644);
    const second = await takeBackup({ dir: older });
    expect(modeOf(older)).toBe(0o700);
    expect(modesIn(older)).toEqual({
      [old]: "600",
      [`${old}.sha256`]: "600",
      [path.basename(second.file)]: "600",
      [`${path.basename(second.file)}.sha256`]: "600",
      "README.txt": "644", // not the backup's to change
    });
  }, 120_000);

  it("npm run backup while the shop runs writes into the BACKUP_DIR it was started with, not the server's, and prunes there", async () => {
    // The running server, as server/index.ts starts it: the data folder's lock (this process) and
    // the control socket, answered by the app's takeBackup.
    const lockFile = path.join(dataDir, "server.lock");
    writeFileSync(lockFile, JSON.stringify({ pid: process.pid, hostname: os.hostname() }));
    const lines: string[] = [];
    const control = await startBackupControl({
      socketPath: controlSocketPath(dataDir),
      takeBackup: (request) => takeBackup(request),
      log: { info: (m: string) => lines.push(m), error: (m: string) => lines.push(m), access() {} },
    });
    try {
      const serverFolder = backupDir();
      const before = readdirSync(serverFolder).sort();
      const offsite = path.join(tmp, "offsite");
      const old = olderBackupFolder(offsite);

      const backup = await script("backup.mjs", [], { DATA_DIR: dataDir, BACKUP_DIR: offsite, BACKUP_KEEP: "1" });
      expect(backup.out).toMatch(/The shop is running \(process \d+\): asking it/);
      expect(backup.code).toBe(0);
      const [written] = await listBackups(offsite);
      expect(written).toBeDefined();
      expect(backup.out).toContain(`Backup written: ${written!.file}\n`);
      expect(path.isAbsolute(written!.file)).toBe(true);
      expect(lines.some((line) => line.includes(`Backup requested over the control socket (npm run backup) into ${offsite}`))).toBe(true);
      // Nothing new in the server's own folder; BACKUP_KEEP=1 pruned the older backup in the one asked for.
      expect(readdirSync(serverFolder).sort()).toEqual(before);
      expect(backup.out).toContain(`Removed older backups (keeping 1): ${old}`);
      expect(modeOf(offsite)).toBe(0o700);
      expect(modesIn(offsite)).toEqual({ [written!.name]: "600", [`${written!.name}.sha256`]: "600" });

      // A folder that cannot be made: the server's reason, exit 1, nothing written anywhere.
      const blocker = path.join(tmp, "a-file");
      writeFileSync(blocker, "");
      const blocked = await script("backup.mjs", [], { DATA_DIR: dataDir, BACKUP_DIR: path.join(blocker, "backups") });
      expect(blocked.code).toBe(1);
      expect(blocked.out).toMatch(new RegExp(`could not take the backup: The backup folder ${path.join(blocker, "backups")} cannot be created: a part of the path is a file, not a folder \\(ENOTDIR\\)`));
      // A folder that makes no sense (inside the uploads: backed up into every backup, among the files served).
      const inUploads = await script("backup.mjs", [], { DATA_DIR: dataDir, BACKUP_DIR: path.join(dataDir, "uploads", "backups") });
      expect(inUploads.code).toBe(1);
      expect(inUploads.out).toMatch(/is inside the shop's uploads folder/);
      expect(existsSync(path.join(dataDir, "uploads", "backups"))).toBe(false);
      expect(readdirSync(serverFolder).sort()).toEqual(before);
      // The server checks the folder itself too (whoever asks): a relative one, or one in the uploads.
      const ask = (body: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = http.request({ socketPath: controlSocketPath(dataDir), path: "/backup", method: "POST" }, (res) => {
            let text = "";
            res.on("data", (chunk) => (text += chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
          });
          req.on("error", reject);
          req.end(body);
        });
      expect(await ask(JSON.stringify({ dir: "relative/backups" }))).toMatchObject({ status: 500, body: expect.stringMatching(/must be an absolute path/) });
      expect(await ask(JSON.stringify({ dir: path.join(dataDir, "pglite", "x") }))).toMatchObject({ status: 500, body: expect.stringMatching(/inside the database's own folder/) });
      expect(await ask(JSON.stringify({ dir: offsite, keep: 0 }))).toMatchObject({ status: 400 });
      expect(await ask("not json")).toMatchObject({ status: 400 });
      // A refused `npm run backup` elsewhere is that command's error, not a failure of the shop's own backups.
      expect(await backupAlert()).toBeNull();
    } finally {
      await control?.close();
      rmSync(lockFile, { force: true });
    }
  }, 180_000);

  it("the schedule takes a backup every BACKUP_INTERVAL_HOURS and keeps BACKUP_KEEP; a failure is logged loudly and shown to admins", async () => {
    process.env.BACKUP_DIR = path.join(tmp, "scheduled");
    process.env.BACKUP_INTERVAL_HOURS = "0.0004"; // 1.44 s
    process.env.BACKUP_KEEP = "2";
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(`info ${m}`), error: (m: string) => lines.push(`error ${m}`) };
    const successes = async () => (await shopMetrics().backups.get()).values.find((v) => v.labels.result === "success")?.value ?? 0;
    const start = await successes();
    expect(await startBackupSchedule(log)).toMatch(/every 0.0004 h/);
    for (let i = 0; i < 300 && (await successes()) < start + 3; i++) await new Promise((resolve) => setTimeout(resolve, 200));
    await stopBackupSchedule();
    expect(await successes()).toBeGreaterThanOrEqual(start + 3);
    const kept = await listBackups(backupDir());
    expect(kept).toHaveLength(2);
    expect(readdirSync(backupDir()).filter((name) => name.endsWith(".sha256"))).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith("info Backup written"))).toHaveLength(await successes() - start);
    expect(await backupAlert()).toBeNull();

    // BACKUP_DIR is a file: no backup can be written there.
    const blocked = path.join(tmp, "not-a-folder");
    writeFileSync(blocked, "");
    process.env.BACKUP_DIR = blocked;
    await startBackupSchedule(log);
    for (let i = 0; i < 100 && !lines.some((line) => line.startsWith("error BACKUP FAILED")); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    await stopBackupSchedule();
    expect(lines.find((line) => line.startsWith("error BACKUP FAILED"))).toContain(blocked);
    expect(await backupAlert()).toMatchObject({ kind: "failed" });
    process.env.BACKUP_DIR = path.join(tmp, "scheduled");
    process.env.BACKUP_INTERVAL_HOURS = "24";
  }, 120_000);

  it("the database's folder is the owner's only (PGlite writes its files 0666): made 0700, and tightened when an older version made it 0755", async () => {
    const folder = path.join(tmp, "pglite-755");
    mkdirSync(folder);
    expect(modeOf(folder)).toBe(0o755);
    const pg = await openPglite(folder);
    await pg.close();
    expect(modeOf(folder)).toBe(0o700);
    const fresh = path.join(tmp, "new-data", "pglite");
    const pg2 = await openPglite(fresh);
    await pg2.close();
    expect(modeOf(path.join(tmp, "new-data"))).toBe(0o700);
    expect(modeOf(fresh)).toBe(0o700);
  }, 120_000);

  it("on Postgres (DATABASE_URL) the shop takes no backup and says what to use instead", async () => {
    process.env.DATABASE_URL = "postgres://nobody@127.0.0.1:1/none";
    try {
      await expect(takeBackup()).rejects.toThrow(/pg_dump/);
      expect(await startBackupSchedule({ info() {}, error() {} })).toMatch(/pg_dump/);
      expect(await backupAlert()).toBeNull();
    } finally {
      delete process.env.DATABASE_URL;
    }
    const cli = await script("backup.mjs", [], { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", DATA_DIR: dataDir });
    expect(cli.code).toBe(1);
    expect(cli.out).toMatch(/pg_dump/);
  });

  it("npm run backup and npm run restore -- FILE on a stopped shop; restore refuses a non-empty folder", async () => {
    await closeDatabase();
    const env = { DATA_DIR: dataDir, BACKUP_DIR: path.join(tmp, "cli") };
    const backup = await script("backup.mjs", [], env);
    expect(backup.out).toMatch(/No shop server runs/);
    expect(backup.code).toBe(0);
    const [file] = await listBackups(path.join(tmp, "cli"));
    expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    const target = path.join(tmp, "cli-restored");
    const restore = await script("restore.mjs", [file!.file], { DATA_DIR: target });
    expect(restore.out).toMatch(/Restored the backup/);
    expect(restore.code).toBe(0);
    // The backup and the restored data folder are the owner's only, whatever the umask (0022 here).
    expect(modeOf(path.join(tmp, "cli"))).toBe(0o700);
    expect(Object.values(modesIn(path.join(tmp, "cli")))).toEqual(["600", "600"]);
    expect(modeOf(target)).toBe(0o700);
    expect(modeOf(path.join(target, "pglite"))).toBe(0o700);
    expect(modeOf(path.join(target, "session-secret"))).toBe(0o600);
    expect(modeOf(path.join(target, "uploads"))).toBe(0o700);
    expect(modeOf(path.join(target, "uploads", "1b4e28ba-2fa1-11d2-883f-0016d3cca427.webp"))).toBe(0o600);
    expect((await restoredOrders(target)).size).toBeGreaterThan(0);
    const again = await script("restore.mjs", [file!.file], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/Not restored: .*is not empty/);
  }, 120_000);
});
