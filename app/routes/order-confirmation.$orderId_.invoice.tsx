import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { documentDate } from "~/utils/shop-time.server";
import { useLoaderData } from "@remix-run/react";
import { invoiceNumber } from "~/models/order-number";
import { pageMeta } from "~/utils/seo";
import { useT } from "~/i18n/use-t";
import { seller } from "~/utils/shop-details.server";
import { bankTransferView } from "~/utils/payment-codes.server";
import { BankTransferPayment, QrBill } from "~/components/payment-codes";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { AddressBlock } from "~/components/address-block";
import { DocumentLines, DocumentTotals } from "~/components/order-documents";
import { PrintableDocument } from "~/components/printable-document";
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
  // EUR: the GiroCode beside the bank details; CHF: the QR-bill on a sheet of its own at the end.
  const { bank, giroCode, qrBill } = await bankTransferView(order);
  return {
    order,
    date: documentDate(order.createdAt, locale),
    invoiceNumber: invoiceNumber(order.invoiceNumber),
    seller,
    bank,
    giroCode,
    qrBill,
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
    <PrintableDocument
      lang={lang}
      dir={dir}
      testId="invoice"
      back={{ to: `/order-confirmation/${order.id}`, label: t("pricing.invoice.back") }}
      printLabel={t("pricing.invoice.print")}
      seller={seller}
      sellerLines={[t(`checkout.countries.${seller.country}`), <>{t("pricing.invoice.vatId")}: <bdi>{seller.vatId}</bdi></>, <bdi>{seller.email}</bdi>]}
      sellerTestId="invoice-seller"
      title={t("pricing.invoice.title")}
      facts={[
        { label: t("pricing.invoice.number"), value: invoiceNumber, code: true, bold: true, testId: "invoice-number" },
        { label: t("pricing.invoice.date"), value: date, testId: "invoice-date" },
        { label: t("pricing.invoice.order"), value: order.number, code: true, testId: "invoice-order-number" },
      ]}
    >
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
      {bank ? <BankTransferPayment bank={bank} giroCode={giroCode} order={order} /> : null}
      <p className="mt-8 text-sm">{t("pricing.invoice.thanks")}</p>
      {qrBill ? <QrBill svg={qrBill} sheet /> : null}
    </PrintableDocument>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ title: "common.pageErrors.orderNotFound.title", message: "common.pageErrors.orderNotFound.message" }} />;
}
