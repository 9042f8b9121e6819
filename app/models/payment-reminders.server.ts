import type { Queryable } from "~/db/database.server";
import { getDb } from "~/db/db.server";
import { CONFLICT_RETRIES } from "~/db/transaction-retry.server";
import { isLocale, type Locale } from "~/i18n/config";
import { shopLink } from "~/utils/email-layout.server";
import { siteUrl as configuredSiteUrl } from "~/utils/env.server";
import { paymentExpiredEmail, paymentReminderEmail } from "~/utils/payment-email-templates.server";
import { bankDetails } from "~/utils/shop-details.server";
import { enqueueEmail, isDeliverableAddress } from "./email-outbox.server";
import { changeOrderStatusIn } from "./order-admin.server";
import { listOrderDocuments } from "./order-documents.server";
import { readOrder } from "./order-read.server";
import { paymentReference } from "./payment.server";

/**
 * Unpaid bank transfers (docs/payments.md, "Unpaid transfers"): after `reminderDays` an unpaid, not cancelled bank-transfer
 * order gets one reminder e-mail (bank details, RF reference); after `cancelDays` one not shipped
 * yet is cancelled through the admin's path (stock released, cancellation invoice ST) and the
 * customer told. Exactly once across processes and servers: each order's job is claimed in the
 * database in the transaction that does it — the reminder by setting payment_reminder_sent_at with
 * a conditional update, the expiry under the order's row lock with its conditions checked again —
 * so a second run (another process, another server, `npm run payments -- remind`) finds it done.
 */

export interface PaymentJobOptions {
  reminderDays: number;
  cancelDays: number;
  siteUrl?: string;
  /** Orders handled per kind of job and run (the next run takes the rest). */
  limit?: number;
}

export interface PaymentJobResult {
  /** Orders reminded by this run. */
  reminded: string[];
  /** Orders cancelled by this run. */
  cancelled: string[];
}

const UNPAID_TRANSFER = "payment_method = 'bank_transfer' and payment_status = 'unpaid'";
/** Not shipped yet: what may still be cancelled for want of payment. */
const CANCELLABLE = `${UNPAID_TRANSFER} and status in ('pending', 'confirmed')`;

function orderLocale(locale: string): Locale {
  return isLocale(locale) ? locale : "de";
}

async function queueReminder(tx: Queryable, orderId: string, options: PaymentJobOptions & { siteUrl: string }): Promise<void> {
  const order = await readOrder(tx, orderId);
  if (!order || !isDeliverableAddress(order.customerEmail.trim())) return;
  const locale = orderLocale(order.locale);
  const createdAt = new Date(order.createdAt);
  const message = paymentReminderEmail({
    locale,
    number: order.number,
    customerName: order.customerName,
    createdAt,
    cancelOn: new Date(createdAt.getTime() + options.cancelDays * 86_400_000),
    currency: order.currency,
    total: order.total,
    bank: bankDetails(),
    reference: paymentReference(order),
    orderUrl: shopLink(options.siteUrl, `/order-confirmation/${order.id}`, locale),
  });
  await enqueueEmail(tx, { to: order.customerEmail, ...message, kind: "payment_reminder", locale });
}

async function queueExpiredNotice(tx: Queryable, orderId: string, options: PaymentJobOptions & { siteUrl: string }): Promise<void> {
  const order = await readOrder(tx, orderId);
  if (!order || !isDeliverableAddress(order.customerEmail.trim())) return;
  const locale = orderLocale(order.locale);
  const documents = await listOrderDocuments(orderId, tx);
  const message = paymentExpiredEmail({
    locale,
    number: order.number,
    customerName: order.customerName,
    days: options.cancelDays,
    documents: documents.map((document) => ({
      number: document.number,
      url: shopLink(options.siteUrl, `/order-confirmation/${order.id}/documents/${document.number}`, locale),
    })),
    orderUrl: shopLink(options.siteUrl, `/order-confirmation/${order.id}`, locale),
  });
  await enqueueEmail(tx, { to: order.customerEmail, ...message, kind: "payment_expired", locale });
}

/** One run of both jobs: the expiries first (an order due for both is cancelled, not reminded). */
export async function runPaymentJobs(options: PaymentJobOptions): Promise<PaymentJobResult> {
  const db = await getDb();
  const settings = { ...options, siteUrl: options.siteUrl ?? configuredSiteUrl() };
  const limit = options.limit ?? 500;
  const result: PaymentJobResult = { reminded: [], cancelled: [] };

  const due = await db.query<{ id: string }>(
    `select id from public.orders where ${CANCELLABLE} and created_at <= now() - make_interval(days => $1::int)
      order by created_at limit $2`,
    [options.cancelDays, limit],
  );
  for (const { id } of due) {
    const cancelled = await db.transaction(async (tx) => {
      // The claim: the order's row lock, its conditions checked again under it. A run that waited
      // here for another finds the order cancelled (or paid meanwhile) and leaves it.
      const [still] = await tx.query<{ id: string }>(
        `select id from public.orders where id = $1 and ${CANCELLABLE} and created_at <= now() - make_interval(days => $2::int) for update`,
        [id, options.cancelDays],
      );
      if (!still) return false;
      const change = await changeOrderStatusIn(tx, id, "cancelled", { notify: false });
      if (!change.ok) return false;
      await queueExpiredNotice(tx, id, settings);
      return true;
    }, { retries: CONFLICT_RETRIES });
    if (cancelled) result.cancelled.push(id);
  }

  const remind = await db.query<{ id: string }>(
    `select id from public.orders
      where ${UNPAID_TRANSFER} and status <> 'cancelled' and payment_reminder_sent_at is null
        and created_at <= now() - make_interval(days => $1::int)
      order by created_at limit $2`,
    [options.reminderDays, limit],
  );
  for (const { id } of remind) {
    const reminded = await db.transaction(async (tx) => {
      // The claim: set once, by whichever run gets here first; the other's update finds nothing.
      const claimed = await tx.query<{ id: string }>(
        `update public.orders set payment_reminder_sent_at = now()
          where id = $1 and ${UNPAID_TRANSFER} and status <> 'cancelled' and payment_reminder_sent_at is null
          returning id`,
        [id],
      );
      if (claimed.length === 0) return false;
      await queueReminder(tx, id, settings);
      return true;
    }, { retries: CONFLICT_RETRIES });
    if (reminded) result.reminded.push(id);
  }
  return result;
}
