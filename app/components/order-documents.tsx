import { Link } from "@remix-run/react";
import type { Locale } from "~/i18n/config";
import { useT } from "~/i18n/use-t";
import { formatPrice, type Currency } from "~/utils/money";
import type { VatLine } from "~/utils/vat";
import { rateLabel } from "./vat-lines";
import { TableHead } from "~/components/data-table";

/**
 * Pieces the pages of an order share (confirmation, invoice, the customer's and the admin's order
 * page): the bank transfer instructions, the table of its lines, a document's lines and totals.
 * (The address block is components/address-block.tsx.)
 */

export interface BankTransfer {
  holder: string;
  iban: string;
  bic: string;
  bankName: string;
}

/** What a shopper paying by bank transfer needs: the account, the amount, the reference (the order's RF creditor reference). */
export function BankTransferDetails({ bank, amount, currency, reference }: { bank: BankTransfer; amount: number; currency: Currency; reference: string }) {
  const { t } = useT();
  const rows: Array<[string, string, string]> = [
    [t("pricing.bank.holder"), bank.holder, "bank-holder"],
    [t("pricing.bank.iban"), bank.iban, "bank-iban"],
    ...(bank.bic ? [[t("pricing.bank.bic"), bank.bic, "bank-bic"] as [string, string, string]] : []),
    ...(bank.bankName ? [[t("pricing.bank.bank"), bank.bankName, "bank-name"] as [string, string, string]] : []),
    [t("pricing.bank.amount"), formatPrice(amount, currency), "bank-amount"],
    [t("pricing.bank.reference"), reference, "bank-reference"],
  ];
  return (
    <section className="rounded-lg border border-brand-200 bg-brand-50 p-4 print:border-slate-400 print:bg-white" aria-labelledby="bank-transfer" data-testid="bank-transfer">
      <h2 id="bank-transfer" className="text-lg font-bold">
        {t("pricing.bank.title")}
      </h2>
      <p className="mt-1 text-sm">{t("pricing.bank.intro")}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value, testId]) => (
          <div key={testId} className="contents">
            <dt className="text-slate-600">{label}</dt>
            {/* In the page's direction (an Arabic page aligns it right), the value itself left to right. */}
            <dd className="font-mono font-semibold">
              <bdi dir="ltr" data-testid={testId}>
                {value}
              </bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export interface OrderLine {
  productId: string | null;
  productName: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  currency: Currency;
}

/**
 * An order's lines with unit prices and line totals, its total and, when given, the VAT it
 * contains by rate. `labels` are the page's own words (the account's or the admin's).
 */
export function OrderLinesTable({
  lines,
  total,
  currency,
  vat,
  labels,
}: {
  lines: readonly OrderLine[];
  total: number;
  currency: Currency;
  vat?: readonly VatLine[];
  labels: { items: string; product: string; quantity: string; unitPrice: string; lineTotal: string; total: string };
}) {
  const { t, locale } = useT();
  return (
    <section className="card mt-6 overflow-x-auto p-4" aria-labelledby="items-heading">
      <h3 id="items-heading" className="font-semibold">
        {labels.items}
      </h3>
      <table className="mt-2 w-full text-sm" data-testid="order-items">
        <TableHead
          columns={[
            labels.product,
            { label: labels.quantity, align: "end" },
            { label: labels.unitPrice, align: "end" },
            { label: labels.lineTotal, align: "end" },
          ]}
        />
        <tbody>
          {lines.map((line, index) => (
            <tr key={`${line.productId ?? ""}-${index}`} className="border-b border-slate-100">
              <th scope="row" className="py-2 text-start font-normal">
                {line.productId ? (
                  <Link to={`/products/${line.productId}`} className="hover:underline">
                    {line.productName}
                  </Link>
                ) : (
                  line.productName
                )}
              </th>
              <td className="py-2 text-end">{line.quantity}</td>
              <td className="py-2 text-end" dir="ltr">{formatPrice(line.unitPrice, line.currency)}</td>
              <td className="py-2 text-end" dir="ltr">{formatPrice(line.totalPrice, line.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="pt-3 pb-2 text-end">{labels.total}</th>
            <td className="pt-3 pb-2 text-end font-bold" dir="ltr" data-testid="order-total">
              {formatPrice(total, currency)}
            </td>
          </tr>
          {vat?.map((line) => (
            <tr key={line.rate} className="text-slate-600" data-testid="vat-line">
              <th scope="row" colSpan={3} className="py-1 text-end font-normal">{t("pricing.vat.contained", { rate: rateLabel(line.rate, locale) })}</th>
              <td className="py-1 text-end" dir="ltr" data-testid="vat-amount">{formatPrice(line.vat, currency)}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </section>
  );
}

/** A line of a printable document; quantity and unit price stay empty on a line of an amount alone (a credit note's). */
export interface DocumentLineCells {
  name: string;
  quantity?: number;
  unitPrice?: number;
  /** Basis points (1900 = 19 %). */
  vatRate: number;
  total: number;
}

/**
 * The head and lines of a printable document's lines table (invoice, cancellation invoice, credit
 * note): item, quantity, unit price, VAT rate and line total, rates written in the document's language.
 */
export function DocumentLines({
  lines,
  currency,
  lang,
  labels,
  ids,
}: {
  lines: readonly DocumentLineCells[];
  currency: Currency;
  lang: Locale;
  labels: { item: string; quantity: string; unitPrice: string; vatRate: string; lineTotal: string };
  /** The test ids of a line and of its total (the invoice's and the ST/GS pages' tests name them differently). */
  ids: { line: string; lineTotal?: string };
}) {
  const money = (cents: number) => formatPrice(cents, currency);
  return (
    <>
      <TableHead
        row="border-b-2 border-slate-300"
        columns={[
          labels.item,
          { label: labels.quantity, align: "end" },
          { label: labels.unitPrice, align: "end" },
          { label: labels.vatRate, align: "end" },
          { label: labels.lineTotal, align: "end" },
        ]}
      />
      <tbody>
        {lines.map((line, index) => (
          <tr key={index} className="border-b border-slate-200" data-testid={ids.line}>
            <th scope="row" className="py-2 text-start font-normal">{line.name}</th>
            <td className="py-2 text-end">{line.quantity ?? ""}</td>
            <td className="py-2 text-end" dir="ltr">{line.unitPrice === undefined ? "" : money(line.unitPrice)}</td>
            <td className="py-2 text-end" dir="ltr">{rateLabel(line.vatRate, lang)}</td>
            <td className="py-2 text-end" dir="ltr" data-testid={ids.lineTotal}>{money(line.total)}</td>
          </tr>
        ))}
      </tbody>
    </>
  );
}

/** The test ids of a document's totals (the invoice's and the ST/GS pages' tests name them differently). */
export interface DocumentTotalsIds {
  netLine: string;
  netAmount: string;
  vatLine: string;
  vatAmount: string;
  net?: string;
  gross: string;
}

/**
 * The foot of a printable document's lines table (invoice, cancellation invoice, credit note): net
 * and VAT by rate, the net sum and the gross total, with rates written in the document's language.
 */
export function DocumentTotals({
  vat,
  total,
  currency,
  lang,
  labels,
  ids,
}: {
  vat: VatLine[];
  total: number;
  currency: Currency;
  lang: Locale;
  labels: { net: string; gross: string };
  ids: DocumentTotalsIds;
}) {
  const { t } = useT();
  const money = (cents: number) => formatPrice(cents, currency);
  const net = vat.reduce((sum, line) => sum + line.net, 0);
  return (
    <tfoot>
      {vat.map((line) => (
        <tr key={`net-${line.rate}`} data-testid={ids.netLine} data-rate={line.rate}>
          <th scope="row" colSpan={4} className="pt-3 text-end font-normal">{t("pricing.vat.netAt", { rate: rateLabel(line.rate, lang) })}</th>
          <td className="pt-3 text-end" dir="ltr" data-testid={ids.netAmount}>{money(line.net)}</td>
        </tr>
      ))}
      {vat.map((line) => (
        <tr key={`vat-${line.rate}`} data-testid={ids.vatLine} data-rate={line.rate}>
          <th scope="row" colSpan={4} className="text-end font-normal">{t("pricing.vat.contained", { rate: rateLabel(line.rate, lang) })}</th>
          <td className="text-end" dir="ltr" data-testid={ids.vatAmount}>{money(line.vat)}</td>
        </tr>
      ))}
      <tr>
        <th scope="row" colSpan={4} className="text-end font-normal">{labels.net}</th>
        <td className="text-end" dir="ltr" data-testid={ids.net}>{money(net)}</td>
      </tr>
      <tr className="border-t-2 border-slate-300 text-base font-bold">
        <th scope="row" colSpan={4} className="py-2 text-end">{labels.gross}</th>
        <td className="py-2 text-end" dir="ltr" data-testid={ids.gross}>{money(total)}</td>
      </tr>
    </tfoot>
  );
}
