import { getDb } from "~/db/db.server";
import type { CartOwner } from "./cart.server";
import { getProduct, productCardColumns, productFromRow, type Product, type ProductCard, type ProductRow } from "./product.server";

/** The ids of the products the user (or the visitor's cart session) marked as favourites. */
export async function listFavoriteIds(owner: CartOwner | null): Promise<string[]> {
  if (!owner) return [];
  const db = await getDb();
  const rows = owner.userId
    ? await db.query<{ product_id: string }>("select product_id from public.favorites where user_id = $1", [owner.userId])
    : await db.query<{ product_id: string }>(
        "select product_id from public.favorites where session_id = $1 and user_id is null",
        [owner.sessionId],
      );
  return rows.map((row) => row.product_id);
}

/** The owner's favourite products, most recently marked first (as their cards show them: with the 30-day reference price). */
export async function listFavoriteProducts(owner: CartOwner | null): Promise<ProductCard[]> {
  if (!owner) return [];
  const db = await getDb();
  const [where, param] = owner.userId
    ? ["f.user_id = $1", owner.userId]
    : ["f.session_id = $1 and f.user_id is null", owner.sessionId];
  const rows = await db.query<ProductRow>(
    `select ${productCardColumns("p")} from public.favorites f join public.products p on p.id = f.product_id
      where ${where} order by f.created_at desc, f.id`,
    [param],
  );
  return rows.map(productFromRow);
}

export type FavoriteToggle = { ok: true; active: boolean; product: Product } | { ok: false; reason: "not_found" };

/**
 * Marks the product as a favourite, or unmarks it when it already is one. The delete-or-insert runs
 * in one transaction; a concurrent second toggle of the same product cannot create a duplicate
 * (unique index) and simply leaves it marked.
 */
export async function toggleFavorite(owner: CartOwner, productId: string): Promise<FavoriteToggle> {
  const product = await getProduct(productId);
  if (!product) return { ok: false, reason: "not_found" };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const removed = owner.userId
      ? await tx.query("delete from public.favorites where product_id = $1 and user_id = $2 returning id", [
          productId,
          owner.userId,
        ])
      : await tx.query(
          "delete from public.favorites where product_id = $1 and session_id = $2 and user_id is null returning id",
          [productId, owner.sessionId],
        );
    if (removed.length > 0) return { ok: true, active: false, product };
    if (owner.userId) {
      await tx.query(
        `insert into public.favorites (product_id, user_id) values ($1, $2)
         on conflict (user_id, product_id) where user_id is not null do nothing`,
        [productId, owner.userId],
      );
    } else {
      await tx.query(
        `insert into public.favorites (product_id, session_id) values ($1, $2)
         on conflict (session_id, product_id) where user_id is null do nothing`,
        [productId, owner.sessionId],
      );
    }
    return { ok: true, active: true, product };
  });
}
