import { getDb } from "~/db/db.server";
import { CONFLICT_RETRIES } from "~/db/transaction-retry.server";
import { isUuid } from "./product.server";
import { orderNumber } from "./order-number";
import { nextStatuses, type OrderStatus } from "./order-status";
import { clampPage } from "./paging";
import { toCents, type Currency } from "~/utils/money";
import { queueOrderStatusEmail } from "./transactional-email.server";
import { percentToRate, vatByRate, type VatLine } from "~/utils/vat";

/** The admin's view of orders and customers, and the order status workflow. */

export { orderNumber };

export interface AdminOrderSummary {
  id: string;
  number: string;
  createdAt: string;
  customerName: string;
  customerEmail: string;
  total: number;
  currency: Currency;
  status: OrderStatus;
}

export interface Address {
  street: string;
  city: string;
  postalCode: string;
  country: string;
}

export interface AdminOrder extends AdminOrderSummary {
  customerPhone: string;
  paymentMethod: string;
  userId: string | null;
  shippingAddress: Address;
  billingAddress: Address;
  items: Array<{ productId: string | null; productName: string; quantity: number; unitPrice: number; totalPrice: number; currency: Currency; vatRate: number }>;
  /** The VAT contained in the total, by the rates stored on the lines. */
  vat: VatLine[];
}

interface OrderRow {
  id: string;
  created_at: Date | string;
  customer_name: string;
  customer_email: string;
  total_amount: string | number;
  currency: Currency;
  status: OrderStatus;
}

function summaryFromRow(row: OrderRow): AdminOrderSummary {
  return {
    id: row.id,
    number: orderNumber(row.id),
    createdAt: new Date(row.created_at).toISOString(),
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    total: toCents(row.total_amount),
    currency: row.currency,
    status: row.status,
  };
}

export async function listOrders(page: number, pageSize: number) {
  const db = await getDb();
  const [count] = await db.query<{ total: number }>("select count(*)::int as total from public.orders");
  const total = count?.total ?? 0;
  const { page: current, pageCount, offset } = clampPage(total, page, pageSize);
  const rows =
    total === 0
      ? []
      : await db.query<OrderRow>(
          `select id, created_at, customer_name, customer_email, total_amount, currency, status
             from public.orders order by created_at desc, id limit $1 offset $2`,
          [pageSize, offset],
        );
  return { orders: rows.map(summaryFromRow), total, page: current, pageCount };
}

/** An order's stored address (jsonb: an object, or its text on some drivers). */
export function toAddress(value: unknown): Address {
  const source = (typeof value === "string" ? safeJson(value) : value) as Partial<Address> | null;
  return {
    street: String(source?.street ?? ""),
    city: String(source?.city ?? ""),
    postalCode: String(source?.postalCode ?? ""),
    country: String(source?.country ?? ""),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function getAdminOrder(id: string): Promise<AdminOrder | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db.query<
    OrderRow & { customer_phone: string; payment_method: string; user_id: string | null; shipping_address: unknown; billing_address: unknown }
  >(
    `select id, created_at, customer_name, customer_email, customer_phone, total_amount, currency, status,
            payment_method, user_id, shipping_address, billing_address
       from public.orders where id = $1`,
    [id],
  );
  if (!row) return null;
  const items = await db.query<{
    product_id: string | null;
    product_name: string;
    quantity: number;
    unit_price: string | number;
    total_price: string | number;
    currency: Currency;
    vat_rate: string | number;
  }>(
    `select product_id, product_name, quantity, unit_price, total_price, currency, vat_rate
       from public.order_items where order_id = $1 order by product_name, id`,
    [id],
  );
  return {
    ...summaryFromRow(row),
    customerPhone: row.customer_phone,
    paymentMethod: row.payment_method,
    userId: row.user_id,
    shippingAddress: toAddress(row.shipping_address),
    billingAddress: toAddress(row.billing_address),
    items: items.map((item) => ({
      productId: item.product_id,
      productName: item.product_name,
      quantity: item.quantity,
      unitPrice: toCents(item.unit_price),
      totalPrice: toCents(item.total_price),
      currency: item.currency,
      vatRate: percentToRate(item.vat_rate),
    })),
    vat: vatByRate(items.map((item) => ({ total: toCents(item.total_price), vatRate: percentToRate(item.vat_rate) }))),
  };
}

export type StatusChange =
  | { ok: true; from: OrderStatus; to: OrderStatus }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "invalidTransition"; from: OrderStatus };

