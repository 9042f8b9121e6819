// The shop's backup file: one gzip-compressed tar, named with its time
// (shop-backup-20260102T030405Z.tar.gz), beside a `sha256sum` line for the whole file
// (….tar.gz.sha256: `sha256sum -c` checks it). Inside, in this order:
//   database.tar       PGlite's own dump of its data folder (dumpDataDir, uncompressed: the file is)
//   session-secret     the embedded demo's generated session secret, when there is one
//   uploads/…          every file under DATA_DIR/uploads
//   manifest.json      format, time, the schema versions (schema_migrations) and each entry's size
//                      and SHA-256; last, so a file cut short has none
// Plain tar and gzip: `tar -tzf FILE` lists it. Used by the server (app/services/backup.server.ts,
// bundled into the build), by scripts/backup.mjs and scripts/restore.mjs, and by the tests.
import { createHash, randomBytes } from "node:crypto";
import { constants as fsConstants, createReadStream, createWriteStream, existsSync, realpathSync } from "node:fs";
import { access, chmod, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

export const FORMAT = "office-shop-backup";
export const FORMAT_VERSION = 1;
const NAME = /^shop-backup-(\d{8}T\d{6}(?:\d{3})?Z)\.tar\.gz$/;
/** Every file a backup leaves in its folder: the archive, its .sha256 line, a temporary .partial. */
const BACKUP_FILE = /^(?:shop-backup-\d{8}T\d{6}(?:\d{3})?Z\.tar\.gz(?:\.sha256)?|\.shop-backup-\d{8}T\d{6}(?:\d{3})?Z\.tar\.gz\.[0-9a-f]+\.partial)$/;

/**
 * Backups hold the whole database (customers' names, addresses, password hashes) and the session
 * secret: only the shop's user may read them. Folders 0700, files 0600, set explicitly (a mode
 * given to mkdir or open is masked by the umask, and an existing file keeps its mode).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** A restore or backup refused for a reason the operator can act on (the message says which). */
export class BackupRefusal extends Error {
  constructor(message) {
    super(message);
    this.name = "BackupRefusal";
  }
}

/** shop-backup-<UTC time>.tar.gz (milliseconds only when two backups fall in one second). */
export function backupFileName(date = new Date(), withMs = false) {
  const iso = date.toISOString().replace(/[-:]/g, "");
  const stamp = withMs ? iso.replace(".", "").replace(/Z$/, "Z") : iso.replace(/\.\d{3}Z$/, "Z");
  return `shop-backup-${stamp}.tar.gz`;
}

/** The backups in `dir`, newest first: { file, name, time (Date) }. */
export async function listBackups(dir) {
  let names;
  try {
    names = await readdir(dir);
  } catch (error) {
    if (error.code === "ENOENT") return [];
    throw error;
  }
  return names
    .map((name) => ({ name, match: NAME.exec(name) }))
    .filter((entry) => entry.match)
    .map(({ name, match }) => {
      const s = match[1];
      const iso = `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}${s.length > 16 ? `.${s.slice(15, 18)}` : ""}Z`;
      return { file: path.join(dir, name), name, time: new Date(iso) };
    })
    .sort((a, b) => b.time.getTime() - a.time.getTime() || b.name.localeCompare(a.name));
}

/** Keeps the newest `keep` backups in `dir` (and their .sha256 files); returns the names removed. */
export async function pruneBackups(dir, keep) {
  const removed = [];
  for (const old of (await listBackups(dir)).slice(keep)) {
    await rm(old.file, { force: true });
    await rm(`${old.file}.sha256`, { force: true });
    removed.push(old.name);
  }
  return removed;
}

// ---------------------------------------------------------------- tar (ustar, pax for long names)

function octal(value, length) {
  return `${value.toString(8).padStart(length - 1, "0")}\0`;
}

function tarHeader(name, size, type = "0", mtime = Math.floor(Date.now() / 1000)) {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100, "utf8");
  header.write(octal(0o644, 8), 100, 8, "ascii");
  header.write(octal(0, 8), 108, 8, "ascii");
  header.write(octal(0, 8), 116, 8, "ascii");
  header.write(octal(size, 12), 124, 12, "ascii");
  header.write(octal(mtime, 12), 136, 12, "ascii");
  header.write("        ", 148, 8, "ascii");
  header.write(type, 156, 1, "ascii");
  header.write("ustar\0", 257, 6, "ascii");
  header.write("00", 263, 2, "ascii");
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
  return header;
}

