import type { Queryable } from "~/db/database.server";
import { getDb } from "~/db/db.server";
import { CONFLICT_RETRIES } from "~/db/transaction-retry.server";
import { centsToDecimal, toCents } from "~/utils/money";
import { pacer } from "~/utils/pace.server";
import { fileHash, openCamt, orderNumbersOf, type CamtProblem, type StatementCredit } from "~/utils/camt.server";
import { orderNumberOfReference, recordPayment, recordPayments } from "./payment.server";
import { isUuid } from "./product.server";

/**
 * Bank statements on /admin/payments (docs/payments.md, "Bank statements"): a camt.053 / camt.054 file is read
 * (utils/camt.server.ts), every credit stored, and each matched to an unpaid order by the order
 * number its reference names and by amount; a match is recorded as the order's payment
 * (payment.server.ts, source "statement", paid on the booking date). The rest is kept for the admin
 * to assign by hand: no order, an amount that differs, an order already paid or cancelled, another
 * currency. One file is one transaction: all of it applies, or none of it.
 */

export type CreditOutcome = "matched" | "amountDiffers" | "alreadyPaid" | "doublePayment" | "cancelled" | "noOrder" | "otherCurrency" | "unbalanced";

export type StatementImport =
  | { ok: true; status: "imported" | "alreadyImported" | "running"; importId: string }
  | ({ ok: false } & CamtProblem);

interface OrderRow {
  id: string;
  order_number: string;
  status: string;
  payment_status: string;
  currency: string;
  total_amount: string | number;
}

/** The orders a reference's numbers name (their stored order_number), locked (id order, as every writer of orders locks). */
async function lockOrders(tx: Queryable, numbers: string[]): Promise<OrderRow[]> {
  if (numbers.length === 0) return [];
  return tx.query<OrderRow>(
    `select id, order_number, status, payment_status, currency, total_amount from public.orders
      where order_number = any($1::text[])
      order by id for update`,
    [numbers],
  );
}

/**
 * What a credit is for the orders its reference names: the first (in the reference's order) that
 * waits for exactly this amount in this currency is a match; else the reason the best of them is
 * not (an open order before a paid or cancelled one). A credit of an order's total for an order
 * already paid is a possible double payment.
 */
function decide(credit: StatementCredit, numbers: string[], orders: Map<string, OrderRow[]>): { outcome: CreditOutcome; order: OrderRow | null } {
  const named = numbers.flatMap((number) => orders.get(number) ?? []);
  if (named.length === 0) return { outcome: "noOrder", order: null };
  const open = named.filter((order) => order.status !== "cancelled" && order.payment_status === "unpaid");
  const exact = open.find((order) => order.currency === credit.currency && toCents(order.total_amount) === credit.amount);
  if (exact) return { outcome: "matched", order: exact };
  const sameCurrency = open.find((order) => order.currency === credit.currency);
  if (sameCurrency) return { outcome: "amountDiffers", order: sameCurrency };
  if (open[0]) return { outcome: "otherCurrency", order: open[0] };
  const paid = named.find((order) => order.status !== "cancelled");
  if (paid) {
    const again = paid.currency === credit.currency && toCents(paid.total_amount) === credit.amount;
    return { outcome: again ? "doublePayment" : "alreadyPaid", order: paid };
  }
  return { outcome: "cancelled", order: named[0]! };
}

/** Rows per step while the credits are recorded: each step is short, other requests go between steps. */
const STEP = 500;
/** How often a running import writes its progress. */
const PROGRESS_EVERY_MS = 500;
/** A running import that gave no sign of life for this long was interrupted (its server stopped). */
export const STALE_IMPORT_MS = 120_000;

function chunks<T>(items: T[], size = STEP): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const creditKey = (credit: Pick<StatementCredit, "account" | "entryRef">) => `${credit.account}\u0000${credit.entryRef}`;

