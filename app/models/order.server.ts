import { getDb } from "~/db/db.server";
import type { Queryable } from "~/db/database.server";
import { CONFLICT_RETRIES } from "~/db/transaction-retry.server";
import type { Locale } from "~/i18n/config";
import { centsToDecimal, type Currency } from "~/utils/money";
import { clearCart, getCartLines, lockCartLines, unitPriceIn, type CartOwner } from "./cart.server";
import { isAvailable, isUuid, localizedName } from "./product.server";
import { addressCountries, paymentMethods, type PaymentMethod } from "./checkout-options";
import type { CheckoutInput } from "./checkout.schema";
import { queueOrderConfirmationEmail } from "./transactional-email.server";
import { paymentReference } from "./payment.server";
import { nextDocumentNumber } from "./order-documents.server";
import type { PaymentStatus } from "./payment-status";
import { readOrder, readOrderLines, type Address as StoredAddress } from "./order-read.server";
import { rateToPercent, vatRateFor, type VatLine } from "~/utils/vat";

export { addressCountries, paymentMethods, type PaymentMethod };
// The checkout form's rules live in a browser-safe module: the page validates with them as you type.
export { addressSchema, checkoutConstraintSchema, checkoutSchema, type Address, type CheckoutInput } from "./checkout.schema";

export class OutOfStockError extends Error {
  constructor(readonly productId: string, readonly productName: string, readonly available: number) {
    super(`Not enough stock for ${productId}`);
    this.name = "OutOfStockError";
  }
}
/** The cart changed while the order was being placed: the whole checkout runs again (as after a deadlock). */
class CartChangedError extends Error {
  readonly code = "40001";
}

export class EmptyCartError extends Error {
  constructor() {
    super("The cart is empty");
    this.name = "EmptyCartError";
  }
}
/** The idempotency key belongs to an order of someone else: refused, never shown. */
export class ForeignOrderKeyError extends Error {
  constructor() {
    super("Idempotency key used by another shopper");
    this.name = "ForeignOrderKeyError";
  }
}

export interface PlaceOrder {
  owner: CartOwner;
  userId: string | null;
  /** The browser's cart session (cookie), kept so that browser may see the confirmation. */
  sessionId: string | null;
  input: CheckoutInput;
  currency: Currency;
  locale: Locale;
}

interface OrderRow {
  id: string;
  user_id: string | null;
  session_id: string | null;
}

/** Postgres's order of uuids (byte order, which is the order of their lower-case text). */
function compareIds(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}

async function orderByKey(db: Queryable, key: string): Promise<OrderRow | null> {
  const [row] = await db.query<OrderRow>("select id, user_id, session_id from public.orders where idempotency_key = $1", [key]);
  return row ?? null;
}

function sameShopper(row: OrderRow, shopper: Pick<PlaceOrder, "userId" | "sessionId">): boolean {
  return (
    (row.user_id !== null && row.user_id === shopper.userId) ||
    (row.session_id !== null && row.session_id === shopper.sessionId)
  );
}

/**
 * Places the order in one transaction: the order row (status 'pending'), one item per cart line with
 * the unit price of the order's currency read from the database, the stock taken atomically (a line
 * asking for more than is left aborts everything), the cart cleared. Stock is locked in product id
 * order, and a transaction Postgres aborts for a deadlock or serialization failure is run again
 * (CONFLICT_RETRIES) before the error reaches the caller. A repeated idempotency key returns the
 * order already placed with it. Returns { orderId, created }.
 */
