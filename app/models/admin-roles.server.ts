import { getDb } from "~/db/db.server";
import { adminByEmailSql, adminEmails } from "./admin-sql.server";
import { isUuid } from "./product.server";

/**
 * Administrators: accounts that confirmed an e-mail in ADMIN_EMAILS (fixed, from the configuration)
 * and accounts with an 'admin' row in user_roles (promoted here, by e-mail; every account has a
 * profile).
 */

export interface AdminEntry {
  userId: string | null;
  email: string;
  name: string;
  /** From ADMIN_EMAILS: cannot be removed here. */
  fixed: boolean;
}

export const MAX_EMAIL_LENGTH = 254;

export type PromoteResult = { ok: true; userId: string; email: string } | { ok: false; reason: "unknown" | "alreadyAdmin" };

export async function promoteAdmin(email: string): Promise<PromoteResult> {
  const normalized = email.trim().toLowerCase();
  if (!normalized || normalized.length > MAX_EMAIL_LENGTH) return { ok: false, reason: "unknown" };
  const db = await getDb();
  const [profile] = await db.query<{ user_id: string; email: string; fixed: boolean }>(
    `select p.user_id, p.email, ${adminByEmailSql("p.user_id", "$2")} as fixed
       from public.profiles p where lower(p.email) = $1 order by p.created_at limit 1`,
    [normalized, adminEmails()],
  );
  if (!profile) return { ok: false, reason: "unknown" };
  if (profile.fixed) return { ok: false, reason: "alreadyAdmin" };
  const inserted = await db.query(
    "insert into public.user_roles (user_id, role) values ($1, 'admin') on conflict do nothing returning user_id",
    [profile.user_id],
  );
  if (inserted.length === 0) return { ok: false, reason: "alreadyAdmin" };
  return { ok: true, userId: profile.user_id, email: profile.email };
}

export type DemoteResult = { ok: true } | { ok: false; reason: "notFound" | "fixed" | "self" };

/** Takes the admin role back; not from ADMIN_EMAILS admins and not from oneself (no lock-out). */
export async function demoteAdmin(userId: string, actingUserId: string): Promise<DemoteResult> {
  if (!isUuid(userId)) return { ok: false, reason: "notFound" };
  if (userId === actingUserId) return { ok: false, reason: "self" };
  const db = await getDb();
  const [fixed] = await db.query(`select 1 where ${adminByEmailSql("$1::uuid", "$2")}`, [userId, adminEmails()]);
  if (fixed) return { ok: false, reason: "fixed" };
  const deleted = await db.query("delete from public.user_roles where user_id = $1 and role = 'admin' returning user_id", [userId]);
  return deleted.length > 0 ? { ok: true } : { ok: false, reason: "notFound" };
}

export async function listAdmins(): Promise<AdminEntry[]> {
  const db = await getDb();
  const fixed = adminEmails();
  const rows = await db.query<{ user_id: string | null; email: string; first_name: string | null; last_name: string | null; fixed: boolean }>(
    `select p.user_id, p.email, p.first_name, p.last_name, ${adminByEmailSql("p.user_id", "$1")} as fixed
       from public.profiles p
      where p.user_id in (
              select user_id from public.user_roles where role = 'admin'
              union
              select id from auth.users where email_confirmed_at is not null and lower(email) = any($1::text[]))
      order by lower(p.email)`,
    [fixed],
  );
  const entries: AdminEntry[] = rows.map((row) => ({
    userId: row.user_id,
    email: row.email,
    name: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim(),
    fixed: row.fixed,
  }));
  // Configured admins who have not registered (or not confirmed their address) yet are listed too.
  for (const email of fixed) {
    if (!entries.some((entry) => entry.email.toLowerCase() === email)) entries.push({ userId: null, email, name: "", fixed: true });
  }
  return entries;
}
