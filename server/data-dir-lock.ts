import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One server process per embedded data folder: PGlite has no lock of its own, and two processes on
 * one folder both start, both sell the same stock and corrupt the files.
 *
 * The lock is DATA_DIR/server.lock, created with O_EXCL (atomic: exactly one process creates it),
 * holding the owner's pid and host. A lock whose process is gone (a crash, a power cut) is stale and
 * is taken over — safely even when several processes start at once: the stale lock may only be
 * removed by the one process that creates its claim file (server.lock.takeover-<dead pid>, again
 * O_EXCL), and only after reading, under that claim, that the lock still names the dead process.
 * Every other process then finds the new owner alive and stops.
 */
export const LOCK_FILE = "server.lock";

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: { pid: number; hostname: string },
    readonly lockFile: string,
  ) {
    const where =
      owner.pid <= 0 ? "its lock cannot be read" : owner.hostname === os.hostname() ? `process ${owner.pid}` : `process ${owner.pid} on ${owner.hostname}`;
    super(
      `The data folder ${dataDir} is in use by another shop server (${where}). ` +
        `One server per data folder: stop that one, or give this one another DATA_DIR. ` +
        `(If no such server runs, remove ${lockFile}.)`,
    );
    this.name = "DataDirInUse";
  }
}

interface Owner {
  pid: number;
  hostname: string;
}

export interface DataDirLock {
  file: string;
  /** Removes the lock if it is still ours. Safe to call more than once. */
  release(): void;
}

function readOwner(file: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Partial<Owner>;
    return typeof owner.pid === "number" && typeof owner.hostname === "string" ? { pid: owner.pid, hostname: owner.hostname } : { pid: -1, hostname: "?" };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    // Half-written or garbage: only a crash between create and write leaves that — but it might
    // also be a lock being written this instant. Treat it as held by nobody we can check.
    return { pid: -1, hostname: "?" };
  }
}

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it just is not ours to signal.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function createExclusive(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx", 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A claim older than this was left by a process that died while taking over: the operator decides. */
const STUCK_CLAIM_MS = 10_000;

export async function acquireDataDirLock(dataDir: string, self: Owner = { pid: process.pid, hostname: os.hostname() }): Promise<DataDirLock> {
  // A new data folder holds the database, the session secret and the backups: the owner's only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  const content = `${JSON.stringify({ ...self, startedAt: new Date().toISOString() })}\n`;
  const lock: DataDirLock = {
    file,
    release() {
      const owner = readOwner(file);
      if (owner && owner.pid === self.pid && owner.hostname === self.hostname) {
        try {
          unlinkSync(file);
        } catch {
          // gone already
        }
      }
    },
  };
  for (let attempt = 0; attempt < 200; attempt++) {
    if (createExclusive(file, content)) return lock;
    const owner = readOwner(file);
    if (owner === null) continue; // removed meanwhile: try again
    if (owner.pid === self.pid && owner.hostname === self.hostname) return lock;
    const checkable = owner.hostname === self.hostname && owner.pid > 0;
    if (!checkable) {
      // Another host's process (a shared folder), or a lock being written right now.
      if (owner.pid === -1 && attempt < 20) {
        await sleep(50);
        continue;
      }
      throw new DataDirInUse(dataDir, owner, file);
    }
    if (isProcessAlive(owner.pid)) throw new DataDirInUse(dataDir, owner, file);
    // Stale: take it over through the claim for this dead owner.
    const claim = `${file}.takeover-${owner.pid}`;
    if (!createExclusive(claim, content)) {
      let age = 0;
      try {
        age = Date.now() - statSync(claim).mtimeMs;
      } catch {
        continue; // the other claimant just finished
      }
      if (age > STUCK_CLAIM_MS) {
        throw new Error(`A takeover of the stale lock ${file} was left unfinished. If no shop server runs on ${dataDir}, remove ${file} and ${claim}.`);
      }
      await sleep(50);
      continue;
    }
    try {
      const still = readOwner(file);
      if (still && still.pid === owner.pid && still.hostname === owner.hostname) unlinkSync(file);
    } finally {
      unlinkSync(claim);
    }
  }
  throw new Error(`Could not take the lock ${file}.`);
}
