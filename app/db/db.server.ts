import path from "node:path";
import { databaseUnavailable, isConnectionError, type Database } from "./database.server";
import { openPglite } from "./pglite.server";
import { openPostgres } from "./postgres.server";
import { observeCatalogueWrites } from "./catalogue-version.server";
import { startCatalogueBroadcast, type CatalogueBroadcast } from "./catalogue-broadcast.server";
import { migrate, migrations } from "./migrate.server";
import { seedDemoData } from "./seed.server";
import { dataDir, env, isEmbedded } from "~/utils/env.server";

declare global {
  // The dev server re-imports modules; one database per process all the same.
  var __shopDb: Promise<Database> | undefined;
  var __shopCatalogueBroadcast: CatalogueBroadcast | undefined;
}

/** Where the shop's data lives, for the start-up log: the PGlite folder, or the Postgres server without its password. */
export function databaseLocation(url: string | undefined = env().DATABASE_URL): string {
  if (!url) return `embedded PGlite in ${path.join(dataDir(), "pglite")}`;
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "(default database)";
    const user = parsed.username ? ` as ${decodeURIComponent(parsed.username)}` : "";
    return `PostgreSQL ${parsed.hostname}:${parsed.port || 5432}/${database}${user}`;
  } catch {
    return "PostgreSQL (DATABASE_URL is not a valid URL)";
  }
}

export type StartupLog = (message: string) => void;

async function open(log: StartupLog): Promise<Database> {
  const url = env().DATABASE_URL;
  const db = url ? await openPostgres(url) : await openPglite(path.join(dataDir(), "pglite"));
  try {
    const applied = await migrate(db);
    log(
      applied.length > 0
        ? `Migrations applied: ${applied.join(", ")}`
        : `Migrations: all ${migrations.length} already applied`,
    );
    if (isEmbedded() || env().SEED_DEMO_DATA) {
      const seeded = await seedDemoData(db, { accounts: isEmbedded() });
      log(seeded.catalogue ? "Demo data: catalogue and offers seeded" : "Demo data: catalogue already present");
      for (const account of seeded.accounts) {
        log(`Demo account created: ${account.email} / ${account.password} (${account.admin ? "administrator" : "customer"})`);
      }
    }
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  const observed = observeCatalogueWrites(db);
  // Other server processes on the same Postgres learn of this one's catalogue changes (and it of theirs).
  if (observed.notify && observed.listen && !globalThis.__shopCatalogueBroadcast) {
    globalThis.__shopCatalogueBroadcast = startCatalogueBroadcast({ notify: observed.notify, listen: observed.listen }, { log });
  }
  return observed;
}

/**
 * Opens the shop's database (and migrates it, and seeds it when new), logging each step; the
 * server entry calls this before it listens. Errors come as they are (a failed connection too), so
 * the caller can tell "retry" from "give up". Later calls reuse the open database.
 */
export function startDatabase(log: StartupLog): Promise<Database> {
  if (!globalThis.__shopDb) {
    const opening = open(log);
    globalThis.__shopDb = opening;
    opening.catch(() => {
      if (globalThis.__shopDb === opening) globalThis.__shopDb = undefined;
    });
  }
  return globalThis.__shopDb;
}

/**
 * The shop's database, opened (and migrated, and seeded when new) once per process. While it
 * cannot be reached, callers get a DatabaseUnavailableError; the next call tries again.
 */
export function getDb(): Promise<Database> {
  return startDatabase(() => {}).catch((error: unknown) => {
    if (isConnectionError(error)) throw databaseUnavailable();
    throw error;
  });
}

/** Closes the database (on shutdown); the next getDb() would open it again. */
export async function closeDatabase(): Promise<void> {
  const opened = globalThis.__shopDb;
  globalThis.__shopDb = undefined;
  await globalThis.__shopCatalogueBroadcast?.stop();
  globalThis.__shopCatalogueBroadcast = undefined;
  const db = await opened?.catch(() => undefined);
  await db?.close();
}
