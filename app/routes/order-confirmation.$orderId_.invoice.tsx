import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { shopTimeZone } from "~/utils/shop-time.server";
import { Link, useLoaderData } from "@remix-run/react";
import { intlLocale } from "~/i18n/config";
import { invoiceNumber } from "~/models/order-number";
import { pageMeta } from "~/utils/seo";
import { useT } from "~/i18n/use-t";
import { bankDetails, seller } from "~/utils/shop-details.server";
import { paymentCodes } from "~/utils/payment-codes.server";
import { formatCreditorReference } from "~/utils/creditor-reference";
import { GiroCode, QrBill } from "~/components/payment-codes";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { AddressBlock } from "~/components/address-block";
import { BankTransferDetails, DocumentLines, DocumentTotals } from "~/components/order-documents";
import { routeMessages } from "~/i18n/catalogues.server";
import { type I18nHandle } from "~/i18n/namespaces";
import { viewableOrder } from "~/services/viewable-order.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("pricing.invoice.meta.title"), description: t("pricing.invoice.meta.description"), noindex: true }));

export const handle = { i18n: ["order", "checkout", "pricing", "catalogue"] } satisfies I18nHandle;

/**
 * The printable invoice of an order, for the same people as its confirmation page (the order's
 * user, the browser session that placed it, an admin); anyone else gets "order not found" (404).
 * Seller from the Impressum's data, buyer and addresses, lines with their stored VAT rates, net and
 * VAT by rate, gross total, payment method (with the bank details for a bank transfer).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order, document: { locale, dir } } = await viewableOrder(request, params.orderId);
  const date = new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: "long", timeZone: shopTimeZone() }).format(new Date(order.createdAt));
  const bank = order.paymentMethod === "bank_transfer" ? bankDetails() : null;
  // EUR: the GiroCode beside the bank details; CHF: the QR-bill on a sheet of its own at the end.
  const codes = bank ? await paymentCodes(order, bank) : null;
  return {
    order,
    date,
    invoiceNumber: invoiceNumber(order.invoiceNumber),
    seller,
    bank,
    giroCode: codes?.giroCode?.svg ?? null,
    qrBill: codes?.qrBill?.svg ?? null,
    // The document in the order's language (its texts, date and rates), the page around it in the visitor's.
    lang: locale,
    dir,
    messages: routeMessages(locale, handle),
  };
}

export default function Invoice() {
  const { order, date, invoiceNumber, seller, bank, giroCode, qrBill, lang, dir } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <article lang={lang} dir={dir} className="container-page max-w-4xl py-8 print:max-w-none print:p-0" data-testid="invoice">
      <div className="mb-6 flex flex-wrap gap-3 print:hidden">
        <Link to={`/order-confirmation/${order.id}`} className="btn-secondary">
          {t("pricing.invoice.back")}
        </Link>
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          {t("pricing.invoice.print")}
        </button>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-6">
        <div data-testid="invoice-seller">
          <p className="text-xl font-bold">{seller.name}</p>
          <p className="text-sm leading-relaxed">
            {seller.street}
            <br />
            <bdi>{seller.postalCode}</bdi> {seller.city}
            <br />
            {t(`checkout.countries.${seller.country}`)}
            <br />
            {t("pricing.invoice.vatId")}: <bdi>{seller.vatId}</bdi>
            <br />
            <bdi>{seller.email}</bdi>
          </p>
        </div>
        <div className="text-end">
          <h1 className="text-3xl font-bold">{t("pricing.invoice.title")}</h1>
          <dl className="mt-2 grid grid-cols-[auto_auto] gap-x-3 text-sm">
            <dt className="text-slate-600">{t("pricing.invoice.number")}</dt>
            <dd className="font-mono font-semibold" dir="ltr" data-testid="invoice-number">{invoiceNumber}</dd>
            <dt className="text-slate-600">{t("pricing.invoice.date")}</dt>
            <dd data-testid="invoice-date">{date}</dd>
            <dt className="text-slate-600">{t("pricing.invoice.order")}</dt>
            <dd className="font-mono" dir="ltr" data-testid="invoice-order-number">{order.number}</dd>
          </dl>
        </div>
      </header>

      <section className="mt-8 grid gap-6 sm:grid-cols-2 print:grid-cols-2" aria-label={t("pricing.invoice.buyer")}>
        <AddressBlock title={`${t("pricing.invoice.buyer")} · ${t("pricing.addresses.billing")}`} name={order.customerName} address={order.billingAddress} testId="invoice-billing" />
        <AddressBlock title={t("pricing.addresses.shipping")} name={order.customerName} address={order.shippingAddress} testId="invoice-shipping" />
      </section>

      <table className="mt-8 w-full text-sm" data-testid="invoice-lines">
        <DocumentLines
          lines={order.items}
          currency={order.currency}
          lang={lang}
          labels={{
            item: t("pricing.invoice.item"),
            quantity: t("pricing.invoice.quantity"),
            unitPrice: t("pricing.invoice.unitPrice"),
            vatRate: t("pricing.invoice.vatRate"),
            lineTotal: t("pricing.invoice.lineTotal"),
          }}
          ids={{ line: "invoice-line", lineTotal: "invoice-line-total" }}
        />
        <DocumentTotals
          vat={order.vat}
          total={order.total}
          currency={order.currency}
          lang={lang}
          labels={{ net: t("pricing.invoice.net"), gross: t("pricing.invoice.gross") }}
          ids={{ netLine: "invoice-net-line", netAmount: "invoice-net-amount", vatLine: "vat-line", vatAmount: "vat-amount", net: "invoice-net", gross: "invoice-gross" }}
        />
      </table>

      <p className="mt-6 text-sm">
        {t("pricing.invoice.payment")}: <strong data-testid="invoice-payment">{t(`checkout.payment.${order.paymentMethod}`)}</strong>
      </p>
      <p className="mt-1 text-sm text-slate-600">{t("pricing.invoice.deliveryDate")}</p>
      {bank ? (
        <div className="mt-6">
          <BankTransferDetails bank={bank} amount={order.total} currency={order.currency} reference={formatCreditorReference(order.paymentReference)} />
          {giroCode ? <GiroCode svg={giroCode} /> : null}
        </div>
      ) : null}
      <p className="mt-8 text-sm">{t("pricing.invoice.thanks")}</p>
      {qrBill ? <QrBill svg={qrBill} sheet /> : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ title: "common.pageErrors.orderNotFound.title", message: "common.pageErrors.orderNotFound.message" }} />;
}
