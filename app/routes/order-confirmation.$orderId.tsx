import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { shopTimeZone } from "~/utils/shop-time.server";
import { Link, useLoaderData } from "@remix-run/react";
import { intlLocale } from "~/i18n/config";
import { Money } from "~/components/price";
import { pageMeta } from "~/utils/seo";
import { useT } from "~/i18n/use-t";
import { CustomerPaymentStatus } from "~/components/payment-status";
import { CheckIcon } from "~/components/icons";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { AddressBlock } from "~/components/address-block";
import { VatRows } from "~/components/vat-lines";
import { bankTransferView } from "~/utils/payment-codes.server";
import { BankTransferPayment, QrBill } from "~/components/payment-codes";
import { routeMessages } from "~/i18n/catalogues.server";
import { type I18nHandle } from "~/i18n/namespaces";
import { viewableOrder } from "~/services/viewable-order.server";
import { OrderDocumentList } from "~/components/order-document-list";
import { listOrderDocuments } from "~/models/order-documents.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("order.meta.title"), description: t("order.meta.description"), noindex: true }));

export const handle = { i18n: ["order", "checkout", "pricing", "catalogue", "documents.list"] } satisfies I18nHandle;

/** The order's confirmation, for whoever may see the order (viewableOrder; anyone else: 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order, locale } = await viewableOrder(request, params.orderId);
  // Formatted here, once, so server and browser never disagree (ar: the Arabic-Saudi locale).
  const date = new Intl.DateTimeFormat(intlLocale[locale], {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: shopTimeZone(),
  }).format(new Date(order.createdAt));
  // A bank transfer's QR code, drawn here as SVG (EUR: GiroCode, CHF: QR-bill); none for cash on delivery.
  const { bank, giroCode, qrBill } = await bankTransferView(order);
  return { order, date, bank, giroCode, qrBill, documents: await listOrderDocuments(order.id), messages: routeMessages(locale, handle) };
}

export default function OrderConfirmation() {
  const { order, date, bank, giroCode, qrBill, documents } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="container-page max-w-3xl py-12">
      <div className="text-center">
        <span className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-emerald-100 text-emerald-700">
          <CheckIcon className="h-8 w-8" />
        </span>
        <h1 className="mt-4 text-2xl font-bold sm:text-3xl">{t("order.success.title")}</h1>
        <p className="mt-2 text-slate-600">{t("order.success.thanks")}</p>
      </div>
      <section className="card mt-8 p-6" aria-labelledby="order-details">
        <h2 id="order-details" className="text-lg font-bold">
          {t("order.details")}
        </h2>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600">{t("order.number")}</dt>
            <dd className="font-mono text-lg font-bold" data-testid="order-number" dir="ltr">
              {order.number}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("order.date")}</dt>
            <dd data-testid="order-date">{date}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("order.total")}</dt>
            <dd className="font-bold" data-testid="order-total">
              <Money cents={order.total} currency={order.currency} />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("order.status")}</dt>
            <dd>
              {/* Whatever the stored status, shoppers see "under review" (spec). */}
              <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900" data-testid="order-status">
                {t("order.underReview")}
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("order.payment")}</dt>
            <dd>{t(`checkout.payment.${order.paymentMethod}`)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("order.paymentState")}</dt>
            <dd><CustomerPaymentStatus order={order} /></dd>
          </div>
        </dl>
        <ul className="mt-6 flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm" aria-label={t("order.items")}>
          {order.items.map((item, index) => (
            <li key={`${item.productId ?? "gone"}-${index}`} className="flex justify-between gap-3">
              <span>
                {item.name} <span className="text-slate-600">× {item.quantity}</span>
              </span>
              <span><Money cents={item.total} currency={order.currency} /></span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 flex flex-col gap-1 border-t border-slate-200 pt-3 text-sm">
          <div className="flex justify-between gap-4 font-bold">
            <dt>{t("order.total")}</dt>
            <dd><Money cents={order.total} currency={order.currency} /></dd>
          </div>
          <VatRows lines={order.vat} currency={order.currency} />
        </dl>
        <p className="mt-4">
          <Link to={`/order-confirmation/${order.id}/invoice`} className="btn-secondary" data-testid="invoice-link">
            {t("pricing.invoice.link")}
          </Link>
        </p>
        {documents.length > 0 ? <OrderDocumentList orderId={order.id} documents={documents} /> : null}
      </section>
      {bank ? <BankTransferPayment bank={bank} giroCode={giroCode} order={order} /> : null}
      {qrBill ? <QrBill svg={qrBill} /> : null}
      <section className="card mt-6 grid gap-4 p-6 sm:grid-cols-2" aria-label={t("pricing.addresses.shipping")}>
        <AddressBlock title={t("pricing.addresses.shipping")} name={order.customerName} address={order.shippingAddress} testId="shipping-address" />
        <AddressBlock title={t("pricing.addresses.billing")} name={order.customerName} address={order.billingAddress} testId="billing-address" />
      </section>
      <section className="card mt-6 p-6" aria-labelledby="order-contact">
        <h2 id="order-contact" className="text-lg font-bold">
          {t("order.contact")}
        </h2>
        <dl className="mt-3 grid gap-2">
          <div className="flex flex-wrap gap-2">
            <dt className="text-slate-600">{t("order.email")}:</dt>
            <dd data-testid="order-email" dir="ltr">{order.email}</dd>
          </div>
          {order.phone ? (
            <div className="flex flex-wrap gap-2">
              <dt className="text-slate-600">{t("order.phone")}:</dt>
              <dd dir="ltr">{order.phone}</dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">{t("order.emailNote")}</p>
      </section>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/products" className="btn-primary">
          {t("order.continueShopping")}
        </Link>
        <Link to="/" className="btn-secondary">
          {t("order.home")}
        </Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ title: "common.pageErrors.orderNotFound.title", message: "common.pageErrors.orderNotFound.message" }} />;
}
