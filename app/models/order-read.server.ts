import type { Queryable } from "~/db/database.server";
import { toCents, type Currency } from "~/utils/money";
import { percentToRate, vatByRate, type VatLine } from "~/utils/vat";
import type { PaymentMethod } from "./checkout-options";
import type { OrderStatus } from "./order-status";
import type { PaymentSource, PaymentStatus } from "./payment-status";

/**
 * The one reader of stored orders: their columns and row type, the mapping of a row to a camelCase
 * order (cents, addresses, VAT rates, its stored number), their lines, and the summaries of order lists. It
 * reads through any Queryable (a transaction's too: an e-mail shows what its transaction wrote).
 * Who may see an order is decided by its views (confirmation, account, admin, e-mail), not here.
 */

/** An order's stored address (shipping or billing). */
export interface Address {
  street: string;
  city: string;
  postalCode: string;
  country: string;
}

/** A jsonb value: an object, or its text on some drivers (null when the text is not JSON). */
function fromJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** An order's stored address, every field a string ("" when missing). */
export function toAddress(value: unknown): Address {
  const source = fromJson(value) as Partial<Address> | null;
  return {
    street: String(source?.street ?? ""),
    city: String(source?.city ?? ""),
    postalCode: String(source?.postalCode ?? ""),
    country: String(source?.country ?? ""),
  };
}

/** What every order list shows. */
export interface OrderSummary {
  id: string;
  number: string;
  createdAt: string;
  customerName: string;
  customerEmail: string;
  total: number;
  currency: Currency;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
}

/** One order as stored, without its lines. */
export interface StoredOrder extends OrderSummary {
  updatedAt: string;
  userId: string | null;
  /** The browser session (cart cookie) that placed it. */
  sessionId: string | null;
  customerPhone: string;
  /** The language the order was placed in. */
  locale: string;
  /** Consecutive invoice number, given when the order was placed. */
  invoiceNumber: number;
  /** When the payment arrived (ISO), null while unpaid. */
  paidAt: string | null;
  /** Cents received, as received (may differ from the total); null while unpaid. */
  amountReceived: number | null;
  /** Cents paid back by credit notes. */
  amountRefunded: number;
  paymentSource: PaymentSource | null;
  shippingAddress: Address;
  billingAddress: Address;
  /** The addresses' JSON exactly as stored (the data export hands over what is held, unnormalized). */
  storedAddresses: { shipping: unknown; billing: unknown };
}

/** One line of an order. vatRate: basis points (1900 = 19 %), stored when the order was placed. */
export interface OrderLine {
  productId: string | null;
  productName: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  currency: Currency;
  vatRate: number;
}

/** An order's lines with the VAT contained in them, by rate. */
export interface OrderLines {
  lines: OrderLine[];
  vat: VatLine[];
}

/** Lines in the order they were placed ("placed": the cart's order), or by product name. */
export type LineOrder = "placed" | "name";

const SUMMARY_COLUMNS = "id, order_number, created_at, customer_name, customer_email, total_amount, currency, status, payment_status, payment_method";
const ORDER_COLUMNS = `${SUMMARY_COLUMNS}, updated_at, user_id, session_id, customer_phone, locale,
  invoice_number, shipping_address, billing_address, paid_at, amount_received, amount_refunded, payment_source`;
const LINE_COLUMNS = "order_id, product_id, product_name, quantity, unit_price, total_price, currency, vat_rate";
const LINE_ORDER: Record<LineOrder, string> = { placed: "id", name: "product_name, id" };
/** Order lists: newest first. */
const NEWEST_FIRST = "created_at desc, id";

interface SummaryRow {
  id: string;
  order_number: string;
  created_at: Date | string;
  customer_name: string;
  customer_email: string;
  total_amount: string | number;
  currency: Currency;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
}

interface OrderRow extends SummaryRow {
  updated_at: Date | string;
  user_id: string | null;
  session_id: string | null;
  customer_phone: string;
  locale: string;
  invoice_number: string | number;
  shipping_address: unknown;
  billing_address: unknown;
  paid_at: Date | string | null;
  amount_received: string | number | null;
  amount_refunded: string | number;
  payment_source: PaymentSource | null;
}

