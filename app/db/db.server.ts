import path from "node:path";
import { databaseUnavailable, isConnectionError, openPglite, openPostgres, type Database } from "./database.server";
import { observeCatalogueWrites } from "./catalogue-version.server";
import { migrate } from "./migrate.server";
import { seedDemoData } from "./seed.server";
import { dataDir, isEmbedded } from "~/utils/env.server";
import { onShutdown } from "~/utils/graceful-shutdown.server";

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
  onShutdown(() => db.close());
  return observeCatalogueWrites(db);
}

/**
 * The shop's database, opened (and migrated, and seeded when new) once per process. While it
 * cannot be reached, callers get a 503 response to throw; the next call tries again.
 */
export function getDb(): Promise<Database> {
  if (!globalThis.__shopDb) {
    const opening = open().catch((error: unknown) => {
      if (globalThis.__shopDb === opening) globalThis.__shopDb = undefined;
      if (isConnectionError(error)) throw databaseUnavailable();
      throw error;
    });
    globalThis.__shopDb = opening;
  }
  return globalThis.__shopDb;
}
