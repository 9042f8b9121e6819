/*
 * Test data factories: one place that knows how to put products, accounts, carts, orders and
 * sessions into a test database, and what a checkout sends. Each takes a database (a TestDatabase, a Database, or a
 * transaction's Queryable), fills in sensible defaults and lets a test override what its
 * assertions depend on. Only the columns given (or defaulted) are written: the rest keep the
 * schema's own defaults.
 */
import { randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import type { Database, Queryable } from "~/db/database.server";
import type { CheckoutInput } from "~/models/checkout.schema";
import type { ProviderTokens } from "~/models/user-session.server";

/** Where factories write: a test database (createTestDatabase), a Database, or a transaction. */
export type FactoryDb = Queryable | { db: Queryable };

const sqlOf = (target: FactoryDb): Queryable => ("db" in target ? target.db : target);
const isDatabase = (q: Queryable): q is Database => typeof (q as Partial<Database>).transaction === "function";

/** A numeric column's value: a number or the exact decimal text ("19.99"). */
export type Amount = number | string;
/** A timestamp: an exact time, or how long ago (evaluated by the database, against its now()). */
export type When = Date | string | { daysAgo?: number; minutesAgo?: number };

type Column = { column: string; cast: string; value: unknown } | { column: string; sql: string; params: unknown[] };

function when(column: string, value: When): Column {
  if (value instanceof Date || typeof value === "string") return { column, cast: "timestamptz", value: value instanceof Date ? value.toISOString() : value };
  return { column, sql: "now() - make_interval(days => $::int, mins => $::int)", params: [value.daysAgo ?? 0, value.minutesAgo ?? 0] };
}

/** `insert into <table> (<given columns>) values (...) returning id`. */
async function insertRow(q: Queryable, table: string, columns: Array<Column | undefined>): Promise<string> {
  const given = columns.filter((c): c is Column => c !== undefined && !("value" in c && c.value === undefined));
  // Number the placeholders of raw SQL fragments in order.
  let n = 0;
  const fragments: string[] = [];
  const ordered: unknown[] = [];
  for (const c of given) {
    if ("sql" in c) {
      let i = 0;
      fragments.push(c.sql.replace(/\$/g, () => {
        ordered.push(c.params[i++]);
        return `$${++n}`;
      }));
    } else {
      ordered.push(c.value);
      fragments.push(`$${++n}::${c.cast}`);
    }
  }
  const [row] = await q.query<{ id: string }>(
    `insert into ${table} (${given.map((c) => c.column).join(", ")}) values (${fragments.join(", ")}) returning id`,
    ordered,
  );
  return row!.id;
}

const col = (column: string, cast: string, value: unknown): Column => ({ column, cast, value });
const amount = (value: Amount | null | undefined) => (value === undefined || value === null ? value : String(value));

// ---------------------------------------------------------------------------------------------
// Products

export interface ProductOverrides {
  id?: string;
  name?: string;
  nameDe?: string;
  nameFr?: string;
  nameAr?: string;
  description?: string;
  descriptionDe?: string;
  descriptionFr?: string;
  descriptionAr?: string;
  category?: string;
  /** The base price (the `price` column). */
  price?: Amount;
  priceEur?: Amount;
  priceChf?: Amount;
  salePriceEur?: Amount | null;
  salePriceChf?: Amount | null;
  stock?: number;
  /** Defaults to true (a product can be "in stock" with stock 0: sold out, not withdrawn). */
  inStock?: boolean;
  featured?: boolean;
  tags?: string[];
  /** The main image and all images (`images`; additional_images = all but the first). Default: the column defaults. */
  images?: string[];
  createdAt?: When;
}

/** A product (default: "Test product", office-gifts, 10 / EUR 10 / CHF 11, stock 10, in stock); returns its id. */
export async function createProduct(target: FactoryDb, overrides: ProductOverrides = {}): Promise<string> {
  const p = overrides;
  return insertRow(sqlOf(target), "public.products", [
    col("id", "uuid", p.id),
    col("name", "text", p.name ?? "Test product"),
    col("name_de", "text", p.nameDe),
    col("name_fr", "text", p.nameFr),
    col("name_ar", "text", p.nameAr),
    col("description", "text", p.description),
    col("description_de", "text", p.descriptionDe),
    col("description_fr", "text", p.descriptionFr),
    col("description_ar", "text", p.descriptionAr),
    col("category", "text", p.category ?? "office-gifts"),
    col("price", "numeric", amount(p.price ?? 10)),
    col("price_eur", "numeric", amount(p.priceEur ?? 10)),
    col("price_chf", "numeric", amount(p.priceChf ?? 11)),
    col("sale_price_eur", "numeric", amount(p.salePriceEur)),
    col("sale_price_chf", "numeric", amount(p.salePriceChf)),
    col("stock", "int", p.stock ?? 10),
    col("in_stock", "boolean", p.inStock ?? true),
    col("featured", "boolean", p.featured),
    col("tags", "text[]", p.tags),
    col("image", "text", p.images?.[0]),
    col("images", "text[]", p.images),
    col("additional_images", "text[]", p.images?.slice(1)),
    p.createdAt === undefined ? undefined : when("created_at", p.createdAt),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Accounts

export interface AccountOverrides {
  /** Default: a new unique address. */
  email?: string;
  /** Stored as a bcrypt hash, so the account can sign in; without it the hash is "x" (no sign-in). */
  password?: string;
  /** Whether the e-mail address is confirmed (default true). */
  confirmed?: boolean;
  metadata?: Record<string, unknown>;
  firstName?: string;
  lastName?: string;
  phone?: string;
  country?: "DE" | "CH";
  /** The profile's e-mail (default: the account's). */
  profileEmail?: string;
  /** Also a row in public.user_roles. */
  admin?: boolean;
}

export interface Account {
  id: string;
  email: string;
}

/** A local account (auth.users) with its profile (default: Erika Muster, DE, confirmed); returns id and e-mail. */
export async function createAccount(target: FactoryDb, overrides: AccountOverrides = {}): Promise<Account> {
  const q = sqlOf(target);
  const email = overrides.email ?? `user-${randomUUID()}@example.com`;
  const hash = overrides.password === undefined ? "x" : await bcrypt.hash(overrides.password, 4);
  const id = await insertRow(q, "auth.users", [
    col("email", "text", email),
    col("encrypted_password", "text", hash),
    col("raw_user_meta_data", "text::jsonb", JSON.stringify(overrides.metadata ?? {})),
    overrides.confirmed === false ? undefined : { column: "email_confirmed_at", sql: "now()", params: [] },
  ]);
  await insertRow(q, "public.profiles", [
    col("user_id", "uuid", id),
    col("first_name", "text", overrides.firstName ?? "Erika"),
    col("last_name", "text", overrides.lastName ?? "Muster"),
    col("email", "text", overrides.profileEmail ?? email),
    col("phone", "text", overrides.phone),
    col("country", "text", overrides.country ?? "DE"),
  ]);
  if (overrides.admin) await q.query("insert into public.user_roles (user_id, role) values ($1, 'admin')", [id]);
  return { id, email };
}

// ---------------------------------------------------------------------------------------------
// Carts

/** Whose cart: a visitor's (the cart-session id) or a signed-in user's. */
export type CartOwnerRef = { sessionId: string; userId?: undefined } | { userId: string; sessionId?: undefined };

/** A line in a cart (default quantity 1), written directly (no stock check); returns the line's id. */
export async function createCartItem(target: FactoryDb, owner: CartOwnerRef, productId: string, quantity = 1): Promise<string> {
  return insertRow(sqlOf(target), "public.cart_items", [
    col("product_id", "uuid", productId),
    col("quantity", "int", quantity),
    col("session_id", "text", owner.sessionId),
    col("user_id", "uuid", owner.userId),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Orders

export const defaultAddress = { street: "Hauptstraße 1", city: "Berlin", postalCode: "10115", country: "DE" as const };

export interface OrderLineOverrides {
  /** Default null: a line whose product is gone. */
  productId?: string | null;
  name?: string;
  quantity?: number;
  unitPrice?: Amount;
  /** Default: quantity × unit price. */
  totalPrice?: Amount;
  /** Default: the order's currency. */
  currency?: "EUR" | "CHF";
  /** Default 19. */
  vatRate?: Amount;
}

export interface OrderOverrides {
  /** Default: the database's gen_random_uuid(). */
  id?: string;
  /**
   * The stored order number. Default with a fixed id: the id's first segment upper-cased, as orders
   * placed before numbers were stored keep theirs (a bank statement's reference names it); without
   * an id: drawn from the sequence (public.next_order_number(), the column's default).
   */
  orderNumber?: string;
  customerName?: string;
  customerEmail?: string;
  customerPhone?: string;
  /** Default: the sum of the lines' totals. */
  total?: Amount;
  currency?: "EUR" | "CHF";
  status?: "pending" | "confirmed" | "shipped" | "delivered" | "cancelled";
  /** Default: defaultAddress. Any JSON (tests of odd data pass `{}`). */
  shippingAddress?: object;
  /** Default: the shipping address. */
  billingAddress?: object;
  paymentMethod?: "bank_transfer" | "cash_on_delivery";
  userId?: string | null;
  sessionId?: string | null;
  locale?: string;
  /** Default now(); updated_at is the same time. */
  createdAt?: When;
  /** Default: one line of "Test product", 1 × 10.00. `[]` makes an order without lines. */
  lines?: OrderLineOverrides[];
  /** Default unpaid. Paid: paid_at (default now) and amount_received (default the total) are set too. */
  paymentStatus?: "unpaid" | "paid" | "partially_refunded" | "refunded";
  paidAt?: When;
  amountReceived?: Amount;
}

const cents = (value: Amount) => Math.round(Number(value) * 100);
const decimal = (c: number) => (c / 100).toFixed(2);

/** An order with its lines (default: Erika Muster, EUR, pending, bank transfer, one line), in one transaction; returns its id. */
/** An order's stored number (what pages, e-mails and payment references show). */
export async function orderNumberOf(target: FactoryDb, orderId: string): Promise<string> {
  const [row] = await sqlOf(target).query<{ order_number: string }>("select order_number from public.orders where id = $1", [orderId]);
  if (!row) throw new Error(`no order ${orderId}`);
  return row.order_number;
}

export async function createOrder(target: FactoryDb, overrides: OrderOverrides = {}): Promise<string> {
  const q = sqlOf(target);
  const currency = overrides.currency ?? "EUR";
  const lines = (overrides.lines ?? [{}]).map((line) => {
    const quantity = line.quantity ?? 1;
    const unitPrice = line.unitPrice ?? "10.00";
    return {
      productId: line.productId ?? null,
      name: line.name ?? "Test product",
      quantity,
      unitPrice: String(unitPrice),
      totalPrice: String(line.totalPrice ?? decimal(cents(unitPrice) * quantity)),
      currency: line.currency ?? currency,
      vatRate: String(line.vatRate ?? 19),
    };
  });
  const total = overrides.total ?? decimal(lines.reduce((sum, line) => sum + cents(line.totalPrice), 0));
  const shipping = JSON.stringify(overrides.shippingAddress ?? defaultAddress);
  const created = overrides.createdAt === undefined ? undefined : when("created_at", overrides.createdAt);
  const write = async (tx: Queryable) => {
    const id = await insertRow(tx, "public.orders", [
      col("id", "uuid", overrides.id),
      col("order_number", "text", overrides.orderNumber ?? (overrides.id === undefined ? undefined : overrides.id.split("-")[0]!.toUpperCase())),
      col("customer_name", "text", overrides.customerName ?? "Erika Muster"),
      col("customer_email", "text", overrides.customerEmail ?? "erika@example.com"),
      col("customer_phone", "text", overrides.customerPhone),
      col("total_amount", "numeric", String(total)),
      col("currency", "text", currency),
      col("status", "text", overrides.status),
      col("shipping_address", "text::jsonb", shipping),
      col("billing_address", "text::jsonb", overrides.billingAddress === undefined ? shipping : JSON.stringify(overrides.billingAddress)),
      col("payment_method", "text", overrides.paymentMethod ?? "bank_transfer"),
      col("user_id", "uuid", overrides.userId ?? undefined),
      col("session_id", "text", overrides.sessionId ?? undefined),
      col("locale", "text", overrides.locale),
      created,
      created && { ...created, column: "updated_at" },
      col("payment_status", "text", overrides.paymentStatus),
      ...(overrides.paymentStatus && overrides.paymentStatus !== "unpaid"
        ? [
            when("paid_at", overrides.paidAt ?? { minutesAgo: 0 }),
            col("amount_received", "numeric", String(overrides.amountReceived ?? total)),
          ]
        : []),
    ]);
    for (const line of lines) {
      await insertRow(tx, "public.order_items", [
        col("order_id", "uuid", id),
        col("product_id", "uuid", line.productId ?? undefined),
        col("product_name", "text", line.name),
        col("quantity", "int", line.quantity),
        col("unit_price", "numeric", line.unitPrice),
        col("total_price", "numeric", line.totalPrice),
        col("currency", "text", line.currency),
        col("vat_rate", "numeric", line.vatRate),
      ]);
    }
    return id;
  };
  return isDatabase(q) ? q.transaction(write) : write(q);
}

// ---------------------------------------------------------------------------------------------
// Checkout

/**
 * What a valid checkout gives placeOrder (default: Erika Muster, defaultAddress, billing the same,
 * bank transfer, a new idempotency key each call). Billing follows a shipping address given.
 */
export function checkoutInput(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  const shippingAddress = overrides.shippingAddress ?? defaultAddress;
  return {
    firstName: "Erika",
    lastName: "Muster",
    email: "erika@example.com",
    phone: "+49 30 1234567",
    shippingAddress,
    useSameAddress: true,
    billingAddress: shippingAddress,
    paymentMethod: "bank_transfer",
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

/** The same checkout as the form posts it to /checkout (the box "same address" ticked), fields overridden by name. */
export function checkoutForm(overrides: Record<string, string> = {}): Record<string, string> {
  const input = checkoutInput();
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    "shippingAddress.street": input.shippingAddress.street,
    "shippingAddress.city": input.shippingAddress.city,
    "shippingAddress.postalCode": input.shippingAddress.postalCode,
    "shippingAddress.country": input.shippingAddress.country,
    useSameAddress: "on",
    paymentMethod: input.paymentMethod,
    idempotencyKey: input.idempotencyKey,
    ...overrides,
  };
}

// ---------------------------------------------------------------------------------------------
// Sessions

export interface SessionOptions {
  /** The URL of the request the session starts on (default http://localhost:3000/). */
  url?: string;
  /** Supabase tokens stored with the session's row. */
  tokens?: ProviderTokens;
}

/**
 * The `__session=…` cookie of a new signed-in session of the user (a row in public.sessions, as
 * sign-in makes it). Written through the app, so into the installed database (TestDatabase.install);
 * the session module is loaded on first use, after the test has set SESSION_SECRET.
 */
export async function sessionCookie(userId: string, options: SessionOptions = {}): Promise<string> {
  const { startUserSession } = await import("~/auth/session.server");
  const header = await startUserSession(new Request(options.url ?? "http://localhost:3000/"), { id: userId, tokens: options.tokens });
  return header.split(";")[0]!;
}