/**
 * Moves an order to its next status in one transaction, holding the order's row lock so two
 * admins cannot both act on it. Only the allowed transitions pass; cancelling puts the ordered
 * quantities back into stock in the same transaction (products locked in id order; a deadlock or
 * serialization failure runs the transaction again). The customer's e-mail about the new status is
 * queued in the same transaction (transactional-email.server: queueOrderStatusEmail).
 */
export async function changeOrderStatus(id: string, to: OrderStatus): Promise<StatusChange> {
  if (!isUuid(id)) return { ok: false, reason: "notFound" };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [order] = await tx.query<{ status: OrderStatus }>("select status from public.orders where id = $1 for update", [id]);
    if (!order) return { ok: false, reason: "notFound" } as const;
    if (!nextStatuses(order.status).includes(to)) return { ok: false, reason: "invalidTransition", from: order.status } as const;
    if (to === "cancelled") {
      // The products' rows are locked in id order first (as a checkout takes them), so restoring
      // stock and checkouts of the same products wait for each other instead of deadlocking.
      await tx.query(
        `select p.id from public.products p
          where p.id in (select product_id from public.order_items where order_id = $1)
          order by p.id for no key update`,
        [id],
      );
      await tx.query(
        `update public.products p set stock = p.stock + back.quantity
           from (select product_id, sum(quantity)::int as quantity from public.order_items
                  where order_id = $1 and product_id is not null group by product_id) back
          where p.id = back.product_id`,
        [id],
      );
    }
    await tx.query("update public.orders set status = $2, updated_at = now() where id = $1", [id, to]);
    // The customer hears of it: the e-mail is queued in this transaction (none for 'pending').
    if (to !== "pending") await queueOrderStatusEmail(tx, id, to);
    return { ok: true, from: order.status, to } as const;
  }, { retries: CONFLICT_RETRIES });
}

export interface CustomerSummary {
  userId: string;
  name: string;
  email: string;
  country: string;
  createdAt: string;
  orderCount: number;
  /** Cents per currency, cancelled orders excluded. */
  spent: { EUR: number; CHF: number };
}

/** Customers (every profile) with their number of orders and what they spent, newest first. */
export async function listCustomers(page: number, pageSize: number) {
  const db = await getDb();
  const [count] = await db.query<{ total: number }>("select count(*)::int as total from public.profiles");
  const total = count?.total ?? 0;
  const { page: current, pageCount, offset } = clampPage(total, page, pageSize);
  const rows =
    total === 0
      ? []
      : await db.query<{
          user_id: string;
          first_name: string;
          last_name: string;
          email: string;
          country: string;
          created_at: Date | string;
          order_count: number;
          spent_eur: string | number;
          spent_chf: string | number;
        }>(
          `select p.user_id, p.first_name, p.last_name, p.email, p.country, p.created_at,
                  coalesce(o.order_count, 0) as order_count,
                  coalesce(o.spent_eur, 0) as spent_eur, coalesce(o.spent_chf, 0) as spent_chf
             from (select * from public.profiles order by created_at desc, id limit $1 offset $2) p
             left join lateral (
               select count(*)::int as order_count,
                      sum(total_amount) filter (where currency = 'EUR' and status <> 'cancelled') as spent_eur,
                      sum(total_amount) filter (where currency = 'CHF' and status <> 'cancelled') as spent_chf
                 from public.orders where user_id = p.user_id
             ) o on true
            order by p.created_at desc, p.id`,
          [pageSize, offset],
        );
  const customers: CustomerSummary[] = rows.map((row) => ({
    userId: row.user_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    country: row.country || "DE",
    createdAt: new Date(row.created_at).toISOString(),
    orderCount: row.order_count,
    spent: { EUR: toCents(row.spent_eur), CHF: toCents(row.spent_chf) },
  }));
  return { customers, total, page: current, pageCount };
}
