import { getDb } from "~/db/db.server";
import { toCents, type Currency } from "~/utils/money";
import { getAdminOrder, type AdminOrder } from "./order-admin.server";
import { orderNumber } from "./order-number";
import type { OrderStatus } from "./order-status";
import { clampPage } from "./paging";
import { isUuid } from "./product.server";

/**
 * A customer's own orders, for the account pages (/profile/orders). Every query is bound to the
 * customer's id: another customer's order is "not found", never shown.
 */

export interface CustomerOrderSummary {
  id: string;
  number: string;
  createdAt: string;
  total: number;
  currency: Currency;
  status: OrderStatus;
  itemCount: number;
}

/**
 * One order as its customer sees it. There is no status history table: the order's creation and its
 * last change (updated_at, which a status change sets) are what is known.
 */
export type CustomerOrder = Omit<AdminOrder, "userId"> & { updatedAt: string };

export const CUSTOMER_ORDERS_PAGE_SIZE = 10;

/** The customer's orders, newest first, one page of them. */
export async function listCustomerOrders(userId: string, page: number, pageSize = CUSTOMER_ORDERS_PAGE_SIZE) {
  const db = await getDb();
  const [count] = await db.query<{ total: number }>("select count(*)::int as total from public.orders where user_id = $1", [userId]);
  const total = count?.total ?? 0;
  const { page: current, pageCount, offset } = clampPage(total, page, pageSize);
  const rows =
    total === 0
      ? []
      : await db.query<{
          id: string;
          created_at: Date | string;
          total_amount: string | number;
          currency: Currency;
          status: OrderStatus;
          item_count: number;
        }>(
          `select o.id, o.created_at, o.total_amount, o.currency, o.status,
                  (select coalesce(sum(i.quantity), 0)::int from public.order_items i where i.order_id = o.id) as item_count
             from public.orders o
            where o.user_id = $1
            order by o.created_at desc, o.id
            limit $2 offset $3`,
          [userId, pageSize, offset],
        );
  const orders: CustomerOrderSummary[] = rows.map((row) => ({
    id: row.id,
    number: orderNumber(row.id),
    createdAt: new Date(row.created_at).toISOString(),
    total: toCents(row.total_amount),
    currency: row.currency,
    status: row.status,
    itemCount: row.item_count,
  }));
  return { orders, total, page: current, pageCount };
}

/** The customer's own order with its lines and addresses, or null (malformed id, unknown, or someone else's). */
export async function getCustomerOrder(userId: string, orderId: string): Promise<CustomerOrder | null> {
  if (!isUuid(orderId)) return null;
  const db = await getDb();
  const [own] = await db.query<{ updated_at: Date | string }>("select updated_at from public.orders where id = $1 and user_id = $2", [
    orderId,
    userId,
  ]);
  if (!own) return null;
  const order = await getAdminOrder(orderId);
  if (!order || order.userId !== userId) return null;
  const { userId: _owner, ...view } = order;
  return { ...view, updatedAt: new Date(own.updated_at).toISOString() };
}
