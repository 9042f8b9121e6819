import { createHash, randomBytes } from "node:crypto";
import { getDb } from "~/db/db.server";

/**
 * Signed-in sessions (table public.sessions). The browser's cookie carries a random token; the
 * row is keyed by its SHA-256, so the database alone cannot be turned into working cookies.
 * Deleting the row ends the session wherever its cookie is (sign-out, a password change, account
 * deletion). A session lasts 30 days from sign-in, whatever the browser keeps.
 */

export const SESSION_LIFETIME_DAYS = 30;
/** Expired rows removed per sign-in: bounded, by index, never a scan of the table per request. */
const EXPIRED_BATCH = 100;

/** Tokens of the auth provider (AUTH_PROVIDER=supabase), kept with the session on the server. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The session's id (the row's key) for the token a cookie carries; null for anything malformed. */
export function sessionIdOf(token: unknown): string | null {
  if (typeof token !== "string" || !TOKEN.test(token)) return null;
  return createHash("sha256").update(token).digest("hex");
}

/** Starts a session for the user: the token goes into the cookie, only its hash into the database. */
export async function createSession(userId: string, tokens?: ProviderTokens | null): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString("base64url");
  const id = sessionIdOf(token)!;
  const db = await getDb();
  await db.query(
    `insert into public.sessions (id, user_id, expires_at, provider_tokens)
     values ($1, $2, now() + make_interval(days => $3), $4)`,
    [id, userId, SESSION_LIFETIME_DAYS, tokens ? JSON.stringify(tokens) : null],
  );
  await deleteExpiredSessions();
  return { id, token };
}

/** Removes a small batch of expired sessions, oldest first (sessions_expires_at_idx). */
export async function deleteExpiredSessions(limit = EXPIRED_BATCH): Promise<number> {
  const db = await getDb();
  const rows = await db.query(
    `delete from public.sessions where id in (
       select id from public.sessions where expires_at < now() order by expires_at limit $1)
     returning id`,
    [limit],
  );
  return rows.length;
}

export async function updateSessionTokens(id: string, tokens: ProviderTokens): Promise<void> {
  const db = await getDb();
  await db.query("update public.sessions set provider_tokens = $2 where id = $1", [id, JSON.stringify(tokens)]);
}

/** Ends one session (sign-out): its cookie, wherever it was copied to, signs in no one any more. */
export async function deleteSession(id: string): Promise<void> {
  const db = await getDb();
  await db.query("delete from public.sessions where id = $1", [id]);
}

/** Ends every session of the user but the one given (after a password change). Returns how many ended. */
export async function revokeOtherSessions(userId: string, keepSessionId: string): Promise<number> {
  const db = await getDb();
  const rows = await db.query("delete from public.sessions where user_id = $1 and id <> $2 returning id", [userId, keepSessionId]);
  return rows.length;
}

/** Ends every session of the user (account deletion, a password reset). Returns how many ended. */
export async function revokeAllSessions(userId: string): Promise<number> {
  const db = await getDb();
  const rows = await db.query("delete from public.sessions where user_id = $1 returning id", [userId]);
  return rows.length;
}

/** The provider tokens as stored (jsonb arrives parsed from both drivers; a string is parsed here). */
export function readProviderTokens(value: unknown): ProviderTokens | null {
  const parsed = typeof value === "string" ? safeJson(value) : value;
  if (!parsed || typeof parsed !== "object") return null;
  const { accessToken, refreshToken, expiresAt } = parsed as Record<string, unknown>;
  if (typeof accessToken !== "string" || typeof refreshToken !== "string" || typeof expiresAt !== "number") return null;
  return { accessToken, refreshToken, expiresAt };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
