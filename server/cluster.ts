import cluster, { type Worker } from "node:cluster";
import type { Logger } from "./log";
import { serveClusterMetrics } from "./metrics";

/**
 * WEB_CONCURRENCY > 1 (with DATABASE_URL): this process is the primary. It serves nothing itself:
 * it forks that many server processes, which share the one port (node:cluster hands connections
 * round-robin) and each open the database themselves (migrations and the demo seed run under
 * advisory locks, so one applies and the others find them done; catalogue changes reach every
 * process through LISTEN/NOTIFY: app/db/catalogue-broadcast.server.ts).
 *
 * A worker that dies is replaced (after a pause that grows while workers die right after starting,
 * so a broken start does not spin). SIGTERM/SIGINT is passed to every worker, which shuts down
 * gracefully (server/shutdown.ts); the primary exits when all have, at most `graceMs` + 5 s later.
 */
export function runPrimary({ workers, log, graceMs }: { workers: number; log: Logger; graceMs: number }): void {
  let stopping = false;
  let exitCode = 0;
  let quickDeaths = 0;
  const started = new Map<number, number>();

  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
  };

  cluster.on("exit", (worker: Worker, code, signal) => {
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) {
      if (code) exitCode = exitCode || code;
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info("Stopped (all server processes).");
        process.exit(exitCode);
      }
      return;
    }
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    const pauseMs = quickDeaths === 0 ? 0 : Math.min(30_000, 500 * 2 ** (quickDeaths - 1));
    log.error(
      `Server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting a new one${pauseMs ? ` in ${pauseMs / 1000} s` : ""}`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, pauseMs);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} server processes`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    setTimeout(() => {
      log.error("Server processes still running after the grace period: killing them");
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, graceMs + 5_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  // /metrics in any worker answers with the sum over all of them (server/metrics.ts).
  serveClusterMetrics(log);
  log.info(`Starting ${workers} server processes (WEB_CONCURRENCY=${workers}), primary pid ${process.pid}`);
  for (let i = 0; i < workers; i++) fork();
}
