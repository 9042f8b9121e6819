import { useT } from "~/i18n/use-t";
import type { PaymentStatus } from "~/models/payment-status";

/** The colours of the payment states (customer and admin badges). */
export const PAYMENT_TONE: Record<string, string> = {
  unpaid: "bg-amber-100 text-amber-900",
  cod: "bg-slate-100 text-slate-800",
  none: "bg-slate-100 text-slate-800",
  paid: "bg-emerald-100 text-emerald-900",
  partially_refunded: "bg-blue-100 text-blue-900",
  refunded: "bg-blue-100 text-blue-900",
};

/**
 * The state of an order's payment as its customer reads it: "awaiting payment" for an unpaid bank
 * transfer, "payment on delivery" for cash on delivery not yet delivered, "no payment due" for a
 * cancelled order that was never paid, else paid / (partially) refunded.
 */
export function customerPaymentState(order: { paymentStatus: PaymentStatus; paymentMethod: string; status: string }): string {
  if (order.paymentStatus !== "unpaid") return order.paymentStatus;
  if (order.status === "cancelled") return "none";
  return order.paymentMethod === "cash_on_delivery" ? "cod" : "unpaid";
}

export function CustomerPaymentStatus({ order }: { order: { paymentStatus: PaymentStatus; paymentMethod: string; status: string } }) {
  const { t } = useT();
  const state = customerPaymentState(order);
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${PAYMENT_TONE[state] ?? ""}`} data-testid="payment-status" data-payment-status={order.paymentStatus}>
      {t(`order.paymentStates.${state}`)}
    </span>
  );
}