/** The import's row for a file: a new one, or what is known of the file already. */
async function claimImport(
  hash: string,
  row: { fileName: string; kind: string; version: string; total: number; adminId: string | null },
): Promise<{ id: string; state: "new" | "done" | "running" }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const [created] = await tx.query<{ id: string }>(
        `insert into public.bank_statement_imports
           (file_hash, file_name, kind, version, entries, credits, imported_by, state, phase, progress_total)
         values ($1, $2, $3, $4, 0, 0, $5, 'running', 'reading', $6)
         on conflict (file_hash) do nothing returning id`,
        [hash, row.fileName, row.kind, row.version, row.adminId, row.total],
      );
      if (created) return { id: created.id, state: "new" as const };
      // A failed import, or one whose server stopped, is replaced; the row is locked while we look.
      const [known] = await tx.query<{ id: string; state: string; stale: boolean }>(
        `select id, state, heartbeat_at < now() - make_interval(secs => $2) as stale
           from public.bank_statement_imports where file_hash = $1 for update`,
        [hash, STALE_IMPORT_MS / 1000],
      );
      if (!known) continue;
      if (known.state === "done") return { id: known.id, state: "done" as const };
      if (known.state === "running" && !known.stale) return { id: known.id, state: "running" as const };
      await tx.query("delete from public.bank_statement_imports where id = $1", [known.id]);
    }
    throw new Error("statement import: the file's row could not be claimed");
  }, { retries: CONFLICT_RETRIES });
}

/** The import failed: none of its credits stay, its row says why (or, when even that cannot be written, goes). */
async function failImport(importId: string, failure: string, vars: Record<string, string | number> | null): Promise<void> {
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      await tx.query("delete from public.bank_transactions where import_id = $1", [importId]);
      await tx.query("delete from public.bank_statement_skipped where import_id = $1", [importId]);
      await tx.query(
        "update public.bank_statement_imports set state = 'failed', phase = null, failure = $2, failure_vars = $3::jsonb, heartbeat_at = now() where id = $1",
        [importId, failure, vars ? JSON.stringify(vars) : null],
      );
    });
  } catch {
    // The row and with it (on delete cascade) every credit of the import.
    await db.query("delete from public.bank_statement_imports where id = $1", [importId]);
  }
}

export interface ImportOptions {
  fileName?: string;
  adminId?: string | null;
  /** Told the import's id once its row is written (the page can show its progress from then on). */
  onStarted?: (importId: string) => void;
}

/**
 * Imports one statement file, all or nothing, without holding up other requests:
 * 1. a cheap first look (openCamt) refuses what is not a camt file; the file's row is written
 *    ("running"; the same file again is "alreadyImported" and changes nothing; a second upload
 *    while it runs finds it running);
 * 2. the file is read in steps (parseCamt), its progress kept in the row;
 * 3. its credits are written in steps of STEP rows, each its own short statement, invisible while
 *    the import runs; a credit known from another file (the same account and bank reference), or
 *    repeated within this one, is written to the skipped list, naming the earlier import;
 * 4. one short transaction decides the credits that name an order (the orders locked in id order,
 *    as every writer of orders locks; a second credit for an order the first one paid finds it
 *    paid), records the matches through recordPayment and marks the import done.
 * A failure at any step removes every credit of the import and marks it failed.
 */
