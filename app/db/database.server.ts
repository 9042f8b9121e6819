import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite as PGliteType } from "@electric-sql/pglite";
import type { Sql } from "postgres";
import { retryOnConflict, type TransactionOptions } from "./transaction-retry.server";
import { env } from "~/utils/env.server";
import { noteDatabaseAnswered, noteDatabaseError } from "~/utils/metrics.server";

export type { TransactionOptions };

/** One SQL interface over PGlite (embedded default) and any Postgres (DATABASE_URL). */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations, seed files). */
  exec(text: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** `retries`: run the whole transaction again when it loses a deadlock or serialization race. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
  /**
   * PGlite only: its data folder as a tar (PGlite's dumpDataDir), taken while no transaction is
   * open, after a checkpoint: every transaction committed before the call is in it (backups).
   */
  dumpDataDir?(): Promise<Blob>;
  /** Postgres only: NOTIFY on a channel (delivered to listeners of every connection, after commit). */
  notify?(channel: string, payload: string): Promise<void>;
  /**
   * Postgres only: LISTEN on a channel over a connection of its own. `onListen` runs each time the
   * LISTEN is (re)established. The driver re-listens after a lost connection when it can, but gives
   * up if the database is away at that moment: callers watch it themselves (catalogue-broadcast).
   */
  listen?(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<{ unlisten(): Promise<void> }>;
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
 * What every query, transaction and getDb() throws while the database cannot be reached. A plain
 * error: what a request answers then (a 503 with Retry-After, the page's load-error state) is
 * decided where requests are handled (app/services/outage.server.ts), not here.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = "DatabaseUnavailableError";
  constructor() {
    super("The database cannot be reached.");
  }
}

/** Whether `error` says the database could not be reached (databaseUnavailable()). */
export function isDatabaseUnavailable(error: unknown): error is DatabaseUnavailableError {
  return error instanceof DatabaseUnavailableError;
}

/** Who is told when a caller finds the database unreachable (see onDatabaseUnavailable). */
const unavailableWatchers = new Set<() => void>();

/**
 * Calls `watch` each time a caller finds the database unreachable, synchronously and in that
 * caller's context (its AsyncLocalStorage stores): the request layer marks the request it answers.
 * Returns the function that stops it.
 */
export function onDatabaseUnavailable(watch: () => void): () => void {
  unavailableWatchers.add(watch);
  return () => unavailableWatchers.delete(watch);
}

/**
 * The error for "the database cannot be reached", made where the caller met it: the watchers
 * (onDatabaseUnavailable) hear of it there.
 */
export function databaseUnavailable(): DatabaseUnavailableError {
  for (const watch of unavailableWatchers) watch();
  return new DatabaseUnavailableError();
}

/**
 * For a caller that joined a read another caller started (and shares its result): when that read
 * met an outage, it began before this caller asked, and the database may be back by now (a request
 * just after a restart must not inherit the failure of one that started during it). The read is then
 * tried once more for this caller alone, and fails with this caller's own outage error (met in its
 * own context) if the database is still away.
 */
export function joinSharedRead<T>(shared: Promise<T>, readAgain: () => Promise<T>): Promise<T> {
  return shared.catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) return readAgain();
    throw error;
  });
}

/**
 * The operator hears of an outage in the log: its first failure with its cause, then at most one
 * line every OUTAGE_LOG_MS with how many queries failed since (not one line per request).
 */
const OUTAGE_LOG_MS = 10_000;
const outageLog = { last: 0, since: 0 };
function logOutage(error: unknown) {
  const now = Date.now();
  outageLog.since++;
  if (now - outageLog.last < OUTAGE_LOG_MS) return;
  const { code, message } = error as { code?: unknown; message?: unknown };
  console.error(`Database unreachable (${String(code ?? "")}: ${String(message ?? error)}): answering 503; ${outageLog.since} failed ${outageLog.since === 1 ? "query" : "queries"} since the last such line`);
  outageLog.last = now;
  outageLog.since = 0;
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    noteDatabaseAnswered();
    return result;
  } catch (error) {
    if (isConnectionError(error)) {
      noteDatabaseError("unavailable");
      logOutage(error);
      throw databaseUnavailable();
    }
    countError(error);
    throw error;
  }
}

/** Errors counted already (a statement's inside a transaction reaches the transaction's guard too). */
const countedErrors = new WeakSet<object>();
function countError(error: unknown) {
  if (isDatabaseUnavailable(error)) return;
  if (error && typeof error === "object") {
    if (countedErrors.has(error)) return;
    countedErrors.add(error);
  }
  noteDatabaseError("query");
}

/** Counts a PGlite statement's failure (/metrics) and passes it on. */
async function counted<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    countError(error);
    throw error;
  }
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  if (dataDir) mkdirSync(dataDir, { recursive: true });
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

/** Errors after which the connection itself is gone (unlike a statement timeout, which leaves it usable). */
const CONNECTION_LOST = new Set([
  "ECONNRESET", "EPIPE", "ETIMEDOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED",
  "57P01", "57P02", "57P03", "08000", "08003", "08006",
]);

