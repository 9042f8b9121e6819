import { Link } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { formatPrice } from "~/utils/money";
import type { OrderDocumentLink } from "~/models/order-document";

/**
 * The list of an order's documents on its pages (the customer's and the admin's): the invoice, the
 * cancellation invoice and credit notes, and for the admin the delivery note. Texts: "documents.list".
 */
export function OrderDocumentList({
  orderId,
  invoiceNumber,
  documents,
  deliveryNote = false,
}: {
  orderId: string;
  /** "RE-000042"; without it the list leaves the invoice out (a page that links it already). */
  invoiceNumber?: string;
  documents: readonly OrderDocumentLink[];
  /** The admin's link to the delivery note. */
  deliveryNote?: boolean;
}) {
  const { t } = useT();
  return (
    <section className="card mt-6 p-4" aria-labelledby="documents-heading" data-testid="order-documents">
      <h3 id="documents-heading" className="font-semibold">
        {t("documents.list.title")}
      </h3>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {invoiceNumber ? (
          <li>
            <Link to={`/order-confirmation/${orderId}/invoice`} className="text-brand-700 hover:underline" data-testid="document-invoice">
              {t("documents.list.invoice", { number: invoiceNumber })}
            </Link>
          </li>
        ) : null}
        {documents.map((document) => (
          <li key={document.number} className="flex flex-wrap gap-x-3">
            <Link
              to={`/order-confirmation/${orderId}/documents/${document.number}`}
              className="text-brand-700 hover:underline"
              data-testid={`document-${document.kind}`}
            >
              {t(`documents.list.${document.kind}`, { number: document.number })}
            </Link>
            <bdi dir="ltr" className="text-slate-600">{formatPrice(document.total, document.currency)}</bdi>
          </li>
        ))}
        {deliveryNote ? (
          <li>
            <Link to={`/admin/orders/${orderId}/delivery-note`} className="text-brand-700 hover:underline" data-testid="document-delivery-note">
              {t("documents.list.deliveryNote")}
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
