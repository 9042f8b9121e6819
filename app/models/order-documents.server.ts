import type { Queryable } from "~/db/database.server";
import { getDb } from "~/db/db.server";
import { CONFLICT_RETRIES } from "~/db/transaction-retry.server";
import { centsToDecimal, toCents, type Currency } from "~/utils/money";
import { percentToRate, vatByRate } from "~/utils/vat";
import {
  documentNumber,
  parseDocumentNumber,
  type CorrectionKind,
  type DocumentKind,
  type DocumentLine,
  type OrderDocument,
  type OrderDocumentLink,
} from "./order-document";
import { MAX_PAYMENT_CENTS, recordRefund } from "./payment.server";
import { isUuid } from "./product.server";

/**
 * An order's documents (docs/payments.md, "Documents"): gap-free numbers per range (RE invoices, ST cancellation
 * invoices, GS credit notes) from the counter rows of document_counters, each taken in the
 * transaction that issues the document; the cancellation invoice of a cancelled order and the
 * credit notes of refunds, stored in order_documents with their lines and their amounts by VAT rate.
 */

/**
 * The next number of a range, taken in the caller's transaction: the counter row stays locked until
 * it ends, and a rollback gives the number back (no gap). Take it late: concurrent issuers of the
 * same range wait for each other from here on.
 */
export async function nextDocumentNumber(tx: Queryable, kind: DocumentKind): Promise<number> {
  const [row] = await tx.query<{ n: string | number | null }>("select public.next_document_number($1) as n", [kind]);
  if (row?.n === null || row?.n === undefined) throw new Error(`no document counter for ${kind}`);
  return Number(row.n);
}

interface ItemRow {
  id: string;
  product_name: string;
  quantity: number;
  unit_price: string | number;
  total_price: string | number;
  vat_rate: string | number;
}

interface DocumentRow {
  order_id: string;
  kind: CorrectionKind;
  number: string | number;
  refers_to: string | number;
  lines: unknown;
  amounts: unknown;
  total: string | number;
  currency: Currency;
  created_at: Date | string;
}

const DOCUMENT_COLUMNS = "order_id, kind, number, refers_to, lines, amounts, total, currency, created_at";

function fromJson(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}

