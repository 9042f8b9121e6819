import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite as PGliteType } from "@electric-sql/pglite";
import type { Sql } from "postgres";

/** One SQL interface over PGlite (embedded default) and any Postgres (DATABASE_URL). */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations, seed files). */
  exec(text: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg: PGliteType = new PGlite(dataDir ? path.resolve(dataDir) : undefined, {
    extensions: { pg_trgm },
  });
  await pg.waitReady;
  return wrapPglite(pg);
}

export function wrapPglite(pg: PGliteType): Database {
  const asQueryable = (q: Pick<PGliteType, "query" | "exec">): Queryable => ({
    async query<T>(text: string, params: unknown[] = []) {
      const result = await q.query<T>(text, params);
      return result.rows;
    },
    async exec(text: string) {
      await q.exec(text);
    },
  });
  return {
    kind: "pglite",
    ...asQueryable(pg),
    transaction: (fn) => pg.transaction((tx) => fn(asQueryable(tx))),
    close: () => pg.close(),
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const { default: postgres } = await import("postgres");
  const sql = postgres(url, {
    max: options.max ?? Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // Supabase's pooler (transaction mode) does not keep prepared statements between queries.
    prepare: process.env.DATABASE_PREPARE === "true",
    idle_timeout: 20,
    connect_timeout: 5,
    onnotice: () => {},
    types: {
      // numeric stays a string (exact money); bigint counts are cast to int in SQL.
    },
  });
  const asQueryable = (q: Sql): Queryable => ({
    async query<T>(text: string, params: unknown[] = []) {
      // postgres-js wants its own parameter type; our values are plain JSON-able scalars and arrays.
      const rows = await q.unsafe(text, params as never[]);
      return rows as unknown as T[];
    },
    async exec(text: string) {
      await q.unsafe(text);
    },
  });
  return {
    kind: "postgres",
    ...asQueryable(sql),
    transaction: (fn) => sql.begin((tx) => fn(asQueryable(tx as unknown as Sql))) as Promise<never>,
    close: () => sql.end({ timeout: 5 }),
  };
}
