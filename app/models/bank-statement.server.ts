import type { Queryable } from "~/db/database.server";
import { getDb } from "~/db/db.server";
import { CONFLICT_RETRIES } from "~/db/transaction-retry.server";
import { centsToDecimal, toCents } from "~/utils/money";
import { fileHash, orderNumbersOf, parseCamt, type CamtProblem, type StatementCredit } from "~/utils/camt.server";
import { orderNumber } from "./order-number";
import { ordersByReference, recordPayment } from "./payment.server";
import { isUuid } from "./product.server";

/**
 * Bank statements on /admin/payments (DECISIONS §5): a camt.053 / camt.054 file is read
 * (utils/camt.server.ts), every credit stored, and each matched to an unpaid order by the order
 * number its reference names and by amount; a match is recorded as the order's payment
 * (payment.server.ts, source "statement", paid on the booking date). The rest is kept for the admin
 * to assign by hand: no order, an amount that differs, an order already paid or cancelled, another
 * currency. One file is one transaction: all of it applies, or none of it.
 */

export type CreditOutcome = "matched" | "amountDiffers" | "alreadyPaid" | "cancelled" | "noOrder" | "otherCurrency";

export type StatementImport =
  | { ok: true; status: "imported" | "alreadyImported"; importId: string }
  | ({ ok: false } & CamtProblem);

interface OrderRow {
  id: string;
  status: string;
  payment_status: string;
  currency: string;
  total_amount: string | number;
}

/** The orders a reference's numbers name, locked (id order, as every writer of orders locks). */
async function lockOrders(tx: Queryable, numbers: string[]): Promise<OrderRow[]> {
  if (numbers.length === 0) return [];
  return tx.query<OrderRow>(
    `select id, status, payment_status, currency, total_amount from public.orders
      where upper(split_part(id::text, '-', 1)) = any($1::text[])
      order by id for update`,
    [numbers],
  );
}

/**
 * What a credit is for the orders its reference names: the first (in the reference's order) that
 * waits for exactly this amount in this currency is a match; else the reason the best of them is
 * not (an open order before a paid or cancelled one).
 */
function decide(credit: StatementCredit, numbers: string[], orders: OrderRow[]): { outcome: CreditOutcome; order: OrderRow | null } {
  const named = numbers.flatMap((number) => orders.filter((order) => orderNumber(order.id) === number));
  if (named.length === 0) return { outcome: "noOrder", order: null };
  const open = named.filter((order) => order.status !== "cancelled" && order.payment_status === "unpaid");
  const exact = open.find((order) => order.currency === credit.currency && toCents(order.total_amount) === credit.amount);
  if (exact) return { outcome: "matched", order: exact };
  const sameCurrency = open.find((order) => order.currency === credit.currency);
  if (sameCurrency) return { outcome: "amountDiffers", order: sameCurrency };
  if (open[0]) return { outcome: "otherCurrency", order: open[0] };
  const paid = named.find((order) => order.status !== "cancelled");
  if (paid) return { outcome: "alreadyPaid", order: paid };
  return { outcome: "cancelled", order: named[0]! };
}

/** Rows per bulk statement (parameters are arrays: one per column). */
const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const creditKey = (credit: Pick<StatementCredit, "account" | "entryRef">) => `${credit.account}\u0000${credit.entryRef}`;

/**
 * Imports one statement file in one transaction. The same file again (its bytes' hash) is
 * "alreadyImported" and changes nothing; a credit imported before from another file (the same
 * account and bank reference) is skipped and counted. Two imports of one file at once: the
 * second waits on the first's row of the file and then finds it there.
 *
 * In bulk, so that a file of thousands of entries is one request's work: the credits are inserted
 * (the ones already known are skipped by the unique key), the orders all new credits name are
 * locked in one statement (id order, as every writer of orders locks), each credit is decided in
 * the file's order (a second credit for an order the first one paid finds it paid), and each match
 * is recorded through recordPayment.
 */