export async function placeOrder(order: PlaceOrder): Promise<{ orderId: string; created: boolean }> {
  const db = await getDb();
  const key = order.input.idempotencyKey;
  const existing = await orderByKey(db, key);
  if (existing) {
    if (!sameShopper(existing, order)) throw new ForeignOrderKeyError();
    return { orderId: existing.id, created: false };
  }
  try {
    const orderId = await db.transaction(async (tx) => {
      const lines = await getCartLines(order.owner, tx);
      if (lines.length === 0) throw new EmptyCartError();
      for (const line of lines) {
        if (!isAvailable(line.product) || line.quantity > line.product.stock) {
          throw new OutOfStockError(line.productId, localizedName(line.product, order.locale), line.product.stock);
        }
      }
      const items = lines.map((line) => {
        const unit = unitPriceIn(line.product, order.currency);
        return { line, unit, total: unit * line.quantity };
      });
      const total = items.reduce((sum, item) => sum + item.total, 0);
      const { input } = order;
      // Every line carries the VAT rate of the country it is delivered to (docs/CONTRACTS.md).
      const vatRate = rateToPercent(vatRateFor(input.shippingAddress.country));
      // The invoice number from its counter row, in this transaction: if the checkout fails
      // below (out of stock, a conflict), the rollback gives the number back — no gap (RE-…).
      const invoice = await nextDocumentNumber(tx, "RE");
      // The order row first: a concurrent submit of the same key waits here on the unique index.
      const [created] = await tx.query<{ id: string }>(
        `insert into public.orders (customer_name, customer_email, customer_phone, total_amount, currency, status,
           shipping_address, billing_address, payment_method, user_id, session_id, idempotency_key, locale, invoice_number)
         values ($1, $2, $3, $4, $5, 'pending', $6::text::jsonb, $7::text::jsonb, $8, $9, $10, $11, $12, $13)
         returning id`,
        [
          `${input.firstName} ${input.lastName}`,
          input.email,
          input.phone,
          centsToDecimal(total),
          order.currency,
          JSON.stringify(input.shippingAddress),
          JSON.stringify(input.billingAddress),
          input.paymentMethod,
          order.userId,
          order.sessionId,
          key,
          order.locale,
          invoice,
        ],
      );
      if (!created) throw new Error("order not created");
      // Stock is taken in product id order, whatever the cart's order: two checkouts of the same
      // products then lock them in the same order and wait for each other instead of deadlocking.
      for (const { line } of [...items].sort((x, y) => compareIds(x.line.productId, y.line.productId))) {
        const taken = await tx.query(
          // Stock 0 is "sold out" by itself; in_stock stays the admin's "for sale" switch, so a
          // restock or a cancelled order makes the product buyable again.
          `update public.products set stock = stock - $2
            where id = $1 and in_stock and stock >= $2 returning stock`,
          [line.productId, line.quantity],
        );
        if (taken.length === 0) {
          const [now] = await tx.query<{ stock: number }>("select stock from public.products where id = $1", [line.productId]);
          throw new OutOfStockError(line.productId, localizedName(line.product, order.locale), now?.stock ?? 0);
        }
      }
      // The cart is still what was read (another tab's checkout of it may have won meanwhile).
      const held = await lockCartLines(order.owner, tx);
      if (held.length === 0) throw new EmptyCartError();
      const wanted = new Map(lines.map((line) => [line.productId, line.quantity]));
      if (held.length !== wanted.size || held.some((line) => wanted.get(line.productId) !== line.quantity)) throw new CartChangedError();
      for (const { line, unit, total: lineTotal } of items) {
        await tx.query(
          `insert into public.order_items (order_id, product_id, product_name, quantity, unit_price, total_price, currency, vat_rate)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [created.id, line.productId, localizedName(line.product, order.locale), line.quantity, centsToDecimal(unit), centsToDecimal(lineTotal), order.currency, vatRate],
        );
      }
      await clearCart(order.owner, tx);
      // The confirmation e-mail exists exactly when the order does (sent later by the mail worker).
      await queueOrderConfirmationEmail(tx, created.id);
      return created.id;
    }, { retries: CONFLICT_RETRIES });
    return { orderId, created: true };
  } catch (error) {
    // The same form submitted twice at once: the other request placed the order (we then hit the
    // unique key, or found the cart already emptied by it).
    if (isUniqueViolation(error) || error instanceof EmptyCartError) {
      const winner = await orderByKey(db, key);
      if (winner) {
        if (!sameShopper(winner, order)) throw new ForeignOrderKeyError();
        return { orderId: winner.id, created: false };
      }
    }
    throw error;
  }
}

export interface OrderView {
  id: string;
  number: string;
  createdAt: string;
  total: number;
  currency: Currency;
  status: string;
  email: string;
  phone: string;
  customerName: string;
  paymentMethod: PaymentMethod;
  /** Consecutive invoice number, given when the order was placed. */
  invoiceNumber: number;
  /** The RF creditor reference a bank transfer carries. */
  paymentReference: string;
  paymentStatus: PaymentStatus;
  paidAt: string | null;
  /** The language the order was placed in (its QR-bill's language). */
  locale: string;
  shippingAddress: StoredAddress;
  billingAddress: StoredAddress;
  /** vatRate: basis points (1900 = 19 %), stored on the line when the order was placed. */
  items: Array<{ productId: string | null; name: string; quantity: number; unitPrice: number; total: number; vatRate: number }>;
  /** The VAT contained in the total, by rate. */
  vat: VatLine[];
}

export interface OrderViewer {
  userId: string | null;
  sessionId: string | null;
  isAdmin: boolean;
}

/**
 * One order for its confirmation page and invoice (lines in the order they were placed), or null
 * when the id is malformed or unknown, or when the viewer is neither the order's user, nor the
 * browser session that placed it, nor an admin.
 */
export async function getOrderForViewer(orderId: string, viewer: OrderViewer): Promise<OrderView | null> {
  if (!isUuid(orderId)) return null;
  const db = await getDb();
  const order = await readOrder(db, orderId);
  if (!order) return null;
  const allowed =
    viewer.isAdmin ||
    (order.userId !== null && order.userId === viewer.userId) ||
    (order.sessionId !== null && order.sessionId === viewer.sessionId);
  if (!allowed) return null;
  const { lines, vat } = await readOrderLines(db, order.id, "placed");
  return {
    id: order.id,
    number: order.number,
    createdAt: order.createdAt,
    total: order.total,
    currency: order.currency,
    status: order.status,
    email: order.customerEmail,
    phone: order.customerPhone,
    customerName: order.customerName,
    paymentMethod: order.paymentMethod,
    invoiceNumber: order.invoiceNumber,
    paymentReference: paymentReference(order),
    paymentStatus: order.paymentStatus,
    paidAt: order.paidAt,
    locale: order.locale,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    items: lines.map((line) => ({
      productId: line.productId,
      name: line.productName,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      total: line.totalPrice,
      vatRate: line.vatRate,
    })),
    vat,
  };
}