interface LineRow {
  order_id: string;
  product_id: string | null;
  product_name: string;
  quantity: number;
  unit_price: string | number;
  total_price: string | number;
  currency: Currency;
  vat_rate: string | number;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function toSummary(row: SummaryRow): OrderSummary {
  return {
    id: row.id,
    number: row.order_number,
    createdAt: iso(row.created_at),
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    total: toCents(row.total_amount),
    currency: row.currency,
    status: row.status,
    paymentStatus: row.payment_status,
    paymentMethod: row.payment_method,
  };
}

function toStoredOrder(row: OrderRow): StoredOrder {
  const shipping = fromJson(row.shipping_address);
  const billing = fromJson(row.billing_address);
  return {
    ...toSummary(row),
    updatedAt: iso(row.updated_at),
    userId: row.user_id,
    sessionId: row.session_id,
    customerPhone: row.customer_phone,
    locale: row.locale,
    invoiceNumber: Number(row.invoice_number),
    paidAt: row.paid_at === null ? null : iso(row.paid_at),
    amountReceived: row.amount_received === null ? null : toCents(row.amount_received),
    amountRefunded: toCents(row.amount_refunded),
    paymentSource: row.payment_source,
    shippingAddress: toAddress(shipping),
    billingAddress: toAddress(billing),
    storedAddresses: { shipping, billing },
  };
}

function toLine(row: LineRow): OrderLine {
  return {
    productId: row.product_id,
    productName: row.product_name,
    quantity: row.quantity,
    unitPrice: toCents(row.unit_price),
    totalPrice: toCents(row.total_price),
    currency: row.currency,
    vatRate: percentToRate(row.vat_rate),
  };
}

function withVat(lines: OrderLine[]): OrderLines {
  return { lines, vat: vatByRate(lines.map((line) => ({ total: line.totalPrice, vatRate: line.vatRate }))) };
}

/** One order (no lines), or null when there is none with this id (the id must be a well-formed uuid). */
export async function readOrder(db: Queryable, id: string): Promise<StoredOrder | null> {
  const [row] = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from public.orders where id = $1`, [id]);
  return row ? toStoredOrder(row) : null;
}

/** An order's stored number, or null when there is no order with this id (a well-formed uuid). */
export async function readOrderNumber(db: Queryable, id: string): Promise<string | null> {
  const [row] = await db.query<{ order_number: string }>("select order_number from public.orders where id = $1", [id]);
  return row?.order_number ?? null;
}

/** Every order placed with a user's account, oldest first (no lines). */
export async function readUserOrders(db: Queryable, userId: string): Promise<StoredOrder[]> {
  const rows = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from public.orders where user_id = $1 order by created_at`, [userId]);
  return rows.map(toStoredOrder);
}

/** The lines of some orders, by order id (an order without lines: no entry), each order's in `order`. */
export async function readLinesOfOrders(db: Queryable, orderIds: readonly string[], order: LineOrder): Promise<Map<string, OrderLine[]>> {
  const byOrder = new Map<string, OrderLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.query<LineRow>(
    `select ${LINE_COLUMNS} from public.order_items where order_id = any($1::uuid[]) order by ${LINE_ORDER[order]}`,
    [[...orderIds]],
  );
  for (const row of rows) {
    const lines = byOrder.get(row.order_id) ?? [];
    lines.push(toLine(row));
    byOrder.set(row.order_id, lines);
  }
  return byOrder;
}

/** One order's lines (in `order`) with their VAT by rate. */
export async function readOrderLines(db: Queryable, orderId: string, order: LineOrder): Promise<OrderLines> {
  const lines = await readLinesOfOrders(db, [orderId], order);
  return withVat(lines.get(orderId) ?? []);
}

/** One order with its lines (in `order`) and their VAT, or null when there is none with this id. */
export async function readOrderWithLines(db: Queryable, id: string, order: LineOrder): Promise<(StoredOrder & OrderLines) | null> {
  const stored = await readOrder(db, id);
  return stored ? { ...stored, ...(await readOrderLines(db, id, order)) } : null;
}

/** Whose orders a list shows: every order (admin), the unpaid ones not cancelled (admin), or one user's. */
export type OrderScope = { userId: string } | { unpaid: true } | "all";

function scopeFilter(scope: OrderScope): { where: string; params: unknown[] } {
  if (scope === "all") return { where: "", params: [] };
  // orders_unpaid_idx: the list of orders still waiting for their money.
  if ("unpaid" in scope) return { where: "where payment_status = 'unpaid' and status <> 'cancelled'", params: [] };
  return { where: "where user_id = $1", params: [scope.userId] };
}

/** How many orders the scope has. */
export async function countOrders(db: Queryable, scope: OrderScope): Promise<number> {
  const { where, params } = scopeFilter(scope);
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total from public.orders ${where}`, params);
  return count?.total ?? 0;
}

/** A page of the scope's orders, newest first. */
export async function readOrderSummaries(db: Queryable, scope: OrderScope, page: { limit: number; offset?: number }): Promise<OrderSummary[]> {
  const { where, params } = scopeFilter(scope);
  const rows = await db.query<SummaryRow>(
    `select ${SUMMARY_COLUMNS} from public.orders ${where} order by ${NEWEST_FIRST}
      limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, page.limit, page.offset ?? 0],
  );
  return rows.map(toSummary);
}
