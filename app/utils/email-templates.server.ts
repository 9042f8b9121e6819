import { getTranslator } from "~/i18n/catalogues.server";
import { defaultLocale, directionOf, intlLocale, type Locale } from "~/i18n/config";
import { formatPrice, type Currency } from "~/utils/money";
import { shortened } from "~/utils/text";
import { formatRate, type VatLine } from "~/utils/vat";
import type { BankDetails } from "~/utils/shop-details.server";
import { documentLinkBlocks, type DocumentLinkInput } from "~/utils/payment-email-templates.server";

/**
 * The shop's e-mails, in the shopper's language (catalogue namespace "email"): a plain-text part and
 * a simple HTML part. Everything put into the HTML is escaped; the subject is one line.
 */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** A name as it may appear in a greeting or subject: one line, no control characters. */
export function oneLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, " ").replace(/\s+/g, " ").trim();
}

/** A link into the shop, in the e-mail's language (?lng= for all but the default). */
export function shopLink(siteUrl: string, path: string, locale: Locale, params: Record<string, string> = {}): string {
  const url = new URL(path, `${siteUrl.replace(/\/+$/, "")}/`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  if (locale !== defaultLocale) url.searchParams.set("lng", locale);
  return url.toString();
}

export type Block =
  | { type: "p"; text: string }
  | { type: "button"; label: string; href: string }
  | { type: "table"; head: string[]; rows: string[][]; foot: Array<[string, string]> }
  | { type: "small"; text: string; href?: string; linkLabel?: string }
  /** An inline image (a QR code) by Content-ID: in the HTML part only. */
  | { type: "image"; cid: string; alt: string; size: number };

/** Builds both parts from one list of blocks, so text and HTML always say the same. */
export function compose(locale: Locale, subject: string, blocks: Block[]): RenderedEmail {
  const t = getTranslator(locale);
  const dir = directionOf(locale);
  const brand = t("email.common.brand");
  const footer = t("email.common.footer");

  const textParts: string[] = [];
  const htmlParts: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "p":
        textParts.push(block.text);
        htmlParts.push(`<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block.text).replace(/\n/g, "<br>")}</p>`);
        break;
      case "button":
        textParts.push(`${block.label}:\n${block.href}`);
        htmlParts.push(
          `<p style="margin:24px 0"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:#174ca8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(block.label)}</a></p>` +
            `<p style="margin:0 0 16px;font-size:12px;color:#475569;word-break:break-all">${escapeHtml(block.href)}</p>`,
        );
        break;
      case "table": {
        // Amounts and quantities keep their order ("12,90 €") inside a right-to-left e-mail.
        const ltr = (value: string) => `<span dir="ltr">${escapeHtml(value)}</span>`;
        const widths = block.head.map((h, i) => Math.max(h.length, ...block.rows.map((r) => (r[i] ?? "").length)));
        const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
        textParts.push(
          [line(block.head), ...block.rows.map(line), "", ...block.foot.map(([label, value]) => `${label}: ${value}`)].join("\n"),
        );
        const cell = (tag: "td" | "th", value: string, i: number) =>
          `<${tag} style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:${i === 0 ? "start" : "end"}">${i === 0 ? escapeHtml(value) : ltr(value)}</${tag}>`;
        htmlParts.push(
          `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;font-size:14px">` +
            `<thead><tr>${block.head.map((h, i) => cell("th", h, i)).join("")}</tr></thead>` +
            `<tbody>${block.rows.map((r) => `<tr>${r.map((c, i) => cell("td", c, i)).join("")}</tr>`).join("")}</tbody>` +
            `<tfoot>${block.foot
              .map(
                ([label, value], index) =>
                  `<tr><td colspan="${block.head.length - 1}" style="padding:6px 8px;text-align:end${index === block.foot.length - 1 ? ";font-weight:bold" : ""}">${escapeHtml(label)}</td><td style="padding:6px 8px;text-align:end${index === block.foot.length - 1 ? ";font-weight:bold" : ""}">${ltr(value)}</td></tr>`,
              )
              .join("")}</tfoot></table>`,
        );
        break;
      }
      case "image":
        htmlParts.push(
          `<p style="margin:0 0 16px"><img src="cid:${escapeHtml(block.cid)}" alt="${escapeHtml(block.alt)}" width="${block.size}" height="${block.size}" style="display:block;width:${block.size}px;height:${block.size}px"></p>`,
        );
        break;
      case "small":
        textParts.push(block.href ? `${block.text}\n${block.href}` : block.text);
        htmlParts.push(
          `<p style="margin:16px 0 0;font-size:12px;color:#475569">${escapeHtml(block.text)}${
            block.href ? ` <a href="${escapeHtml(block.href)}" style="color:#174ca8">${escapeHtml(block.linkLabel ?? block.href)}</a>` : ""
          }</p>`,
        );
        break;
    }
  }
  textParts.push(`--\n${brand}\n${footer}`);
  const html =
    `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#14213d">` +
    `<div dir="${dir}" style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;text-align:start">` +
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#174ca8">${escapeHtml(brand)}</p>` +
    htmlParts.join("") +
    `<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0"><p style="margin:0;font-size:12px;color:#475569">${escapeHtml(footer)}</p>` +
    `</div></body></html>`;
  return { subject: oneLine(subject), text: `${textParts.join("\n\n")}\n`, html };
}

