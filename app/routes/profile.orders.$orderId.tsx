import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { shopTimeZone } from "~/utils/shop-time.server";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { intlLocale } from "~/i18n/config";
import { useT } from "~/i18n/use-t";
import { getCustomerOrder, type CustomerOrder } from "~/models/customer-orders.server";
import { pageMeta } from "~/utils/seo";
import { CustomerOrderStatus } from "~/components/account/order-status-label";
import { CustomerPaymentStatus } from "~/components/payment-status";
import { OrderLinesTable } from "~/components/order-documents";
import { OrderWithdrawals } from "~/components/withdrawal-list";
import { listOrderWithdrawals } from "~/models/withdrawal.server";
import { formatShopDateTime } from "~/utils/shop-time";
import { OrderDocumentList } from "~/components/order-document-list";
import { listOrderDocuments } from "~/models/order-documents.server";
import { invoiceNumber } from "~/models/order-number";

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, (t) => ({
    title: args.data ? t("myaccount.meta.order.title", { number: args.data.order.number }) : t("myaccount.orders.notFound"),
    description: t("myaccount.meta.order.description"),
    noindex: true,
  }));

/** One of the signed-in customer's orders; someone else's, an unknown or a malformed id: 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { locale } = await requestContext({ request, context });
  const order = await getCustomerOrder(user.id, params.orderId ?? "");
  if (!order) throw new Response(getTranslator(locale)("myaccount.orders.notFound"), { status: 404 });
  const format = new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: "long", timeStyle: "short", timeZone: shopTimeZone() });
  const withdrawals = await listOrderWithdrawals(order.id);
  const timeZone = shopTimeZone();
  return {
    order,
    documents: await listOrderDocuments(order.id),
    invoice: invoiceNumber(order.invoiceNumber),
    withdrawals,
    withdrawalTimes: Object.fromEntries(withdrawals.map((w) => [w.id, formatShopDateTime(w.createdAt, { locale, timeZone })])),
    placed: format.format(new Date(order.createdAt)),
    // There is no status history table: the last change is known, not each step.
    updated: order.updatedAt !== order.createdAt ? format.format(new Date(order.updatedAt)) : null,
    paidOn: order.paidAt ? new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: "long", timeZone: timeZone }).format(new Date(order.paidAt)) : null,
  };
}

function AddressCard({ title, name, address, testId }: { title: string; name: string; address: CustomerOrder["shippingAddress"]; testId: string }) {
  const { t } = useT();
  const country = address.country ? t(`checkout.countries.${address.country}`) : "";
  return (
    <div className="card p-4" data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      <address className="mt-2 text-sm not-italic leading-relaxed">
        {name}
        <br />
        {address.street}
        <br />
        {address.postalCode} {address.city}
        <br />
        {country}
      </address>
    </div>
  );
}

export default function CustomerOrderPage() {
  const { order, placed, updated, paidOn, withdrawals, withdrawalTimes, documents, invoice } = useLoaderData<typeof loader>();
  const { t } = useT();
  const status = t(`myaccount.orders.statuses.${order.status}`);
  return (
    <section aria-labelledby="order-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="order-heading" className="text-xl font-bold">
          {t("myaccount.order.title", { number: order.number })}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to={`/withdrawal?order=${order.id}`} className="btn-secondary" data-testid="withdraw-order">
            {t("withdrawal.list.link")}
          </Link>
          <Link to="/profile/orders" className="btn-secondary">
            {t("myaccount.order.back")}
          </Link>
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <span>
          {t("myaccount.order.placed")}: {placed}
        </span>
        <CustomerOrderStatus status={order.status} />
        <CustomerPaymentStatus order={order} />
        {paidOn ? <span data-testid="paid-on">{t("order.paidOn", { date: paidOn })}</span> : null}
      </div>

      <section className="card mt-6 p-4" aria-labelledby="history-heading">
        <h3 id="history-heading" className="font-semibold">
          {t("myaccount.order.history")}
        </h3>
        <ol className="mt-2 flex flex-col gap-1 text-sm" data-testid="status-history">
          <li>
            {placed}: {t("myaccount.order.historyPlaced")}
          </li>
          <li>
            {updated ? `${updated}: ` : null}
            {t("myaccount.order.historyCurrent", { status })}
          </li>
        </ol>
      </section>

      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <div className="card p-4">
          <h3 className="font-semibold">{t("myaccount.order.contact")}</h3>
          <p className="mt-2 text-sm">{order.customerName}</p>
          <p className="text-sm">{order.customerEmail}</p>
          {order.customerPhone ? (
            <p className="text-sm" dir="ltr">
              {order.customerPhone}
            </p>
          ) : null}
          <p className="mt-2 text-sm" data-testid="payment-method">
            {t("myaccount.order.payment")}: {t(`checkout.payment.${order.paymentMethod}`)}
          </p>
        </div>
        <AddressCard title={t("myaccount.order.shipping")} name={order.customerName} address={order.shippingAddress} testId="shipping-address" />
        <AddressCard title={t("myaccount.order.billing")} name={order.customerName} address={order.billingAddress} testId="billing-address" />
      </div>

      <OrderLinesTable
        lines={order.items}
        total={order.total}
        currency={order.currency}
        labels={{ items: t("myaccount.order.items"), product: t("myaccount.order.product"), quantity: t("myaccount.order.quantity"), unitPrice: t("myaccount.order.unitPrice"), lineTotal: t("myaccount.order.lineTotal"), total: t("myaccount.order.total") }}
      />
      <OrderDocumentList orderId={order.id} invoiceNumber={invoice} documents={documents} />
      <OrderWithdrawals withdrawals={withdrawals} times={withdrawalTimes} />
    </section>
  );
}
