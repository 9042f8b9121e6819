import { getDb } from "~/db/db.server";
import { getSession, type ShopSession } from "~/utils/session.server";
import { getAuthProvider } from "./provider.server";
import { clearAuth, readTokens, sessionUserId, writeTokens } from "./session.server";

export interface ShopUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  country: "DE" | "CH";
  isAdmin: boolean;
}

export function adminEmails(): string[] {
  return (process.env.ADMIN_EMAILS ?? "")
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * The signed-in user's id from the session cookie, or null. A forged or tampered cookie fails
 * its signature check and reads as an empty session; a sign-in older than 30 days has ended:
 * signed out either way, never an error.
 */
export async function getUserId(request: Request): Promise<string | null> {
  return sessionUserId(await getSession(request));
}

/**
 * The signed-in user with profile and role, read in one query. Admin = an e-mail listed in
 * ADMIN_EMAILS, or an 'admin' row in user_roles.
 */
export async function getUserById(userId: string): Promise<ShopUser | null> {
  const db = await getDb();
  const [row] = await db.query<{
    email: string;
    first_name: string | null;
    last_name: string | null;
    phone: string | null;
    country: string | null;
    is_admin: boolean;
  }>(
    `select p.email, p.first_name, p.last_name, p.phone, p.country,
            exists (select 1 from public.user_roles r where r.user_id = p.user_id and r.role = 'admin') as is_admin
       from public.profiles p where p.user_id = $1`,
    [userId],
  );
  if (!row) return null;
  const email = row.email.toLowerCase();
  return {
    id: userId,
    email: row.email,
    firstName: row.first_name ?? "",
    lastName: row.last_name ?? "",
    phone: row.phone ?? "",
    country: row.country === "CH" ? "CH" : "DE",
    isAdmin: row.is_admin || adminEmails().includes(email),
  };
}

export async function getUser(request: Request): Promise<ShopUser | null> {
  const userId = await getUserId(request);
  return userId ? getUserById(userId) : null;
}

export interface AuthState {
  user: ShopUser | null;
  session: ShopSession;
  /** The session changed (tokens refreshed, or the user signed out): commit it in the response. */
  sessionChanged: boolean;
}

/**
 * The one place where a session is checked and kept fresh (the root loader calls it on every
 * document request and after every action). With AUTH_PROVIDER=supabase an expired access token
 * is refreshed here and the new tokens go back in the cookie; a refresh token Supabase refuses
 * signs the user out cleanly. When Supabase cannot be reached the session is kept and the refresh
 * is tried again on the next request.
 */
export async function getAuthState(request: Request): Promise<AuthState> {
  const session = await getSession(request);
  if (session.get("userId") === undefined) return { user: null, session, sessionChanged: false };
  const signedOut = (): AuthState => {
    clearAuth(session);
    return { user: null, session, sessionChanged: true };
  };
  const userId = sessionUserId(session);
  if (!userId) return signedOut();

  const provider = getAuthProvider();
  let sessionChanged = false;
  if (provider.name === "supabase") {
    const tokens = readTokens(session);
    // A session without Supabase tokens was not made by this provider.
    if (!tokens) return signedOut();
    if (provider.needsRefresh(tokens)) {
      const refreshed = await provider.refresh(tokens);
      if (refreshed.ok) {
        writeTokens(session, refreshed.tokens);
        sessionChanged = true;
      } else if (refreshed.code === "invalid") {
        return signedOut();
      }
    }
  }
  const user = await getUserById(userId);
  // The account or its profile is gone: the session is over.
  if (!user) return signedOut();
  return { user, session, sessionChanged };
}
