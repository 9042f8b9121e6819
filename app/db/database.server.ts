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

const CONNECTION_ERRORS = new Set([
  "ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EHOSTUNREACH", "ETIMEDOUT", "EPIPE",
  "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED",
  // SQLSTATE: admin/crash shutdown, cannot connect now, too many connections, connection failures, statement timeout.
  "57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08004", "08006", "57014",
]);

/** Whether an error means "the database cannot be reached right now" (as opposed to a bad query). */
export function isConnectionError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && CONNECTION_ERRORS.has(code)) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isConnectionError(cause);
}

/**
 * The answer when the database is gone: HTTP 503 with Retry-After, thrown like any Remix response
 * so every route's error boundary shows its load-error state instead of hanging or crashing.
 */
export function databaseUnavailable(): Response {
  return new Response("Service unavailable: the database cannot be reached.", {
    status: 503,
    headers: { "Retry-After": "5", "Content-Type": "text/plain; charset=utf-8" },
  });
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isConnectionError(error)) throw databaseUnavailable();
    throw error;
  }
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

/** Thrown when the database took longer than any statement may (statement_timeout): it is not answering. */
class DatabaseNotAnswering extends Error {
  readonly code = "08006";
}

/**
 * Runs `work`, giving up after `ms`: a database that accepts bytes but never answers (a network
 * partition, a frozen server) would otherwise keep the request waiting forever, since the
 * server-side statement_timeout cannot fire then. `onTimeout` drops the stuck connections.
 */
async function withDeadline<T>(ms: number, work: () => Promise<T>, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new DatabaseNotAnswering("The database did not answer in time."));
    }, ms);
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const { default: postgres } = await import("postgres");
  const statementTimeout = Number(process.env.DATABASE_STATEMENT_TIMEOUT_MS ?? 10_000);
  const queryDeadline = Number(process.env.DATABASE_QUERY_TIMEOUT_MS ?? statementTimeout + 5_000);
  const connect = () => postgres(url, {
    max: options.max ?? Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // Supabase's pooler (transaction mode) does not keep prepared statements between queries.
    prepare: process.env.DATABASE_PREPARE === "true",
    idle_timeout: 20,
    // Fail fast when the database is gone: pages answer 503 instead of hanging.
    connect_timeout: Number(process.env.DATABASE_CONNECT_TIMEOUT ?? 3),
    connection: { statement_timeout: statementTimeout },
    onnotice: () => {},
    types: {
      // numeric stays a string (exact money); bigint counts are cast to int in SQL.
    },
  });
  let sql = connect();
  // The pool's connections are stuck: start a new pool and drop the old one's connections.
  const resetPool = () => {
    const stuck = sql;
    sql = connect();
    void stuck.end({ timeout: 0 }).catch(() => {});
  };
  const timed = <T>(work: () => Promise<T>) => guard(() => withDeadline(queryDeadline, work, resetPool));
  const asQueryable = (q: () => Sql, deadline: boolean): Queryable => ({
    query<T>(text: string, params: unknown[] = []) {
      // postgres-js wants its own parameter type; our values are plain JSON-able scalars and arrays.
      const run = async () => (await q().unsafe(text, params as never[])) as unknown as T[];
      return deadline ? timed(run) : guard(run);
    },
    exec(text: string) {
      const run = async () => {
        await q().unsafe(text);
      };
      return deadline ? timed(run) : guard(run);
    },
  });
  return {
    kind: "postgres",
    ...asQueryable(() => sql, true),
    // Inside a transaction each statement is bounded by the deadline of the whole transaction.
    transaction: (fn) => timed(() => sql.begin((tx) => fn(asQueryable(() => tx as unknown as Sql, false))) as Promise<never>),
    close: () => sql.end({ timeout: 5 }),
  };
}
