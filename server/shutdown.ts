import type http from "node:http";
import type { Logger } from "./log";

export interface Shutdown {
  /** Whether SIGTERM/SIGINT has come (requests then get `Connection: close`, /readyz 503). */
  readonly isShuttingDown: () => boolean;
  /** Stops the server: see below. Resolves never (the process exits). */
  run(reason: string, exitCode?: number): Promise<void>;
}

/**
 * Graceful shutdown: stop accepting connections, let the requests in flight finish (at most
 * `graceMs`; requests still arriving on open keep-alive connections are answered with
 * `Connection: close`, idle connections are closed), then the `steps` in order (stop the mail
 * worker, close the database, release the data folder), then exit.
 */
export function createShutdown({
  server,
  log,
  graceMs,
  steps,
}: {
  server: () => http.Server | undefined;
  log: Logger;
  graceMs: number;
  steps: Array<[name: string, step: () => Promise<void> | void]>;
}): Shutdown {
  let shuttingDown = false;
  return {
    isShuttingDown: () => shuttingDown,
    async run(reason, exitCode = 0) {
      if (shuttingDown) return;
      shuttingDown = true;
      log.info(`${reason}: shutting down (requests in flight get up to ${graceMs} ms)`);
      const http = server();
      if (http?.listening) {
        const closed = new Promise<void>((resolve) => http.close(() => resolve()));
        // Connections that fall idle after their last answer are closed as they do.
        const idle = setInterval(() => http.closeIdleConnections(), 200);
        http.closeIdleConnections();
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), graceMs)));
        const outcome = await Promise.race([closed.then(() => "closed" as const), grace]);
        clearInterval(idle);
        clearTimeout(timer);
        if (outcome === "timeout") {
          log.error(`Requests still open after ${graceMs} ms: closing their connections`);
          http.closeAllConnections();
          exitCode = exitCode || 1;
        }
      }
      for (const [name, step] of steps) {
        try {
          await step();
        } catch (error) {
          log.error(`Shutdown: ${name} failed`, error);
          exitCode = exitCode || 1;
        }
      }
      log.info("Stopped.");
      process.exit(exitCode);
    },
  };
}
