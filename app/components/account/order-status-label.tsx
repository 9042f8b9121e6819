import { useT } from "~/i18n/use-t";

const TONE: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  confirmed: "bg-blue-100 text-blue-900",
  shipped: "bg-indigo-100 text-indigo-900",
  delivered: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-red-100 text-red-800",
};

/** An order's status as its customer reads it (the account's own words, not the admin's). */
export function CustomerOrderStatus({ status }: { status: string }) {
  const { t } = useT();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[status] ?? ""}`} data-testid="order-status" data-status={status}>
      {t(`myaccount.orders.statuses.${status}`)}
    </span>
  );
}
