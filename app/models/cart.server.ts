import { getDb } from "~/db/db.server";
import type { Queryable } from "~/db/database.server";
import type { Locale } from "~/i18n/config";
import type { Currency } from "~/utils/money";
import {
  CARD_COLUMNS,
  columnList,
  isAvailable,
  isUuid,
  localizedDescription,
  localizedName,
  MEDIA_COLUMNS,
  priceIn,
  productFromRow,
  type Product,
  type ProductRow,
} from "./product.server";

/** Whose cart: a signed-in user's (by user id) or a visitor's (by the cart-session-id cookie, read in auth/cart-session.server). */
export type CartOwner = { userId: string; sessionId?: undefined } | { userId?: undefined; sessionId: string };

export const CART_COOKIE = "cart-session-id";
/** A cart session id: a UUID v4 (anything else never names a cart). */
export const CART_SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export { MAX_LINE_QUANTITY } from "./cart-limits";

/** The owner to read a cart (or favourites) for: the user, else the visitor's cart session, else none yet. */
export function cartOwnerOf(userId: string | null, cartSessionId: string | null): CartOwner | null {
  if (userId) return { userId };
  return cartSessionId ? { sessionId: cartSessionId } : null;
}

/** `where` clause and parameter selecting the owner's rows (visitor rows never carry a user id). */
function ownerWhere(owner: CartOwner, index: number, alias = ""): { sql: string; param: string } {
  const col = (name: string) => (alias ? `${alias}.${name}` : name);
  if (owner.userId !== undefined) return { sql: `${col("user_id")} = $${index}`, param: owner.userId };
  return { sql: `${col("session_id")} = $${index} and ${col("user_id")} is null`, param: owner.sessionId };
}

/** The header badge: the total quantity of the owner's cart. */
export async function countCartItems(owner: CartOwner | null): Promise<number> {
  if (!owner) return 0;
  const db = await getDb();
  const where = ownerWhere(owner, 1);
  const [row] = await db.query<{ count: number }>(
    `select coalesce(sum(quantity), 0)::int as count from public.cart_items where ${where.sql}`,
    [where.param],
  );
  return row?.count ?? 0;
}

export interface CartLineRecord {
  productId: string;
  quantity: number;
  product: Product;
}

/** A cart line's product: a card's columns and its media, neither product-safety texts nor price history. */
const PRODUCT_COLUMNS = columnList([...CARD_COLUMNS, ...MEDIA_COLUMNS], "p");

/** The owner's cart lines with their products, oldest line first. */
export async function getCartLines(owner: CartOwner | null, db?: Queryable): Promise<CartLineRecord[]> {
  if (!owner) return [];
  const q = db ?? (await getDb());
  const where = ownerWhere(owner, 1, "c");
  const rows = await q.query<ProductRow & { cart_quantity: number }>(
    `select ${PRODUCT_COLUMNS}, c.quantity as cart_quantity
       from public.cart_items c join public.products p on p.id = c.product_id
      where ${where.sql}
      order by c.created_at, c.id`,
    [where.param],
  );
  return rows.map((row) => ({ productId: row.id, quantity: row.cart_quantity, product: productFromRow(row) }));
}

/**
 * Locks the cart's lines until the transaction ends and returns what they hold (the checkout, after
 * it has taken the stock: products first, then cart lines, the order every cart change takes them
 * in, so the two never wait on each other in a cycle). A second checkout of the same cart at the
 * same moment (another tab) waits here for the first and then finds the lines gone.
 */
export async function lockCartLines(owner: CartOwner, tx: Queryable): Promise<Array<{ productId: string; quantity: number }>> {
  const where = ownerWhere(owner, 1);
  return tx.query<{ productId: string; quantity: number }>(
    `select product_id as "productId", quantity from public.cart_items where ${where.sql} order by id for update`,
    [where.param],
  );
}

export interface CartLineView {
  productId: string;
  name: string;
  description: string;
  image: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  stock: number;
  available: boolean;
}

export interface CartView {
  currency: Currency;
  /** Lines whose product can be bought. */
  lines: CartLineView[];
  /** Lines whose product is sold out or withdrawn: shown apart, not counted in the totals. */
  unavailable: CartLineView[];
  /** All cart rows, available or not (the spec's "cart items" count). */
  itemCount: number;
  /** Pieces in the available lines. */
  quantity: number;
  subtotal: number;
  shipping: number;
  total: number;
}

/** What one piece costs: the sale price when the product is reduced. */
export function unitPriceIn(product: Product, currency: Currency): number {
  return priceIn(product, currency).price;
}

/** The cart as the page shows it: localized texts, prices in the shopper's currency, integer cents. */
export function toCartView(records: CartLineRecord[], locale: Locale, currency: Currency): CartView {
  const views = records.map((record): CartLineView => {
    const unitPrice = unitPriceIn(record.product, currency);
    return {
      productId: record.productId,
      name: localizedName(record.product, locale),
      description: localizedDescription(record.product, locale),
      image: record.product.image,
      unitPrice,
      quantity: record.quantity,
      lineTotal: unitPrice * record.quantity,
      stock: record.product.stock,
      available: isAvailable(record.product),
    };
  });
  const lines = views.filter((line) => line.available);
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  return {
    currency,
    lines,
    unavailable: views.filter((line) => !line.available),
    itemCount: views.length,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    // Shipping is free in cart and checkout (docs/CONTRACTS.md: the total equals the subtotal).
    shipping: 0,
    total: subtotal,
  };
}

export async function getCart(owner: CartOwner | null, locale: Locale, currency: Currency): Promise<CartView> {
  return toCartView(await getCartLines(owner), locale, currency);
}

export type CartChange =
  | { ok: true; product: Product; quantity: number; previous: number; limited: boolean }
  | { ok: false; reason: "not_found" | "sold_out" | "stock_limit" | "not_in_cart"; product?: Product };

