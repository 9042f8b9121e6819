import { getAuthProvider } from "~/auth/provider.server";
import { getSignedInSession } from "~/auth/user.server";
import { cartOwnerOf, countCartItems } from "~/models/cart.server";
import { listFavoriteIds } from "~/models/favorite.server";
import { sessionIdOf } from "~/models/user-session.server";
import { readCartSessionId } from "~/auth/cart-session.server";
import { getSession } from "~/utils/session.server";
import { isSubstitutable, type PersonaRole, type VisitorValues } from "./persona.server";

/**
 * A visitor's values, read from their cookies, or null when their page must be rendered for them
 * alone: a flash toast to show (reading it rewrites the cookie), a session that has ended (the
 * cookie must lose it), an external sign-in provider (whose tokens may need a refresh on this
 * request), or a name or address with characters the placeholders cannot stand for.
 */
export async function resolveVisitorValues(request: Request): Promise<VisitorValues | null> {
  const session = await getSession(request);
  if (Object.keys(session.data).some((key) => key !== "sessionToken")) return null;
  let user: VisitorValues["user"] = null;
  let role: PersonaRole = "visitor";
  if (session.get("sessionToken") !== undefined) {
    if (getAuthProvider().name !== "local" || !sessionIdOf(session.get("sessionToken"))) return null;
    const signedIn = await getSignedInSession(request, session);
    if (!signedIn) return null;
    const { id, email, firstName, isAdmin } = signedIn.user;
    if (![id, email, firstName].every(isSubstitutable)) return null;
    user = { id, email, firstName };
    role = isAdmin ? "admin" : "customer";
  }
  const owner = cartOwnerOf(user?.id ?? null, readCartSessionId(request));
  const [cartCount, favoriteIds] = await Promise.all([countCartItems(owner), listFavoriteIds(owner)]);
  return { role, cartCount, favoriteIds, user };
}
