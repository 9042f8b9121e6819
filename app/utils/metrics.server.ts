import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The shop's Prometheus metrics (prom-client), one registry per process: what the app counts
 * (database errors and outages, backups) and what the server entry counts (requests by route
 * pattern, page-cache hits; server/metrics.ts), plus Node's default process metrics. Values read
 * from the database at scrape time (outbox, orders, database up) are registered by
 * app/services/metrics.server.ts. /metrics (server/metrics.ts) serves this registry, or with
 * several server processes the sum over all of them (prom-client's AggregatorRegistry in the
 * primary): a metric every process reads from the same database says how to combine (`aggregator`).
 */
export interface ShopMetrics {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status">;
  pageCache: Counter<"outcome">;
  databaseErrors: Counter<"kind">;
  databaseOutages: Counter;
  backups: Counter<"result">;
  backupLastSuccess: Gauge;
}

declare global {
  // One registry per process, also when the dev server re-imports modules.
  var __shopMetrics: ShopMetrics | undefined;
}

function create(): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer a request, by method, route pattern (never ids or the query) and status.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    pageCache: new Counter({
      name: "shop_page_cache_requests_total",
      help: "Pages answered by the shared page cache: hit (kept page) or miss (rendered, then kept).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    databaseErrors: new Counter({
      name: "shop_database_errors_total",
      help: "Failed database statements: unavailable (the database could not be reached: 503) or query (any other error).",
      labelNames: ["kind"] as const,
      registers,
    }),
    databaseOutages: new Counter({
      name: "shop_database_outages_total",
      help: "Times the database became unreachable after answering (each outage counted once).",
      registers,
    }),
    backups: new Counter({
      name: "shop_backups_total",
      help: "Backups this process took of the embedded database and uploads, by result (success or failure).",
      labelNames: ["result"] as const,
      registers,
    }),
    backupLastSuccess: new Gauge({
      name: "shop_backup_last_success_timestamp_seconds",
      help: "When the newest backup in BACKUP_DIR was written (Unix time); 0 when there is none.",
      aggregator: "max",
      registers,
    }),
  };
}

export function shopMetrics(): ShopMetrics {
  return (globalThis.__shopMetrics ??= create());
}

let databaseDown = false;

/** A statement failed: `unavailable` when the database could not be reached, else `query`. */
export function noteDatabaseError(kind: "unavailable" | "query"): void {
  const metrics = shopMetrics();
  metrics.databaseErrors.inc({ kind });
  if (kind === "unavailable" && !databaseDown) {
    databaseDown = true;
    metrics.databaseOutages.inc();
  }
}

/** A statement succeeded: an outage in progress is over. */
export function noteDatabaseAnswered(): void {
  databaseDown = false;
}