const padding = (size) => Buffer.alloc((512 - (size % 512)) % 512);

/** A pax record ("<len> path=<name>\n", the length counting itself). */
function paxRecord(key, value) {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length = String(length).length + Buffer.byteLength(body);
  return `${length}${body}`;
}

/** Writes tar entries into a writable stream (the gzip stream), awaiting back-pressure. */
class TarWriter {
  constructor(out) {
    this.out = out;
    this.entries = [];
  }

  async write(chunk) {
    if (!this.out.write(chunk)) await new Promise((resolve) => this.out.once("drain", resolve));
  }

  async header(name, size) {
    if (Buffer.byteLength(name) > 100) {
      const pax = Buffer.from(paxRecord("path", name));
      await this.write(tarHeader("PaxHeader", pax.length, "x"));
      await this.write(pax);
      await this.write(padding(pax.length));
    }
    await this.write(tarHeader(Buffer.byteLength(name) > 100 ? name.slice(0, 99) : name, size));
  }

  /** An entry from memory. */
  async addBuffer(name, bytes) {
    await this.header(name, bytes.length);
    await this.write(bytes);
    await this.write(padding(bytes.length));
    this.entries.push({ name, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
  }

  /** An entry from a file on disk (streamed; its size is taken first and must not change). */
  async addFile(name, file) {
    const { size } = await stat(file);
    await this.header(name, size);
    const hash = createHash("sha256");
    let written = 0;
    for await (const chunk of createReadStream(file)) {
      const part = written + chunk.length > size ? chunk.subarray(0, size - written) : chunk;
      hash.update(part);
      written += part.length;
      await this.write(part);
      if (written >= size) break;
    }
    if (written < size) throw new Error(`${file} shrank while it was being backed up`);
    await this.write(padding(size));
    this.entries.push({ name, size, sha256: hash.digest("hex") });
  }

  async end() {
    await this.write(Buffer.alloc(1024));
  }
}

async function filesUnder(dir, prefix = "") {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (error.code === "ENOENT") return [];
    throw error;
  }
  const files = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(path.join(dir, entry.name), rel)));
    else if (entry.isFile()) files.push(rel);
  }
  return files;
}

/** An error of the file system as the operator reads it: "permission denied (EACCES)". */
function fsReason(error) {
  const words = { EACCES: "permission denied", EPERM: "not permitted (the folder belongs to another user?)", EROFS: "read-only file system", ENOTDIR: "a part of the path is a file, not a folder", EEXIST: "a file of that name is in the way", ENOSPC: "no space left on the device" };
  return error?.code ? `${words[error.code] ?? error.message} (${error.code})` : String(error?.message ?? error);
}

/**
 * Makes `dir` (and any parent it has to create) with mode 0700, and sets the folder itself to
 * 0700 when it existed with a wider mode. Parents that existed are left as they are. Refuses,
 * with a message saying why, a folder that cannot be made, tightened or written to.
 */
