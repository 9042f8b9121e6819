import { getDb } from "~/db/db.server";
import { toCents, type Currency } from "~/utils/money";
import { orderNumber } from "./order-number";
import type { AdminOrderSummary } from "./order-admin.server";
import type { OrderStatus } from "./order-status";
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
  const orders = await db.query<{
    id: string;
    created_at: string | Date;
    customer_name: string;
    customer_email: string;
    total_amount: string | number;
    currency: Currency;
    status: OrderStatus;
  }>(
    `select id, created_at, customer_name, customer_email, total_amount, currency, status
       from public.orders where user_id = $1 order by created_at desc, id limit 200`,
    [userId],
  );
  return {
    userId,
    name: `${profile.first_name} ${profile.last_name}`.trim(),
    email: profile.email,
    phone: profile.phone ?? "",
    country: profile.country || "DE",
    createdAt: new Date(profile.created_at).toISOString(),
    orders: orders.map((row) => ({
      id: row.id,
      number: orderNumber(row.id),
      createdAt: new Date(row.created_at).toISOString(),
      customerName: row.customer_name,
      customerEmail: row.customer_email,
      total: toCents(row.total_amount),
      currency: row.currency,
      status: row.status,
    })),
  };
}