function isConnectionLost(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && CONNECTION_LOST.has(code);
}

/** A statement that only reads (a select, or a with … select that writes nothing). */
const READ_ONLY = /^\s*(?:select\b|with\b(?![\s\S]*\b(?:insert|update|delete|merge)\b))/i;

class ConnectionLost extends Error {
  readonly code = "CONNECTION_CLOSED";
}

/**
 * A transaction's connection, guarded: postgres-js pins a transaction to one connection and, when
 * the transaction fails, writes ROLLBACK to it (and COMMIT when it succeeds) without checking that
 * the connection is still there. A write to a connection whose socket has closed throws out of a
 * timer ("Cannot read properties of null (reading 'write')", porsager/postgres#1208) and would kill
 * the process. So once the connection is known lost — a statement failed with a connection error,
 * or begin() itself failed (it fails as soon as its connection closes) — nothing more is written
 * to it: further statements fail at once, and the transaction function never settles, so neither
 * ROLLBACK nor COMMIT is sent. begin() has failed already; the server drops a dead session's
 * transaction on its own.
 */
async function runGuardedTransaction<T>(
  tx: Sql,
  fn: (tx: Queryable) => Promise<T>,
  state: { lost: boolean },
): Promise<T> {
  const statement = async <R>(work: () => Promise<R>): Promise<R> => {
    if (state.lost) throw new ConnectionLost("The transaction's connection was lost.");
    try {
      return await work();
    } catch (error) {
      if (isConnectionLost(error)) state.lost = true;
      throw error;
    }
  };
  const queryable: Queryable = {
    query: <R>(text: string, params: unknown[] = []) =>
      guard(() => statement(async () => (await tx.unsafe(text, params as never[])) as unknown as R[])),
    exec: (text: string) =>
      guard(() =>
        statement(async () => {
          await tx.unsafe(text);
        }),
      ),
  };
  const never = () => new Promise<never>(() => {});
  let result: T;
  try {
    result = await fn(queryable);
  } catch (error) {
    if (state.lost) return never();
    throw error;
  }
  return state.lost ? never() : result;
}

/** The pool resets of every open Postgres database of this process (see resetPostgresPools). */
const poolResets = new Set<() => void>();

/** Drops every Postgres connection of this process and starts the pools afresh (after a driver fault). */
export function resetPostgresPools(): void {
  for (const reset of poolResets) reset();
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const { default: postgres } = await import("postgres");
  const settings = env();
  const statementTimeout = settings.DATABASE_STATEMENT_TIMEOUT_MS;
  const queryDeadline = settings.DATABASE_QUERY_TIMEOUT_MS ?? statementTimeout + 5_000;
  const connect = () => postgres(url, {
    max: options.max ?? settings.DATABASE_POOL_SIZE,
    // Supabase's pooler (transaction mode) does not keep prepared statements between queries.
    prepare: settings.DATABASE_PREPARE,
    idle_timeout: 20,
    // Fail fast when the database is gone: pages answer 503 instead of hanging.
    connect_timeout: settings.DATABASE_CONNECT_TIMEOUT,
    // postgres-js waits before reconnecting after a failed connection, longer after each failure
    // (up to 20 s, counted for the whole pool): during an outage every query waited that long before
    // it even tried, and after the outage too. Try at once instead: a refused connection fails in
    // milliseconds, an unreachable host after connect_timeout, and a database that is back is used
    // by the next query.
    backoff: () => 0,
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
  // A read that met a connection closed under it (a restart, a pooler that dropped it) is asked
  // once more, on a fresh connection: it changed nothing, and the database may well be back.
  const readAgainOnLostConnection = async <T>(text: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (!READ_ONLY.test(text) || !isConnectionLost(error)) throw error;
      return work();
    }
  };
  poolResets.add(resetPool);
  return {
    kind: "postgres",
    query<T>(text: string, params: unknown[] = []) {
      // postgres-js wants its own parameter type; our values are plain JSON-able scalars and arrays.
      return timed(() => readAgainOnLostConnection(text, async () => (await sql.unsafe(text, params as never[])) as unknown as T[]));
    },
    exec(text: string) {
      return timed(async () => {
        await sql.unsafe(text);
      });
    },
    // Inside a transaction each statement is bounded by the deadline of the whole transaction.
    transaction: (fn, options) =>
      retryOnConflict(
        () =>
          timed(() => {
            const state = { lost: false };
            const begun = sql.begin((tx) => runGuardedTransaction(tx as unknown as Sql, fn, state)) as Promise<never>;
            begun.catch(() => (state.lost = true));
            return begun;
          }),
        options,
      ),
    notify: (channel, payload) =>
      timed(async () => {
        await sql.notify(channel, payload);
      }),
    async listen(channel, onNotify, onListen) {
      const listening = await withDeadline(queryDeadline, () => sql.listen(channel, onNotify, onListen), () => {});
      return { unlisten: () => listening.unlisten() };
    },
    close: () => {
      poolResets.delete(resetPool);
      return sql.end({ timeout: 5 });
    },
  };
}
