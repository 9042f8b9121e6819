import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The pid of a live shop server holding DATA_DIR/server.lock (server/data-dir-lock.ts writes it with
 * its pid), or null: what the commands that open the embedded database themselves (npm run admin,
 * npm run payments) check first, since PGlite allows one process per folder.
 */
export function runningShopPid(dataDir) {
  let pid;
  try {
    pid = Number(JSON.parse(readFileSync(path.join(dataDir, "server.lock"), "utf8")).pid);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return error.code === "EPERM" ? pid : null;
  }
}
