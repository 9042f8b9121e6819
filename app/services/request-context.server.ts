import type { Locale } from "~/i18n/config";
import { getLocale } from "~/i18n/i18n.server";
import { getAuthState, type AuthState, type ShopUser } from "~/auth/user.server";
import { cartOwnerOf, type CartOwner } from "~/models/cart.server";
import { getPreferences, type Country } from "~/utils/preferences.server";
import type { Currency } from "~/utils/money";
import { readCartSessionId } from "./cart-session.server";
import { ownOutageAnswer } from "~/db/database.server";

/**
 * What a request says about who is asking, worked out once per request: language, country and
 * currency, the signed-in user (with the admin role), and whose cart and favourites to show.
 * Loaders and actions read it here and hand plain values (ids, locale, currency) to the models.
 */
export interface RequestContext {
  locale: Locale;
  country: Country;
  currency: Currency;
  /** The signed-in user with the admin role, or null. */
  user: ShopUser | null;
  userId: string | null;
  /** The visitor's cart session (cookie), valid or null. */
  cartSessionId: string | null;
  /** The owner of the cart and favourites to show: the user, else the cart session, else null. */
  cartOwner: CartOwner | null;
  /** The cookie session and whether it must be rewritten (the root loader commits it). */
  auth: AuthState;
}

type Args = { request: Request; context?: unknown };

/**
 * Memoized per request. Remix hands every loader of one request the same load context object (the
 * server entry's getLoadContext makes one per request), but a new Request each, so the context is
 * the key. Only reads are memoized: an action computes its own, and the loaders that run after it
 * in the same request compute theirs afresh (the action may have signed someone in or out).
 */
const memo = new WeakMap<object, Promise<RequestContext>>();

export function requestContext({ request, context }: Args): Promise<RequestContext> {
  const reading = request.method === "GET" || request.method === "HEAD";
  const key = reading && typeof context === "object" && context !== null ? context : null;
  const known = key ? memo.get(key) : undefined;
  // Each loader gets its own 503 when the database is away: Remix reads a thrown Response once per
  // loader, and one Response thrown by the root and a child loader made the page a 500.
  if (known) return ownOutageAnswer(known);
  const pending = resolve(request);
  if (key) memo.set(key, pending);
  return ownOutageAnswer(pending);
}

async function resolve(request: Request): Promise<RequestContext> {
  const [locale, { country, currency }, auth] = await Promise.all([getLocale(request), getPreferences(request), getAuthState(request)]);
  const userId = auth.user?.id ?? null;
  const cartSessionId = readCartSessionId(request);
  return { locale, country, currency, user: auth.user, userId, cartSessionId, cartOwner: cartOwnerOf(userId, cartSessionId), auth };
}