function toDocument(row: DocumentRow): OrderDocument {
  return {
    kind: row.kind,
    number: documentNumber(row.kind, Number(row.number)),
    refersTo: documentNumber("RE", Number(row.refers_to)),
    orderId: row.order_id,
    lines: (fromJson(row.lines) as DocumentLine[]) ?? [],
    amounts: (fromJson(row.amounts) as OrderDocument["amounts"]) ?? [],
    total: toCents(row.total),
    currency: row.currency,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

async function orderItems(tx: Queryable, orderId: string) {
  const rows = await tx.query<ItemRow>(
    "select id, product_name, quantity, unit_price, total_price, vat_rate from public.order_items where order_id = $1 order by id",
    [orderId],
  );
  return rows.map((row) => ({
    itemId: row.id,
    name: row.product_name,
    quantity: row.quantity,
    unitPrice: toCents(row.unit_price),
    total: toCents(row.total_price),
    vatRate: percentToRate(row.vat_rate),
  }));
}

async function documentsOf(db: Queryable, orderId: string): Promise<OrderDocument[]> {
  const rows = await db.query<DocumentRow>(
    `select ${DOCUMENT_COLUMNS} from public.order_documents where order_id = $1 order by created_at, kind, number`,
    [orderId],
  );
  return rows.map(toDocument);
}

/** Of each of an order's lines: how many were credited already (credit notes by line). */
function creditedQuantities(documents: readonly OrderDocument[]): Map<string, number> {
  const credited = new Map<string, number>();
  for (const document of documents) {
    if (document.kind !== "GS") continue;
    for (const line of document.lines) {
      if (line.type === "item") credited.set(line.itemId, (credited.get(line.itemId) ?? 0) + line.quantity);
    }
  }
  return credited;
}

/** A line's part of its total for `quantity` of its pieces (the whole line total when all of them). */
function partOfLine(item: { quantity: number; unitPrice: number; total: number }, quantity: number): number {
  return quantity === item.quantity ? item.total : item.unitPrice * quantity;
}

async function storeDocument(
  tx: Queryable,
  input: { orderId: string; kind: CorrectionKind; refersTo: number; lines: DocumentLine[]; currency: Currency },
): Promise<OrderDocumentLink> {
  const amounts = vatByRate(input.lines.map((line) => ({ total: line.total, vatRate: line.vatRate })));
  const total = amounts.reduce((sum, line) => sum + line.gross, 0);
  const sequence = await nextDocumentNumber(tx, input.kind);
  const [row] = await tx.query<{ created_at: Date | string }>(
    `insert into public.order_documents (order_id, kind, number, refers_to, lines, amounts, total, currency)
     values ($1, $2, $3, $4, $5::text::jsonb, $6::text::jsonb, $7, $8) returning created_at`,
    [input.orderId, input.kind, sequence, input.refersTo, JSON.stringify(input.lines), JSON.stringify(amounts), centsToDecimal(total), input.currency],
  );
  return { kind: input.kind, number: documentNumber(input.kind, sequence), total, currency: input.currency, createdAt: new Date(row!.created_at).toISOString() };
}

/**
 * The cancellation invoice (ST) of an order being cancelled, in the cancelling transaction (which
 * holds the order's row lock): it names the invoice it cancels and takes back, with negative
 * amounts by VAT rate, what the invoice charged and no credit note has paid back yet. Null when
 * credit notes took everything back already, or when the order has its ST already.
 */
export async function issueCancellationInvoice(tx: Queryable, orderId: string): Promise<OrderDocumentLink | null> {
  const [order] = await tx.query<{ invoice_number: string | number; currency: Currency }>(
    "select invoice_number, currency from public.orders where id = $1",
    [orderId],
  );
  if (!order) return null;
  const documents = await documentsOf(tx, orderId);
  if (documents.some((document) => document.kind === "ST")) return null;
  const credited = creditedQuantities(documents);
  const lines: DocumentLine[] = [];
  for (const item of await orderItems(tx, orderId)) {
    const quantity = item.quantity - (credited.get(item.itemId) ?? 0);
    if (quantity <= 0) continue;
    lines.push({ type: "item", itemId: item.itemId, name: item.name, quantity, unitPrice: -item.unitPrice, total: -partOfLine(item, quantity), vatRate: item.vatRate });
  }
  // Amounts credited without lines were paid back already: the cancellation takes back the rest.
  for (const document of documents) {
    for (const line of document.lines) {
      if (document.kind === "GS" && line.type === "amount") lines.push({ type: "credited", document: document.number, total: -line.total, vatRate: line.vatRate });
    }
  }
  if (lines.reduce((sum, line) => sum + line.total, 0) >= 0) return null;
  return storeDocument(tx, { orderId, kind: "ST", refersTo: Number(order.invoice_number), lines, currency: order.currency });
}

/**
 * `amount` cents split over the VAT rates of `grossByRate` in proportion to their gross (largest
 * remainder, exact integers): what an amount credited on a 19 % + 7 % order takes back at each rate.
 */
export function splitByRate(amount: number, grossByRate: ReadonlyArray<{ rate: number; gross: number }>): Array<{ rate: number; amount: number }> {
  const parts = grossByRate.filter((line) => line.gross > 0);
  const whole = parts.reduce((sum, line) => sum + line.gross, 0);
  if (whole <= 0 || parts.length === 0) return [];
  const shares = parts.map((line) => {
    const exact = BigInt(amount) * BigInt(line.gross);
    return { rate: line.rate, amount: Number(exact / BigInt(whole)), rest: exact % BigInt(whole) };
  });
  let left = amount - shares.reduce((sum, share) => sum + share.amount, 0);
  for (const share of [...shares].sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : b.rate - a.rate))) {
    if (left <= 0) break;
    share.amount += 1;
    left -= 1;
  }
  return shares.filter((share) => share.amount > 0).map(({ rate, amount: part }) => ({ rate, amount: part }));
}

export interface CreditNoteInput {
  /** Pieces to credit, by order line (order_items.id). */
  quantities: Record<string, number>;
  /** Cents to credit besides the lines (split over the order's VAT rates). */
  amount: number;
}

export type CreditNoteResult =
  | { ok: true; document: OrderDocumentLink; paymentStatus: string }
  | { ok: false; reason: "notFound" | "cancelled" | "unpaid" | "empty" | "unknownLine" | "tooMany" | "tooMuch" | "invalidAmount" };

/**
 * A credit note (GS) of some lines (returns) and/or an amount, with the refund it records (the
 * payment state moves to partially_refunded / refunded) — one transaction under the order's row
 * lock. Only for a paid order that is not cancelled: an unpaid order is cancelled instead (its
 * cancellation invoice), and a cancelled one has its cancellation invoice already. Refused: lines
 * not of this order, more pieces than are left to credit, more money than was received and not yet
 * paid back or than the invoice has left.
 */