export async function importStatement(bytes: Uint8Array, options: { fileName?: string; adminId?: string | null } = {}): Promise<StatementImport> {
  const parsed = parseCamt(bytes);
  if (!parsed.ok) {
    const { ok: _ok, ...problem } = parsed;
    return { ok: false, ...problem };
  }
  const { statement } = parsed;
  const hash = fileHash(bytes);
  const fileName = (options.fileName ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 255);
  // A booking repeated within the file counts once.
  const seen = new Set<string>();
  const unique = statement.credits.filter((credit) => !seen.has(creditKey(credit)) && Boolean(seen.add(creditKey(credit))));
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [created] = await tx.query<{ id: string }>(
      `insert into public.bank_statement_imports (file_hash, file_name, kind, version, message_id, entries, credits, imported_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (file_hash) do nothing returning id`,
      [hash, fileName, statement.kind, statement.version, statement.messageId?.slice(0, 140) ?? null, statement.entries, statement.credits.length, options.adminId ?? null],
    );
    if (!created) {
      const [known] = await tx.query<{ id: string }>("select id from public.bank_statement_imports where file_hash = $1", [hash]);
      return { ok: true as const, status: "alreadyImported" as const, importId: known!.id };
    }

    const rowIds = new Map<string, string>();
    for (const part of chunks(unique)) {
      const rows = await tx.query<{ id: string; account: string; entry_ref: string }>(
        `insert into public.bank_transactions
           (import_id, account, entry_ref, amount, currency, booking_date, value_date, reference, remittance, debtor_name, outcome)
         select $1, c.account, c.entry_ref, c.amount, c.currency, c.booking_date, c.value_date, c.reference, c.remittance, c.debtor_name, 'noOrder'
           from unnest($2::text[], $3::text[], $4::numeric[], $5::text[], $6::date[], $7::date[], $8::text[], $9::text[], $10::text[])
             as c(account, entry_ref, amount, currency, booking_date, value_date, reference, remittance, debtor_name)
         on conflict (account, entry_ref) do nothing returning id, account, entry_ref`,
        [
          created.id,
          part.map((c) => c.account), part.map((c) => c.entryRef), part.map((c) => centsToDecimal(c.amount)), part.map((c) => c.currency),
          part.map((c) => c.bookingDate), part.map((c) => c.valueDate), part.map((c) => c.reference), part.map((c) => c.remittance), part.map((c) => c.debtorName),
        ],
      );
      for (const row of rows) rowIds.set(creditKey({ account: row.account, entryRef: row.entry_ref }), row.id);
    }
    const fresh = unique.filter((credit) => rowIds.has(creditKey(credit)));
    const duplicates = statement.credits.length - fresh.length;

    const named = fresh.map((credit) => orderNumbersOf(credit));
    const orders = await lockOrders(tx, [...new Set(named.flat())]);
    const decided: Array<{ id: string; outcome: CreditOutcome; orderId: string }> = [];
    const payments: Array<{ orderId: string; credit: StatementCredit }> = [];
    fresh.forEach((credit, index) => {
      const { outcome, order } = decide(credit, named[index]!, orders);
      if (!order) return;
      if (outcome === "matched") {
        // The next credit naming this order finds it paid.
        order.payment_status = "paid";
        payments.push({ orderId: order.id, credit });
      }
      decided.push({ id: rowIds.get(creditKey(credit))!, outcome, orderId: order.id });
    });
    for (const part of chunks(decided)) {
      await tx.query(
        `update public.bank_transactions t
            set outcome = u.outcome, order_id = u.order_id, applied_at = case when u.outcome = 'matched' then now() end
           from unnest($1::uuid[], $2::text[], $3::uuid[]) as u(id, outcome, order_id)
          where t.id = u.id`,
        [part.map((d) => d.id), part.map((d) => d.outcome), part.map((d) => d.orderId)],
      );
    }
    for (const { orderId, credit } of payments) {
      const paid = await recordPayment(tx, orderId, { amount: credit.amount, paidAt: bookingTime(credit.bookingDate), source: "statement" });
      // The order is locked since lockOrders(): it cannot have changed in between.
      if (!paid.ok) throw new Error(`statement payment refused: ${paid.reason}`);
    }
    if (duplicates > 0) await tx.query("update public.bank_statement_imports set duplicates = $2 where id = $1", [created.id, duplicates]);
    return { ok: true as const, status: "imported" as const, importId: created.id };
  }, { retries: CONFLICT_RETRIES });
}

