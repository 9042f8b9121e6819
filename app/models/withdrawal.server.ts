import { getDb } from "~/db/db.server";
import type { Queryable } from "~/db/database.server";
import type { Locale } from "~/i18n/config";
import { formatReceiptDateTime } from "~/utils/shop-time";
import { shopTimeZone } from "~/utils/shop-time.server";
import { isUuid } from "./product.server";
import { hitRateLimits } from "./rate-limit.server";
import { queueWithdrawalEmails } from "./transactional-email.server";
import { REASON_MAX, WITHDRAWAL_DAYS } from "./withdrawal-limits";

/**
 * Withdrawals (§ 356a BGB, the withdrawal function; table withdrawals). A withdrawal names its order
 * and what is withdrawn (the whole order, or lines and quantities) with an optional reason; it is
 * stored with the time it was received and, in the same transaction, the shopper's receipt and the
 * shop's notice are queued. Declared more than WITHDRAWAL_DAYS after delivery it is still stored,
 * marked late: the shop decides, the function never refuses.
 *
 * One withdrawal per order and set of lines: the same withdrawal declared again (same order, same
 * lines and quantities, whatever the reason's text and whoever sends it) stores nothing and sends
 * nothing; the answer is the withdrawal stored the first time (a unique index, so two at once store one).
 */
export { REASON_MAX, WITHDRAWAL_DAYS };

/**
 * E-mails a withdrawal causes, per order and per hour (fixed windows of WINDOW_SECONDS counted in
 * rate_limits, whatever the sender's client address): anyone who knows an order's number and
 * e-mail address (printed on the parcel label) can declare withdrawals of its different sets of
 * lines, and each used to mail the owner. Beyond `receiptsPerOrder` receipts the withdrawal is still
 * stored (the right to withdraw is never lost) and shown as the receipt on screen, but no further
 * receipt goes to the order's address; beyond `noticesPerOrder` the shop gets no further notice
 * (the admin's list of withdrawals has them all).
 */
export const WITHDRAWAL_EMAIL_LIMITS = { windowSeconds: 60 * 60, receiptsPerOrder: 3, noticesPerOrder: 10 } as const;

export interface WithdrawableLine {
  /** The order line's id (order_items.id). */
  id: string;
  productName: string;
  quantity: number;
}

/** An order as the withdrawal function needs it. */
export interface WithdrawableOrder {
  id: string;
  number: string;
  createdAt: string;
  customerName: string;
  customerEmail: string;
  userId: string | null;
  locale: string;
  lines: WithdrawableLine[];
}

export interface WithdrawnLine {
  itemId: string;
  productName: string;
  quantity: number;
}

export interface Withdrawal {
  id: string;
  orderId: string;
  orderNumber: string;
  userId: string | null;
  wholeOrder: boolean;
  lines: WithdrawnLine[];
  reason: string;
  late: boolean;
  /** The receipt e-mail was held back (WITHDRAWAL_EMAIL_LIMITS): the receipt on screen is the only one. */
  receiptHeldBack: boolean;
  createdAt: string;
}

/** What the shopper chose: the whole order, or per order line a quantity (0 = not withdrawn). */
export type WithdrawalSelection = { wholeOrder: true } | { wholeOrder: false; quantities: Record<string, number> };

export type ResolvedLines = { ok: true; wholeOrder: boolean; lines: WithdrawnLine[] } | { ok: false; reason: "badLines" | "noLines" };

async function readWithdrawableOrder(db: Queryable, orderId: string): Promise<WithdrawableOrder | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await db.query<{ id: string; order_number: string; created_at: string | Date; customer_name: string; customer_email: string; user_id: string | null; locale: string }>(
    "select id, order_number, created_at, customer_name, customer_email, user_id, locale from public.orders where id = $1",
    [orderId],
  );
  if (!order) return null;
  const lines = await db.query<{ id: string; product_name: string; quantity: number }>(
    "select id, product_name, quantity from public.order_items where order_id = $1 order by id",
    [orderId],
  );
  return {
    id: order.id,
    number: order.order_number,
    createdAt: new Date(order.created_at).toISOString(),
    customerName: order.customer_name,
    customerEmail: order.customer_email,
    userId: order.user_id,
    locale: order.locale,
    lines: lines.map((line) => ({ id: line.id, productName: line.product_name, quantity: Number(line.quantity) })),
  };
}

/**
 * A guest's order by its number (as shoppers see it) and the order's e-mail address (case and
 * surrounding spaces ignored); null when either does not match (the caller must not say which).
 */
