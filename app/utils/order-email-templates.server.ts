import { getTranslator } from "~/i18n/catalogues.server";
import { intlLocale, type Locale } from "~/i18n/config";
import { compose, defuseLinks, greeting, oneLine, orderField, type Block, type RenderedEmail } from "~/utils/email-layout.server";
import { formatPrice, type Currency } from "~/utils/money";
import { bankTransferText, documentLinkBlocks, type DocumentLinkInput } from "~/utils/payment-email-templates.server";
import type { BankDetails } from "~/utils/shop-details.server";
import { formatRate, type VatLine } from "~/utils/vat";

/**
 * The e-mails of an order, in the language it was placed in: its confirmation, its new status, and
 * the receipt and the shop's notice of a withdrawal from it.
 */

export interface OrderEmailInput {
  locale: Locale;
  number: string;
  customerName: string;
  createdAt: Date;
  currency: Currency;
  paymentMethod: "cash_on_delivery" | "bank_transfer";
  lines: Array<{ name: string; quantity: number; unitPrice: number; total: number }>;
  total: number;
  /** The VAT contained in the total, by rate. */
  vat: VatLine[];
  /** For a bank transfer: the account to pay to. */
  bank: BankDetails | null;
  /** The bank transfer's reference: the order's RF creditor reference, as printed. */
  reference: string;
  /** A EUR bank transfer: the Content-ID of the GiroCode the e-mail shows (the mail worker attaches it). */
  giroCodeCid?: string | null;
  /** A CHF bank transfer with a QR-bill: the invoice that carries it. */
  qrBillUrl?: string | null;
  shippingAddress: { street: string; postalCode: string; city: string; country: string };
  orderUrl: string;
}

export function orderConfirmationEmail(input: OrderEmailInput): RenderedEmail {
  const t = getTranslator(input.locale);
  const date = new Intl.DateTimeFormat(intlLocale[input.locale], { dateStyle: "long" }).format(input.createdAt);
  const subtotal = input.lines.reduce((sum, line) => sum + line.total, 0);
  const address = input.shippingAddress;
  const blocks: Block[] = [
    { type: "p", text: greeting(input.locale, orderField(input.customerName, "name")) },
    { type: "p", text: t("email.order.intro") },
    { type: "p", text: `${t("email.order.number")}: ${input.number}\n${t("email.order.date")}: ${date}\n${t("email.order.status")}` },
    {
      type: "table",
      head: [t("email.order.item"), t("email.order.quantity"), t("email.order.unitPrice"), t("email.order.lineTotal")],
      rows: input.lines.map((line) => [
        oneLine(line.name),
        String(line.quantity),
        formatPrice(line.unitPrice, input.currency),
        formatPrice(line.total, input.currency),
      ]),
      foot: [
        [t("email.order.subtotal"), formatPrice(subtotal, input.currency)],
        [t("email.order.shipping"), t("email.order.shippingFree")],
        [`${t("email.order.total")} (${t("email.order.vat")})`, formatPrice(input.total, input.currency)],
        ...input.vat.map((line): [string, string] => [
          t("pricing.vat.contained", { rate: formatRate(line.rate, input.locale === "de" || input.locale === "fr") }),
          formatPrice(line.vat, input.currency),
        ]),
      ],
    },
    {
      type: "p",
      text: `${t("email.order.payment")}: ${t(`email.order.paymentMethods.${input.paymentMethod}`)}${
        input.bank ? `\n${t("email.order.bankTransferNote")}` : ""
      }`,
    },
    ...(input.bank
      ? [
          {
            type: "p" as const,
            text: bankTransferText(input.locale, input.bank, input.total, input.currency, input.reference),
          },
          ...(input.giroCodeCid
            ? [
                { type: "p" as const, text: t("email.order.giroCodeNote") },
                { type: "image" as const, cid: input.giroCodeCid, alt: t("email.order.giroCodeAlt"), size: 180 },
              ]
            : []),
          ...(input.qrBillUrl ? [{ type: "small" as const, text: t("email.order.qrBillNote"), href: input.qrBillUrl, linkLabel: t("email.order.qrBillLink") }] : []),
        ]
      : []),
    {
      type: "p",
      text: [
        `${t("email.order.shippingAddress")}:`,
        orderField(input.customerName, "name"),
        orderField(address.street, "street"),
        `${orderField(address.postalCode, "postalCode")} ${orderField(address.city, "city")}`,
        orderField(address.country, "country"),
      ].join("\n"),
    },
    { type: "button", label: t("email.order.view"), href: input.orderUrl },
    { type: "p", text: t("email.common.signature") },
  ];
  return compose(input.locale, t("email.order.subject", { number: input.number }), blocks);
}

export type OrderStatusEmailStatus = "confirmed" | "shipped" | "delivered" | "cancelled";

export interface OrderStatusEmailInput {
  locale: Locale;
  number: string;
  customerName: string;
  status: OrderStatusEmailStatus;
  currency: Currency;
  paymentMethod: "cash_on_delivery" | "bank_transfer";
  lines: Array<{ name: string; quantity: number; total: number }>;
  total: number;
  orderUrl: string;
  /** The order's documents to link (a cancellation's ST-…). */
  documents?: DocumentLinkInput[];
}

