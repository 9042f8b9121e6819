import { getDb } from "~/db/db.server";
import type { Currency } from "~/utils/money";
import { adminOrderView, type AdminOrder } from "./order-admin.server";
import type { OrderStatus } from "./order-status";
import type { PaymentStatus } from "./payment-status";
import type { PaymentMethod } from "./checkout-options";
import { clampPage } from "./paging";
import { isUuid } from "./product.server";
import { countOrders, readLinesOfOrders, readOrderLines, readOrder, readOrderSummaries } from "./order-read.server";

/**
 * A customer's own orders, for the account pages (/profile/orders). Every read is bound to the
 * customer's id: another customer's order is "not found", never shown.
 */

export interface CustomerOrderSummary {
  id: string;
  number: string;
  createdAt: string;
  total: number;
  currency: Currency;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
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
  const total = await countOrders(db, { userId });
  const { page: current, pageCount, offset } = clampPage(total, page, pageSize);
  const summaries = total === 0 ? [] : await readOrderSummaries(db, { userId }, { limit: pageSize, offset });
  const lines = await readLinesOfOrders(db, summaries.map((order) => order.id), "placed");
  const orders: CustomerOrderSummary[] = summaries.map((order) => ({
    id: order.id,
    number: order.number,
    createdAt: order.createdAt,
    total: order.total,
    currency: order.currency,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    itemCount: (lines.get(order.id) ?? []).reduce((sum, line) => sum + line.quantity, 0),
  }));
  return { orders, total, page: current, pageCount };
}

/** The customer's own order with its lines (by product name) and addresses, or null (malformed id, unknown, or someone else's). */
export async function getCustomerOrder(userId: string, orderId: string): Promise<CustomerOrder | null> {
  if (!isUuid(orderId)) return null;
  const db = await getDb();
  const order = await readOrder(db, orderId);
  if (!order || order.userId !== userId) return null;
  const { userId: _owner, ...view } = adminOrderView({ ...order, ...(await readOrderLines(db, orderId, "name")) });
  return { ...view, updatedAt: order.updatedAt };
}
