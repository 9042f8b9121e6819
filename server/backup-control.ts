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

export async function startBackupControl({
  socketPath,
  takeBackup,
  log,
}: {
  socketPath: string;
  takeBackup: () => Promise<TakenBackup>;
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
    log.info("Backup requested over the control socket (npm run backup)");
    takeBackup().then(
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
