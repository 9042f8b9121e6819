import { Link } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { formatPrice } from "~/utils/money";
import type { AdminOrderSummary } from "~/models/order-admin.server";
import { OrderStatusBadge, useAdminDateTime } from "./admin-ui";
import { AdminPaymentStatus } from "./payment-status-badge";
import { DataTable } from "~/components/data-table";

/** Orders as a table, each linking to its page (the orders section and the overview's latest). */
export function OrdersTable({ orders }: { orders: AdminOrderSummary[] }) {
  const { t } = useT();
  const formatDateTime = useAdminDateTime();
  return (
    <DataTable
      items={orders}
      className="mt-4 overflow-x-auto"
      testId="orders-table"
      columns={[t("admin.orders.number"), t("admin.orders.date"), t("admin.orders.customer"), { label: t("admin.orders.total"), align: "end" }, { label: t("admin.orders.status"), className: "ps-4" }, { label: t("admin.orders.paymentState"), className: "ps-4" }]}
    >
      {(order) => (
        <tr key={order.id} className="border-b border-slate-100" data-testid="order-row">
          <th scope="row" className="py-2 text-start">
            <Link to={`/admin/orders/${order.id}`} className="font-mono font-semibold text-brand-700 hover:underline" dir="ltr">#{order.number}</Link>
          </th>
          <td className="py-2" dir="ltr">{formatDateTime(order.createdAt)}</td>
          <td className="py-2">
            <span className="block">{order.customerName}</span>
            <span className="block text-xs text-slate-600">{order.customerEmail}</span>
          </td>
          <td className="py-2 text-end" dir="ltr">{formatPrice(order.total, order.currency)}</td>
          <td className="py-2 ps-4"><OrderStatusBadge status={order.status} /></td>
          <td className="py-2 ps-4"><AdminPaymentStatus status={order.paymentStatus} /></td>
        </tr>
      )}
    </DataTable>
  );
}
