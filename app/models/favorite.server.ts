import { getDb } from "~/db/db.server";
import { cartOwnerFor } from "./cart.server";

/** The ids of the products the user (or the visitor's cart session) marked as favourites. */
export async function listFavoriteIds(userId: string | null, request: Request): Promise<string[]> {
  const owner = cartOwnerFor(userId, request);
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
