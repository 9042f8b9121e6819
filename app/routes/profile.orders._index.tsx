import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { shopTimeZone } from "~/utils/shop-time.server";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { intlLocale } from "~/i18n/config";
import { useT } from "~/i18n/use-t";
import { listCustomerOrders } from "~/models/customer-orders.server";
import { parsePage } from "~/models/paging";
import { formatPrice } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import { Pagination } from "~/components/pagination";
import { CustomerOrderStatus } from "~/components/account/order-status-label";
import { CustomerPaymentStatus } from "~/components/payment-status";
import { DataTable } from "~/components/data-table";

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("myaccount.meta.orders.title"), description: t("myaccount.meta.orders.description"), noindex: true }));

/** The signed-in customer's orders, newest first, ten to a page (?page=). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { locale } = await requestContext({ request, context });
  const list = await listCustomerOrders(user.id, parsePage(new URL(request.url).searchParams.get("page")));
  // Dates formatted here, once, so server and browser never disagree.
  const format = new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: "medium", timeZone: shopTimeZone() });
  return { ...list, orders: list.orders.map((order) => ({ ...order, date: format.format(new Date(order.createdAt)) })) };
}

export default function CustomerOrders() {
  const { orders, total, page, pageCount } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="text-xl font-bold">
        {t("myaccount.orders.title")}
      </h2>
      {orders.length === 0 ? (
        <div className="card mt-4 p-6" data-testid="orders-empty">
          <p className="text-slate-600">{t("myaccount.orders.empty")}</p>
          <Link to="/products" className="btn-primary mt-4 inline-block">
            {t("myaccount.orders.shop")}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {t("myaccount.orders.intro")} {t("myaccount.orders.count", { count: total })}
          </p>
          <DataTable
            items={orders}
            className="card mt-4 overflow-x-auto"
            testId="customer-orders"
            cell="p-3"
            columns={[t("myaccount.orders.number"), t("myaccount.orders.date"), t("myaccount.orders.status"), { label: t("myaccount.orders.items"), align: "end" }, { label: t("myaccount.orders.total"), align: "end" }]}
          >
            {(order) => (
              <tr key={order.id} className="border-b border-slate-100" data-testid="customer-order" data-order-id={order.id}>
                <th scope="row" className="p-3 text-start font-normal">
                  <Link
                    to={`/profile/orders/${order.id}`}
                    className="font-mono font-semibold text-brand-700 hover:underline"
                    aria-label={t("myaccount.orders.view", { number: order.number })}
                  >
                    {order.number}
                  </Link>
                </th>
                <td className="p-3">{order.date}</td>
                <td className="p-3">
                  <span className="flex flex-wrap gap-1">
                    <CustomerOrderStatus status={order.status} />
                    <CustomerPaymentStatus order={order} />
                  </span>
                </td>
                <td className="p-3 text-end">{t("myaccount.orders.itemCount", { count: order.itemCount })}</td>
                <td className="p-3 text-end font-semibold" dir="ltr" data-testid="order-total">
                  {formatPrice(order.total, order.currency)}
                </td>
              </tr>
            )}
          </DataTable>
          <Pagination page={page} pageCount={pageCount} />
        </>
      )}
    </section>
  );
}
