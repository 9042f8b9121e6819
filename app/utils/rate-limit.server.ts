import { getDb } from "~/db/db.server";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
  count: number;
}

/**
 * A fixed-window counter in the database (table rate_limits), so every server process behind a
 * load balancer shares it. `hit` counts one attempt under `key` and says whether it is still
 * within `limit` attempts per `windowSeconds`.
 */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const db = await getDb();
  const [row] = await db.query<{ count: number; seconds_left: number }>(
    `insert into public.rate_limits as r (key, count, window_start) values ($1, 1, now())
     on conflict (key) do update set
       count = case when r.window_start < now() - make_interval(secs => $2) then 1 else r.count + 1 end,
       window_start = case when r.window_start < now() - make_interval(secs => $2) then now() else r.window_start end
     returning count, greatest(0, ceil(extract(epoch from (window_start + make_interval(secs => $2) - now()))))::int as seconds_left`,
    [key, windowSeconds],
  );
  const count = row?.count ?? 1;
  return { allowed: count <= limit, retryAfter: row?.seconds_left ?? windowSeconds, count };
}

/** Reads the counter without counting (e.g. to refuse before checking a password). */
export async function peekRateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const db = await getDb();
  const [row] = await db.query<{ count: number; seconds_left: number }>(
    `select count, greatest(0, ceil(extract(epoch from (window_start + make_interval(secs => $2) - now()))))::int as seconds_left
       from public.rate_limits where key = $1 and window_start >= now() - make_interval(secs => $2)`,
    [key, windowSeconds],
  );
  const count = row?.count ?? 0;
  return { allowed: count < limit, retryAfter: row?.seconds_left ?? 0, count };
}

export async function resetRateLimit(key: string): Promise<void> {
  const db = await getDb();
  await db.query("delete from public.rate_limits where key = $1", [key]);
}
