import type { Locale } from "~/i18n/config";
import { getLocale } from "~/i18n/i18n.server";
import { getAuthState, type AuthState, type ShopUser } from "~/auth/user.server";
import { cartOwnerOf, countCartItems, type CartOwner } from "~/models/cart.server";
import { listFavoriteIds } from "~/models/favorite.server";
import { getPreferences, type Country } from "~/utils/preferences.server";
import { getSession } from "~/utils/session.server";
import type { Currency } from "~/utils/money";
import { readCartSessionId } from "~/auth/cart-session.server";

/**
 * What a request says about who is asking, worked out once per request: language, country and
 * currency, the signed-in user (with the admin role), whose cart and favourites to show, and the
 * cart count and favourites themselves. Loaders and actions read it here and hand plain values
 * (ids, locale, currency) to the models.
 *
 * A page the shared page cache renders on behalf of a *kind* of visitor (app/page-cache/) carries
 * that persona in its load context (`context.persona`, set only by the cache's own in-process fill):
 * its user, cart count and favourites are then the persona's, and no cookie is read for them.
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
  /** The owner of the cart and favourites to show: the user, else the cart session, else null (also for a persona). */
  cartOwner: CartOwner | null;
  /** The cookie session and whether it must be rewritten (the root loader commits it). */
  auth: AuthState;
  /** The kind of visitor the page is rendered for by the page cache, or null for a visitor's own request. */
  persona: PersonaValues | null;
  /** The header badge: the total quantity of the cart (read once, when first asked for). */
  cartCount(): Promise<number>;
  /** The ids of the visitor's favourite products (read once, when first asked for). */
  favoriteIds(): Promise<string[]>;
}

/**
 * What the page cache's render of a kind of visitor hands the app in its load context instead of
 * cookies (app/page-cache/persona.server.ts makes it: a `Persona`, whose user has placeholders).
 */
export interface PersonaValues {
  user: ShopUser | null;
  cartCount: number;
  /** Only the favourites the page shows. */
  favoriteIds: string[];
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
  if (known) return known;
  const persona = reading ? personaOf(context) : null;
  const pending = persona ? asPersona(request, persona) : resolve(request);
  if (key) memo.set(key, pending);
  return pending;
}

/** The persona the page cache's fill put in the load context (never anything a client sent). */
function personaOf(context: unknown): PersonaValues | null {
  return typeof context === "object" && context !== null && "persona" in context ? ((context as { persona?: PersonaValues }).persona ?? null) : null;
}

/** A read asked for at most once per context. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let shared: Promise<T> | undefined;
  return () => (shared ??= read());
}

async function resolve(request: Request): Promise<RequestContext> {
  const [locale, { country, currency }, auth] = await Promise.all([getLocale(request), getPreferences(request), getAuthState(request)]);
  const userId = auth.user?.id ?? null;
  const cartSessionId = readCartSessionId(request);
  const cartOwner = cartOwnerOf(userId, cartSessionId);
  return {
    locale,
    country,
    currency,
    user: auth.user,
    userId,
    cartSessionId,
    cartOwner,
    auth,
    persona: null,
    cartCount: once(() => countCartItems(cartOwner)),
    favoriteIds: once(() => listFavoriteIds(cartOwner)),
  };
}

async function asPersona(request: Request, persona: PersonaValues): Promise<RequestContext> {
  const [locale, { country, currency }, session] = await Promise.all([getLocale(request), getPreferences(request), getSession(request)]);
  return {
    locale,
    country,
    currency,
    user: persona.user,
    userId: persona.user?.id ?? null,
    cartSessionId: null,
    cartOwner: null,
    auth: { user: persona.user, sessionId: null, session, sessionChanged: false },
    persona,
    cartCount: async () => persona.cartCount,
    favoriteIds: async () => persona.favoriteIds,
  };
}
