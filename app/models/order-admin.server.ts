import { getDb } from "~/db/db.server";
import { CONFLICT_RETRIES } from "~/db/transaction-retry.server";
import { isUuid } from "./product.server";
import { nextStatuses, type OrderStatus } from "./order-status";
import { clampPage } from "./paging";
import { toCents } from "~/utils/money";
import { queueOrderStatusEmail } from "./transactional-email.server";
import type { VatLine } from "~/utils/vat";
import { countOrders, readOrderNumber, readOrderSummaries, readOrderWithLines, type OrderScope } from "./order-read.server";
import { paymentReference, recordCashOnDelivery } from "./payment.server";
import { issueCancellationInvoice } from "./order-documents.server";
import type { Queryable } from "~/db/database.server";
import type { Address, OrderLine, OrderLines, OrderSummary, StoredOrder } from "./order-read.server";

/** The admin's view of orders and customers, and the order status workflow. */

/** An order's stored number (for messages about it), or null for an unknown or malformed id. */
export async function orderNumberOf(orderId: string): Promise<string | null> {
  if (!isUuid(orderId)) return null;
  return readOrderNumber(await getDb(), orderId);
}

/** An order in the admin's lists (orders, a customer's page). */
export type AdminOrderSummary = OrderSummary;

export interface AdminOrder extends AdminOrderSummary {
  customerPhone: string;
  userId: string | null;
  shippingAddress: Address;
  billingAddress: Address;
  items: OrderLine[];
  /** The VAT contained in the total, by the rates stored on the lines. */
  vat: VatLine[];
  paidAt: string | null;
  amountReceived: number | null;
  amountRefunded: number;
  paymentSource: StoredOrder["paymentSource"];
  /** The RF creditor reference a bank transfer carries. */
  paymentReference: string;
  invoiceNumber: number;
  /** The language the order was placed in (its delivery note is printed in it). */
  locale: string;
}

/** The admin's order list: every order, or those still waiting for their money (?payment=unpaid). */
export async function listOrders(page: number, pageSize: number, filter: { unpaid?: boolean } = {}) {
  const db = await getDb();
  const scope: OrderScope = filter.unpaid ? { unpaid: true } : "all";
  const total = await countOrders(db, scope);
  const { page: current, pageCount, offset } = clampPage(total, page, pageSize);
  const orders = total === 0 ? [] : await readOrderSummaries(db, scope, { limit: pageSize, offset });
  return { orders, total, page: current, pageCount };
}

/** The admin's view of a stored order: its summary, contact, addresses, lines (by product name) and VAT. */
export function adminOrderView(order: StoredOrder & OrderLines): AdminOrder {
  return {
    id: order.id,
    number: order.number,
    createdAt: order.createdAt,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    total: order.total,
    currency: order.currency,
    status: order.status,
    customerPhone: order.customerPhone,
    paymentMethod: order.paymentMethod,
    userId: order.userId,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    items: order.lines,
    vat: order.vat,
    paymentStatus: order.paymentStatus,
    paidAt: order.paidAt,
    amountReceived: order.amountReceived,
    amountRefunded: order.amountRefunded,
    paymentSource: order.paymentSource,
    paymentReference: paymentReference(order),
    invoiceNumber: order.invoiceNumber,
    locale: order.locale,
  };
}

export async function getAdminOrder(id: string): Promise<AdminOrder | null> {
  if (!isUuid(id)) return null;
  const order = await readOrderWithLines(await getDb(), id, "name");
  return order ? adminOrderView(order) : null;
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
  return db.transaction((tx) => changeOrderStatusIn(tx, id, to), { retries: CONFLICT_RETRIES });
}

/**
 * changeOrderStatus inside the caller's transaction (the payment expiry cancels through it):
 * cancelling also issues the cancellation invoice (ST) of the order's invoice. `notify: false`
 * leaves the customer's e-mail to the caller (which sends its own).
 */
export async function changeOrderStatusIn(tx: Queryable, id: string, to: OrderStatus, options: { notify?: boolean } = {}): Promise<StatusChange> {
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
  // The invoice is cancelled by a cancellation invoice (ST-…), numbered in this transaction.
  if (to === "cancelled") await issueCancellationInvoice(tx, id);
  // Cash on delivery is paid at the door: delivered means paid.
  if (to === "delivered") await recordCashOnDelivery(tx, id);
  // The customer hears of it: the e-mail is queued in this transaction (none for 'pending').
  if (to !== "pending" && options.notify !== false) await queueOrderStatusEmail(tx, id, to);
  return { ok: true, from: order.status, to } as const;
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
