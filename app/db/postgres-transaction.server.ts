import type { Sql } from "postgres";
import { guard, type Queryable } from "./database.server";

/** Errors after which the connection itself is gone (unlike a statement timeout, which leaves it usable). */
const CONNECTION_LOST = new Set([
  "ECONNRESET", "EPIPE", "ETIMEDOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED",
  "57P01", "57P02", "57P03", "08000", "08003", "08006",
]);

export function isConnectionLost(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && CONNECTION_LOST.has(code);
}

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
export async function runGuardedTransaction<T>(
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