export async function importStatement(bytes: Uint8Array, options: ImportOptions = {}): Promise<StatementImport> {
  const opened = openCamt(bytes);
  if (!opened.ok) {
    const { ok: _ok, ...problem } = opened;
    return { ok: false, ...problem };
  }
  const fileName = (options.fileName ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 255);
  const claim = await claimImport(fileHash(bytes), {
    fileName, kind: opened.kind, version: opened.version, total: opened.entryCount, adminId: options.adminId ?? null,
  });
  if (claim.state === "done") return { ok: true, status: "alreadyImported", importId: claim.id };
  if (claim.state === "running") return { ok: true, status: "running", importId: claim.id };
  const importId = claim.id;
  options.onStarted?.(importId);
  const db = await getDb();
  // The progress is written at most every PROGRESS_EVERY_MS (the page looks every 2 s), and at each new phase.
  let told = { phase: "", at: 0 };
  const progress = async (on: Queryable, phase: string, done: number, total: number) => {
    if (phase === told.phase && performance.now() - told.at < PROGRESS_EVERY_MS) return;
    told = { phase, at: performance.now() };
    await on.query(
      "update public.bank_statement_imports set phase = $2, progress = $3, progress_total = $4, heartbeat_at = now() where id = $1 and state = 'running'",
      [importId, phase, done, total],
    );
  };
  try {
    const parsed = await opened.read({ onProgress: ({ read, total }) => progress(db, "reading", read, total).then(() => undefined) });
    if (!parsed.ok) {
      const { ok: _ok, reason, ...vars } = parsed;
      await failImport(importId, reason, Object.keys(vars).length > 0 ? (vars as Record<string, number>) : null);
      return parsed;
    }
    const { statement } = parsed;

    // 3. The credits, in steps.
    const seen = new Set<string>();
    const rowIds = new Map<string, string>();
    let skipped = 0;
    let written = 0;
    const pause = pacer();
    await progress(db, "recording", 0, statement.credits.length);
    for (const part of chunks(statement.credits)) {
      // One transaction per step: on the embedded database each commit is written to disk once.
      skipped += await db.transaction(async (tx) => {
        const repeated = part.filter((credit) => seen.has(creditKey(credit)) || !seen.add(creditKey(credit)));
        const once = part.filter((credit) => !repeated.includes(credit));
        const rows = once.length === 0 ? [] : await tx.query<{ id: string; account: string; entry_ref: string }>(
          `insert into public.bank_transactions
             (import_id, account, entry_ref, amount, currency, booking_date, value_date, reference, remittance, debtor_name, outcome)
           select $1, c.account, c.entry_ref, c.amount, c.currency, c.booking_date, c.value_date, c.reference, c.remittance, c.debtor_name, c.outcome
             from unnest($2::text[], $3::text[], $4::numeric[], $5::text[], $6::date[], $7::date[], $8::text[], $9::text[], $10::text[], $11::text[])
               as c(account, entry_ref, amount, currency, booking_date, value_date, reference, remittance, debtor_name, outcome)
           on conflict (account, entry_ref) do nothing returning id, account, entry_ref`,
          [
            importId,
            once.map((c) => c.account), once.map((c) => c.entryRef), once.map((c) => centsToDecimal(c.amount)), once.map((c) => c.currency),
            once.map((c) => c.bookingDate), once.map((c) => c.valueDate), once.map((c) => c.reference), once.map((c) => c.remittance),
            once.map((c) => c.debtorName), once.map((c) => (c.unbalanced ? "unbalanced" : "noOrder")),
          ],
        );
        for (const row of rows) rowIds.set(creditKey({ account: row.account, entryRef: row.entry_ref }), row.id);
        const known = once.filter((credit) => !rowIds.has(creditKey(credit)));
        const earlier = new Map<string, string>();
        if (known.length > 0) {
          const found = await tx.query<{ account: string; entry_ref: string; import_id: string }>(
            `select t.account, t.entry_ref, t.import_id from public.bank_transactions t
               join unnest($1::text[], $2::text[]) as k(account, entry_ref) on t.account = k.account and t.entry_ref = k.entry_ref`,
            [known.map((c) => c.account), known.map((c) => c.entryRef)],
          );
          for (const row of found) earlier.set(creditKey({ account: row.account, entryRef: row.entry_ref }), row.import_id);
        }
        const skips = [
          ...known.map((credit) => ({ credit, reason: "importedBefore", earlier: earlier.get(creditKey(credit)) ?? null })),
          ...repeated.map((credit) => ({ credit, reason: "repeatedInFile", earlier: importId })),
        ];
        if (skips.length > 0) {
          await tx.query(
            `insert into public.bank_statement_skipped (import_id, reason, earlier_import_id, entry_ref, amount, currency, booking_date, reference, debtor_name)
             select $1, s.reason, s.earlier, s.entry_ref, s.amount, s.currency, s.booking_date, s.reference, s.debtor_name
               from unnest($2::text[], $3::uuid[], $4::text[], $5::numeric[], $6::text[], $7::date[], $8::text[], $9::text[])
                 as s(reason, earlier, entry_ref, amount, currency, booking_date, reference, debtor_name)`,
            [
              importId, skips.map((s) => s.reason), skips.map((s) => s.earlier), skips.map((s) => s.credit.entryRef.slice(0, 200)),
              skips.map((s) => centsToDecimal(s.credit.amount)), skips.map((s) => s.credit.currency), skips.map((s) => s.credit.bookingDate),
              skips.map((s) => s.credit.reference), skips.map((s) => s.credit.debtorName),
            ],
          );
        }
        written += part.length;
        await progress(tx, "recording", written, statement.credits.length);
        return skips.length;
      });
      await pause();
    }

    // 4. Decide and apply, in one short transaction.
    const fresh = statement.credits.filter((credit) => !credit.unbalanced && rowIds.has(creditKey(credit)));
    const named = fresh.map((credit) => orderNumbersOf(credit));
    const naming = fresh.map((credit, index) => ({ credit, numbers: named[index]! })).filter((item) => item.numbers.length > 0);
    await db.transaction(async (tx) => {
      // The import's row first: a second upload of the file waits for this transaction, then finds it done.
      await tx.query("update public.bank_statement_imports set phase = 'applying', heartbeat_at = now() where id = $1", [importId]);
      // The locked orders by number (a file of thousands of matches looks each up once, not through all of them).
      const orders = new Map<string, OrderRow[]>();
      for (const order of await lockOrders(tx, [...new Set(naming.flatMap((item) => item.numbers))])) {
        orders.set(order.order_number, [...(orders.get(order.order_number) ?? []), order]);
      }
      const decided: Array<{ id: string; outcome: CreditOutcome; orderId: string }> = [];
      const payments: Array<{ orderId: string; credit: StatementCredit }> = [];
      for (const { credit, numbers } of naming) {
        const { outcome, order } = decide(credit, numbers, orders);
        if (!order) continue;
        if (outcome === "matched") {
          // The next credit naming this order finds it paid.
          order.payment_status = "paid";
          payments.push({ orderId: order.id, credit });
        }
        decided.push({ id: rowIds.get(creditKey(credit))!, outcome, orderId: order.id });
      }
      for (const part of chunks(decided, 1000)) {
        await tx.query(
          `update public.bank_transactions t
              set outcome = u.outcome, order_id = u.order_id, applied_at = case when u.outcome = 'matched' then now() end
             from unnest($1::uuid[], $2::text[], $3::uuid[]) as u(id, outcome, order_id)
            where t.id = u.id`,
          [part.map((d) => d.id), part.map((d) => d.outcome), part.map((d) => d.orderId)],
        );
      }
      // The orders are locked since lockOrders(): they cannot have changed in between.
      await recordPayments(tx, payments.map(({ orderId, credit }) => ({ orderId, amount: credit.amount, paidAt: bookingTime(credit.bookingDate), source: "statement" as const })));
      await tx.query(
        `update public.bank_statement_imports
            set state = 'done', phase = null, progress = progress_total, entries = $2, credits = $3, duplicates = $4, message_id = $5, matched = $6,
                heartbeat_at = now()
          where id = $1`,
        [importId, statement.entries, statement.credits.length, skipped, statement.messageId?.slice(0, 140) ?? null, payments.length],
      );
    }, { retries: CONFLICT_RETRIES });
    return { ok: true, status: "imported", importId };
  } catch (error) {
    await failImport(importId, "internal", null).catch(() => {});
    throw error;
  }
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
  order_number: string | null;
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
    orderNumber: row.order_id ? row.order_number : null,
    orderTotal: row.order_total === null ? null : toCents(row.order_total),
    orderCurrency: row.order_currency,
    applied: row.applied_at !== null,
    dismissed: row.dismissed_at !== null,
  };
}