export async function findOrderForGuest(number: string, email: string): Promise<WithdrawableOrder | null> {
  const clean = number.trim().replace(/^#/, "").toUpperCase();
  if (!/^[0-9A-F]{8}$/.test(clean)) return null;
  const db = await getDb();
  const rows = await db.query<{ id: string }>(
    `select id from public.orders
      where order_number = $1 and lower(btrim(customer_email)) = lower(btrim($2))`,
    [clean, email],
  );
  return rows[0] ? readWithdrawableOrder(db, rows[0].id) : null;
}

/** The customer's own order; null for someone else's, an unknown or a malformed id. */
export async function findOrderForCustomer(userId: string, orderId: string): Promise<WithdrawableOrder | null> {
  const order = await readWithdrawableOrder(await getDb(), orderId);
  return order && order.userId === userId ? order : null;
}

/** The customer's orders for the form's choice, newest first. */
export async function listOrdersForWithdrawal(userId: string, limit = 100): Promise<Array<{ id: string; number: string; createdAt: string }>> {
  const db = await getDb();
  const rows = await db.query<{ id: string; order_number: string; created_at: string | Date }>(
    "select id, order_number, created_at from public.orders where user_id = $1 order by created_at desc, id limit $2",
    [userId, limit],
  );
  return rows.map((row) => ({ id: row.id, number: row.order_number, createdAt: new Date(row.created_at).toISOString() }));
}

/**
 * Checks a selection against the order's lines: every quantity a whole number from 0 to what was
 * ordered, every line one of this order's, at least one article; the whole order is every line in full.
 */
export function resolveLines(order: WithdrawableOrder, selection: WithdrawalSelection): ResolvedLines {
  if (selection.wholeOrder) {
    return { ok: true, wholeOrder: true, lines: order.lines.map((line) => ({ itemId: line.id, productName: line.productName, quantity: line.quantity })) };
  }
  const byId = new Map(order.lines.map((line) => [line.id, line]));
  const lines: WithdrawnLine[] = [];
  for (const [itemId, quantity] of Object.entries(selection.quantities)) {
    const line = byId.get(itemId);
    if (!line || !Number.isInteger(quantity) || quantity < 0 || quantity > line.quantity) return { ok: false, reason: "badLines" };
    if (quantity > 0) lines.push({ itemId, productName: line.productName, quantity });
  }
  if (lines.length === 0) return { ok: false, reason: "noLines" };
  // Every line withdrawn in full is the whole order.
  const whole = order.lines.every((line) => lines.some((l) => l.itemId === line.id && l.quantity === line.quantity));
  const placed = order.lines.map((line) => line.id);
  lines.sort((a, b) => placed.indexOf(a.itemId) - placed.indexOf(b.itemId));
  return { ok: true, wholeOrder: whole, lines };
}

interface WithdrawalRow {
  id: string;
  order_id: string;
  order_number: string;
  user_id: string | null;
  whole_order: boolean;
  lines: unknown;
  reason: string;
  late: boolean;
  receipt_held_back: boolean;
  created_at: string | Date;
}

function toWithdrawal(row: WithdrawalRow): Withdrawal {
  const raw = typeof row.lines === "string" ? (JSON.parse(row.lines) as unknown) : row.lines;
  const lines = (Array.isArray(raw) ? raw : []).map((line: { item_id?: unknown; product_name?: unknown; quantity?: unknown }) => ({
    itemId: String(line.item_id ?? ""),
    productName: String(line.product_name ?? ""),
    quantity: Number(line.quantity ?? 0),
  }));
  return {
    id: row.id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    userId: row.user_id,
    wholeOrder: row.whole_order,
    lines,
    reason: row.reason,
    late: row.late,
    receiptHeldBack: row.receipt_held_back,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

// The order's stored number beside each withdrawal (also in insert/update … returning).
const COLUMNS = `id, order_id, user_id, whole_order, lines, reason, late, receipt_held_back, created_at,
  (select ord.order_number from public.orders ord where ord.id = withdrawals.order_id) as order_number`;

/**
 * What a withdrawal withdraws, as one key (column lines_key): "item_id:quantity" per line, sorted
 * by item id in byte order, joined by ",". Computed in SQL from the lines' JSON (`$param`), exactly
 * as the migration 20261205000000 computed it for the withdrawals stored before.
 */
const linesKeySql = (param: string) =>
  `(select string_agg((l ->> 'item_id') || ':' || (l ->> 'quantity'), ',' order by (l ->> 'item_id') collate "C") from jsonb_array_elements(${param}::text::jsonb) as l)`;

export interface RecordWithdrawalInput {
  order: WithdrawableOrder;
  userId: string | null;
  wholeOrder: boolean;
  lines: WithdrawnLine[];
  reason: string;
  idempotencyKey: string;
}

/**
 * `created`: stored now. Otherwise `repeated` tells why nothing was stored: false for the same form
 * sent again (its idempotency key: a double click, a reload), true for the same withdrawal declared
 * again with a new form (same order and lines).
 */
export type RecordResult = { ok: true; withdrawal: Withdrawal; created: boolean; repeated: boolean } | { ok: false; reason: "keyInUse" };

/**
 * Stores the withdrawal and queues its e-mails, in one transaction. The same form sent again
 * (its idempotency key) stores nothing new and answers with the withdrawal stored the first time;
 * so does the same withdrawal (order and lines) declared with another form. The e-mails are
 * counted per order (WITHDRAWAL_EMAIL_LIMITS) in the same transaction.
 * Late: the order was delivered (status delivered; its last change is the delivery) more than
 * WITHDRAWAL_DAYS days before now; an order not yet delivered is never late.
 */
export async function recordWithdrawal(input: RecordWithdrawalInput): Promise<RecordResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const lines = JSON.stringify(input.lines.map((line) => ({ item_id: line.itemId, product_name: line.productName, quantity: line.quantity })));
    const inserted = await tx.query<WithdrawalRow>(
      `insert into public.withdrawals (order_id, user_id, whole_order, lines, reason, late, idempotency_key, lines_key)
       select o.id, $2::uuid, $3, $4::text::jsonb, $5,
              (o.status = 'delivered' and o.updated_at < now() - make_interval(days => $7)), $6, ${linesKeySql("$4")}
         from public.orders o where o.id = $1
       on conflict do nothing
       returning ${COLUMNS}`,
      [input.order.id, input.userId, input.wholeOrder, lines, input.reason, input.idempotencyKey, WITHDRAWAL_DAYS],
    );
    if (!inserted[0]) {
      // The same form again (its key), or the same withdrawal again (the order and its lines).
      const [sameForm] = await tx.query<WithdrawalRow>(`select ${COLUMNS} from public.withdrawals where idempotency_key = $1`, [input.idempotencyKey]);
      if (sameForm) {
        if (sameForm.order_id !== input.order.id) return { ok: false, reason: "keyInUse" } as const;
        return { ok: true, withdrawal: toWithdrawal(sameForm), created: false, repeated: false } as const;
      }
      const [sameLines] = await tx.query<WithdrawalRow>(
        `select ${COLUMNS} from public.withdrawals where order_id = $1 and lines_key = ${linesKeySql("$2")}`,
        [input.order.id, lines],
      );
      if (!sameLines) throw new Error(`Withdrawal of order ${input.order.id} neither stored nor found`);
      return { ok: true, withdrawal: toWithdrawal(sameLines), created: false, repeated: true } as const;
    }
    const [receipts, notices] = await hitRateLimits(
      [
        { key: `withdrawal:receipts:${input.order.id}`, limit: WITHDRAWAL_EMAIL_LIMITS.receiptsPerOrder },
        { key: `withdrawal:notices:${input.order.id}`, limit: WITHDRAWAL_EMAIL_LIMITS.noticesPerOrder },
      ],
      WITHDRAWAL_EMAIL_LIMITS.windowSeconds,
      tx,
    );
    let row: WithdrawalRow | undefined = inserted[0];
    if (!receipts!.allowed) {
      [row] = await tx.query<WithdrawalRow>(`update public.withdrawals set receipt_held_back = true where id = $1 returning ${COLUMNS}`, [row.id]);
    }
    const withdrawal = toWithdrawal(row!);
    const timeZone = shopTimeZone();
    await queueWithdrawalEmails(tx, {
      orderNumber: input.order.number,
      customerName: input.order.customerName,
      customerEmail: input.order.customerEmail,
      locale: input.order.locale,
      receivedAt: (locale: Locale) => formatReceiptDateTime(withdrawal.createdAt, { locale, timeZone }),
      wholeOrder: withdrawal.wholeOrder,
      lines: withdrawal.lines,
      reason: withdrawal.reason,
      late: withdrawal.late,
      receipt: receipts!.allowed,
      notice: notices!.allowed,
    });
    return { ok: true, withdrawal, created: true, repeated: false } as const;
  });
}

