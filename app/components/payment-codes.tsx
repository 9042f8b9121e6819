import { useT } from "~/i18n/use-t";
import { formatCreditorReference } from "~/utils/creditor-reference";
import type { Currency } from "~/utils/money";
import { BankTransferDetails, type BankTransfer } from "./order-documents";

/**
 * The QR codes of a bank transfer, drawn on the server (app/utils/payment-codes.server.ts) and
 * put into the page as SVG markup: no QR library in the browser. The GiroCode (EUR) for the
 * confirmation page and the invoice; the Swiss QR-bill (CHF) on the confirmation page, and on the
 * invoice as a sheet of its own that prints at its real size, 210 × 105 mm at the foot of an A4
 * page without margins, below a dashed line with scissors (SIX IG QR-bill 2.3, 3.7).
 */

/** A bank transfer's instructions (the account, the amount, the order's RF reference) with the GiroCode beside them, if there is one. */
export function BankTransferPayment({
  bank,
  giroCode,
  order,
}: {
  bank: BankTransfer;
  giroCode: string | null;
  order: { total: number; currency: Currency; paymentReference: string };
}) {
  return (
    <div className="mt-6">
      <BankTransferDetails bank={bank} amount={order.total} currency={order.currency} reference={formatCreditorReference(order.paymentReference)} />
      {giroCode ? <GiroCode svg={giroCode} /> : null}
    </div>
  );
}

export function GiroCode({ svg }: { svg: string }) {
  const { t } = useT();
  return (
    <section className="mt-4 flex flex-wrap items-center gap-4 print:break-inside-avoid" aria-labelledby="girocode-title" data-testid="girocode-section">
      <div
        role="img"
        aria-label={t("pricing.codes.giroCodeAlt")}
        className="w-44 shrink-0 bg-white [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
        data-testid="girocode"
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <div className="min-w-0 flex-1 basis-48">
        <h3 id="girocode-title" className="font-semibold">
          {t("pricing.codes.giroCodeTitle")}
        </h3>
        <p className="mt-1 text-sm text-slate-700">{t("pricing.codes.giroCodeHint")}</p>
      </div>
    </section>
  );
}

/** The bill scales to the page's width on screen; printed (the invoice's sheet), it is 210 × 105 mm. */
const QR_BILL_CSS = `
.qr-bill-svg{display:block;width:100%;height:auto;max-width:210mm;background:#fff}
.qr-bill-cut{position:relative;border-top:1px dashed #000;padding-top:2px}
.qr-bill-cut>.qr-bill-scissors{position:absolute;top:-0.75em;left:5mm;background:#fff;padding:0 2px;line-height:1.4;font-size:14px}
@media print{
  @page qr-bill{size:A4 portrait;margin:0}
  .qr-bill-sheet{page:qr-bill;break-before:page;position:relative;width:210mm;height:296mm;margin:0!important;padding:0!important;border:0!important;overflow:hidden}
  .qr-bill-sheet .qr-bill-intro{position:absolute;top:15mm;left:15mm;right:15mm}
  .qr-bill-sheet .qr-bill-cut{position:absolute;bottom:0;left:0;width:210mm;height:105mm;padding:0}
  .qr-bill-sheet .qr-bill-svg{width:210mm;height:105mm;max-width:none}
}`;

export function QrBill({ svg, sheet = false }: { svg: string; sheet?: boolean }) {
  const { t } = useT();
  return (
    <section className={`${sheet ? "qr-bill-sheet mt-10" : "card mt-6 p-6"}`} aria-labelledby="qr-bill-title" data-testid="qr-bill-section">
      {/* As markup: React would escape the ">" of a text child. */}
      <style dangerouslySetInnerHTML={{ __html: QR_BILL_CSS }} />
      <div className="qr-bill-intro">
        <h2 id="qr-bill-title" className="text-lg font-bold">
          {t("pricing.codes.qrBillTitle")}
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-700">{t(sheet ? "pricing.codes.qrBillInvoiceHint" : "pricing.codes.qrBillHint")}</p>
      </div>
      {/* The bill is laid out left to right in every language; its own texts are in the order's language. */}
      <div className="qr-bill-cut" dir="ltr">
        <span className="qr-bill-scissors" aria-hidden="true">
          ✂
        </span>
        <div className="overflow-x-auto" data-testid="qr-bill" dangerouslySetInnerHTML={{ __html: svg }} />
      </div>
    </section>
  );
}
