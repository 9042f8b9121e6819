import { commitSession, getSession, type ShopSession, type Toast } from "~/utils/session.server";
import { THIRTY_DAYS } from "~/utils/cookies.server";
import { isUuid } from "~/models/product.server";
import type { AuthIdentity, AuthTokens } from "./provider.server";

/** How long a sign-in lasts, counted on the server (the cookie's own expiry is the browser's to keep). */
export const SIGN_IN_LIFETIME_MS = THIRTY_DAYS * 1000;

/**
 * The signed-in user's id, when the session names one and the sign-in is not older than 30 days.
 * A forged or tampered cookie fails the signature check and arrives here as an empty session.
 */
export function sessionUserId(session: ShopSession, now = Date.now()): string | null {
  const userId = session.get("userId");
  const signedInAt = session.get("signedInAt");
  if (!isUuid(userId) || typeof signedInAt !== "number") return null;
  if (signedInAt > now + 60_000 || now - signedInAt > SIGN_IN_LIFETIME_MS) return null;
  return userId;
}

/** The Supabase tokens kept in the session, when all three are there. */
export function readTokens(session: ShopSession): AuthTokens | null {
  const accessToken = session.get("accessToken");
  const refreshToken = session.get("refreshToken");
  const expiresAt = session.get("expiresAt");
  if (typeof accessToken !== "string" || typeof refreshToken !== "string" || typeof expiresAt !== "number") return null;
  return { accessToken, refreshToken, expiresAt };
}

export function writeTokens(session: ShopSession, tokens: AuthTokens) {
  session.set("accessToken", tokens.accessToken);
  session.set("refreshToken", tokens.refreshToken);
  session.set("expiresAt", tokens.expiresAt);
}

/** Forgets who is signed in (the flash toast, if any, stays). */
export function clearAuth(session: ShopSession) {
  session.unset("userId");
  session.unset("signedInAt");
  session.unset("accessToken");
  session.unset("refreshToken");
  session.unset("expiresAt");
}

/** An empty session: nothing from the request's cookie is carried into it. */
function emptySession(): Promise<ShopSession> {
  return getSession(new Request("http://localhost/"));
}

/**
 * Signs in by issuing a brand-new session cookie: the old cookie's contents (which a third party
 * may have planted before sign-in) are dropped, so the signed-in session shares nothing with it.
 */
export async function startUserSession(identity: AuthIdentity, toast: Toast): Promise<string> {
  const session = await emptySession();
  session.set("userId", identity.id);
  session.set("signedInAt", Date.now());
  if (identity.tokens) writeTokens(session, identity.tokens);
  session.flash("toast", toast);
  return commitSession(session);
}

/** Signs out: a new, empty session that only carries the toast. */
export async function endUserSession(toast: Toast): Promise<string> {
  const session = await emptySession();
  session.flash("toast", toast);
  return commitSession(session);
}
