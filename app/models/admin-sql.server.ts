import { env } from "~/utils/env.server";
/** Who is an administrator, as SQL the user and admin-role models share. */

/** ADMIN_EMAILS: the addresses that are administrators once confirmed (lower case). */
export function adminEmails(): string[] {
  return env().ADMIN_EMAILS;
}

/**
 * SQL: whether the user `userId` (a column or parameter) is an admin by ADMIN_EMAILS (`emails`, a
 * text[] parameter): only once the account has confirmed that address — so registering an
 * admin's address first gives nothing. A lookup by key.
 */
export function adminByEmailSql(userId: string, emails: string): string {
  return `exists (select 1 from auth.users u where u.id = ${userId} and u.email_confirmed_at is not null
                    and lower(u.email) = any(${emails}::text[]))`;
}

/** SQL: whether the user is an admin: an 'admin' row in user_roles, or a confirmed ADMIN_EMAILS address. */
export function isAdminSql(userId: string, emails: string): string {
  return `(exists (select 1 from public.user_roles r where r.user_id = ${userId} and r.role = 'admin')
        or ${adminByEmailSql(userId, emails)})`;
}
