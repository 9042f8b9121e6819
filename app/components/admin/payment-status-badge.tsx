import { useT } from "~/i18n/use-t";
import type { PaymentStatus } from "~/models/payment-status";
import { PAYMENT_TONE } from "~/components/payment-status";

/** The admin's words for an order's payment state (list and order page). */
export function AdminPaymentStatus({ status }: { status: PaymentStatus }) {
  const { t } = useT();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${PAYMENT_TONE[status] ?? ""}`} data-testid="payment-status" data-payment-status={status}>
      {t(`admin.orders.paymentStates.${status}`)}
    </span>
  );
}