/**
 * How much of what a shopper typed into an order's fields an order e-mail repeats: anyone can order
 * to anyone's address, so the e-mail carries the order's fields only, each on one line and cut to
 * what a real name or address needs — never a paragraph of someone else's text.
 */
const ORDER_FIELD_CHARS = { name: 60, street: 80, postalCode: 12, city: 50, country: 2 } as const;
export const orderField = (value: string, field: keyof typeof ORDER_FIELD_CHARS) => shortened(oneLine(value), ORDER_FIELD_CHARS[field]);

export function greeting(locale: Locale, name: string | undefined): string {
  const t = getTranslator(locale);
  const clean = oneLine(name ?? "");
  return clean ? t("email.common.greeting", { name: clean }) : t("email.common.greetingAnonymous");
}

export interface RegistrationEmailInput {
  locale: Locale;
  email: string;
  firstName: string;
  /** Where to sign in. */
  loginUrl: string;
  /** With e-mail verification: the link that confirms the address. */
  confirmUrl?: string;
}

export function registrationEmail(input: RegistrationEmailInput): RenderedEmail {
  const t = getTranslator(input.locale);
  const name = oneLine(input.firstName);
  const blocks: Block[] = [
    { type: "p", text: greeting(input.locale, name) },
    { type: "p", text: t("email.registration.intro", { email: input.email }) },
  ];
  if (input.confirmUrl) {
    blocks.push({ type: "p", text: t("email.registration.confirmIntro") });
    blocks.push({ type: "button", label: t("email.registration.confirmAction"), href: input.confirmUrl });
  } else {
    blocks.push({ type: "button", label: t("email.registration.action"), href: input.loginUrl });
  }
  blocks.push({ type: "p", text: t("email.common.signature") });
  blocks.push({ type: "small", text: t("email.registration.notYou") });
  return compose(input.locale, name ? t("email.registration.subject", { name }) : t("email.registration.subjectAnonymous"), blocks);
}

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
            text: [
              `${t("pricing.bank.holder")}: ${input.bank.holder}`,
              `${t("pricing.bank.iban")}: ${input.bank.iban}`,
              ...(input.bank.bic ? [`${t("pricing.bank.bic")}: ${input.bank.bic}`] : []),
              ...(input.bank.bankName ? [`${t("pricing.bank.bank")}: ${input.bank.bankName}`] : []),
              `${t("pricing.bank.amount")}: ${formatPrice(input.total, input.currency)}`,
              `${t("pricing.bank.reference")}: ${input.reference}`,
            ].join("\n"),
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

export function newsletterConfirmationEmail(input: { locale: Locale; email: string; confirmUrl: string }): RenderedEmail {
  const t = getTranslator(input.locale);
  return compose(input.locale, t("email.newsletterConfirmation.subject"), [
    { type: "p", text: greeting(input.locale, undefined) },
    { type: "p", text: t("email.newsletterConfirmation.intro", { email: input.email }) },
    { type: "button", label: t("email.newsletterConfirmation.action"), href: input.confirmUrl },
    { type: "p", text: t("email.newsletterConfirmation.expires") },
    { type: "p", text: t("email.common.signature") },
    { type: "small", text: t("email.newsletterConfirmation.ignore") },
  ]);
}

