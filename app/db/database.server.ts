import { noteDatabaseAnswered, noteDatabaseError } from "~/utils/metrics.server";
import type { TransactionOptions } from "./transaction-retry.server";

export type { TransactionOptions };

/**
 * One SQL interface over PGlite (embedded default: pglite.server.ts) and any Postgres (DATABASE_URL:
 * postgres.server.ts); db.server.ts opens the shop's.
 */
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
 * line every OUTAGE_LOG_MS with how many queries failed since (not one line per request), and a
 * line when the database answers again. An outage that begins after the database answered is
 * announced at once, unless the last outage line is not OUTAGE_FLAP_MS old (a database that comes
 * and goes during a restart: at most a line a second).
 */
const OUTAGE_LOG_MS = 10_000;
const OUTAGE_FLAP_MS = 1_000;
const outageLog = { last: 0, since: 0, open: false };
const queries = (count: number) => `${count} failed ${count === 1 ? "query" : "queries"}`;
function logOutage(error: unknown) {
  const now = Date.now();
  outageLog.since++;
  if (now - outageLog.last < (outageLog.open ? OUTAGE_LOG_MS : OUTAGE_FLAP_MS)) return;
  const { code, message } = error as { code?: unknown; message?: unknown };
  console.error(`Database unreachable (${String(code ?? "")}: ${String(message ?? error)}): answering 503; ${queries(outageLog.since)} since the last such line`);
  outageLog.last = now;
  outageLog.since = 0;
  outageLog.open = true;
}
function logOutageOver() {
  if (!outageLog.open) return;
  outageLog.open = false;
  console.info(`Database answering again (${queries(outageLog.since)} since the last outage line)`);
  outageLog.since = 0;
}

/**
 * Runs a statement of a database server, turning "the database cannot be reached" into the plain
 * DatabaseUnavailableError (logged, counted) and counting any other failure (/metrics).
 */
export async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    noteDatabaseAnswered();
    logOutageOver();
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
export async function counted<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    countError(error);
    throw error;
  }
}
