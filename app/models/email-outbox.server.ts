import { getDb } from "~/db/db.server";
import type { Queryable } from "~/db/database.server";
import { isLocale, type Locale } from "~/i18n/config";
import { siteUrl as configuredSiteUrl } from "~/utils/env.server";
import { orderConfirmationEmail, registrationEmail, shopLink } from "~/utils/email-templates.server";
import { toCents, type Currency } from "~/utils/money";
import { orderNumber } from "./order-number";

/**
 * The e-mail outbox (table email_outbox). Whatever causes an e-mail (an order, a registration, a
 * newsletter sign-up) writes it here in its own transaction, so the e-mail exists exactly when the
 * cause was committed. The worker (app/utils/mail-worker.server.ts) sends it later; a request never
 * waits for SMTP and never fails because of it.
 */
export const emailKinds = ["registration", "order_confirmation", "newsletter_confirmation", "newsletter"] as const;
export type EmailKind = (typeof emailKinds)[number];
export const emailStatuses = ["queued", "sending", "sent", "failed"] as const;
export type EmailStatus = (typeof emailStatuses)[number];

/** Attempts before an e-mail is given up ('failed'). */
export const MAX_ATTEMPTS = 6;
/** Wait after the n-th failed attempt (minutes): 1, 5, 30, 120, 360. */
export const BACKOFF_MINUTES = [1, 5, 30, 120, 360] as const;
/** A claimed e-mail not finished within this time was lost with its process: it is tried again. */
export const SENDING_TIMEOUT_SECONDS = 10 * 60;

export const SUBJECT_MAX = 300;
export const TEXT_MAX = 200_000;

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  kind: EmailKind;
  locale: Locale;
  /** Newsletter e-mails: the one-click unsubscribe address (List-Unsubscribe header). */
  unsubscribeUrl?: string | null;
}

export class InvalidEmailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidEmailError";
  }
}

/** Control characters, and the Unicode line and paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/;
const CONTROL_GLOBAL = /[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g;

/**
 * A subject can carry text people typed (a name): line breaks would start new header lines, so
 * every control character becomes a space. The result is never empty and never too long.
 */
export function sanitizeSubject(subject: string): string {
  const clean = subject.replace(CONTROL_GLOBAL, " ").replace(/\s+/g, " ").trim();
  return clean.length > SUBJECT_MAX ? `${clean.slice(0, SUBJECT_MAX - 1)}…` : clean;
}

/** One plain address (local@domain), no display name, no list, no control character. */
const ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]{2,}$/;

export function isDeliverableAddress(address: string): boolean {
  return address.length <= 254 && !CONTROL.test(address) && ADDRESS.test(address);
}

/**
 * Queues an e-mail in the caller's transaction (`tx`): it is sent only if that transaction commits.
 * A recipient with a line break (header injection) or that is not one plain address is refused;
 * line breaks in the subject are removed.
 */
export async function enqueueEmail(tx: Queryable, email: OutgoingEmail): Promise<{ id: string }> {
  const to = email.to.trim();
  if (!isDeliverableAddress(to)) throw new InvalidEmailError("The recipient is not one valid e-mail address.");
  const subject = sanitizeSubject(email.subject);
  if (!subject) throw new InvalidEmailError("The subject is empty.");
  if (!email.text.trim()) throw new InvalidEmailError("The text is empty.");
  if (email.text.length > TEXT_MAX) throw new InvalidEmailError("The text is too long.");
  if (!(emailKinds as readonly string[]).includes(email.kind)) throw new InvalidEmailError("Unknown e-mail kind.");
  if (email.unsubscribeUrl && CONTROL.test(email.unsubscribeUrl)) throw new InvalidEmailError("Invalid unsubscribe address.");
  const [row] = await tx.query<{ id: string }>(
    `insert into public.email_outbox (to_address, subject, text_body, html_body, kind, locale, unsubscribe_url)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [to, subject, email.text, email.html ?? null, email.kind, email.locale, email.unsubscribeUrl ?? null],
  );
  return { id: row!.id };
}

export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: EmailKind;
  locale: string;
  unsubscribeUrl: string | null;
  status: EmailStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: EmailKind;
  locale: string;
  unsubscribe_url: string | null;
  status: EmailStatus;
  attempts: number;
  next_attempt_at: string | Date;
  last_error: string | null;
  created_at: string | Date;
  sent_at: string | Date | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toEmail(row: OutboxRow): OutboxEmail {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    kind: row.kind,
    locale: row.locale,
    unsubscribeUrl: row.unsubscribe_url,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: iso(row.next_attempt_at)!,
    lastError: row.last_error,
    createdAt: iso(row.created_at)!,
    sentAt: iso(row.sent_at),
  };
}

const columns = `id, to_address, subject, text_body, html_body, kind, locale, unsubscribe_url, status, attempts,
  next_attempt_at, last_error, created_at, sent_at`;

/**
 * Claims up to `limit` due e-mails for sending. `for update skip locked` lets several workers (one
 * per server) share the outbox without sending an e-mail twice. The claim counts as an attempt and
 * holds a lease until `next_attempt_at`; a worker that dies leaves the row to recoverStuckEmails.
 */
export async function claimDueEmails(db: Queryable, limit: number, leaseSeconds = SENDING_TIMEOUT_SECONDS): Promise<OutboxEmail[]> {
  const rows = await db.query<OutboxRow>(
    `update public.email_outbox
        set status = 'sending', attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
      where id in (
        select id from public.email_outbox
         where status = 'queued' and next_attempt_at <= now()
         order by next_attempt_at, created_at
         limit $1
         for update skip locked)
      returning ${columns}`,
    [limit, leaseSeconds],
  );
  return rows.map(toEmail);
}

/**
 * E-mails left in 'sending' after their lease (their process stopped mid-send) go back to the
 * queue, or to 'failed' when they have had all their attempts. Returns how many were recovered.
 */
export async function recoverStuckEmails(db: Queryable, maxAttempts = MAX_ATTEMPTS): Promise<number> {
  const rows = await db.query(
    `update public.email_outbox
        set status = case when attempts >= $1 then 'failed' else 'queued' end,
            next_attempt_at = now(),
            last_error = 'Interrupted while sending (the server stopped); tried again.'
      where status = 'sending' and next_attempt_at < now()
      returning id`,
    [maxAttempts],
  );
  return rows.length;
}

export async function markEmailSent(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update public.email_outbox set status = 'sent', sent_at = now(), last_error = null
      where id = $1 and status = 'sending'`,
    [id],
  );
}

