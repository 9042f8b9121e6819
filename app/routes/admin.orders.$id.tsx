import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { getLocale } from "~/i18n/i18n.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { requireSameOrigin } from "~/utils/csrf.server";
import { flashToast } from "~/utils/session.server";
import { formatPrice } from "~/utils/money";
import { changeOrderStatus, getAdminOrder, isOrderStatus, nextStatuses, orderNumber } from "~/models/order-admin.server";
import { AdminErrorBoundary, AdminPage, OrderStatusBadge, formatDateTime, adminPageMeta } from "~/components/admin/admin-ui";
import { readFormData } from "~/utils/form-data.server";

export const meta: MetaFunction<typeof loader> = (args) =>
  adminPageMeta(args, (t) => ({
    title: args.data ? t("admin.orders.detailTitle", { number: args.data.order.number }) : t("admin.orders.notFound"),
    description: t("admin.meta.description") }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const order = await getAdminOrder(params.id ?? "");
  if (!order) throw new Response(getTranslator(await getLocale(request))("admin.orders.notFound"), { status: 404 });
  return { order, next: nextStatuses(order.status) };
}

/** One status step at a time, checked and applied under the order's row lock (see order-admin.server). */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireAdmin(request);
  const t = getTranslator(await getLocale(request));
  const form = await readFormData(request);
  const status = form.get("status");
  if (form.get("intent") !== "set-status" || !isOrderStatus(status)) {
    return data({ error: t("admin.orders.invalidStatus") }, { status: 400 });
  }
  const result = await changeOrderStatus(params.id ?? "", status);
  if (!result.ok && result.reason === "notFound") throw new Response(t("admin.orders.notFound"), { status: 404 });
  if (!result.ok) {
    return data(
      {
        error: t("admin.orders.invalidTransition", {
          from: t(`admin.orders.statuses.${result.from}`),
          to: t(`admin.orders.statuses.${status}`),
        }),
      },
      { status: 409 },
    );
  }
  return redirect(`/admin/orders/${params.id}`, {
    headers: {
      "Set-Cookie": await flashToast(request, {
        kind: "success",
        title: "admin.orders.statusChanged",
        description: `admin.orders.statusChangedText.${status}`,
        vars: { number: orderNumber(params.id ?? "") },
      }),
    },
  });
}

export default function AdminOrderPage() {
  const { order, next } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useT();
  const address = (title: string, value: typeof order.shippingAddress, testId: string) => (
    <div className="card p-4" data-testid={testId}>
      <h2 className="font-semibold">{title}</h2>
      <address className="mt-2 text-sm not-italic leading-relaxed">
        {order.customerName}
        <br />
        {value.street}
        <br />
        {value.postalCode} {value.city}
        <br />
        {value.country}
      </address>
    </div>
  );
  return (
    <AdminPage
      title={t("admin.orders.detailTitle", { number: order.number })}
      actions={<Link to="/admin?tab=orders" className="btn-secondary">{t("admin.orders.back")}</Link>}
    >
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <span dir="ltr">{formatDateTime(order.createdAt)}</span>
        <OrderStatusBadge status={order.status} />
      </div>

      <section className="card mt-6 p-4" aria-labelledby="status-heading">
        <h2 id="status-heading" className="font-semibold">{t("admin.orders.changeStatus")}</h2>
        {actionData?.error ? (
          <p role="alert" className="mt-2 rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900">{actionData.error}</p>
        ) : null}
        {next.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600" data-testid="status-final">{t("admin.orders.final")}</p>
        ) : (
          <div className="mt-3 flex flex-wrap gap-2">
            {next.map((status) => (
              <Form method="post" key={status}>
                <input type="hidden" name="intent" value="set-status" />
                <input type="hidden" name="status" value={status} />
                <button
                  type="submit"
                  className={status === "cancelled" ? "btn-danger" : "btn-primary"}
                  disabled={navigation.state !== "idle"}
                  data-testid={`set-status-${status}`}
                >
                  {t(`admin.orders.actions.${status}`)}
                </button>
              </Form>
            ))}
          </div>
        )}
        {next.includes("cancelled") ? <p className="mt-2 text-xs text-slate-600">{t("admin.orders.cancelNote")}</p> : null}
      </section>

      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <div className="card p-4">
          <h2 className="font-semibold">{t("admin.orders.contact")}</h2>
          <p className="mt-2 text-sm">{order.customerName}</p>
          <p className="text-sm"><a href={`mailto:${order.customerEmail}`} className="text-brand-700 hover:underline">{order.customerEmail}</a></p>
          {order.customerPhone ? <p className="text-sm" dir="ltr">{order.customerPhone}</p> : null}
          <p className="mt-2 text-sm">
            {t("admin.orders.payment")}: {t(`admin.orders.paymentMethods.${order.paymentMethod}`)}
          </p>
        </div>
        {address(t("admin.orders.shipping"), order.shippingAddress, "shipping-address")}
        {address(t("admin.orders.billing"), order.billingAddress, "billing-address")}
      </div>

      <section className="card mt-6 overflow-x-auto p-4" aria-labelledby="items-heading">
        <h2 id="items-heading" className="font-semibold">{t("admin.orders.items")}</h2>
        <table className="mt-2 w-full text-sm" data-testid="order-items">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 text-start">{t("admin.orders.product")}</th>
              <th scope="col" className="py-2 text-end">{t("admin.orders.quantity")}</th>
              <th scope="col" className="py-2 text-end">{t("admin.orders.unitPrice")}</th>
              <th scope="col" className="py-2 text-end">{t("admin.orders.lineTotal")}</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={`${item.productId ?? ""}-${index}`} className="border-b border-slate-100">
                <th scope="row" className="py-2 text-start font-normal">
                  {item.productId ? <Link to={`/products/${item.productId}`} className="hover:underline">{item.productName}</Link> : item.productName}
                </th>
                <td className="py-2 text-end">{item.quantity}</td>
                <td className="py-2 text-end" dir="ltr">{formatPrice(item.unitPrice, item.currency)}</td>
                <td className="py-2 text-end" dir="ltr">{formatPrice(item.totalPrice, item.currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="py-2 text-end">{t("admin.orders.total")}</th>
              <td className="py-2 text-end font-bold" dir="ltr" data-testid="order-total">{formatPrice(order.total, order.currency)}</td>
            </tr>
          </tfoot>
        </table>
      </section>
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
