import { Counter, Gauge } from "prom-client";
import { getDb } from "~/db/db.server";
import { outboxCounts } from "~/models/email-outbox.server";
import { isEmbedded } from "~/utils/env.server";
import { shopMetrics, type ShopMetrics } from "~/utils/metrics.server";
import { newestBackupAgeSeconds } from "./backup.server";

/**
 * The metrics read at scrape time (the database, the backup folder), registered once beside the
 * counters of app/utils/metrics.server.ts. Every server process reads the same database, so with
 * several processes these are combined by max/min, not summed (their `aggregator`). A read that
 * fails leaves the last value (a counter never drops to 0 because the database is away) and says
 * so in shop_database_up.
 */

const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

let registered = false;

/** The shop's metrics, with the scrape-time readings registered (idempotent). */
export function metricsRegistry(): ShopMetrics["registry"] {
  const metrics = shopMetrics();
  if (registered) return metrics.registry;
  registered = true;
  const registers = [metrics.registry];
  let databaseUp = 1;

  new Gauge({
    name: "shop_database_up",
    help: "Whether the database answered `select 1` at this scrape (1) or not (0).",
    aggregator: "min",
    registers,
    async collect() {
      try {
        const db = await within(SCRAPE_QUERY_TIMEOUT_MS, getDb());
        await within(SCRAPE_QUERY_TIMEOUT_MS, db.query("select 1"));
        databaseUp = 1;
      } catch {
        databaseUp = 0;
      }
      this.set(databaseUp);
    },
  });
  new Gauge({
    name: "shop_outbox_emails",
    help: "E-mails in the outbox by status: queued (waiting or being sent) and failed (given up after every attempt).",
    labelNames: ["status"] as const,
    aggregator: "max",
    registers,
    async collect() {
      if (!databaseUp) return;
      try {
        const counts = await within(SCRAPE_QUERY_TIMEOUT_MS, getDb().then((db) => outboxCounts(db)));
        this.set({ status: "queued" }, counts.queued);
        this.set({ status: "failed" }, counts.failed);
      } catch {
        // keeps the last reading
      }
    },
  });
  new Counter({
    name: "shop_orders_placed_total",
    help: "Orders placed (all time, counted in the database: the same in every server process).",
    aggregator: "max",
    registers,
    async collect() {
      if (!databaseUp) return;
      try {
        const [row] = await within(SCRAPE_QUERY_TIMEOUT_MS, getDb().then((db) => db.query<{ count: number }>("select count(*)::int as count from public.orders")));
        this.reset();
        this.inc(row?.count ?? 0);
      } catch {
        // keeps the last reading
      }
    },
  });
  if (isEmbedded()) {
    new Gauge({
      name: "shop_backup_age_seconds",
      help: "Age of the newest backup in BACKUP_DIR in seconds (+Inf when there is none).",
      aggregator: "min",
      registers,
      async collect() {
        try {
          this.set(await newestBackupAgeSeconds());
        } catch {
          this.set(Number.POSITIVE_INFINITY);
        }
      },
    });
  }
  return metrics.registry;
}
