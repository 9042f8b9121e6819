import type { Queryable } from "~/db/database.server";
import { isLocale, type Locale } from "~/i18n/config";
import { siteUrl as configuredSiteUrl } from "~/utils/env.server";
import { accountExistsEmail, orderConfirmationEmail, registrationEmail, shopLink } from "~/utils/email-templates.server";
import { orderStatusEmail, passwordResetEmail, type OrderStatusEmailStatus } from "~/utils/email-templates.server";
import { toCents, type Currency } from "~/utils/money";
import { enqueueEmail, isDeliverableAddress } from "./email-outbox.server";
import { orderNumber } from "./order-number";
import { percentToRate, vatByRate } from "~/utils/vat";
import { bankDetails } from "~/utils/shop-details.server";

/**
 * The shop's own e-mails, composed (texts in utils/email-templates.server.ts) and queued in the
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

/** An order as the shop's e-mails about it need it: the row, its lines, its language. */
interface OrderForEmail {
  order: {
    id: string;
    customer_name: string;
    customer_email: string;
    total_amount: string | number;
    currency: Currency;
    payment_method: "cash_on_delivery" | "bank_transfer";
    shipping_address: { street?: string; postalCode?: string; city?: string; country?: string } | string;
    locale: string;
    created_at: string | Date;
  };
  lines: Array<{ product_name: string; quantity: number; unit_price: string | number; total_price: string | number; vat_rate: string | number }>;
  locale: Locale;
}

/**
 * Reads the order through `tx` (so an e-mail shows exactly what the transaction committed), or null
 * when its address is one no mail server could take: such an order gets no e-mail rather than
 * failing. `purpose` names the e-mail in the error for an order that is not there.
 */
async function readOrderForEmail(tx: Queryable, orderId: string, purpose: string): Promise<OrderForEmail | null> {
  const [order] = await tx.query<OrderForEmail["order"]>(
    `select id, customer_name, customer_email, total_amount, currency, payment_method, shipping_address, locale, created_at
       from public.orders where id = $1`,
    [orderId],
  );
  if (!order) throw new Error(`Order ${orderId} not found for its ${purpose} e-mail`);
  if (!isDeliverableAddress(order.customer_email.trim())) return null;
  const lines = await tx.query<OrderForEmail["lines"][number]>(
    "select product_name, quantity, unit_price, total_price, vat_rate from public.order_items where order_id = $1 order by product_name, id",
    [orderId],
  );
  return { order, lines, locale: isLocale(order.locale) ? order.locale : "de" };
}

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
  const { order, lines, locale } = found;
  const address = typeof order.shipping_address === "string" ? JSON.parse(order.shipping_address) : order.shipping_address;
  const site = options.siteUrl ?? configuredSiteUrl();
  const message = orderConfirmationEmail({
    locale,
    number: orderNumber(order.id),
    customerName: order.customer_name,
    createdAt: new Date(order.created_at),
    currency: order.currency,
    paymentMethod: order.payment_method,
    lines: lines.map((line) => ({
      name: line.product_name,
      quantity: line.quantity,
      unitPrice: toCents(line.unit_price),
      total: toCents(line.total_price),
    })),
    total: toCents(order.total_amount),
    vat: vatByRate(lines.map((line) => ({ total: toCents(line.total_price), vatRate: percentToRate(line.vat_rate) }))),
    bank: order.payment_method === "bank_transfer" ? bankDetails() : null,
    shippingAddress: {
      street: String(address?.street ?? ""),
      postalCode: String(address?.postalCode ?? ""),
      city: String(address?.city ?? ""),
      country: String(address?.country ?? ""),
    },
    orderUrl: shopLink(site, `/order-confirmation/${order.id}`, locale),
  });
  return enqueueEmail(tx, { to: order.customer_email, ...message, kind: "order_confirmation", locale });
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
  const { order, lines, locale } = found;
  const message = orderStatusEmail({
    locale,
    number: orderNumber(order.id),
    customerName: order.customer_name,
    status,
    currency: order.currency,
    paymentMethod: order.payment_method,
    lines: lines.map((line) => ({ name: line.product_name, quantity: line.quantity, total: toCents(line.total_price) })),
    total: toCents(order.total_amount),
    orderUrl: shopLink(options.siteUrl ?? configuredSiteUrl(), `/order-confirmation/${order.id}`, locale),
  });
  return enqueueEmail(tx, { to: order.customer_email, ...message, kind: "order_status", locale });
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
