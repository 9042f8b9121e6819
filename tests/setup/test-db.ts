import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { catalogueChanged, observeCatalogueWrites } from "~/db/catalogue-version.server";
import type { Database } from "~/db/database.server";
import { wrapPglite } from "~/db/pglite.server";
import { openPostgres } from "~/db/postgres.server";
import { migrate } from "~/db/migrate.server";
import { seedDemoData } from "~/db/seed.server";

export type TestDbKind = "pglite" | "postgres";

/** The kinds of database this run can test against: PGlite always, Postgres with TEST_DATABASE_URL. */
export const testDbKinds: TestDbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase {
  db: Database;
  /** The connection string of a Postgres test database (for tools that connect themselves). */
  url?: string;
  /** Makes the app's getDb() answer with this database. */
  install(): void;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database (unless migrate: false): an in-memory PGlite, or a new database on the Postgres server of
 * TEST_DATABASE_URL (created for this test file and dropped at the end).
 */
export async function createTestDatabase(kind: TestDbKind, options: { seed?: boolean; migrate?: boolean } = {}): Promise<TestDatabase> {
  let db: Database;
  let url: string | undefined;
  let cleanup = async () => {};
  const seed = options.seed !== false;
  const migrated = options.migrate !== false;
  let copied = false;
  if (kind === "pglite") {
    // A copy of the run's migrated template (tests/setup/global-setup.ts), else a new one.
    const template = migrated ? inject("pgliteTemplates")?.[seed ? "seeded" : "bare"] : undefined;
    const pg = new PGlite({
      extensions: { pg_trgm, unaccent },
      ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
    });
    await pg.waitReady;
    db = wrapPglite(pg);
    copied = Boolean(template);
  } else {
    const server = process.env.TEST_DATABASE_URL;
    if (!server) throw new Error("TEST_DATABASE_URL is not set");
    const name = `shop_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = await openPostgres(server, { max: 1 });
    const template = migrated ? inject("postgresTemplates")?.[seed ? "seeded" : "bare"] : undefined;
    await admin.exec(template ? `create database ${name} template ${template}` : `create database ${name}`);
    copied = Boolean(template);
    const target = new URL(server);
    target.pathname = `/${name}`;
    url = target.toString();
    db = await openPostgres(url, { max: 25 });
    cleanup = async () => {
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    };
  }
  // A no-op on a copy of the template (every migration recorded); the whole work without one.
  // migrate: false leaves the database empty (a test applies migrations itself, e.g. up to one).
  if (migrated) await migrate(db);
  if (migrated && seed && !copied) await seedDemoData(db, { accounts: true });
  // As in the app (db.server.ts): writes to the catalogue retire what was read from it before.
  db = observeCatalogueWrites(db);
  return {
    db,
    url,
    install() {
      globalThis.__shopDb = Promise.resolve(db);
      // Nothing read from another test database may be taken for this one's.
      catalogueChanged();
    },
    async close() {
      globalThis.__shopDb = undefined;
      await db.close();
      await cleanup();
    },
  };
}
