/**
 * Retrying a whole transaction that lost a race: Postgres aborts one of two transactions that wait
 * on each other (deadlock, 40P01) or that cannot be serialized (40001); run again, the loser almost
 * always succeeds. Only the whole transaction may be repeated, so this wraps `Database.transaction`,
 * never a single statement, and the transaction's function must have no effects outside the
 * database (it may run more than once).
 */

export interface TransactionOptions {
  /** How many times a transaction aborted by a deadlock or a serialization failure is run again (default 0). */
  retries?: number;
}

/** What the models ask for where a race is expected (checkout, stock restore): enough for 20+ racers. */
export const CONFLICT_RETRIES = 4;

const CONFLICTS = new Set(["40001", "40P01"]);

/** Whether the database aborted the transaction because of a concurrent one (safe to run again). */
export function isTransactionConflict(error: unknown): boolean {
  return typeof error === "object" && error !== null && CONFLICTS.has(String((error as { code?: unknown }).code));
}

/** A little random wait before the next attempt, growing with each one (about 10, 20, 40 … ms, at most ~500 ms). */
export function conflictBackoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(10 * 2 ** attempt, 320);
  return Math.round(base * (0.5 + random()));
}

/** Runs `attempt` once, and again (up to `retries` times, after a jittered pause) while it fails with a conflict. */
export async function retryOnConflict<T>(
  attempt: () => Promise<T>,
  options: TransactionOptions = {},
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  const retries = Math.max(0, Math.floor(options.retries ?? 0));
  for (let tried = 0; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tried >= retries || !isTransactionConflict(error)) throw error;
      await sleep(conflictBackoffMs(tried));
    }
  }
}
