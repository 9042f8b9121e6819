import { chmodSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite as PGliteType } from "@electric-sql/pglite";
import { counted, type Database, type Queryable } from "./database.server";
import { retryOnConflict } from "./transaction-retry.server";

/** The embedded database (the default): PGlite in `dataDir`, or in memory without one. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  if (dataDir) {
    // PGlite writes the database's files world-readable and -writable (0666, whatever the umask):
    // its folder is the owner's only (0700), also when an older version made it 0755. A new
    // DATA_DIR above it is made 0700 too; an existing one is left as the operator set it.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
  }
  const pg: PGliteType = new PGlite(dataDir ? path.resolve(dataDir) : undefined, {
    extensions: { pg_trgm, unaccent },
  });
  await pg.waitReady;
  return wrapPglite(pg);
}

export function wrapPglite(pg: PGliteType): Database {
  const asQueryable = (q: Pick<PGliteType, "query" | "exec">): Queryable => ({
    async query<T>(text: string, params: unknown[] = []) {
      const result = await counted(() => q.query<T>(text, params));
      return result.rows;
    },
    async exec(text: string) {
      await counted(() => q.exec(text));
    },
  });
  return {
    kind: "pglite",
    ...asQueryable(pg),
    transaction: (fn, options) => retryOnConflict(() => pg.transaction((tx) => fn(asQueryable(tx))), options),
    close: () => pg.close(),
    async dumpDataDir() {
      await pg.exec("checkpoint");
      // PGlite runs one statement at a time, and a transaction holds its transaction lock from
      // BEGIN to COMMIT: taken here, the dump falls between transactions, never inside one.
      return pg._runExclusiveTransaction(() => pg.dumpDataDir("none"));
    },
  };
}
