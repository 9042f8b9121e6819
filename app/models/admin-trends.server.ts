import { getDb } from "~/db/db.server";
import { toCents } from "~/utils/money";
import { trendPeriods } from "~/utils/shop-time";

/**
 * The admin's computed trends: orders placed (cancelled ones excluded) and revenue (EUR, gross, by
 * payment received, less refunds) of the last 30 days against the 30 days before, read in one query
 * from the orders themselves. The current period has no upper bound: an order placed this instant
 * (the database stamps microseconds, `now` has milliseconds, so its created_at can lie just after
 * `now`) and a payment recorded this instant or dated today by the admin's form (noon of that day)
 * belong to it.
 */
export interface PeriodFigures {
  orders: number;
  /** Cents. */
  revenueEur: number;
}

export interface OrderTrends {
  current: PeriodFigures;
  previous: PeriodFigures;
}

export async function getOrderTrends(now = new Date()): Promise<OrderTrends> {
  const { current, previous } = trendPeriods(now);
  const db = await getDb();
  const [row] = await db.query<{ orders_now: number; orders_before: number; revenue_now: string | number; revenue_before: string | number }>(
    `select count(*) filter (where status <> 'cancelled' and created_at >= $2)::int as orders_now,
            count(*) filter (where status <> 'cancelled' and created_at >= $1 and created_at < $2)::int as orders_before,
            coalesce(sum(amount_received - amount_refunded) filter (where paid_at >= $2 and currency = 'EUR'), 0) as revenue_now,
            coalesce(sum(amount_received - amount_refunded) filter (where paid_at >= $1 and paid_at < $2 and currency = 'EUR'), 0) as revenue_before
       from public.orders
      where created_at >= $1 or paid_at >= $1`,
    [previous.from.toISOString(), current.from.toISOString()],
  );
  return {
    current: { orders: row?.orders_now ?? 0, revenueEur: toCents(row?.revenue_now ?? 0) },
    previous: { orders: row?.orders_before ?? 0, revenueEur: toCents(row?.revenue_before ?? 0) },
  };
}