export async function getWithdrawal(id: string): Promise<Withdrawal | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db.query<WithdrawalRow>(`select ${COLUMNS} from public.withdrawals where id = $1`, [id]);
  return row ? toWithdrawal(row) : null;
}

/** An order's withdrawals, oldest first (the order pages of the customer and the admin). */
export async function listOrderWithdrawals(orderId: string): Promise<Withdrawal[]> {
  if (!isUuid(orderId)) return [];
  const db = await getDb();
  const rows = await db.query<WithdrawalRow>(`select ${COLUMNS} from public.withdrawals where order_id = $1 order by created_at, id`, [orderId]);
  return rows.map(toWithdrawal);
}

/** The admin's list: newest first, one page. */
export async function listWithdrawals(options: { limit?: number; offset?: number } = {}): Promise<{ withdrawals: Withdrawal[]; total: number }> {
  const db = await getDb();
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const offset = Math.max(options.offset ?? 0, 0);
  const [count] = await db.query<{ n: number }>("select count(*)::int as n from public.withdrawals");
  const rows = await db.query<WithdrawalRow>(`select ${COLUMNS} from public.withdrawals order by created_at desc, id limit $1 offset $2`, [limit, offset]);
  return { withdrawals: rows.map(toWithdrawal), total: count?.n ?? 0 };
}