/** A newsletter issue: its text in paragraphs, and always the unsubscribe link at the end. */
export function newsletterEmail(input: { locale: Locale; subject: string; body: string; unsubscribeUrl: string }): RenderedEmail {
  const t = getTranslator(input.locale);
  const paragraphs = input.body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((text): Block => ({ type: "p", text }));
  return compose(input.locale, input.subject, [
    ...paragraphs,
    { type: "p", text: t("email.common.signature") },
    { type: "small", text: t("email.newsletter.why"), href: input.unsubscribeUrl, linkLabel: t("email.newsletter.unsubscribe") },
  ]);
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

/**
 * To the owner of an address someone tried to register again: no second account was made; sign in
 * or set a new password. The browser that tried was told nothing more than a new registrant is.
 */
export function accountExistsEmail(input: { locale: Locale; email: string; firstName: string; loginUrl: string; resetUrl: string }): RenderedEmail {
  const t = getTranslator(input.locale);
  return compose(input.locale, t("email.accountExists.subject"), [
    { type: "p", text: greeting(input.locale, input.firstName) },
    { type: "p", text: t("email.accountExists.intro", { email: input.email }) },
    { type: "p", text: t("email.accountExists.signIn") },
    { type: "button", label: t("email.accountExists.signInAction"), href: input.loginUrl },
    { type: "p", text: t("email.accountExists.reset") },
    { type: "button", label: t("email.accountExists.resetAction"), href: input.resetUrl },
    { type: "p", text: t("email.common.signature") },
    { type: "small", text: t("email.accountExists.notYou") },
  ]);
}

/** The password-reset link (namespace "mail"): valid one hour, used once. */
export function passwordResetEmail(input: { locale: Locale; firstName: string; resetUrl: string; minutes: number }): RenderedEmail {
  const t = getTranslator(input.locale);
  return compose(input.locale, t("mail.passwordReset.subject"), [
    { type: "p", text: greeting(input.locale, input.firstName) },
    { type: "p", text: t("mail.passwordReset.intro") },
    { type: "button", label: t("mail.passwordReset.action"), href: input.resetUrl },
    { type: "p", text: t("mail.passwordReset.expires", { minutes: input.minutes }) },
    { type: "p", text: t("email.common.signature") },
    { type: "small", text: t("mail.passwordReset.notYou") },
  ]);
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
}

/** What is withdrawn, one line per article ("2 × Pen"), for the receipt and the shop's notice. */
function withdrawalContent(t: ReturnType<typeof getTranslator>, input: WithdrawalEmailInput): string {
  const lines = input.lines.map((line) => `- ${line.quantity} × ${oneLine(line.productName)}`).join("\n");
  return `${input.wholeOrder ? t("email.withdrawal.wholeOrder") : t("email.withdrawal.someLines")}\n${lines}`;
}

/** The shopper's receipt (§ 356a Abs. 3 BGB: content, date and time, on a durable medium), in the order's language. */
export function withdrawalReceiptEmail(input: WithdrawalEmailInput): RenderedEmail {
  const t = getTranslator(input.locale);
  const reason = oneLine(input.reason);
  const blocks: Block[] = [
    { type: "p", text: greeting(input.locale, orderField(input.customerName, "name")) },
    { type: "p", text: t("email.withdrawal.intro", { number: input.number }) },
    { type: "p", text: `${t("email.withdrawal.order")}: ${input.number}\n${t("email.withdrawal.receivedAt")}: ${input.receivedAt}` },
    { type: "p", text: withdrawalContent(t, input) },
    { type: "p", text: `${t("email.withdrawal.reason")}: ${reason || t("email.withdrawal.noReason")}` },
    { type: "p", text: t("email.withdrawal.next") },
    { type: "p", text: t("email.common.signature") },
  ];
  return compose(input.locale, t("email.withdrawal.subject", { number: input.number }), blocks);
}

/** The shop's copy (to the Impressum's address), in German. */
export function withdrawalNoticeEmail(input: WithdrawalEmailInput): RenderedEmail {
  const t = getTranslator(input.locale);
  const reason = oneLine(input.reason);
  const blocks: Block[] = [
    { type: "p", text: t("email.withdrawal.noticeIntro", { number: input.number }) },
    {
      type: "p",
      text: `${t("email.withdrawal.order")}: ${input.number}\n${t("email.withdrawal.customer")}: ${orderField(input.customerName, "name")} <${oneLine(input.customerEmail)}>\n${t("email.withdrawal.receivedAt")}: ${input.receivedAt}${input.late ? `\n${t("email.withdrawal.late")}` : ""}`,
    },
    { type: "p", text: withdrawalContent(t, input) },
    { type: "p", text: `${t("email.withdrawal.reason")}: ${reason || t("email.withdrawal.noReason")}` },
  ];
  return compose(input.locale, t("email.withdrawal.noticeSubject", { number: input.number }), blocks);
}