const CREDIT_COLUMNS = `t.id, t.amount::text as amount, t.currency, t.booking_date::text as booking_date, t.value_date::text as value_date,
  t.reference, t.remittance, t.debtor_name, t.outcome, t.order_id, o.total_amount::text as order_total, o.currency as order_currency, o.order_number,
  t.applied_at, t.dismissed_at`;

export interface SkippedCredit {
  reason: "importedBefore" | "repeatedInFile";
  entryRef: string;
  amount: number;
  currency: string;
  bookingDate: string;
  reference: string | null;
  debtorName: string | null;
  /** The import that recorded it before (its file's name and when), when it is still there. */
  earlier: { id: string; fileName: string; importedAt: string } | null;
}

export interface ImportView {
  id: string;
  fileName: string;
  kind: string;
  version: string;
  importedAt: string;
  /** "running" (with its phase and progress), "done", "failed" (with the reason), or "interrupted" (its server stopped). */
  state: "running" | "done" | "failed" | "interrupted";
  phase: "reading" | "recording" | "applying" | null;
  progress: number;
  progressTotal: number;
  failure: { key: string; vars: Record<string, string | number> } | null;
  entries: number;
  credits: number;
  duplicates: number;
  /** Credits the import matched (and marked paid). */
  matched: number;
  transactions: BankCredit[];
  skipped: SkippedCredit[];
}

