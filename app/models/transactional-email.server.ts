import type { Queryable } from "~/db/database.server";
import { isLocale, type Locale } from "~/i18n/config";
import { siteUrl as configuredSiteUrl } from "~/utils/env.server";
import { accountExistsEmail, passwordResetEmail, registrationEmail } from "~/utils/account-email-templates.server";
import { shopLink } from "~/utils/email-layout.server";
import { orderConfirmationEmail, orderStatusEmail, withdrawalNoticeEmail, withdrawalReceiptEmail, type OrderStatusEmailStatus } from "~/utils/order-email-templates.server";
import { enqueueEmail, isDeliverableAddress } from "./email-outbox.server";
import { readOrder, readOrderLines, type OrderLines, type StoredOrder } from "./order-read.server";
import { bankDetails, seller } from "~/utils/shop-details.server";
import { formatCreditorReference } from "~/utils/creditor-reference";
import { giroCodePayload, qrBillPlan } from "~/utils/payment-codes.server";
import { paymentReference } from "./payment.server";
import { listOrderDocuments } from "./order-documents.server";

/**
 * The shop's own e-mails, composed (texts in utils/*-email-templates.server.ts) and queued in the
 * transaction of what causes them: the welcome e-mail of a registration, the order confirmation.
 */

/**
 * The welcome e-mail of a new local account, queued in the registration's transaction. With
 * e-mail verification, `confirmUrl` is the link that verifies the address. An address no mail
 * server could take gets no e-mail (null) rather than failing the registration.
 */
export async function queueRegistrationEmail(
  tx: Queryable,
  input: { email: string; firstName: string; locale: Locale; siteUrl?: string; confirmUrl?: string },
): Promise<{ id: string } | null> {
  if (!isDeliverableAddress(input.email.trim())) return null;
  const site = input.siteUrl ?? configuredSiteUrl();
  const message = registrationEmail({
    locale: input.locale,
    email: input.email,
    firstName: input.firstName,
    loginUrl: shopLink(site, "/login", input.locale),
    confirmUrl: input.confirmUrl,
  });
  return enqueueEmail(tx, { to: input.email, ...message, kind: "registration", locale: input.locale });
}

/**
 * Instead of the welcome e-mail, when someone registers an address that has an account already: to
 * the owner, with links to sign in and to set a new password. Queued in the registration's
 * transaction; null for an address no mail server could take (as for the welcome e-mail).
 */
export async function queueAccountExistsEmail(
  tx: Queryable,
  input: { email: string; firstName: string; locale: Locale; siteUrl?: string },
): Promise<{ id: string } | null> {
  if (!isDeliverableAddress(input.email.trim())) return null;
  const site = input.siteUrl ?? configuredSiteUrl();
  const message = accountExistsEmail({
    locale: input.locale,
    email: input.email,
    firstName: input.firstName,
    loginUrl: shopLink(site, "/login", input.locale),
    resetUrl: shopLink(site, "/forgot-password", input.locale),
  });
  return enqueueEmail(tx, { to: input.email, ...message, kind: "account_exists", locale: input.locale });
}

/**
 * Reads the order and its lines (by product name) through `tx` (so an e-mail shows exactly what the
 * transaction committed), with the language it was placed in, or null when its address is one no
 * mail server could take: such an order gets no e-mail rather than failing. `purpose` names the
 * e-mail in the error for an order that is not there.
 */
async function readOrderForEmail(tx: Queryable, orderId: string, purpose: string): Promise<{ order: StoredOrder & OrderLines; locale: Locale } | null> {
  const order = await readOrder(tx, orderId);
  if (!order) throw new Error(`Order ${orderId} not found for its ${purpose} e-mail`);
  if (!isDeliverableAddress(order.customerEmail.trim())) return null;
  const lines = await readOrderLines(tx, orderId, "name");
  return { order: { ...order, ...lines }, locale: isLocale(order.locale) ? order.locale : "de" };
}

/** The Content-ID of the GiroCode in an order confirmation's HTML (`cid:`) and its PNG part. */
export const GIROCODE_CID = "girocode@officehaus.example";

/**
 * The order confirmation, queued in the order's own transaction: it exists exactly when the order
 * does (the mail worker sends it later). An address no mail server could take gets no e-mail (null)
 * rather than failing the order.
 */
