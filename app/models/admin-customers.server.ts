import { getDb } from "~/db/db.server";
import type { AdminOrderSummary } from "./order-admin.server";
import { readOrderSummaries } from "./order-read.server";
import { isUuid } from "./product.server";

/** One customer's page in the admin: the profile and every order placed with the account. */
export interface AdminCustomer {
  userId: string;
  name: string;
  email: string;
  phone: string;
  country: string;
  createdAt: string;
  orders: AdminOrderSummary[];
}

export async function getAdminCustomer(userId: string): Promise<AdminCustomer | null> {
  if (!isUuid(userId)) return null;
  const db = await getDb();
  const [profile] = await db.query<{ first_name: string; last_name: string; email: string; phone: string | null; country: string | null; created_at: string | Date }>(
    "select first_name, last_name, email, phone, country, created_at from public.profiles where user_id = $1",
    [userId],
  );
  if (!profile) return null;
  const orders = await readOrderSummaries(db, { userId }, { limit: 200 });
  return {
    userId,
    name: `${profile.first_name} ${profile.last_name}`.trim(),
    email: profile.email,
    phone: profile.phone ?? "",
    country: profile.country || "DE",
    createdAt: new Date(profile.created_at).toISOString(),
    orders,
  };
}
