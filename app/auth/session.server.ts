import { commitSession, getSession, type ShopSession, type Toast } from "~/utils/session.server";
import { createSession, deleteSession } from "~/models/user-session.server";
import { newVisitorCartCookie } from "~/auth/cart-session.server";
import type { AuthIdentity } from "./provider.server";

/** An empty session: nothing from the request's cookie is carried into it. */
function emptySession(): Promise<ShopSession> {
  return getSession(new Request("http://localhost/"));
}

/**
 * Signs in: a new row in public.sessions (with the provider's tokens, if any) and a brand-new
 * session cookie carrying its token. The old cookie's contents (which a third party may have
 * planted before sign-in) are dropped, so the signed-in session shares nothing with it.
 */
export async function startUserSession(request: Request, identity: Pick<AuthIdentity, "id" | "tokens">, toast?: Toast): Promise<string> {
  const { token } = await createSession(identity.id, identity.tokens ?? null);
  const session = await emptySession();
  session.set("sessionToken", token);
  if (toast) session.flash("toast", toast);
  return commitSession(session, request);
}

/**
 * Signs out: the session's row is deleted (a copy of the cookie signs in no one any more), the
 * cookie is replaced by an empty one carrying only the toast, and the browser gets a new visitor
 * cart: the next person at a shared browser sees nothing of this one's cart or orders.
 * Returns the Set-Cookie headers.
 */
export async function endUserSession(request: Request, sessionId: string | null, toast: Toast): Promise<string[]> {
  if (sessionId) await deleteSession(sessionId);
  const session = await emptySession();
  session.flash("toast", toast);
  return [await commitSession(session, request), newVisitorCartCookie(request)];
}
