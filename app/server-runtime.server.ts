import { closeDatabase, databaseLocation, getDb, startDatabase } from "~/db/db.server";
import { isConnectionError } from "~/db/database.server";
import { resetPostgresPools } from "~/db/postgres.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { defaultLocale, isLocale } from "~/i18n/config";
import { createPageCache, isSharedPageRequest, pageCacheConfig, type PageRender } from "~/page-cache/index.server";
import { resolveVisitorValues } from "~/page-cache/visitor.server";
import { startMailWorker, stopMailWorker } from "~/services/mail-worker.server";
import { runConfiguredPaymentJobs, startPaymentJobs, stopPaymentJobs } from "~/services/payment-jobs.server";
import { startBackupSchedule, stopBackupSchedule, takeBackup } from "~/services/backup.server";
import { rebuildImages } from "~/services/image-rebuild.server";
import { metricsRegistry } from "~/services/metrics.server";
import { runInRequestScope, withOutageAnswers } from "~/services/outage.server";
import { shopMetrics } from "~/utils/metrics.server";
import { checkServerConfig, dataDir, env, isEmbedded, siteUrl } from "~/utils/env.server";
import { MAX_REQUEST_BYTES } from "~/utils/media";
import { acquireDataDirLock, DataDirInUse } from "../server/data-dir-lock";

/**
 * What the server entry (server/) takes from the app build: it is bundled on its own, so anything
 * with state of its own (the database, the catalogue generation the page cache watches) must be the
 * build's one instance, reached through here.
 */
export const serverRuntime = {
  /** Checks every setting: a missing or wrong one (SITE_URL, SESSION_SECRET, COOKIE_SECURE…) throws, naming it. */
  checkServerConfig,
  startDatabase,
  closeDatabase,
  databaseLocation,
  /** Answers whether the database takes a trivial query (for /readyz). */
  async pingDatabase(): Promise<void> {
    const db = await getDb();
    await db.query("select 1");
  },
  /** Runs one request in its own scope (whether the database was away while answering it: entry.server.tsx). */
  runInRequestScope,
  /** The build the server serves: every loader and action answers a database outage with a 503. */
  withOutageAnswers,
  /** Whether a start-up error means "the database cannot be reached" (retry) rather than "broken". */
  isConnectionError,
  resetDatabaseConnections: resetPostgresPools,
  startMailWorker,
  stopMailWorker,
  /** Unpaid bank transfers: reminders and expiries, hourly in every process (claimed per order in the database). */
  startPaymentJobs,
  stopPaymentJobs,
  /** One run now (`npm run payments -- remind` calls this on the build it loads). */
  runPaymentJobs: runConfiguredPaymentJobs,
  /**
   * The shared page cache, also for visitors with a cart or an account (their values from their
   * cookies); `render` is the app's request handler, which renders a miss in-process.
   */
  createPageCache: (render: PageRender) => createPageCache(pageCacheConfig(), { render, resolveVisitor: resolveVisitorValues }),
  /** Whether a request gets the page every visitor without cart or account gets (else its answer is `private, no-store`). */
  isSharedPageRequest,
  /** The translator of a language ("de" for anything unknown). */
  translator: (locale: string | undefined) => getTranslator(isLocale(locale) ? locale : defaultLocale),
  isLocale,
  dataDir,
  isEmbedded,
  /**
   * The embedded data folder's lock (server/data-dir-lock.ts: one process per folder), for a
   * command that opens the database itself and holds it for a long run (`npm run images -- rebuild`).
   */
  acquireDataDirLock,
  DataDirInUse,
  /** Processes the images uploaded before uploads were processed (`npm run images -- rebuild` calls this on the build it loads). */
  rebuildImages,
  siteUrl: () => siteUrl(),
  /** Backups of the embedded database and uploads (app/services/backup.server.ts): now, and every BACKUP_INTERVAL_HOURS. */
  takeBackup,
  startBackupSchedule,
  stopBackupSchedule,
  /** This process's Prometheus registry and the metrics the server entry records (server/metrics.ts). */
  metrics: () => {
    const { httpDuration, pageCache } = shopMetrics();
    return { registry: metricsRegistry(), httpDuration, pageCache };
  },
  /** METRICS_TOKEN: /metrics answers only with it as a bearer token; unset, /metrics is 404. */
  metricsToken: () => env().METRICS_TOKEN,
  /** The largest admin upload request (all images and the video together). */
  maxUploadRequestBytes: MAX_REQUEST_BYTES,
};
export type ServerRuntime = typeof serverRuntime;
