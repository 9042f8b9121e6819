import { getDb } from "~/db/db.server";
import { getSession } from "~/utils/session.server";
import { isUuid } from "~/models/product.server";

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

/** The signed-in user's id from the session cookie, or null. */
export async function getUserId(request: Request): Promise<string | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  return isUuid(userId) ? userId : null;
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
