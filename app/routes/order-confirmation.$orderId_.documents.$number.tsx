import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/seo";
import { useT } from "~/i18n/use-t";
import { seller } from "~/utils/shop-details.server";
import { documentDate } from "~/utils/shop-time.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { AddressBlock } from "~/components/address-block";
import { DocumentLines, DocumentTotals } from "~/components/order-documents";
import { PrintableDocument } from "~/components/printable-document";
import { routeMessages } from "~/i18n/catalogues.server";
import { type I18nHandle } from "~/i18n/namespaces";
import { viewableOrder } from "~/services/viewable-order.server";
import { readOrderDocument } from "~/models/order-documents.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("documents.page.metaTitle"), description: t("documents.page.metaDescription"), noindex: true }));

export const handle = { i18n: ["documents.page", "pricing.invoice", "pricing.vat", "pricing.addresses", "pricing.bank", "checkout.countries"] } satisfies I18nHandle;

/**
 * A cancellation invoice (ST-…) or credit note (GS-…) of an order, printable, in the order's
 * language, for the people who may see the order's invoice (its user, the browser that placed it,
 * an admin); anyone else, an unknown number or another order's gets "order not found" (404).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order, document: { locale, dir } } = await viewableOrder(request, params.orderId);
  const document = await readOrderDocument(order.id, params.number ?? "");
  if (!document) throw data(null, { status: 404 });
  return {
    order: { id: order.id, number: order.number, customerName: order.customerName, billingAddress: order.billingAddress },
    document,
    date: documentDate(document.createdAt, locale),
    seller,
    // The document in the order's language (its texts, date and rates), the page around it in the visitor's.
    lang: locale,
    dir,
    messages: routeMessages(locale, handle),
  };
}

export default function OrderDocumentPage() {
  const { order, document, date, seller, lang, dir } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <PrintableDocument
      lang={lang}
      dir={dir}
      testId="order-document"
      kind={document.kind}
      back={{ to: `/order-confirmation/${order.id}`, label: t("documents.page.back") }}
      printLabel={t("documents.page.print")}
      seller={seller}
      sellerLines={[<>{t("pricing.invoice.vatId")}: <bdi>{seller.vatId}</bdi></>]}
      title={t(`documents.page.title.${document.kind}`)}
      facts={[
        { label: t("documents.page.number"), value: document.number, code: true, bold: true, testId: "document-number" },
        { label: t("documents.page.date"), value: date },
        { label: t("documents.page.refersTo"), value: document.refersTo, code: true, testId: "document-refers-to" },
        { label: t("documents.page.order"), value: order.number, code: true },
      ]}
    >
      <section className="mt-8" aria-label={t("pricing.addresses.billing")}>
        <AddressBlock title={t("pricing.addresses.billing")} name={order.customerName} address={order.billingAddress} testId="document-billing" />
      </section>
      <p className="mt-6 text-sm" data-testid="document-intro">
        {t(`documents.page.intro.${document.kind}`, { invoice: document.refersTo, order: order.number })}
      </p>

      <table className="mt-6 w-full text-sm" data-testid="document-lines">
        <DocumentLines
          lines={document.lines.map((line) =>
            line.type === "item"
              ? line
              : {
                  name: line.type === "amount" ? t("documents.page.amountLine") : t("documents.page.creditedLine", { number: line.document }),
                  vatRate: line.vatRate,
                  total: line.total,
                },
          )}
          currency={document.currency}
          lang={lang}
          labels={{
            item: t("documents.page.item"),
            quantity: t("documents.page.quantity"),
            unitPrice: t("documents.page.unitPrice"),
            vatRate: t("documents.page.vatRate"),
            lineTotal: t("documents.page.lineTotal"),
          }}
          ids={{ line: "document-line" }}
        />
        <DocumentTotals
          vat={document.amounts}
          total={document.total}
          currency={document.currency}
          lang={lang}
          labels={{ net: t("documents.page.net"), gross: t("documents.page.gross") }}
          ids={{ netLine: "document-net-line", netAmount: "document-net-amount", vatLine: "document-vat-line", vatAmount: "document-vat-amount", gross: "document-total" }}
        />
      </table>
    </PrintableDocument>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ title: "common.pageErrors.orderNotFound.title", message: "common.pageErrors.orderNotFound.message" }} />;
}
