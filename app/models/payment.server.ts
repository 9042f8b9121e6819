import type { Queryable } from "~/db/database.server";
import { getDb } from "~/db/db.server";
import { CONFLICT_RETRIES } from "~/db/transaction-retry.server";
import { centsToDecimal, toCents } from "~/utils/money";
import { creditorReference, parseCreditorReference } from "~/utils/creditor-reference";
import { statusAfterRefund, type PaymentSource, type PaymentStatus } from "./payment-status";
import { isUuid } from "./product.server";

/**
 * Payments of orders, the one place their state changes (docs/payments.md): a payment received (by the
 * admin's form, a bank statement or cash at delivery) makes an unpaid order paid; a credit note's
 * refund moves it to partially_refunded / refunded. Each change holds the order's row lock, so two
 * admins, or an admin and a statement import, cannot both record a payment for one order.
 */

/** An order's bank-transfer reference: the ISO 11649 creditor reference of its stored order number. */
export function paymentReference(order: { number: string }): string {
  return creditorReference(order.number);
}

/** The largest amount a payment may carry (cents): numeric(12, 2). */
export const MAX_PAYMENT_CENTS = 9_999_999_999;

export interface PaymentInput {
  /** Cents received: kept as they came, even when they differ from the order's total. */
  amount: number;
  paidAt: Date;
  source: PaymentSource;
}

export type PaymentRecord =
  | { ok: true; orderId: string; total: number; amount: number; status: PaymentStatus }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "cancelled" }
  | { ok: false; reason: "alreadyPaid"; paidAt: string; amount: number }
  | { ok: false; reason: "invalidAmount" };

interface PaymentRow {
  id: string;
  status: string;
  payment_status: PaymentStatus;
  paid_at: Date | string | null;
  total_amount: string | number;
  amount_received: string | number | null;
  amount_refunded: string | number;
}

async function lockOrder(tx: Queryable, orderId: string): Promise<PaymentRow | null> {
  const [row] = await tx.query<PaymentRow>(
    `select id, status, payment_status, paid_at, total_amount, amount_received, amount_refunded
       from public.orders where id = $1 for update`,
    [orderId],
  );
  return row ?? null;
}

/**
 * Records a payment for an order inside the caller's transaction (which must be able to run again:
 * no effects outside the database). Refused: an unknown order, a cancelled one, one already paid,
 * an amount that is not a positive whole number of cents within numeric(12, 2).
 */
export async function recordPayment(tx: Queryable, orderId: string, payment: PaymentInput): Promise<PaymentRecord> {
  if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0 || payment.amount > MAX_PAYMENT_CENTS) {
    return { ok: false, reason: "invalidAmount" };
  }
  if (!isUuid(orderId)) return { ok: false, reason: "notFound" };
  const order = await lockOrder(tx, orderId);
  if (!order) return { ok: false, reason: "notFound" };
  if (order.status === "cancelled") return { ok: false, reason: "cancelled" };
  if (order.payment_status !== "unpaid") {
    return {
      ok: false,
      reason: "alreadyPaid",
      paidAt: new Date(order.paid_at ?? 0).toISOString(),
      amount: toCents(order.amount_received ?? 0),
    };
  }
  await tx.query(
    `update public.orders
        set payment_status = 'paid', paid_at = $2, amount_received = $3, payment_source = $4, updated_at = now()
      where id = $1`,
    [orderId, payment.paidAt.toISOString(), centsToDecimal(payment.amount), payment.source],
  );
  return { ok: true, orderId, total: toCents(order.total_amount), amount: payment.amount, status: "paid" };
}

/**
 * Records many payments at once inside the caller's transaction, which has locked the orders
 * (a bank statement's matches: one statement instead of a lock and an update per order, so a file
 * of thousands of matches holds the database for milliseconds, not seconds). Each must be for an
 * unpaid, not cancelled order with a valid amount, as recordPayment requires: else nothing is
 * written and it throws (the caller decided on locked rows, so this is a bug, not a user error).
 */
