import { chmodSync, existsSync, unlinkSync } from "node:fs";
import http from "node:http";
import type { Logger } from "./log";

/**
 * The data folder's control socket (DATA_DIR/control.sock, a Unix socket only its owner may open,
 * mode 0600): how `npm run backup` asks the running server for a backup. Only the server may read
 * its embedded database while it runs (it holds DATA_DIR/server.lock), so it takes the backup
 * itself; whoever can open the socket can read the data folder anyway. Nothing listens on the
 * network for this. `POST /backup` answers with the backup's file, size and checksum as JSON, or
 * 500 with the error.
 *
 * The request's JSON body names the folder the command was started with (`{"dir": "/abs/path",
 * "keep": 7}`: its BACKUP_DIR and BACKUP_KEEP), and the server writes there, not into its own
 * BACKUP_DIR (a copy meant for another disk must not stay on this one). The requester is the
 * shop's own user (the socket is 0600), but the folder is still checked (absolute, not inside the
 * uploads, the database or a folder served to visitors: checkBackupDir) and made 0700 with
 * 0600 files; a folder that cannot be used is refused with the reason. Without a body (an older
 * `npm run backup`) the backup goes to the server's BACKUP_DIR.
 */
export interface BackupControl {
  close(): Promise<void>;
}

export interface TakenBackup {
  file: string;
  bytes: number;
  sha256: string;
  ms: number;
  pruned: string[];
}

/** What `npm run backup` asks for: its folder and how many backups to keep there. */
export interface BackupRequest {
  dir?: string;
  keep?: number;
}

const MAX_BODY = 16 * 1024;

/** The request's body as a BackupRequest, or a message saying what is wrong with it. */
export function parseBackupRequest(body: string): BackupRequest | string {
  if (body.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "the request is not JSON";
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return "the request is not a JSON object";
  const { dir, keep } = parsed as Record<string, unknown>;
  const request: BackupRequest = {};
  if (dir !== undefined) {
    if (typeof dir !== "string") return "dir must be a string";
    request.dir = dir;
  }
  if (keep !== undefined) {
    if (typeof keep !== "number" || !Number.isInteger(keep) || keep < 1 || keep > 100_000) return "keep must be a whole number from 1";
    request.keep = keep;
  }
  return request;
}

export async function startBackupControl({
  socketPath,
  takeBackup,
  log,
}: {
  socketPath: string;
  takeBackup: (request: BackupRequest) => Promise<TakenBackup>;
  log: Logger;
}): Promise<BackupControl | null> {
  // Unix socket paths are limited to about 107 bytes.
  if (Buffer.byteLength(socketPath) > 100) {
    log.error(`Backups: the control socket path ${socketPath} is too long; npm run backup cannot reach this server (scheduled backups still run)`);
    return null;
  }
  // We hold the data folder's lock: a socket left here is a dead server's.
  if (existsSync(socketPath)) unlinkSync(socketPath);
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/backup") return answer(404, { error: "unknown request" });
    let body = "";
    let tooLarge = false;
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      if (tooLarge) return;
      body += chunk;
      if (body.length > MAX_BODY) tooLarge = true;
    });
    req.on("end", () => {
      const request = tooLarge ? "the request is too large" : parseBackupRequest(body);
      if (typeof request === "string") return answer(400, { error: `Bad backup request: ${request}.` });
      log.info(`Backup requested over the control socket (npm run backup)${request.dir ? ` into ${request.dir}` : ""}`);
      takeBackup(request).then(
        (result) => {
          log.info(`Backup written: ${result.file} (${(result.bytes / 1e6).toFixed(1)} MB, ${result.ms} ms)`);
          answer(200, result);
        },
        (error: unknown) => {
          log.error(`BACKUP FAILED (npm run backup): ${error instanceof Error ? error.message : String(error)}`);
          answer(500, { error: error instanceof Error ? error.message : String(error) });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        try {
          unlinkSync(socketPath);
        } catch {
          // gone already
        }
      }),
  };
}