export async function issueCreditNote(orderId: string, input: CreditNoteInput): Promise<CreditNoteResult> {
  if (!isUuid(orderId)) return { ok: false, reason: "notFound" };
  if (!Number.isSafeInteger(input.amount) || input.amount < 0 || input.amount > MAX_PAYMENT_CENTS) return { ok: false, reason: "invalidAmount" };
  for (const quantity of Object.values(input.quantities)) {
    if (!Number.isSafeInteger(quantity) || quantity < 0) return { ok: false, reason: "tooMany" };
  }
  const db = await getDb();
  return db.transaction(async (tx): Promise<CreditNoteResult> => {
    const [order] = await tx.query<{ status: string; payment_status: string; invoice_number: string | number; currency: Currency }>(
      "select status, payment_status, invoice_number, currency from public.orders where id = $1 for update",
      [orderId],
    );
    if (!order) return { ok: false, reason: "notFound" };
    if (order.status === "cancelled") return { ok: false, reason: "cancelled" };
    if (order.payment_status === "unpaid") return { ok: false, reason: "unpaid" };
    const items = await orderItems(tx, orderId);
    const documents = await documentsOf(tx, orderId);
    const credited = creditedQuantities(documents);
    const lines: DocumentLine[] = [];
    for (const [itemId, quantity] of Object.entries(input.quantities)) {
      if (quantity === 0) continue;
      const item = items.find((candidate) => candidate.itemId === itemId);
      if (!item) return { ok: false, reason: "unknownLine" };
      if (quantity > item.quantity - (credited.get(itemId) ?? 0)) return { ok: false, reason: "tooMany" };
      lines.push({ type: "item", itemId, name: item.name, quantity, unitPrice: -item.unitPrice, total: -partOfLine(item, quantity), vatRate: item.vatRate });
    }
    if (input.amount > 0) {
      const invoice = vatByRate(items.map((item) => ({ total: item.total, vatRate: item.vatRate })));
      for (const part of splitByRate(input.amount, invoice)) lines.push({ type: "amount", total: -part.amount, vatRate: part.rate });
    }
    const refund = -lines.reduce((sum, line) => sum + line.total, 0);
    if (refund <= 0) return { ok: false, reason: "empty" };
    const invoiceTotal = items.reduce((sum, item) => sum + item.total, 0);
    const creditedSoFar = -documents.filter((d) => d.kind === "GS").reduce((sum, d) => sum + d.total, 0);
    if (refund > invoiceTotal - creditedSoFar) return { ok: false, reason: "tooMuch" };
    const moved = await recordRefund(tx, orderId, refund);
    if (!moved.ok) return { ok: false, reason: moved.reason === "invalidAmount" ? "tooMuch" : moved.reason };
    const document = await storeDocument(tx, { orderId, kind: "GS", refersTo: Number(order.invoice_number), lines, currency: order.currency });
    return { ok: true, document, paymentStatus: moved.status };
  }, { retries: CONFLICT_RETRIES });
}

/** An order's cancellation invoices and credit notes, oldest first (for the order pages and e-mails). */
export async function listOrderDocuments(orderId: string, db?: Queryable): Promise<OrderDocumentLink[]> {
  if (!isUuid(orderId)) return [];
  const documents = await documentsOf(db ?? (await getDb()), orderId);
  return documents.map(({ kind, number, total, currency, createdAt }) => ({ kind, number, total, currency, createdAt }));
}

/** One document of an order by its number ("ST-000001"), or null (malformed, unknown, another order's). */
export async function readOrderDocument(orderId: string, number: string): Promise<OrderDocument | null> {
  const parsed = parseDocumentNumber(number);
  if (!parsed || !isUuid(orderId)) return null;
  const db = await getDb();
  const [row] = await db.query<DocumentRow>(
    `select ${DOCUMENT_COLUMNS} from public.order_documents where order_id = $1 and kind = $2 and number = $3`,
    [orderId, parsed.kind, parsed.sequence],
  );
  return row ? toDocument(row) : null;
}

/** The admin's refund form: each line of the order with how many pieces are left to credit. */
export async function creditableLines(orderId: string) {
  if (!isUuid(orderId)) return [];
  const db = await getDb();
  const [items, documents] = await Promise.all([orderItems(db, orderId), documentsOf(db, orderId)]);
  const credited = creditedQuantities(documents);
  return items.map((item) => ({ ...item, left: item.quantity - (credited.get(item.itemId) ?? 0) }));
}