/** How many credits and skipped credits an import's page lists. */
const IMPORT_ROWS_SHOWN = 1000;

/** One import with its credits (as they stand now: an open one assigned since shows as applied). */
export async function getImport(id: string): Promise<ImportView | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db.query<{
    id: string; file_name: string; kind: string; version: string; imported_at: Date | string; entries: number; credits: number; duplicates: number;
    state: "running" | "done" | "failed"; phase: ImportView["phase"]; progress: number; progress_total: number; failure: string | null;
    failure_vars: Record<string, string | number> | string | null; stale: boolean; matched: number;
  }>(
    `select id, file_name, kind, version, imported_at, entries, credits, duplicates, matched, state, phase, progress, progress_total, failure, failure_vars,
            heartbeat_at < now() - make_interval(secs => $2) as stale
       from public.bank_statement_imports where id = $1`,
    [id, STALE_IMPORT_MS / 1000],
  );
  if (!row) return null;
  const done = row.state === "done";
  const [transactions, skipped] = done
    ? await Promise.all([
        db.query<CreditRow>(
          `select ${CREDIT_COLUMNS} from public.bank_transactions t left join public.orders o on o.id = t.order_id
            where t.import_id = $1 order by t.booking_date, t.created_at, t.entry_ref limit ${IMPORT_ROWS_SHOWN}`,
          [id],
        ),
        db.query<{ reason: SkippedCredit["reason"]; entry_ref: string; amount: string; currency: string; booking_date: string; reference: string | null;
          debtor_name: string | null; earlier_id: string | null; earlier_file: string | null; earlier_at: Date | string | null }>(
          `select s.reason, s.entry_ref, s.amount::text as amount, s.currency, s.booking_date::text as booking_date, s.reference, s.debtor_name,
                  e.id as earlier_id, e.file_name as earlier_file, e.imported_at as earlier_at
             from public.bank_statement_skipped s left join public.bank_statement_imports e on e.id = s.earlier_import_id
            where s.import_id = $1 order by s.id limit ${IMPORT_ROWS_SHOWN}`,
          [id],
        ),
      ])
    : [[], []];
  const vars = typeof row.failure_vars === "string" ? (JSON.parse(row.failure_vars) as Record<string, string | number>) : row.failure_vars;
  return {
    id: row.id,
    fileName: row.file_name,
    kind: row.kind,
    version: row.version,
    importedAt: new Date(row.imported_at).toISOString(),
    state: row.state === "running" && row.stale ? "interrupted" : row.state,
    phase: row.state === "running" ? row.phase : null,
    progress: row.progress,
    progressTotal: row.progress_total,
    failure: row.state === "failed" && row.failure ? { key: row.failure, vars: vars ?? {} } : null,
    entries: row.entries,
    credits: row.credits,
    duplicates: row.duplicates,
    matched: row.matched,
    transactions: transactions.map(creditView),
    skipped: skipped.map((s) => ({
      reason: s.reason,
      entryRef: s.entry_ref,
      amount: toCents(s.amount),
      currency: s.currency,
      bookingDate: dateText(s.booking_date),
      reference: s.reference,
      debtorName: s.debtor_name,
      earlier: s.earlier_id && s.earlier_id !== row.id ? { id: s.earlier_id, fileName: s.earlier_file ?? "", importedAt: new Date(s.earlier_at!).toISOString() } : null,
    })),
  };
}

