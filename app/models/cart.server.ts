import { getDb } from "~/db/db.server";
import { readCookie } from "~/utils/cookies.server";

/** Whose cart: a signed-in user's (by user id) or a visitor's (by the cart-session-id cookie). */
export type CartOwner = { userId: string; sessionId?: undefined } | { userId?: undefined; sessionId: string };

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function readCartSessionId(request: Request): string | null {
  const value = readCookie(request, "cart-session-id");
  return value && SESSION_ID.test(value) ? value.toLowerCase() : null;
}

/** The owner to read a cart for, or null when a visitor has no cart yet. */
export function cartOwnerFor(userId: string | null, request: Request): CartOwner | null {
  if (userId) return { userId };
  const sessionId = readCartSessionId(request);
  return sessionId ? { sessionId } : null;
}

/** The header badge: the total quantity of the owner's cart. */
export async function countCartItems(owner: CartOwner | null): Promise<number> {
  if (!owner) return 0;
  const db = await getDb();
  const [row] = owner.userId
    ? await db.query<{ count: number }>(
        "select coalesce(sum(quantity), 0)::int as count from public.cart_items where user_id = $1",
        [owner.userId],
      )
    : await db.query<{ count: number }>(
        "select coalesce(sum(quantity), 0)::int as count from public.cart_items where session_id = $1 and user_id is null",
        [owner.sessionId],
      );
  return row?.count ?? 0;
}
