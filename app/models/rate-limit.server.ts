import { getDb } from "~/db/db.server";
import type { Queryable } from "~/db/database.server";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
  count: number;
}

/** Counters whose window ended this long ago are removed (longer than any window in use). */
const STALE_AFTER_SECONDS = 24 * 60 * 60;
const STALE_BATCH = 100;

/**
 * Fixed-window counters in the database (table rate_limits), so every server process behind a
 * load balancer shares them. `hitRateLimits` counts one attempt under each key and returns the new
 * counts in the same statement: the count is taken before the work it guards, so a burst of
 * concurrent requests cannot slip past the limit (no read-then-check race). Keys are counted in
 * the order given; callers that share keys give them in the same order (no lock cycles).
 * Given a transaction (`tx`), the count belongs to it: undone with it, and the counters' rows stay
 * locked until it ends (concurrent callers with the same key wait, so the count is exact).
 */
export async function hitRateLimits(
  limits: ReadonlyArray<{ key: string; limit: number }>,
  windowSeconds: number,
  tx?: Queryable,
): Promise<RateLimitResult[]> {
  const db = tx ?? (await getDb());
  const rows = await db.query<{ key: string; count: number; seconds_left: number }>(
    `insert into public.rate_limits as r (key, count, window_start)
     select key, 1, now() from unnest($1::text[]) with ordinality as k(key, position) order by position
     on conflict (key) do update set
       count = case when r.window_start < now() - make_interval(secs => $2) then 1 else r.count + 1 end,
       window_start = case when r.window_start < now() - make_interval(secs => $2) then now() else r.window_start end
     returning key, count, greatest(0, ceil(extract(epoch from (window_start + make_interval(secs => $2) - now()))))::int as seconds_left`,
    [limits.map((l) => l.key), windowSeconds],
  );
  return limits.map(({ key, limit }) => {
    const row = rows.find((r) => r.key === key);
    const count = row?.count ?? 1;
    return { allowed: count <= limit, retryAfter: row?.seconds_left ?? windowSeconds, count };
  });
}

/** Counts one attempt under `key`: whether it is still within `limit` attempts per `windowSeconds`. */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const [result] = await hitRateLimits([{ key, limit }], windowSeconds);
  return result!;
}

/** Takes back one counted attempt (it turned out not to be one to count, e.g. a successful sign-in). */
export async function refundRateLimit(key: string): Promise<void> {
  const db = await getDb();
  await db.query("update public.rate_limits set count = greatest(count - 1, 0) where key = $1", [key]);
}

export async function resetRateLimit(key: string): Promise<void> {
  const db = await getDb();
  await db.query("delete from public.rate_limits where key = $1", [key]);
}

/**
 * At most one caller per `seconds` under `key` gets the slot (one statement: the row's time is
 * moved on only if the last slot is that old). For a short, fair delay instead of a lock.
 */
export async function claimRateSlot(key: string, seconds: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db.query(
    `insert into public.rate_limits as r (key, count, window_start) values ($1, 1, now())
     on conflict (key) do update set count = r.count + 1, window_start = now()
       where r.window_start <= now() - make_interval(secs => $2)
     returning key`,
    [key, seconds],
  );
  return rows.length > 0;
}

/** Removes a small batch of counters whose window ended long ago, oldest first (by index). */
export async function deleteStaleRateLimits(limit = STALE_BATCH): Promise<number> {
  const db = await getDb();
  const rows = await db.query(
    `delete from public.rate_limits where key in (
       select key from public.rate_limits where window_start < now() - make_interval(secs => $1)
        order by window_start limit $2)
     returning key`,
    [STALE_AFTER_SECONDS, limit],
  );
  return rows.length;
}
