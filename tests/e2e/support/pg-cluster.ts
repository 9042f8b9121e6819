import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./shop-server";

const run = promisify(execFile);

/** The newest PostgreSQL bin folder with initdb and pg_ctl (Debian's layout), or null. */
export function postgresBinaries(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin", "initdb")) && existsSync(path.join(root, version, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

const isRoot = () => process.getuid?.() === 0;

/**
 * A throwaway PostgreSQL cluster of a test's own (initdb + pg_ctl on a free loopback port), so the
 * test can stop and restart a real database without touching anyone else's. As root (CI) it runs
 * as the `postgres` user, as Postgres requires.
 */
export class ThrowawayCluster {
  port = 0;
  private dir = "";

  constructor(private readonly bin: string) {}

  private async as(command: string, args: string[]) {
    const binary = path.join(this.bin, command);
    return isRoot() ? run("runuser", ["-u", "postgres", "--", binary, ...args]) : run(binary, args);
  }

  async init(): Promise<void> {
    this.dir = mkdtempSync(path.join(os.tmpdir(), "shop-pg-"));
    if (isRoot()) {
      const { stdout } = await run("id", ["-u", "postgres"]);
      chownSync(this.dir, Number(stdout.trim()), Number(stdout.trim()));
    }
    this.port = await freePort();
    await this.as("initdb", ["-D", path.join(this.dir, "data"), "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
    await this.start();
  }

  url(database = "postgres"): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    await this.as("pg_ctl", ["-D", path.join(this.dir, "data"), "-l", path.join(this.dir, "log"), "-w", "-o", `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir}`, "start"]);
  }

  /** "immediate": like a crash (connections cut, no checkpoint); "fast": a clean stop. */
  async stop(mode: "fast" | "immediate" = "fast"): Promise<void> {
    await this.as("pg_ctl", ["-D", path.join(this.dir, "data"), "-m", mode, "-w", "stop"]);
  }

  async restart(mode: "fast" | "immediate" = "fast"): Promise<void> {
    await this.as("pg_ctl", ["-D", path.join(this.dir, "data"), "-l", path.join(this.dir, "log"), "-m", mode, "-w", "-o", `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir}`, "restart"]);
  }

  async destroy(): Promise<void> {
    if (!this.dir) return;
    await this.stop("immediate").catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}
