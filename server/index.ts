/**
 * The shop's production server (`npm start`): Express with Remix's request handler and the
 * middleware remix-serve cannot take (see app.ts). Bundled into BUILD_DIR/server/main.js next to
 * the Remix server build (vite.config.ts), and run with `node build/server/main.js`.
 *
 * Start-up, logged step by step: settings → the data folder's lock (embedded database) → the
 * database (opened, migrated, seeded when new; an unreachable database is retried, not a crash) →
 * the mail worker → listening. Only then does the server take requests.
 */
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { createRequestHandler as createRemixHandler, installGlobals, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { ServerRuntime } from "../app/server-runtime.server";
import type { Persona } from "../app/page-cache/index.server";
import { controlSocketPath } from "../scripts/lib/backup-archive.mjs";
import { connectListener, createApp } from "./app";
import { startBackupControl, type BackupControl } from "./backup-control";
import { readConfig } from "./config";
import { runPrimary } from "./cluster";
import { acquireDataDirLock, DataDirInUse, type DataDirLock } from "./data-dir-lock";
import { createLogger, describeUnhandledRejection, type Logger } from "./log";
import { clusterWorkerMetrics, routeMatcher } from "./metrics";
import { createShutdown } from "./shutdown";

const serverDir = path.dirname(fileURLToPath(import.meta.url));
/** The build's static files, served to anyone. */
const clientDir = path.resolve(serverDir, "../client");
/** How long an idle HTTP connection stays open: above the 60 s that proxies and client pools commonly keep one. */
const KEEP_ALIVE_MS = 65_000;

function fail(log: Logger, message: string, error?: unknown): never {
  log.error(message, error);
  process.exit(1);
}

/** A fault postgres-js throws out of its own timers when a connection dies (porsager/postgres#1208). */
function isDatabaseDriverFault(error: unknown): boolean {
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  return /[\\/]postgres[\\/](?:cjs[\\/])?src[\\/]connection\.js/.test(stack);
}

function listenUrls(port: number, host: string | undefined): string[] {
  if (host && host !== "0.0.0.0" && host !== "::") return [`http://${host.includes(":") ? `[${host}]` : host}:${port}`];
  const lan = Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address && address.family === "IPv4" && !address.internal)
    .map((address) => `http://${address!.address}:${port}`);
  return [`http://localhost:${port}`, ...lan];
}

