import { createHash, randomBytes } from "node:crypto";
import { getDb } from "~/db/db.server";
import type { Queryable } from "~/db/database.server";
import type { Locale } from "~/i18n/config";
import { shopLink } from "~/utils/email-layout.server";

/**
 * Password-reset links of local accounts (table password_resets): a random token in the link, its
 * SHA-256 in the database, valid one hour, used once (the row is deleted in the statement that
 * sets the new password). A new link leaves earlier unused ones valid until they expire; using any
 * one removes them all.
 */
export const RESET_LINK_MINUTES = 60;
const EXPIRED_BATCH = 100;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function isResetTokenShape(token: unknown): token is string {
  return typeof token === "string" && TOKEN.test(token);
}

export function resetPasswordUrl(siteUrl: string, token: string, locale: Locale): string {
  return shopLink(siteUrl, "/reset-password", locale, { token });
}

/** A new link for the user, written in the caller's transaction. Returns the token. */
export async function createPasswordReset(tx: Queryable, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.query(
    `delete from public.password_resets where token_hash in (
       select token_hash from public.password_resets where expires_at < now() order by expires_at limit $1)`,
    [EXPIRED_BATCH],
  );
  await tx.query(
    `insert into public.password_resets (token_hash, user_id, expires_at)
     values ($1, $2, now() + make_interval(mins => $3))`,
    [hashToken(token), userId, RESET_LINK_MINUTES],
  );
  return token;
}

/** Whether a link is valid (known, unused, unexpired): what the page behind it shows. */
export async function findPasswordReset(token: unknown): Promise<{ userId: string } | null> {
  if (!isResetTokenShape(token)) return null;
  const db = await getDb();
  const [row] = await db.query<{ user_id: string }>(
    "select user_id from public.password_resets where token_hash = $1 and expires_at > now()",
    [hashToken(token)],
  );
  return row ? { userId: row.user_id } : null;
}

/**
 * Uses a link in the caller's transaction: the user's links are all deleted and the user's id
 * returned; null when the link is unknown, used or expired (then nothing changes).
 */
export async function consumePasswordReset(tx: Queryable, token: unknown): Promise<string | null> {
  if (!isResetTokenShape(token)) return null;
  const [row] = await tx.query<{ user_id: string }>(
    "delete from public.password_resets where token_hash = $1 and expires_at > now() returning user_id",
    [hashToken(token)],
  );
  if (!row) return null;
  await tx.query("delete from public.password_resets where user_id = $1", [row.user_id]);
  return row.user_id;
}