/** A booking date as the moment paid: the start of that day (UTC), as the bank dates it. */
function bookingTime(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface BankCredit {
  id: string;
  amount: number;
  currency: string;
  bookingDate: string;
  valueDate: string | null;
  reference: string | null;
  remittance: string | null;
  debtorName: string | null;
  outcome: CreditOutcome;
  orderId: string | null;
  orderNumber: string | null;
  orderTotal: number | null;
  orderCurrency: string | null;
  applied: boolean;
  dismissed: boolean;
}

interface CreditRow {
  id: string;
  amount: string | number;
  currency: string;
  booking_date: string | Date;
  value_date: string | Date | null;
  reference: string | null;
  remittance: string | null;
  debtor_name: string | null;
  outcome: CreditOutcome;
  order_id: string | null;
  order_total: string | number | null;
  order_currency: string | null;
  applied_at: string | Date | null;
  dismissed_at: string | Date | null;
}

const dateText = (value: string | Date) => (typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10));

function creditView(row: CreditRow): BankCredit {
  return {
    id: row.id,
    amount: toCents(row.amount),
    currency: row.currency,
    bookingDate: dateText(row.booking_date),
    valueDate: row.value_date ? dateText(row.value_date) : null,
    reference: row.reference,
    remittance: row.remittance,
    debtorName: row.debtor_name,
    outcome: row.outcome,
    orderId: row.order_id,
    orderNumber: row.order_id ? orderNumber(row.order_id) : null,
    orderTotal: row.order_total === null ? null : toCents(row.order_total),
    orderCurrency: row.order_currency,
    applied: row.applied_at !== null,
    dismissed: row.dismissed_at !== null,
  };
}

const CREDIT_COLUMNS = `t.id, t.amount::text as amount, t.currency, t.booking_date::text as booking_date, t.value_date::text as value_date,
  t.reference, t.remittance, t.debtor_name, t.outcome, t.order_id, o.total_amount::text as order_total, o.currency as order_currency,
  t.applied_at, t.dismissed_at`;

export interface ImportView {
  id: string;
  fileName: string;
  kind: string;
  version: string;
  importedAt: string;
  entries: number;
  credits: number;
  duplicates: number;
  transactions: BankCredit[];
}

/** One import with its credits (as they stand now: an open one assigned since shows as applied). */
export async function getImport(id: string): Promise<ImportView | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db.query<{ id: string; file_name: string; kind: string; version: string; imported_at: Date | string; entries: number; credits: number; duplicates: number }>(
    "select id, file_name, kind, version, imported_at, entries, credits, duplicates from public.bank_statement_imports where id = $1",
    [id],
  );
  if (!row) return null;
  const transactions = await db.query<CreditRow>(
    `select ${CREDIT_COLUMNS} from public.bank_transactions t left join public.orders o on o.id = t.order_id
      where t.import_id = $1 order by t.booking_date, t.created_at, t.entry_ref limit 1000`,
    [id],
  );
  return {
    id: row.id,
    fileName: row.file_name,
    kind: row.kind,
    version: row.version,
    importedAt: new Date(row.imported_at).toISOString(),
    entries: row.entries,
    credits: row.credits,
    duplicates: row.duplicates,
    transactions: transactions.map(creditView),
  };
}

