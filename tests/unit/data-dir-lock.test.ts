import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirInUse, LOCK_FILE } from "../../server/data-dir-lock";

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "shop-lock-"));
  dirs.push(dir);
  return path.join(dir, "data");
}

/** A process that is alive for the test's duration (stands for another server). */
function livePid(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
}

/** The pid of a process that has exited (a server that crashed without removing its lock). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

const host = os.hostname();

describe("one server per data folder", () => {
  it("makes a new data folder the owner's only (0700, whatever the umask): it holds the database, the session secret and the backups", async () => {
    const umask = process.umask(0o022);
    try {
      const dir = folder();
      const lock = await acquireDataDirLock(dir, { pid: process.pid, hostname: host });
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      lock.release();
    } finally {
      process.umask(umask);
    }
  });

  it("a second server on a folder in use stops with a message naming the folder", async () => {
    const dir = folder();
    const first = await acquireDataDirLock(dir, { pid: livePid(), hostname: host });
    const error = await acquireDataDirLock(dir, { pid: process.pid, hostname: host }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirInUse);
    expect((error as Error).message).toContain(dir);
    expect((error as Error).message).toContain("in use by another shop server");
    expect(JSON.parse(readFileSync(first.file, "utf8")).pid).not.toBe(process.pid);
  });

  it("the lock is released on shutdown, and the folder can be used again", async () => {
    const dir = folder();
    const lock = await acquireDataDirLock(dir);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const again = await acquireDataDirLock(dir, { pid: livePid(), hostname: host });
    // Releasing someone else's lock does nothing.
    lock.release();
    expect(existsSync(again.file)).toBe(true);
  });

  it("a stale lock (its process is gone) is taken over", async () => {
    const dir = folder();
    const stale = await acquireDataDirLock(dir, { pid: await deadPid(), hostname: host });
    const lock = await acquireDataDirLock(dir);
    expect(lock.file).toBe(stale.file);
    expect(JSON.parse(readFileSync(lock.file, "utf8")).pid).toBe(process.pid);
  });

  it("of many servers starting at once on a stale lock, exactly one gets the folder", async () => {
    const dir = folder();
    await acquireDataDirLock(dir, { pid: await deadPid(), hostname: host });
    const contenders = Array.from({ length: 8 }, () => ({ pid: livePid(), hostname: host }));
    const results = await Promise.allSettled(contenders.map((self) => acquireDataDirLock(dir, self)));
    const winners = results.filter((r) => r.status === "fulfilled");
    expect(winners).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toBeInstanceOf(DataDirInUse);
    const owner = JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8")).pid;
    expect(contenders.map((c) => c.pid)).toContain(owner);
    // No claim files are left behind.
    expect(readdirSync(dir).filter((name) => name.startsWith(LOCK_FILE))).toEqual([LOCK_FILE]);
  });

  it("a lock left by a process on another host is not taken over", async () => {
    const dir = folder();
    await acquireDataDirLock(dir, { pid: await deadPid(), hostname: "other-host.example" });
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/other-host\.example/);
  });

  it("an unreadable lock is not taken over", async () => {
    const dir = folder();
    await acquireDataDirLock(dir, { pid: livePid(), hostname: host });
    writeFileSync(path.join(dir, LOCK_FILE), "garbage");
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/cannot be read/);
  });
});