export async function queueOrderConfirmationEmail(
  tx: Queryable,
  orderId: string,
  options: { siteUrl?: string } = {},
): Promise<{ id: string } | null> {
  const found = await readOrderForEmail(tx, orderId, "confirmation");
  if (!found) return null;
  const { order, locale } = found;
  const site = options.siteUrl ?? configuredSiteUrl();
  const bank = order.paymentMethod === "bank_transfer" ? bankDetails() : null;
  const reference = paymentReference(order);
  // EUR: the GiroCode, kept as its text and drawn by the mail worker; CHF: a link to the invoice's QR-bill.
  const giroCode = bank ? giroCodePayload({ ...order, paymentReference: reference }, bank) : null;
  const qrBill = bank && order.currency === "CHF" && qrBillPlan({ number: order.number, paymentReference: reference }, bank);
  const message = orderConfirmationEmail({
    locale,
    number: order.number,
    customerName: order.customerName,
    createdAt: new Date(order.createdAt),
    currency: order.currency,
    paymentMethod: order.paymentMethod,
    lines: order.lines.map((line) => ({ name: line.productName, quantity: line.quantity, unitPrice: line.unitPrice, total: line.totalPrice })),
    total: order.total,
    vat: order.vat,
    bank,
    reference: formatCreditorReference(reference),
    giroCodeCid: giroCode ? GIROCODE_CID : null,
    qrBillUrl: qrBill ? shopLink(site, `/order-confirmation/${order.id}/invoice`, locale) : null,
    shippingAddress: order.shippingAddress,
    orderUrl: shopLink(site, `/order-confirmation/${order.id}`, locale),
  });
  const inlineImages = giroCode ? [{ cid: GIROCODE_CID, filename: "girocode.png", qr: giroCode }] : null;
  return enqueueEmail(tx, { to: order.customerEmail, ...message, kind: "order_confirmation", locale, inlineImages });
}

/**
 * The customer's e-mail about an order's new status, queued in the status change's transaction
 * (so it exists exactly when the change was committed), in the language the order was placed in,
 * with the order's lines and a link to its confirmation page. Null for an undeliverable address.
 */
export async function queueOrderStatusEmail(
  tx: Queryable,
  orderId: string,
  status: OrderStatusEmailStatus,
  options: { siteUrl?: string } = {},
): Promise<{ id: string } | null> {
  const found = await readOrderForEmail(tx, orderId, "status");
  if (!found) return null;
  const { order, locale } = found;
  const message = orderStatusEmail({
    locale,
    number: order.number,
    customerName: order.customerName,
    status,
    currency: order.currency,
    paymentMethod: order.paymentMethod,
    lines: order.lines.map((line) => ({ name: line.productName, quantity: line.quantity, total: line.totalPrice })),
    total: order.total,
    orderUrl: shopLink(options.siteUrl ?? configuredSiteUrl(), `/order-confirmation/${order.id}`, locale),
    // A cancellation links its cancellation invoice (issued in the same transaction).
    documents: (status === "cancelled" ? await listOrderDocuments(order.id, tx) : []).map((document) => ({
      number: document.number,
      url: shopLink(options.siteUrl ?? configuredSiteUrl(), `/order-confirmation/${order.id}/documents/${document.number}`, locale),
    })),
  });
  return enqueueEmail(tx, { to: order.customerEmail, ...message, kind: "order_status", locale });
}

/** The password-reset link of a local account, queued in the transaction that created the link. */
export async function queuePasswordResetEmail(
  tx: Queryable,
  input: { email: string; firstName: string; locale: Locale; resetUrl: string; minutes: number },
): Promise<{ id: string } | null> {
  if (!isDeliverableAddress(input.email.trim())) return null;
  const message = passwordResetEmail(input);
  return enqueueEmail(tx, { to: input.email, ...message, kind: "password_reset", locale: input.locale });
}

export interface WithdrawalEmailFacts {
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  /** The order's language: the receipt's. */
  locale: string;
  /** When the withdrawal was received, written out in the shop's time zone per language. */
  receivedAt: (locale: Locale) => string;
  wholeOrder: boolean;
  lines: ReadonlyArray<{ productName: string; quantity: number }>;
  reason: string;
  late: boolean;
  /** Whether the receipt and the notice are sent (false: held back by the per-order limits, WITHDRAWAL_EMAIL_LIMITS). */
  receipt: boolean;
  notice: boolean;
}

/**
 * A withdrawal's two e-mails, queued in the withdrawal's own transaction: the shopper's receipt
 * (content, date and time) in the order's language, and the shop's notice (German) to the
 * Impressum's address. An order address no mail server could take gets no receipt (the notice still goes).
 */
export async function queueWithdrawalEmails(tx: Queryable, facts: WithdrawalEmailFacts): Promise<void> {
  const locale: Locale = isLocale(facts.locale) ? facts.locale : "de";
  const input = (l: Locale) => ({
    locale: l,
    number: facts.orderNumber,
    customerName: facts.customerName,
    customerEmail: facts.customerEmail,
    receivedAt: facts.receivedAt(l),
    wholeOrder: facts.wholeOrder,
    lines: facts.lines,
    reason: facts.reason,
    late: facts.late,
    receiptHeldBack: !facts.receipt,
  });
  if (facts.receipt && isDeliverableAddress(facts.customerEmail.trim())) {
    await enqueueEmail(tx, { to: facts.customerEmail, ...withdrawalReceiptEmail(input(locale)), kind: "withdrawal_receipt", locale });
  }
  if (facts.notice) await enqueueEmail(tx, { to: seller.email, ...withdrawalNoticeEmail(input("de")), kind: "withdrawal_notice", locale: "de" });
}
