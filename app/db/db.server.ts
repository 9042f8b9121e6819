import path from "node:path";
import { openPglite, openPostgres, type Database } from "./database.server";
import { migrate } from "./migrate.server";
import { seedDemoData } from "./seed.server";
import { dataDir, isEmbedded } from "~/utils/env.server";

declare global {
  // The dev server re-imports modules; one database per process all the same.
  var __shopDb: Promise<Database> | undefined;
}

async function open(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const db = url ? await openPostgres(url) : await openPglite(path.join(dataDir(), "pglite"));
  await migrate(db);
  if (isEmbedded() || process.env.SEED_DEMO_DATA === "true") {
    await seedDemoData(db, { accounts: isEmbedded() });
  }
  closeOnExit(db);
  return db;
}

/** The shop's database, opened (and migrated, and seeded when new) once per process. */
export function getDb(): Promise<Database> {
  if (!globalThis.__shopDb) {
    globalThis.__shopDb = open();
    // A failed start must not stay cached forever: the next request tries again.
    globalThis.__shopDb.catch(() => {
      globalThis.__shopDb = undefined;
    });
  }
  return globalThis.__shopDb;
}

/** PGlite keeps a timer alive, so a server would never exit on SIGTERM without this. */
function closeOnExit(db: Database) {
  const close = (signal: NodeJS.Signals) => {
    db.close()
      .catch(() => {})
      .finally(() => process.exit(signal === "SIGINT" ? 130 : 0));
  };
  process.once("SIGTERM", close);
  process.once("SIGINT", close);
}