/**
 * An order's new status (an admin confirmed, shipped, delivered or cancelled it), in the language
 * the order was placed in (namespace "mail"). Cancelling says what happens to the payment.
 */
export function orderStatusEmail(input: OrderStatusEmailInput): RenderedEmail {
  const t = getTranslator(input.locale);
  const status = t(`mail.orderStatus.statuses.${input.status}`);
  const blocks: Block[] = [
    { type: "p", text: greeting(input.locale, orderField(input.customerName, "name")) },
    { type: "p", text: t(`mail.orderStatus.intro.${input.status}`, { number: input.number }) },
    { type: "p", text: `${t("email.order.number")}: ${input.number}\n${t("mail.orderStatus.statusLabel")}: ${status}` },
  ];
  if (input.status === "cancelled") blocks.push({ type: "p", text: t(`mail.orderStatus.cancelledPayment.${input.paymentMethod}`) });
  blocks.push(
    {
      type: "table",
      head: [t("email.order.item"), t("email.order.quantity"), t("email.order.lineTotal")],
      rows: input.lines.map((line) => [oneLine(line.name), String(line.quantity), formatPrice(line.total, input.currency)]),
      foot: [[`${t("email.order.total")} (${t("email.order.vat")})`, formatPrice(input.total, input.currency)]],
    },
    { type: "button", label: t("email.order.view"), href: input.orderUrl },
    { type: "p", text: t("email.common.signature") },
    ...documentLinkBlocks(input.locale, input.documents ?? []),
  );
  return compose(input.locale, t("mail.orderStatus.subject", { number: input.number, status }), blocks);
}

export interface WithdrawalEmailInput {
  locale: Locale;
  /** The order's number as shoppers see it. */
  number: string;
  customerName: string;
  customerEmail: string;
  /** When the withdrawal was received, already written out in the shop's time zone. */
  receivedAt: string;
  wholeOrder: boolean;
  lines: ReadonlyArray<{ productName: string; quantity: number }>;
  reason: string;
  late: boolean;
  /** The shopper's receipt was held back (per-order limit): the shop's notice says so. */
  receiptHeldBack?: boolean;
}

/** What is withdrawn, one line per article ("2 × Pen"), for the receipt and the shop's notice. */
function withdrawalContent(t: ReturnType<typeof getTranslator>, input: WithdrawalEmailInput): string {
  const lines = input.lines.map((line) => `- ${line.quantity} × ${oneLine(line.productName)}`).join("\n");
  return `${input.wholeOrder ? t("email.withdrawal.wholeOrder") : t("email.withdrawal.someLines")}\n${lines}`;
}

/**
 * The shopper's receipt (§ 356a Abs. 3 BGB: content, date and time, on a durable medium), in the
 * order's language. It goes to the order's address, but whoever knows the order number and that
 * address (a parcel label) can declare a withdrawal: so the reason's free text is not repeated in
 * it (not even defused: text in the shop's name is a phishing channel), only that one was given.
 * The reason is no part of what a withdrawal needs; the receipt page shows it, the shop's notice has it.
 */
export function withdrawalReceiptEmail(input: WithdrawalEmailInput): RenderedEmail {
  const t = getTranslator(input.locale);
  const reason = oneLine(input.reason) ? t("email.withdrawal.reasonGiven") : t("email.withdrawal.noReason");
  const blocks: Block[] = [
    { type: "p", text: greeting(input.locale, orderField(input.customerName, "name")) },
    { type: "p", text: t("email.withdrawal.intro", { number: input.number }) },
    { type: "p", text: `${t("email.withdrawal.order")}: ${input.number}\n${t("email.withdrawal.receivedAt")}: ${input.receivedAt}` },
    { type: "p", text: withdrawalContent(t, input) },
    { type: "p", text: `${t("email.withdrawal.reason")}: ${reason}` },
    { type: "p", text: t("email.withdrawal.next") },
    { type: "p", text: t("email.common.signature") },
  ];
  return compose(input.locale, t("email.withdrawal.subject", { number: input.number }), blocks);
}

/** The shop's copy (to the Impressum's address), in German: the reason as typed, its addresses defused (defuseLinks). */
export function withdrawalNoticeEmail(input: WithdrawalEmailInput): RenderedEmail {
  const t = getTranslator(input.locale);
  const reason = defuseLinks(oneLine(input.reason));
  const blocks: Block[] = [
    { type: "p", text: t("email.withdrawal.noticeIntro", { number: input.number }) },
    {
      type: "p",
      text: `${t("email.withdrawal.order")}: ${input.number}\n${t("email.withdrawal.customer")}: ${orderField(input.customerName, "name")} <${oneLine(input.customerEmail)}>\n${t("email.withdrawal.receivedAt")}: ${input.receivedAt}${input.late ? `\n${t("email.withdrawal.late")}` : ""}${input.receiptHeldBack ? `\n${t("email.withdrawal.receiptHeldBack")}` : ""}`,
    },
    { type: "p", text: withdrawalContent(t, input) },
    { type: "p", text: `${t("email.withdrawal.reason")}: ${reason || t("email.withdrawal.noReason")}` },
  ];
  return compose(input.locale, t("email.withdrawal.noticeSubject", { number: input.number }), blocks);
}
