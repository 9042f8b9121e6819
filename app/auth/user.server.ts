import { getDb } from "~/db/db.server";
import { joinSharedRead } from "~/db/database.server";
import { deleteSession, readProviderTokens, sessionIdOf, updateSessionTokens, type ProviderTokens } from "~/models/user-session.server";
import { getSession, type ShopSession } from "~/utils/session.server";
import { getAuthProvider } from "./provider.server";
import { adminEmails, isAdminSql } from "~/models/admin-sql.server";

export interface ShopUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  country: "DE" | "CH";
  isAdmin: boolean;
}

interface UserRow {
  user_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  country: string | null;
  is_admin: boolean;
}

const USER_COLUMNS = (userId: string, emails: string) =>
  `p.user_id, p.email, p.first_name, p.last_name, p.phone, p.country, ${isAdminSql(userId, emails)} as is_admin`;

function toShopUser(row: UserRow): ShopUser {
  return {
    id: row.user_id,
    email: row.email,
    firstName: row.first_name ?? "",
    lastName: row.last_name ?? "",
    phone: row.phone ?? "",
    country: row.country === "CH" ? "CH" : "DE",
    isAdmin: row.is_admin,
  };
}

/** A user with profile and role, read in one query. */
export async function getUserById(userId: string): Promise<ShopUser | null> {
  const db = await getDb();
  const [row] = await db.query<UserRow>(`select ${USER_COLUMNS("p.user_id", "$2")} from public.profiles p where p.user_id = $1`, [
    userId,
    adminEmails(),
  ]);
  return row ? toShopUser(row) : null;
}

/** A live session and its user: what every request asks about its cookie. */
export interface SignedInSession {
  id: string;
  user: ShopUser;
  tokens: ProviderTokens | null;
}

/**
 * The session a cookie's token names, with its user, profile and role: one indexed query, or null
 * when the session was ended, has expired, or its account or profile is gone. Requests that ask
 * for the same session at the same moment (a page's root and route loaders) share one query.
 */
const inFlight = new Map<string, Promise<SignedInSession | null>>();

async function readSession(id: string): Promise<SignedInSession | null> {
  const db = await getDb();
  const [row] = await db.query<UserRow & { provider_tokens: unknown }>(
    `select ${USER_COLUMNS("s.user_id", "$2")}, s.provider_tokens
       from public.sessions s join public.profiles p on p.user_id = s.user_id
      where s.id = $1 and s.expires_at > now()`,
    [id, adminEmails()],
  );
  return row ? { id, user: toShopUser(row), tokens: readProviderTokens(row.provider_tokens) } : null;
}

function lookUpSession(id: string): Promise<SignedInSession | null> {
  const pending = inFlight.get(id);
  if (pending) return joinSharedRead(pending, () => readSession(id));
  const mine = readSession(id).finally(() => inFlight.delete(id));
  inFlight.set(id, mine);
  return mine;
}

/**
 * The signed-in session of the request, or null. A forged or tampered cookie fails its signature
 * check and reads as an empty session; a revoked or expired session is signed out: never an error.
 */
export async function getSignedInSession(request: Request, cookieSession?: ShopSession): Promise<SignedInSession | null> {
  const session = cookieSession ?? (await getSession(request));
  const id = sessionIdOf(session.get("sessionToken"));
  return id ? lookUpSession(id) : null;
}

export async function getUserId(request: Request): Promise<string | null> {
  return (await getSignedInSession(request))?.user.id ?? null;
}

export async function getUser(request: Request): Promise<ShopUser | null> {
  return (await getSignedInSession(request))?.user ?? null;
}

export interface AuthState {
  user: ShopUser | null;
  /** The session's id (sessions.id), for revokeOtherSessions after a password change. */
  sessionId: string | null;
  /** The cookie session (it carries the flash toast). */
  session: ShopSession;
  /** The cookie must be rewritten: it named a session that is over (or the toast was read). */
  sessionChanged: boolean;
}

/**
 * The one place where a session is checked and kept fresh (the root loader calls it on every
 * document request and after every action). A cookie naming a session that has ended loses its
 * token. With AUTH_PROVIDER=supabase an expired access token is refreshed here and the new tokens
 * are stored with the session; a refresh token Supabase refuses ends the session. When Supabase
 * cannot be reached the session is kept and the refresh is tried again on the next request.
 */
export async function getAuthState(request: Request): Promise<AuthState> {
  const session = await getSession(request);
  if (session.get("sessionToken") === undefined) return { user: null, sessionId: null, session, sessionChanged: false };
  const signedOut = (): AuthState => {
    session.unset("sessionToken");
    return { user: null, sessionId: null, session, sessionChanged: true };
  };
  const signedIn = await getSignedInSession(request, session);
  if (!signedIn) return signedOut();

  const provider = getAuthProvider();
  if (provider.name === "supabase") {
    // A session without Supabase tokens was not made by this provider.
    if (!signedIn.tokens) return signedOut();
    if (provider.needsRefresh(signedIn.tokens)) {
      const refreshed = await provider.refresh(signedIn.tokens);
      if (refreshed.ok) {
        await updateSessionTokens(signedIn.id, refreshed.tokens);
      } else if (refreshed.code === "invalid") {
        await deleteSession(signedIn.id);
        return signedOut();
      }
    }
  }
  return { user: signedIn.user, sessionId: signedIn.id, session, sessionChanged: false };
}