export async function recordPayments(tx: Queryable, payments: Array<{ orderId: string } & PaymentInput>): Promise<void> {
  if (payments.length === 0) return;
  for (const payment of payments) {
    if (!isUuid(payment.orderId) || !Number.isSafeInteger(payment.amount) || payment.amount <= 0 || payment.amount > MAX_PAYMENT_CENTS) {
      throw new Error(`payment refused: invalid order or amount (${payment.orderId})`);
    }
  }
  const rows = await tx.query<{ id: string }>(
    `update public.orders o
        set payment_status = 'paid', paid_at = p.paid_at, amount_received = p.amount, payment_source = p.source, updated_at = now()
       from unnest($1::uuid[], $2::timestamptz[], $3::numeric[], $4::text[]) as p(id, paid_at, amount, source)
      where o.id = p.id and o.payment_status = 'unpaid' and o.status <> 'cancelled'
      returning o.id`,
    [
      payments.map((p) => p.orderId), payments.map((p) => p.paidAt.toISOString()),
      payments.map((p) => centsToDecimal(p.amount)), payments.map((p) => p.source),
    ],
  );
  if (rows.length !== payments.length) throw new Error(`payments refused: ${payments.length - rows.length} of ${payments.length} orders were not open`);
}

/** The admin's "payment received" (intent=markPaid): one transaction, run again after a conflict. */
export async function markPaid(orderId: string, payment: Omit<PaymentInput, "source">): Promise<PaymentRecord> {
  const db = await getDb();
  return db.transaction((tx) => recordPayment(tx, orderId, { ...payment, source: "admin" }), { retries: CONFLICT_RETRIES });
}

export type RefundRecord =
  | { ok: true; status: PaymentStatus; refunded: number }
  | { ok: false; reason: "notFound" | "unpaid" | "tooMuch" | "invalidAmount" };

/**
 * Records money paid back (a credit note) inside the caller's transaction: the refunds of an order
 * may not exceed what it received. Moves the state to partially_refunded, or refunded once all of it is back.
 */
export async function recordRefund(tx: Queryable, orderId: string, amount: number): Promise<RefundRecord> {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_PAYMENT_CENTS) return { ok: false, reason: "invalidAmount" };
  if (!isUuid(orderId)) return { ok: false, reason: "notFound" };
  const order = await lockOrder(tx, orderId);
  if (!order) return { ok: false, reason: "notFound" };
  if (order.payment_status === "unpaid" || order.amount_received === null) return { ok: false, reason: "unpaid" };
  const received = toCents(order.amount_received);
  const refunded = toCents(order.amount_refunded) + amount;
  if (refunded > received) return { ok: false, reason: "tooMuch" };
  const status = statusAfterRefund(received, refunded);
  await tx.query(
    "update public.orders set payment_status = $2, amount_refunded = $3, updated_at = now() where id = $1",
    [orderId, status, centsToDecimal(refunded)],
  );
  return { ok: true, status, refunded };
}

/**
 * Cash on delivery: the order marked delivered was paid at the door, its total, now. Called in the
 * transaction that marks it delivered; an order already paid is left as it is.
 */
export async function recordCashOnDelivery(tx: Queryable, orderId: string): Promise<void> {
  await tx.query(
    `update public.orders
        set payment_status = 'paid', paid_at = now(), amount_received = total_amount, payment_source = 'delivery'
      where id = $1 and payment_method = 'cash_on_delivery' and payment_status = 'unpaid'`,
    [orderId],
  );
}

/**
 * The order number a payment reference carries (a valid creditor reference, or the bare number),
 * upper-cased; null when the reference is tampered or is no order number.
 */
export function orderNumberOfReference(reference: string): string | null {
  const body = parseCreditorReference(reference) ?? (/^[0-9A-F]{8}$/i.test(reference.trim()) ? reference.trim().toUpperCase() : null);
  return body && /^[0-9A-F]{8}$/.test(body) ? body : null;
}

/**
 * The ids of the orders whose number a payment reference carries: one, or none when the reference
 * is tampered or names no order. Looks up the stored order_number (unique), never the id.
 */
export async function ordersByReference(db: Queryable, reference: string): Promise<string[]> {
  const number = orderNumberOfReference(reference);
  if (!number) return [];
  const rows = await db.query<{ id: string }>("select id from public.orders where order_number = $1", [number]);
  return rows.map((row) => row.id);
}
