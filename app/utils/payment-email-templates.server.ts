import { getTranslator } from "~/i18n/catalogues.server";
import { intlLocale, type Locale } from "~/i18n/config";
import { formatCreditorReference } from "~/utils/creditor-reference";
import { compose, greeting, orderField, type Block, type RenderedEmail } from "~/utils/email-layout.server";
import { formatPrice, type Currency } from "~/utils/money";
import type { BankDetails } from "~/utils/shop-details.server";

/**
 * The e-mails of unpaid bank transfers (namespace "documents", part "email"), in the order's
 * language: the one payment reminder, and the notice that the order was cancelled for want of
 * payment. And the lines that link an order's documents (cancellation invoice, credit notes) in
 * the order e-mails.
 */

export interface DocumentLinkInput {
  /** "ST-000001". */
  number: string;
  url: string;
}

/** The shop's bank account, the amount and the reference to quote, one per line (order e-mail and reminder). */
export function bankTransferText(locale: Locale, bank: BankDetails, amount: number, currency: Currency, reference: string): string {
  const t = getTranslator(locale);
  return [
    `${t("pricing.bank.holder")}: ${bank.holder}`,
    `${t("pricing.bank.iban")}: ${bank.iban}`,
    ...(bank.bic ? [`${t("pricing.bank.bic")}: ${bank.bic}`] : []),
    ...(bank.bankName ? [`${t("pricing.bank.bank")}: ${bank.bankName}`] : []),
    `${t("pricing.bank.amount")}: ${formatPrice(amount, currency)}`,
    `${t("pricing.bank.reference")}: ${reference}`,
  ].join("\n");
}

/** "Cancellation invoice ST-000001: <link>" for each document, as small print under an order e-mail. */
export function documentLinkBlocks(locale: Locale, documents: readonly DocumentLinkInput[]): Block[] {
  const t = getTranslator(locale);
  return documents.map((document) => ({
    type: "small",
    text: t(`documents.email.documentLink.${document.number.slice(0, 2) === "GS" ? "GS" : "ST"}`, { number: document.number }),
    href: document.url,
    linkLabel: document.number,
  }));
}

export interface PaymentReminderInput {
  locale: Locale;
  number: string;
  customerName: string;
  createdAt: Date;
  /** The day the order is cancelled if no payment arrives. */
  cancelOn: Date;
  currency: Currency;
  total: number;
  bank: BankDetails;
  /** The RF creditor reference. */
  reference: string;
  orderUrl: string;
}

function day(locale: Locale, date: Date): string {
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: "long" }).format(date);
}

export function paymentReminderEmail(input: PaymentReminderInput): RenderedEmail {
  const t = getTranslator(input.locale);
  const blocks: Block[] = [
    { type: "p", text: greeting(input.locale, orderField(input.customerName, "name")) },
    { type: "p", text: t("documents.email.reminder.intro", { number: input.number, date: day(input.locale, input.createdAt) }) },
    {
      type: "p",
      text: bankTransferText(input.locale, input.bank, input.total, input.currency, formatCreditorReference(input.reference)),
    },
    { type: "p", text: t("documents.email.reminder.deadline", { date: day(input.locale, input.cancelOn) }) },
    { type: "p", text: t("documents.email.reminder.alreadyPaid") },
    { type: "button", label: t("email.order.view"), href: input.orderUrl },
    { type: "p", text: t("email.common.signature") },
  ];
  return compose(input.locale, t("documents.email.reminder.subject", { number: input.number }), blocks);
}

export interface PaymentExpiredInput {
  locale: Locale;
  number: string;
  customerName: string;
  days: number;
  documents: DocumentLinkInput[];
  orderUrl: string;
}

export function paymentExpiredEmail(input: PaymentExpiredInput): RenderedEmail {
  const t = getTranslator(input.locale);
  return compose(input.locale, t("documents.email.expired.subject", { number: input.number }), [
    { type: "p", text: greeting(input.locale, orderField(input.customerName, "name")) },
    { type: "p", text: t("documents.email.expired.intro", { number: input.number, days: String(input.days) }) },
    { type: "p", text: t("documents.email.expired.alreadyPaid") },
    { type: "button", label: t("email.order.view"), href: input.orderUrl },
    { type: "p", text: t("email.common.signature") },
    ...documentLinkBlocks(input.locale, input.documents),
  ]);
}