async function lockProduct(tx: Queryable, productId: string): Promise<Product | null> {
  if (!isUuid(productId)) return null;
  const [row] = await tx.query<ProductRow>(`select ${PRODUCT_COLUMNS} from public.products p where p.id = $1 for share`, [
    productId,
  ]);
  return row ? productFromRow(row) : null;
}

async function currentQuantity(tx: Queryable, owner: CartOwner, productId: string): Promise<number> {
  const where = ownerWhere(owner, 2);
  const [row] = await tx.query<{ quantity: number }>(
    `select quantity from public.cart_items where product_id = $1 and ${where.sql} for update`,
    [productId, where.param],
  );
  return row?.quantity ?? 0;
}

async function writeQuantity(tx: Queryable, owner: CartOwner, productId: string, quantity: number) {
  if (owner.userId) {
    await tx.query(
      `insert into public.cart_items (product_id, quantity, user_id) values ($1, $2, $3)
       on conflict (user_id, product_id) where user_id is not null
       do update set quantity = excluded.quantity, updated_at = now()`,
      [productId, quantity, owner.userId],
    );
  } else {
    await tx.query(
      `insert into public.cart_items (product_id, quantity, session_id) values ($1, $2, $3)
       on conflict (session_id, product_id) where user_id is null
       do update set quantity = excluded.quantity, updated_at = now()`,
      [productId, quantity, owner.sessionId],
    );
  }
}

/**
 * Adds `quantity` pieces (already checked to be 1…MAX_LINE_QUANTITY). A product already in the
 * cart has its quantity raised; the line never holds more than the stock. Sold-out or unknown
 * products are refused here, whatever the page's button showed.
 */
export async function addToCart(owner: CartOwner, productId: string, quantity: number): Promise<CartChange> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if (!product) return { ok: false, reason: "not_found" };
    if (!isAvailable(product)) return { ok: false, reason: "sold_out", product };
    const previous = await currentQuantity(tx, owner, productId);
    const wanted = previous + quantity;
    const next = Math.min(wanted, product.stock);
    if (next <= previous) return { ok: false, reason: "stock_limit", product };
    await writeQuantity(tx, owner, productId, next);
    return { ok: true, product, quantity: next, previous, limited: next < wanted };
  });
}

/** Sets a line's quantity: 0 or less removes it, more than the stock is capped at the stock. */
export async function setCartQuantity(owner: CartOwner, productId: string, quantity: number): Promise<CartChange> {
  if (quantity <= 0) return removeFromCart(owner, productId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if (!product) return { ok: false, reason: "not_found" };
    const previous = await currentQuantity(tx, owner, productId);
    if (previous === 0) return { ok: false, reason: "not_in_cart", product };
    if (!isAvailable(product)) return { ok: false, reason: "sold_out", product };
    const next = Math.min(quantity, product.stock);
    await writeQuantity(tx, owner, productId, next);
    return { ok: true, product, quantity: next, previous, limited: next < quantity };
  });
}

export async function removeFromCart(owner: CartOwner, productId: string): Promise<CartChange> {
  if (!isUuid(productId)) return { ok: false, reason: "not_found" };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const where = ownerWhere(owner, 2);
    const removed = await tx.query<{ quantity: number }>(
      `delete from public.cart_items where product_id = $1 and ${where.sql} returning quantity`,
      [productId, where.param],
    );
    if (!product) return { ok: false, reason: "not_found" };
    if (removed.length === 0) return { ok: false, reason: "not_in_cart", product };
    return { ok: true, product, quantity: 0, previous: removed[0]?.quantity ?? 0, limited: false };
  });
}

/** Removes every line of the user (or of the visitor's session); returns how many. */
export async function clearCart(owner: CartOwner, db?: Queryable): Promise<number> {
  const q = db ?? (await getDb());
  const where = ownerWhere(owner, 1);
  const rows = await q.query(`delete from public.cart_items where ${where.sql} returning id`, [where.param]);
  return rows.length;
}

/**
 * On sign-in: the visitor's cart (cart-session-id) joins the user's cart. Quantities of a product in
 * both add up, capped by the stock; lines of sold-out products are dropped. The visitor's favourites
 * move to the user too. Runs in one transaction; afterwards the session owns nothing.
 * Returns the number of pieces now in the user's cart.
 */
export async function mergeVisitorCart(sessionId: string, userId: string): Promise<number> {
  if (!CART_SESSION_ID.test(sessionId) || !isUuid(userId)) return 0;
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.query(
      `insert into public.cart_items (product_id, quantity, user_id)
       select s.product_id, least(s.quantity, p.stock), $2::uuid
         from public.cart_items s join public.products p on p.id = s.product_id
        where s.session_id = $1 and s.user_id is null and p.in_stock and p.stock > 0
       on conflict (user_id, product_id) where user_id is not null
       do update set quantity = least(public.cart_items.quantity + excluded.quantity,
                                      (select stock from public.products where id = excluded.product_id)),
                     updated_at = now()`,
      [sessionId, userId],
    );
    await tx.query("delete from public.cart_items where session_id = $1 and user_id is null", [sessionId]);
    await tx.query(
      `insert into public.favorites (product_id, user_id)
       select product_id, $2::uuid from public.favorites where session_id = $1 and user_id is null
       on conflict (user_id, product_id) where user_id is not null do nothing`,
      [sessionId, userId],
    );
    await tx.query("delete from public.favorites where session_id = $1 and user_id is null", [sessionId]);
    const [row] = await tx.query<{ count: number }>(
      "select coalesce(sum(quantity), 0)::int as count from public.cart_items where user_id = $1",
      [userId],
    );
    return row?.count ?? 0;
  });
}