async function main() {
  let log = createLogger("text");
  let config;
  try {
    config = readConfig();
  } catch (error) {
    fail(log, `Configuration: ${(error as Error).message}`);
  }
  log = createLogger(config.logFormat);
  if (cluster.isPrimary && config.webConcurrency > 1) {
    runPrimary({ workers: config.webConcurrency, log, graceMs: config.shutdownGraceMs });
    return;
  }
  if (config.webConcurrencyIgnored) {
    log.info("WEB_CONCURRENCY ignored: the embedded database (PGlite) is one process's own; set DATABASE_URL for several server processes");
  }
  installGlobals({ nativeFetch: true });

  const appBuild = (await import(pathToFileURL(path.join(serverDir, "index.js")).href)) as ServerBuild;
  const runtime = (appBuild.entry.module as unknown as { serverRuntime: ServerRuntime }).serverRuntime;
  // What is served: every loader and action answers a database outage with a 503 (app/services/outage.server.ts).
  const build = runtime.withOutageAnswers(appBuild);
  try {
    // A missing or wrong setting (SITE_URL, SESSION_SECRET, COOKIE_SECURE…) stops the server here.
    runtime.checkServerConfig();
  } catch (error) {
    fail(log, `Configuration: ${(error as Error).message}`);
  }
  log.info(
    `Starting the shop (${process.env.NODE_ENV ?? "production"}) from ${path.dirname(serverDir)}${cluster.isWorker ? ` (server process ${cluster.worker?.id}, pid ${process.pid})` : ""}`,
  );

  let server: http.Server | undefined;
  let lock: DataDirLock | undefined;
  let backupControl: BackupControl | null = null;
  const shutdown = createShutdown({
    server: () => server,
    log,
    graceMs: config.shutdownGraceMs,
    steps: [
      ["mail worker", () => runtime.stopMailWorker()],
      ["payment reminders", () => runtime.stopPaymentJobs()],
      ["backups", async () => {
        await backupControl?.close();
        await runtime.stopBackupSchedule();
      }],
      ["database", () => runtime.closeDatabase()],
      ["data folder lock", () => lock?.release()],
    ],
  });
  // A worker may get a signal twice (from the terminal's process group and from the primary).
  const onSignal = cluster.isWorker ? process.on.bind(process) : process.once.bind(process);
  onSignal("SIGTERM", () => void shutdown.run("SIGTERM"));
  onSignal("SIGINT", () => void shutdown.run("SIGINT"));
  // Logged, never fatal: a promise nobody waited for (a query abandoned by a timed-out request…).
  process.on("unhandledRejection", (reason) => {
    const { level, message } = describeUnhandledRejection(reason, runtime.isConnectionError);
    if (level === "info") log.info(message);
    else log.error(message, reason);
  });
  process.on("uncaughtException", (error) => {
    if (isDatabaseDriverFault(error)) {
      // Its connection is left unusable: start the pool afresh.
      log.error("Database driver fault after a lost connection (the server keeps running; connections are renewed):", error);
      runtime.resetDatabaseConnections();
      return;
    }
    log.error("Uncaught exception: stopping", error);
    void shutdown.run("uncaught exception", 1);
  });
  process.on("exit", () => lock?.release());

  if (runtime.isEmbedded()) {
    try {
      lock = await acquireDataDirLock(runtime.dataDir());
    } catch (error) {
      fail(log, error instanceof DataDirInUse ? error.message : `Data folder ${runtime.dataDir()}: ${(error as Error).message}`);
    }
    log.info(`Data folder: ${runtime.dataDir()} (locked for this process: ${lock.file})`);
  }

  log.info(`Database: ${runtime.databaseLocation()}`);
  for (let attempt = 1; ; attempt++) {
    try {
      await runtime.startDatabase((message) => log.info(message));
      break;
    } catch (error) {
      if (!runtime.isConnectionError(error)) fail(log, "The database could not be prepared:", error);
      if (shutdown.isShuttingDown()) return;
      const seconds = Math.min(30, 2 ** (attempt - 1));
      log.error(`Database not reachable (attempt ${attempt}: ${(error as Error).message}); trying again in ${seconds} s`);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      if (shutdown.isShuttingDown()) return;
    }
  }
  if (runtime.isEmbedded()) {
    // `npm run backup` names its folder; never the folder of static files served to visitors.
    backupControl = await startBackupControl({
      socketPath: controlSocketPath(runtime.dataDir()),
      takeBackup: (request) => runtime.takeBackup({ ...request, publicDirs: [clientDir] }),
      log,
    });
  }
  log.info(await runtime.startBackupSchedule(log));
  log.info(runtime.startMailWorker() ? "Mail: sending the e-mail outbox over SMTP_URL" : "Mail: no SMTP_URL, e-mails stay in the outbox (Admin → Messages)");
  runtime.startPaymentJobs(log);

  // Every render's load context, made here alike for a visitor's request (its nonce from the
  // security headers) and for the page cache's render of a miss (a nonce of its own, and the kind
  // of visitor the page is for).
  const loadContext = (cspNonce: string, persona?: Persona | null): AppLoadContext => ({ cspNonce, ...(persona ? { persona } : {}) });
  // The page cache renders a miss by calling Remix's handler (the one the Express adapter wraps)
  // in-process, in a request scope of its own like any request.
  const remix = createRemixHandler(build, process.env.NODE_ENV);
  const pageCache = runtime.createPageCache((request, fill) =>
    runtime.runInRequestScope(() => remix(request, loadContext(fill.cspNonce, fill.persona))),
  );
  const app = createApp({
    config,
    log,
    runtime,
    handler: createRequestHandler({ build, mode: process.env.NODE_ENV, getLoadContext: (_req, res) => loadContext(res.locals.cspNonce as string) }),
    pageCache,
    clientDir,
    isShuttingDown: shutdown.isShuttingDown,
    // Without METRICS_TOKEN nobody may read metrics: none are taken, and /metrics is the shop's 404.
    ...(runtime.metricsToken()
      ? {
          metrics: {
            metrics: runtime.metrics,
            token: runtime.metricsToken,
            match: routeMatcher(build.routes),
            ...(cluster.isWorker ? { clusterText: clusterWorkerMetrics(runtime.metrics().registry) } : {}),
          },
        }
      : {}),
  });
  server = http.createServer(app);
  // Keep an idle connection open longer than clients and proxies keep theirs in their pools (Node's
  // 5 s default closes a pooled socket just as a client reuses it: ECONNRESET on a valid request).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  // Expect: 100-continue is answered by the body limits (a refused upload is never sent).
  server.on("checkContinue", app);
  server.on("connect", connectListener(log));
  server.on("error", (error) => fail(log, `Cannot listen on ${config.host ?? ""}:${config.port}:`, error));
  server.listen(config.port, config.host, () => {
    log.info(`Listening on ${listenUrls(config.port, config.host).join("  ")}`);
  });
}

void main().catch((error: unknown) => {
  createLogger("text").error("The server could not start:", error);
  process.exit(1);
});