/** Only the credits of finished imports: a running import's are not there yet (all or nothing). */
const DONE_IMPORT = "exists (select 1 from public.bank_statement_imports i where i.id = t.import_id and i.state = 'done')";

/** Open credits are counted up to this many (a count of 100 000 rows held the embedded database for a second). */
export const OPEN_COUNT_LIMIT = 10_000;

/** The credits still to be assigned (newest first, at most `limit`) and how many there are (at most OPEN_COUNT_LIMIT; `capped` when more). */
export async function listOpenCredits(limit = 200): Promise<{ credits: BankCredit[]; total: number; capped: boolean }> {
  const db = await getDb();
  const [rows, [count]] = await Promise.all([
    db.query<CreditRow>(
      `select ${CREDIT_COLUMNS} from public.bank_transactions t left join public.orders o on o.id = t.order_id
        where t.applied_at is null and t.dismissed_at is null and ${DONE_IMPORT}
        order by t.booking_date desc, t.created_at desc, t.id limit $1`,
      [limit],
    ),
    db.query<{ total: number }>(
      `select count(*)::int as total from (
         select 1 from public.bank_transactions t where t.applied_at is null and t.dismissed_at is null and ${DONE_IMPORT} limit $1) open`,
      [OPEN_COUNT_LIMIT + 1],
    ),
  ]);
  const total = count?.total ?? 0;
  return { credits: rows.map(creditView), total: Math.min(total, OPEN_COUNT_LIMIT), capped: total > OPEN_COUNT_LIMIT };
}

// ---------------------------------------------------------------------------------------------
// Assigning by hand

export type Assignment =
  | { ok: true; orderId: string; number: string; amount: number; total: number; currency: string }
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
      `select amount::text as amount, currency, booking_date::text as booking_date, applied_at, dismissed_at
         from public.bank_transactions t where t.id = $1 and ${DONE_IMPORT} for update`,
      [creditId],
    );
    if (!credit) return { ok: false, reason: "creditNotFound" };
    if (credit.applied_at !== null || credit.dismissed_at !== null) return { ok: false, reason: "creditClosed" };
    const number = orderNumberOfReference(orderReference);
    const orders = await lockOrders(tx, number ? [number] : []);
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
    return { ok: true, orderId: order.id, number: order.order_number, amount, total: paid.total, currency: order.currency };
  }, { retries: CONFLICT_RETRIES });
}

/** "Not an order payment": the credit leaves the open list (kept, with when). */
export async function dismissCredit(creditId: string): Promise<boolean> {
  if (!isUuid(creditId)) return false;
  const db = await getDb();
  const rows = await db.query(
    `update public.bank_transactions t set dismissed_at = now()
      where t.id = $1 and t.applied_at is null and t.dismissed_at is null and ${DONE_IMPORT} returning t.id`,
    [creditId],
  );
  return rows.length > 0;
}
