import { getDb } from "~/db/db.server";
import { toCents, type Currency } from "~/utils/money";
import { LOW_STOCK_BELOW } from "./product-limits";

/** The dashboard's figures, all computed in SQL (exact numeric sums, never float). */

export interface ProductStats {
  totalProducts: number;
  /** Sum of EUR price × stock, in cents. */
  stockValue: number;
  /** Stock 1 to 4. */
  lowStock: number;
  /** Stock 0. */
  soldOut: number;
}

export async function getProductStats(): Promise<ProductStats> {
  const db = await getDb();
  const [row] = await db.query<{ total: number; value: string | number | null; low: number; sold_out: number }>(
    `select count(*)::int as total,
            coalesce(sum(price_eur * stock), 0) as value,
            (count(*) filter (where stock > 0 and stock < ${LOW_STOCK_BELOW}))::int as low,
            (count(*) filter (where stock = 0))::int as sold_out
       from public.products`,
  );
  return {
    totalProducts: row?.total ?? 0,
    stockValue: toCents(row?.value ?? 0),
    lowStock: row?.low ?? 0,
    soldOut: row?.sold_out ?? 0,
  };
}

export interface RevenueDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  EUR: number;
  CHF: number;
}

/**
 * Revenue per day (UTC) for the last `days` days including today, per currency, in cents: money
 * received (by payment date), less what credit notes paid back — not orders placed. Days without
 * payments are present with 0.
 */
export async function revenueByDay(days = 30, now = new Date()): Promise<RevenueDay[]> {
  const db = await getDb();
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(end.getTime() - (days - 1) * 86_400_000);
  // orders_paid_at_idx: only the orders paid in the window are read.
  const rows = await db.query<{ day: string; currency: Currency; total: string | number }>(
    `select to_char((paid_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, currency, sum(amount_received - amount_refunded) as total
       from public.orders
      where paid_at is not null and paid_at >= $1::timestamptz and paid_at < $2::timestamptz
      group by 1, 2`,
    [start.toISOString(), new Date(end.getTime() + 86_400_000).toISOString()],
  );
  const result: RevenueDay[] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    result.push({ day, EUR: 0, CHF: 0 });
  }
  const byDay = new Map(result.map((entry) => [entry.day, entry]));
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (entry && (row.currency === "EUR" || row.currency === "CHF")) entry[row.currency] += toCents(row.total);
  }
  return result;
}

export interface TopProduct {
  productId: string | null;
  name: string;
  units: number;
  revenueEUR: number;
  revenueCHF: number;
}

/** The best sellers by units in orders that were not cancelled. */
export async function topProducts(limit = 10): Promise<TopProduct[]> {
  const db = await getDb();
  const rows = await db.query<{
    product_id: string | null;
    name: string;
    units: number;
    revenue_eur: string | number;
    revenue_chf: string | number;
  }>(
    `select i.product_id,
            coalesce(max(p.name), max(i.product_name)) as name,
            sum(i.quantity)::int as units,
            coalesce(sum(i.total_price) filter (where i.currency = 'EUR'), 0) as revenue_eur,
            coalesce(sum(i.total_price) filter (where i.currency = 'CHF'), 0) as revenue_chf
       from public.order_items i
       join public.orders o on o.id = i.order_id and o.status <> 'cancelled'
       left join public.products p on p.id = i.product_id
      group by i.product_id, case when i.product_id is null then i.product_name end
      order by units desc, name
      limit $1`,
    [limit],
  );
  return rows.map((row) => ({
    productId: row.product_id,
    name: row.name,
    units: row.units,
    revenueEUR: toCents(row.revenue_eur),
    revenueCHF: toCents(row.revenue_chf),
  }));
}
