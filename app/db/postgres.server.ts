import type { Sql } from "postgres";
import { guard, type Database } from "./database.server";
import { isConnectionLost, runGuardedTransaction } from "./postgres-transaction.server";
import { retryOnConflict } from "./transaction-retry.server";
import { env } from "~/utils/env.server";

/** Thrown when the database took longer than any statement may (statement_timeout): it is not answering. */
class DatabaseNotAnswering extends Error {
  readonly code = "08006";
}

/** A statement as the log names it: its first words, never its parameters (they may be personal). Built only when the deadline passes. */
const statementSummary = (text: string) => (): string => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
};

/**
 * Runs `work`, giving up after `ms`: a database that accepts bytes but never answers (a network
 * partition, a frozen server) would otherwise keep the request waiting forever, since the
 * server-side statement_timeout cannot fire then. `onTimeout` drops the stuck connections. The
 * error (logged as the outage's first line) names what waited, so the operator sees which statement.
 */
async function withDeadline<T>(ms: number, what: () => string, work: () => Promise<T>, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new DatabaseNotAnswering(`The database did not answer within ${ms} ms: ${what()}`));
    }, ms);
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** A statement that only reads (a select, or a with … select that writes nothing). */
const READ_ONLY = /^\s*(?:select\b|with\b(?![\s\S]*\b(?:insert|update|delete|merge)\b))/i;

/** The pool resets of every open Postgres database of this process (see resetPostgresPools). */
const poolResets = new Set<() => void>();

/** Drops every Postgres connection of this process and starts the pools afresh (after a driver fault). */
export function resetPostgresPools(): void {
  for (const reset of poolResets) reset();
}

/** A Postgres server (DATABASE_URL) through postgres-js: a pool, with deadlines and outage handling. */
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
  const timed = <T>(what: () => string, work: () => Promise<T>) => guard(() => withDeadline(queryDeadline, what, work, resetPool));
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
      return timed(statementSummary(text), () => readAgainOnLostConnection(text, async () => (await sql.unsafe(text, params as never[])) as unknown as T[]));
    },
    exec(text: string) {
      return timed(statementSummary(text), async () => {
        await sql.unsafe(text);
      });
    },
    // Inside a transaction each statement is bounded by the deadline of the whole transaction.
    transaction: (fn, options) =>
      retryOnConflict(
        () =>
          timed(() => "a transaction", () => {
            const state = { lost: false };
            const begun = sql.begin((tx) => runGuardedTransaction(tx as unknown as Sql, fn, state)) as Promise<never>;
            begun.catch(() => (state.lost = true));
            return begun;
          }),
        options,
      ),
    notify: (channel, payload) =>
      timed(() => `notify ${channel}`, async () => {
        await sql.notify(channel, payload);
      }),
    async listen(channel, onNotify, onListen) {
      const listening = await withDeadline(queryDeadline, () => `listen ${channel}`, () => sql.listen(channel, onNotify, onListen), () => {});
      return { unlisten: () => listening.unlisten() };
    },
    close: () => {
      poolResets.delete(resetPool);
      return sql.end({ timeout: 5 });
    },
  };
}