export async function preparePrivateFolder(dir, what = "folder") {
  try {
    await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (error) {
    throw new BackupRefusal(`The ${what} ${dir} cannot be created: ${fsReason(error)}.`);
  }
  try {
    if (!(await stat(dir)).isDirectory()) throw Object.assign(new Error("not a folder"), { code: "ENOTDIR" });
    await chmod(dir, PRIVATE_DIR_MODE);
    await access(dir, fsConstants.W_OK | fsConstants.X_OK);
  } catch (error) {
    throw new BackupRefusal(`The ${what} ${dir} cannot be used: ${fsReason(error)}.`);
  }
}

/**
 * Tightens an existing backup folder (0700) and the backup files in it (0600), as an older
 * version left them (folder 0755, .sha256 lines 0644). A missing folder is left missing.
 */
export async function tightenBackupFolder(dir) {
  if (!existsSync(dir)) return;
  await chmod(dir, PRIVATE_DIR_MODE);
  await tightenBackupFiles(dir);
}

/** Sets every backup file already in `dir` (an older version wrote the .sha256 line 0644) to 0600; other files are not ours. */
async function tightenBackupFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isFile() && BACKUP_FILE.test(entry.name)) await chmod(path.join(dir, entry.name), PRIVATE_FILE_MODE);
  }
}