/** Delay before the next attempt after `attempts` failed ones, or null when there is none left. */
export function backoffSeconds(attempts: number, maxAttempts = MAX_ATTEMPTS): number | null {
  if (attempts >= maxAttempts) return null;
  const minutes = BACKOFF_MINUTES[Math.min(Math.max(attempts, 1), BACKOFF_MINUTES.length) - 1]!;
  return minutes * 60;
}

/** After a failed attempt: queued again after the backoff, or 'failed' after the last attempt. */
export async function markEmailFailed(
  db: Queryable,
  email: Pick<OutboxEmail, "id" | "attempts">,
  error: string,
  options: { permanent?: boolean; maxAttempts?: number } = {},
): Promise<EmailStatus> {
  const delay = options.permanent ? null : backoffSeconds(email.attempts, options.maxAttempts);
  const status: EmailStatus = delay === null ? "failed" : "queued";
  await db.query(
    `update public.email_outbox
        set status = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4)
      where id = $1 and status = 'sending'`,
    [email.id, status, error.slice(0, 1000), delay ?? 0],
  );
  return status;
}

export interface OutboxListOptions {
  status?: EmailStatus;
  limit?: number;
  offset?: number;
}

/** The outbox for the admin, newest first. */
export async function listOutbox(options: OutboxListOptions = {}): Promise<OutboxEmail[]> {
  const db = await getDb();
  const params: unknown[] = [];
  let where = "";
  if (options.status) {
    params.push(options.status);
    where = "where status = $1";
  }
  params.push(Math.min(Math.max(options.limit ?? 50, 1), 200), Math.max(options.offset ?? 0, 0));
  const rows = await db.query<OutboxRow>(
    `select ${columns} from public.email_outbox ${where}
      order by created_at desc, id limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return rows.map(toEmail);
}

export async function countOutboxByStatus(): Promise<Record<EmailStatus, number>> {
  const db = await getDb();
  const rows = await db.query<{ status: EmailStatus; count: number }>(
    "select status, count(*)::int as count from public.email_outbox group by status",
  );
  const counts: Record<EmailStatus, number> = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getOutboxEmail(id: string): Promise<OutboxEmail | null> {
  if (!uuidPattern.test(id)) return null;
  const db = await getDb();
  const [row] = await db.query<OutboxRow>(`select ${columns} from public.email_outbox where id = $1`, [id]);
  return row ? toEmail(row) : null;
}

/** A failed e-mail, queued again by an admin (after the SMTP problem was fixed). */
export async function retryOutboxEmail(id: string): Promise<boolean> {
  if (!uuidPattern.test(id)) return false;
  const db = await getDb();
  const rows = await db.query(
    `update public.email_outbox set status = 'queued', attempts = 0, next_attempt_at = now()
      where id = $1 and status = 'failed' returning id`,
    [id],
  );
  return rows.length > 0;
}

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
 * The order confirmation, queued inside the order's transaction: it reads the order and its lines
 * through `tx`, so the e-mail shows exactly what was committed (lines, totals, currency, language).
 * An address no mail server could take gets no e-mail (null) rather than failing the order.
 */
export async function queueOrderConfirmationEmail(
  tx: Queryable,
  orderId: string,
  options: { siteUrl?: string } = {},
): Promise<{ id: string } | null> {
  const [order] = await tx.query<{
    id: string;
    customer_name: string;
    customer_email: string;
    total_amount: string | number;
    currency: Currency;
    payment_method: "cash_on_delivery" | "bank_transfer";
    shipping_address: { street?: string; postalCode?: string; city?: string; country?: string } | string;
    locale: string;
    created_at: string | Date;
  }>(
    `select id, customer_name, customer_email, total_amount, currency, payment_method, shipping_address, locale, created_at
       from public.orders where id = $1`,
    [orderId],
  );
  if (!order) throw new Error(`Order ${orderId} not found for its confirmation e-mail`);
  if (!isDeliverableAddress(order.customer_email.trim())) return null;
  const lines = await tx.query<{ product_name: string; quantity: number; unit_price: string | number; total_price: string | number }>(
    "select product_name, quantity, unit_price, total_price from public.order_items where order_id = $1 order by product_name, id",
    [orderId],
  );
  const locale: Locale = isLocale(order.locale) ? order.locale : "de";
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
