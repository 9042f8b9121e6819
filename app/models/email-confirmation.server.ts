import { createHash, randomBytes } from "node:crypto";
import { getDb } from "~/db/db.server";
import type { Queryable } from "~/db/database.server";
import type { Locale } from "~/i18n/config";
import { shopLink } from "~/utils/email-layout.server";

/**
 * Confirmation links of local sign-ups (table email_confirmations). The link proves that whoever
 * registered can read the address's mail; only then does the address count as confirmed
 * (auth.users.email_confirmed_at) — which is what makes an ADMIN_EMAILS address an admin.
 * A link is used once (its row is deleted), expires, and only its SHA-256 is stored.
 */

/** How long a confirmation link is valid. */
export const CONFIRM_EMAIL_DAYS = 7;
const EXPIRED_BATCH = 100;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function validToken(token: unknown): token is string {
  return typeof token === "string" && TOKEN.test(token);
}

export function confirmEmailUrl(siteUrl: string, token: string, locale: Locale): string {
  return shopLink(siteUrl, "/register/confirm", locale, { token });
}

/** A new link for the user's address, written in the caller's transaction (the sign-up's). Returns the token. */
export async function createEmailConfirmation(tx: Queryable, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.query(
    `delete from public.email_confirmations where token_hash in (
       select token_hash from public.email_confirmations where expires_at < now() order by expires_at limit $1)`,
    [EXPIRED_BATCH],
  );
  await tx.query(
    `insert into public.email_confirmations (token_hash, user_id, expires_at)
     values ($1, $2, now() + make_interval(days => $3))`,
    [hashToken(token), userId, CONFIRM_EMAIL_DAYS],
  );
  return token;
}

/** The address a valid, unused, unexpired link would confirm (for the page behind the link), or null. */
export async function findEmailConfirmation(token: unknown): Promise<{ email: string } | null> {
  if (!validToken(token)) return null;
  const db = await getDb();
  const [row] = await db.query<{ email: string }>(
    `select u.email from public.email_confirmations c join auth.users u on u.id = c.user_id
      where c.token_hash = $1 and c.expires_at > now()`,
    [hashToken(token)],
  );
  return row ?? null;
}

/**
 * Uses the link: in one statement the link is deleted and the address marked confirmed. Null when
 * the link is not valid (unknown, used, or expired).
 */
export async function confirmEmail(token: unknown): Promise<{ userId: string; email: string } | null> {
  if (!validToken(token)) return null;
  const db = await getDb();
  const [row] = await db.query<{ id: string; email: string }>(
    `with used as (
       delete from public.email_confirmations where token_hash = $1 and expires_at > now() returning user_id)
     update auth.users u set email_confirmed_at = coalesce(u.email_confirmed_at, now()), updated_at = now()
       from used where u.id = used.user_id
     returning u.id, u.email`,
    [hashToken(token)],
  );
  return row ? { userId: row.id, email: row.email } : null;
}

/**
 * The account's e-mail address if the account has proven it owns it (its confirmation link, or a
 * password reset link, was followed), else null. What links data found by address to an account.
 */
export async function confirmedAddressOf(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.query<{ email: string }>("select email from auth.users where id = $1 and email_confirmed_at is not null", [userId]);
  return row?.email ?? null;
}
