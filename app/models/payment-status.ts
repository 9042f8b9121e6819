/** An order's payment states and what moves them (browser-safe: pages show and filter by them). */
export const PAYMENT_STATUSES = ["unpaid", "paid", "partially_refunded", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where a recorded payment came from: the admin's form, a bank statement, or cash at delivery. */
export type PaymentSource = "admin" | "statement" | "delivery";

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === "string" && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/**
 * The state after paying back `refunded` (cents, in all) of an order that received `received`:
 * everything back is "refunded", some is "partially_refunded".
 */
export function statusAfterRefund(received: number, refunded: number): PaymentStatus {
  return refunded >= received ? "refunded" : "partially_refunded";
}