/** Writes `content` to `file` readable by its owner only, also when the file existed with a wider mode (set before writing). */
export async function writePrivateFile(file, content) {
  const handle = await open(file, "w", PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
}

/** `p` with symbolic links resolved as far as it exists (the rest appended), to compare folders. */
function realPath(p) {
  const rest = [];
  let current = path.resolve(p);
  for (;;) {
    try {
      return path.join(realpathSync(current), ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return path.resolve(p);
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

const within = (child, parent) => {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
};

/**
 * Checks a folder asked for backups (BACKUP_DIR, or the folder `npm run backup` sends the running
 * server): an absolute path, not inside the data folder's database or uploads (a backup there is
 * backed up into the next one, or sits among the files the shop serves), nor inside a folder the
 * web server serves (`publicDirs`). Returns the normalised path; throws a BackupRefusal saying why.
 * @param {unknown} dir
 * @param {{ dataDir: string, publicDirs?: string[] }} places
 * @returns {string}
 */
export function checkBackupDir(dir, { dataDir, publicDirs = [] }) {
  if (typeof dir !== "string" || dir.trim() === "") throw new BackupRefusal("No backup folder was given.");
  if (dir.includes("\0")) throw new BackupRefusal("The backup folder's name contains a NUL byte.");
  if (!path.isAbsolute(dir)) throw new BackupRefusal(`The backup folder must be an absolute path (${dir} is not).`);
  const normal = path.resolve(dir);
  const real = realPath(normal);
  const refused = [
    [path.join(dataDir, "uploads"), "the shop's uploads folder (its files are served to visitors, and backed up into every backup)"],
    [path.join(dataDir, "pglite"), "the database's own folder"],
    ...publicDirs.map((d) => [d, "a folder the web server serves to visitors"]),
  ];
  for (const [place, why] of refused) {
    if (within(normal, path.resolve(place)) || within(real, realPath(place))) {
      throw new BackupRefusal(`The backup folder ${normal} is inside ${why}: choose a folder of its own (BACKUP_DIR).`);
    }
  }
  return normal;
}

/**
 * Writes one backup into `backupDir`: `dump` (PGlite's dumpDataDir, a Blob or bytes), the
 * session secret and the uploads folder's files. Written under a temporary name and renamed when
 * complete, so a backup file is never half-written. Returns { file, bytes, sha256, ms, entries }.
 */
export async function writeBackup({ backupDir, dump, schemaVersions, uploadsDir, sessionSecretFile, now = new Date() }) {
  const started = Date.now();
  await preparePrivateFolder(backupDir, "backup folder");
  await tightenBackupFiles(backupDir);
  let name = backupFileName(now);
  if (existsSync(path.join(backupDir, name))) name = backupFileName(now, true);
  const file = path.join(backupDir, name);
  const partial = path.join(backupDir, `.${name}.${randomBytes(4).toString("hex")}.partial`);
  const gzip = createGzip({ level: 6 });
  const fileHash = createHash("sha256");
  let bytes = 0;
  gzip.on("data", (chunk) => {
    fileHash.update(chunk);
    bytes += chunk.length;
  });
  // Created 0600 (never readable by others, even while it is written), exclusively (a new name).
  const written = pipeline(gzip, createWriteStream(partial, { mode: PRIVATE_FILE_MODE, flags: "wx" }));
  const tar = new TarWriter(gzip);
  try {
    const database = dump instanceof Uint8Array ? Buffer.from(dump.buffer, dump.byteOffset, dump.byteLength) : Buffer.from(await dump.arrayBuffer());
    await tar.addBuffer("database.tar", database);
    if (sessionSecretFile && existsSync(sessionSecretFile)) await tar.addBuffer("session-secret", await readFile(sessionSecretFile));
    for (const rel of uploadsDir ? await filesUnder(uploadsDir) : []) {
      await tar.addFile(`uploads/${rel}`, path.join(uploadsDir, rel));
    }
    const manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: now.toISOString(),
      schemaVersions,
      entries: tar.entries,
    };
    await tar.addBuffer("manifest.json", Buffer.from(JSON.stringify(manifest, null, 2)));
    await tar.end();
    gzip.end();
    await written;
    const sha256 = fileHash.digest("hex");
    await writePrivateFile(`${file}.sha256`, `${sha256}  ${name}\n`);
    await chmod(partial, PRIVATE_FILE_MODE);
    await rename(partial, file);
    return { file, name, bytes, sha256, ms: Date.now() - started, entries: tar.entries.length };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    await rm(`${file}.sha256`, { force: true });
    throw error;
  }
}

// ---------------------------------------------------------------- reading

/** The tar entries of a gzip stream, one after another: yields { name, size, chunks() }. */
async function* tarEntries(source) {
  let buffer = Buffer.alloc(0);
  const iterator = source[Symbol.asyncIterator]();
  let done = false;
  const fill = async (n) => {
    while (buffer.length < n && !done) {
      const next = await iterator.next();
      if (next.done) done = true;
      else buffer = buffer.length === 0 ? next.value : Buffer.concat([buffer, next.value]);
    }
    return buffer.length >= n;
  };
  const take = (n) => {
    const part = buffer.subarray(0, n);
    buffer = buffer.subarray(n);
    return part;
  };
  let longName = null;
  for (;;) {
    if (!(await fill(512))) throw new BackupRefusal("The backup file is cut short (truncated): it ends inside its contents.");
    const header = take(512);
    if (header.every((byte) => byte === 0)) {
      // Read to the end, so gzip checks its CRC and length over the whole file.
      while (!(await iterator.next()).done);
      return;
    }
    const stored = header.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
    const size = Number.parseInt(header.subarray(124, 136).toString("ascii").replace(/\0.*$/s, "").trim() || "0", 8);
    const type = String.fromCharCode(header[156]);
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
    const expected = Number.parseInt(header.subarray(148, 156).toString("ascii").replace(/\0.*$/s, "").trim(), 8);
    if (!Number.isFinite(size) || sum !== expected) throw new BackupRefusal("The backup file is damaged: a tar header fails its checksum.");
    const padded = size + ((512 - (size % 512)) % 512);
    if (type === "x") {
      if (!(await fill(padded))) throw new BackupRefusal("The backup file is cut short (truncated).");
      const records = take(padded).subarray(0, size).toString("utf8");
      longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(records)?.[1] ?? null;
      continue;
    }
    const name = longName ?? stored;
    longName = null;
    let remaining = size;
    let consumed = false;
    async function* chunks() {
      consumed = true;
      while (remaining > 0) {
        if (buffer.length === 0 && !(await fill(1))) throw new BackupRefusal("The backup file is cut short (truncated).");
        const part = take(Math.min(remaining, buffer.length));
        remaining -= part.length;
        yield part;
      }
    }
    yield { name, size, type, chunks };
    if (!consumed) for await (const _ of chunks());
    const pad = padded - size;
    if (!(await fill(pad))) throw new BackupRefusal("The backup file is cut short (truncated).");
    take(pad);
  }
}

function gunzipOf(file) {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  return gunzip;
}

function readError(error) {
  if (error instanceof BackupRefusal) return error;
  if (error?.code === "Z_BUF_ERROR" || /unexpected end of file/i.test(String(error?.message))) {
    return new BackupRefusal("The backup file is cut short (truncated): it is not a complete backup.");
  }
  if (error?.code?.startsWith?.("Z_") || error?.errno < 0) {
    return new BackupRefusal(`The backup file is damaged (${error.message}): it fails its checksum.`);
  }
  return error;
}

async function sha256OfFile(file) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}

/** Sets every folder under `dir` (itself included) to 0700 and every file to 0600: the restored data folder, whatever the umask. */
async function tightenTree(dir) {
  await chmod(dir, PRIVATE_DIR_MODE);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await tightenTree(full);
    else if (entry.isFile()) await chmod(full, PRIVATE_FILE_MODE);
  }
}

/** Whether a folder is missing or empty. */
async function isEmptyDir(dir) {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if (error.code === "ENOENT") return true;
    if (error.code === "ENOTDIR") return false;
    throw error;
  }
}

/** The schema versions a backup holds that `knownVersions` (the code's migrations) lacks. */
export function newerVersions(schemaVersions, knownVersions) {
  const known = new Set(knownVersions);
  return schemaVersions.filter((version) => !known.has(version));
}

/**
 * Restores `file` into `dataDir`, which must be missing or empty. Everything is unpacked into a
 * folder beside it and checked — the whole file's SHA-256 (its .sha256 line, when there), each
 * entry's against the manifest, the manifest present (a truncated file has none), the schema not
 * newer than `knownVersions` — and only then renamed into place: a refused restore leaves nothing.
 * `loadDatabase(pgliteDir, dumpFile)` makes the PGlite folder from the dump and returns the
 * schema versions it holds (the restore script and the tests open PGlite for it).
 */
export async function restoreBackup({ file, dataDir, knownVersions, loadDatabase }) {
  const started = Date.now();
  const target = path.resolve(dataDir);
  if (!existsSync(file)) throw new BackupRefusal(`There is no backup file ${file}.`);
  if (!(await isEmptyDir(target))) {
    throw new BackupRefusal(`The data folder ${target} is not empty: restore only into an empty or new folder (DATA_DIR), so nothing is overwritten.`);
  }
  const sidecar = `${file}.sha256`;
  if (existsSync(sidecar)) {
    const expected = (await readFile(sidecar, "utf8")).trim().split(/\s+/)[0];
    if (expected !== (await sha256OfFile(file))) throw new BackupRefusal(`The backup file fails its checksum (${path.basename(sidecar)}): it is damaged or incomplete.`);
  }
  // The new data folder: private from the start (0700, as the server makes DATA_DIR), every
  // folder in it too; the files are written 0600 (the session secret, the database's dump).
  const staging = `${target}.restoring-${process.pid}-${randomBytes(3).toString("hex")}`;
  await mkdir(staging, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(staging, PRIVATE_DIR_MODE);
  try {
    const hashes = new Map();
    let manifest = null;
    try {
      for await (const entry of tarEntries(gunzipOf(file))) {
        if (manifest) throw new BackupRefusal("The backup file is damaged: it has contents after its manifest.");
        const name = entry.name;
        if (name === "manifest.json") {
          const parts = [];
          for await (const part of entry.chunks()) parts.push(part);
          manifest = JSON.parse(Buffer.concat(parts).toString("utf8"));
          continue;
        }
        const allowed = name === "database.tar" || name === "session-secret" || (name.startsWith("uploads/") && !name.split("/").some((seg) => seg === ".." || seg === ""));
        if (!allowed || entry.type !== "0") throw new BackupRefusal(`The backup file holds an unexpected entry (${name}): it is not a shop backup.`);
        const out = path.join(staging, name === "database.tar" ? ".database.tar" : name);
        await mkdir(path.dirname(out), { recursive: true, mode: PRIVATE_DIR_MODE });
        const hash = createHash("sha256");
        const handle = await open(out, "wx", PRIVATE_FILE_MODE);
        try {
          for await (const part of entry.chunks()) {
            hash.update(part);
            await handle.write(part);
          }
        } finally {
          await handle.close();
        }
        hashes.set(name, { size: entry.size, sha256: hash.digest("hex") });
      }
    } catch (error) {
      throw readError(error);
    }
    if (!manifest) throw new BackupRefusal("The backup file is cut short (truncated): its manifest is missing.");
    if (manifest.format !== FORMAT) throw new BackupRefusal("This file is not a shop backup (its manifest names another format).");
    if (manifest.version > FORMAT_VERSION) throw new BackupRefusal(`This backup was written by a newer version of the shop (backup format ${manifest.version}): update the shop first.`);
    for (const entry of manifest.entries) {
      if (entry.name === "manifest.json") continue;
      const found = hashes.get(entry.name);
      if (!found || found.sha256 !== entry.sha256 || found.size !== entry.size) {
        throw new BackupRefusal(`The backup file fails its checksum: ${entry.name} is ${found ? "damaged" : "missing"}.`);
      }
    }
    if (hashes.size !== manifest.entries.filter((e) => e.name !== "manifest.json").length) {
      throw new BackupRefusal("The backup file fails its checksum: it holds entries its manifest does not list.");
    }
    const newer = newerVersions(manifest.schemaVersions ?? [], knownVersions);
    if (newer.length > 0) {
      throw new BackupRefusal(
        `This backup is from a newer version of the shop: its database has migrations this code does not know (${newer.join(", ")}). Restore it with that version (or newer) of the shop.`,
      );
    }
    const loaded = await loadDatabase(path.join(staging, "pglite"), path.join(staging, ".database.tar"));
    const missing = (manifest.schemaVersions ?? []).filter((version) => !loaded.includes(version));
    if (missing.length > 0) throw new BackupRefusal(`The restored database lacks migrations its manifest lists (${missing.join(", ")}): the backup is damaged.`);
    await unlink(path.join(staging, ".database.tar"));
    await tightenTree(staging);
    if (existsSync(target)) await rmdir(target);
    await rename(staging, target);
    return { dataDir: target, createdAt: manifest.createdAt, schemaVersions: manifest.schemaVersions, files: hashes.size, ms: Date.now() - started };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** The data folder's control socket, through which `npm run backup` asks a running server for a backup. */
export function controlSocketPath(dataDir) {
  return path.join(path.resolve(dataDir), "control.sock");
}

/** The migrations of the code: supabase/migrations/*.sql file names without .sql, in order. */
export async function migrationVersions(root) {
  return (await readdir(path.join(root, "supabase/migrations")))
    .filter((name) => name.endsWith(".sql"))
    .map((name) => name.replace(/\.sql$/, ""))
    .sort();
}

/**
 * restoreBackup's `loadDatabase` for PGlite: makes the data folder `pgliteDir` from the dump file
 * (PGlite's loadDataDir), opens it once and returns the schema versions it holds.
 */
export async function loadPgliteDump(pgliteDir, dumpFile) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const pg = new PGlite(pgliteDir, { extensions: { pg_trgm, unaccent }, loadDataDir: new Blob([await readFile(dumpFile)]) });
  try {
    await pg.waitReady;
    return (await pg.query("select version from public.schema_migrations order by version")).rows.map((row) => row.version);
  } finally {
    await pg.close();
  }
}
