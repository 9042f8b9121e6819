import { getDb } from "~/db/db.server";
import { toCents } from "~/utils/money";
import { confirmedAddressOf } from "./email-confirmation.server";
import { orderNumber } from "./order-number";

/**
 * A customer's privacy rights (GDPR Art. 15, 17, 20): everything the shop holds about the account
 * as one JSON document, and the account's deletion. Orders stay for the statutory retention with
 * the name and addresses written on them; only their link to the account is removed.
 */
export async function exportAccountData(userId: string) {
  const db = await getDb();
  const [profile] = await db.query<{ first_name: string; last_name: string; email: string; phone: string; country: string; created_at: string | Date }>(
    "select first_name, last_name, email, phone, country, created_at from public.profiles where user_id = $1",
    [userId],
  );
  // Messages and the newsletter belong to the account only when it sent them signed in, or by an
  // address the account has proven it owns (the link of its confirmation e-mail): an address typed
  // into a form, or an unconfirmed sign-up, links nothing (anyone can type anyone's address).
  const confirmedEmail = await confirmedAddressOf(userId);
  const [orders, items, favorites, contact, support, newsletter] = await Promise.all([
    db.query<{
      id: string; created_at: string | Date; status: string; customer_name: string; customer_email: string; customer_phone: string;
      shipping_address: unknown; billing_address: unknown; payment_method: string; total_amount: string | number; currency: string; locale: string;
    }>(
      `select id, created_at, status, customer_name, customer_email, customer_phone, shipping_address, billing_address, payment_method,
              total_amount, currency, locale
         from public.orders where user_id = $1 order by created_at`,
      [userId],
    ),
    db.query<{ order_id: string; product_name: string; quantity: number; unit_price: string | number; total_price: string | number }>(
      `select i.order_id, i.product_name, i.quantity, i.unit_price, i.total_price
         from public.order_items i join public.orders o on o.id = i.order_id where o.user_id = $1 order by i.product_name, i.id`,
      [userId],
    ),
    db.query<{ product_id: string; name: string | null; created_at: string | Date }>(
      `select f.product_id, p.name, f.created_at from public.favorites f left join public.products p on p.id = f.product_id
        where f.user_id = $1 order by f.created_at`,
      [userId],
    ),
    db.query<{ subject: string; message: string; created_at: string | Date }>(
      `select subject, message, created_at from public.contact_messages
        where user_id = $1 or ($2::text is not null and lower(email) = lower($2)) order by created_at`,
      [userId, confirmedEmail],
    ),
    db.query<{ subject: string; description: string; order_number: string | null; created_at: string | Date }>(
      `select subject, description, order_number, created_at from public.support_requests
        where user_id = $1 or ($2::text is not null and lower(email) = lower($2)) order by created_at`,
      [userId, confirmedEmail],
    ),
    db.query<{ status: string; locale: string; created_at: string | Date; confirmed_at: string | Date | null }>(
      "select status, locale, created_at, confirmed_at from public.newsletter_subscribers where $1::text is not null and lower(email) = lower($1)",
      [confirmedEmail],
    ),
  ]);
  const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
  const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
  const addresses = new Map<string, unknown>();
  for (const order of orders) {
    for (const address of [json(order.shipping_address), json(order.billing_address)]) addresses.set(JSON.stringify(address), address);
  }
  return {
    exportedAt: new Date().toISOString(),
    profile: profile
      ? { firstName: profile.first_name, lastName: profile.last_name, email: profile.email, phone: profile.phone, country: profile.country, createdAt: iso(profile.created_at) }
      : null,
    addresses: [...addresses.values()],
    orders: orders.map((order) => ({
      number: orderNumber(order.id),
      id: order.id,
      createdAt: iso(order.created_at),
      status: order.status,
      name: order.customer_name,
      email: order.customer_email,
      phone: order.customer_phone,
      shippingAddress: json(order.shipping_address),
      billingAddress: json(order.billing_address),
      paymentMethod: order.payment_method,
      total: (toCents(order.total_amount) / 100).toFixed(2),
      currency: order.currency,
      language: order.locale,
      lines: items
        .filter((item) => item.order_id === order.id)
        .map((item) => ({ product: item.product_name, quantity: item.quantity, unitPrice: (toCents(item.unit_price) / 100).toFixed(2), total: (toCents(item.total_price) / 100).toFixed(2) })),
    })),
    favourites: favorites.map((f) => ({ productId: f.product_id, name: f.name, addedAt: iso(f.created_at) })),
    messages: [
      ...contact.map((m) => ({ kind: "contact", subject: m.subject, text: m.message, sentAt: iso(m.created_at) })),
      ...support.map((m) => ({ kind: "support", subject: m.subject, text: m.description, orderNumber: m.order_number, sentAt: iso(m.created_at) })),
    ],
    newsletter: newsletter[0]
      ? { status: newsletter[0].status, language: newsletter[0].locale, signedUpAt: iso(newsletter[0].created_at), confirmedAt: iso(newsletter[0].confirmed_at) }
      : { status: "none" },
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;

/**
 * Deletes the account in one transaction: sessions, cart, favourites, links, roles, profile and
 * the local sign-in (auth.users) go; orders and messages stay with their own name and addresses, unlinked.
 */
export async function deleteAccount(userId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.query("update public.orders set user_id = null, updated_at = now() where user_id = $1", [userId]);
    for (const table of ["contact_messages", "support_requests"]) {
      await tx.query(`update public.${table} set user_id = null where user_id = $1`, [userId]);
    }
    for (const table of ["sessions", "cart_items", "favorites", "password_resets", "email_confirmations", "user_roles", "profiles"]) {
      await tx.query(`delete from public.${table} where user_id = $1`, [userId]);
    }
    await tx.query("delete from auth.users where id = $1", [userId]);
  });
}