/** The credits still to be assigned (newest first, at most `limit`) and how many there are. */
export async function listOpenCredits(limit = 200): Promise<{ credits: BankCredit[]; total: number }> {
  const db = await getDb();
  const [rows, [count]] = await Promise.all([
    db.query<CreditRow>(
      `select ${CREDIT_COLUMNS} from public.bank_transactions t left join public.orders o on o.id = t.order_id
        where t.applied_at is null and t.dismissed_at is null
        order by t.booking_date desc, t.created_at desc, t.id limit $1`,
      [limit],
    ),
    db.query<{ total: number }>("select count(*)::int as total from public.bank_transactions where applied_at is null and dismissed_at is null"),
  ]);
  return { credits: rows.map(creditView), total: count?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Assigning by hand

export type Assignment =
  | { ok: true; orderId: string; amount: number; total: number; currency: string }
  | { ok: false; reason: "creditNotFound" | "creditClosed" | "orderNotFound" | "cancelled" | "invalidAmount" }
  | { ok: false; reason: "alreadyPaid"; orderId: string }
  | { ok: false; reason: "otherCurrency"; orderCurrency: string; creditCurrency: string };

/**
 * The admin books an open credit to an order (named by its number or RF reference): recorded as
 * that order's payment with the amount as received (the admin has confirmed it, even when it
 * differs from the total) on the booking date. One transaction; the credit's row is locked first,
 * so two admins assigning it at once book it once.
 */
export async function assignCredit(creditId: string, orderReference: string, adminId: string | null): Promise<Assignment> {
  if (!isUuid(creditId)) return { ok: false, reason: "creditNotFound" };
  const db = await getDb();
  return db.transaction(async (tx): Promise<Assignment> => {
    const [credit] = await tx.query<{ amount: string; currency: string; booking_date: string; applied_at: unknown; dismissed_at: unknown }>(
      "select amount::text as amount, currency, booking_date::text as booking_date, applied_at, dismissed_at from public.bank_transactions where id = $1 for update",
      [creditId],
    );
    if (!credit) return { ok: false, reason: "creditNotFound" };
    if (credit.applied_at !== null || credit.dismissed_at !== null) return { ok: false, reason: "creditClosed" };
    const ids = await ordersByReference(tx, orderReference);
    const orders = await lockOrders(tx, [...new Set(ids.map(orderNumber))]);
    if (orders.length === 0) return { ok: false, reason: "orderNotFound" };
    const order = orders.find((o) => o.status !== "cancelled" && o.payment_status === "unpaid") ?? orders.find((o) => o.status !== "cancelled") ?? orders[0]!;
    if (order.currency !== credit.currency) return { ok: false, reason: "otherCurrency", orderCurrency: order.currency, creditCurrency: credit.currency };
    const amount = toCents(credit.amount);
    const paid = await recordPayment(tx, order.id, { amount, paidAt: bookingTime(dateText(credit.booking_date)), source: "statement" });
    if (!paid.ok) {
      if (paid.reason === "alreadyPaid") return { ok: false, reason: "alreadyPaid", orderId: order.id };
      return { ok: false, reason: paid.reason === "notFound" ? "orderNotFound" : paid.reason };
    }
    await tx.query("update public.bank_transactions set order_id = $2, applied_at = now(), applied_by = $3 where id = $1", [creditId, order.id, adminId]);
    return { ok: true, orderId: order.id, amount, total: paid.total, currency: order.currency };
  }, { retries: CONFLICT_RETRIES });
}

/** "Not an order payment": the credit leaves the open list (kept, with when). */
export async function dismissCredit(creditId: string): Promise<boolean> {
  if (!isUuid(creditId)) return false;
  const db = await getDb();
  const rows = await db.query(
    "update public.bank_transactions set dismissed_at = now() where id = $1 and applied_at is null and dismissed_at is null returning id",
    [creditId],
  );
  return rows.length > 0;
}
