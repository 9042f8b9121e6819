import { getDb } from "~/db/db.server";
import { confirmedAddressOf } from "./email-confirmation.server";
import { readLinesOfOrders, readUserOrders } from "./order-read.server";

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
  const [orders, favorites, contact, support, newsletter] = await Promise.all([
    readUserOrders(db, userId),
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
  const lines = await readLinesOfOrders(db, orders.map((order) => order.id), "name");
  const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
  const decimal = (cents: number) => (cents / 100).toFixed(2);
  const addresses = new Map<string, unknown>();
  for (const order of orders) {
    for (const address of [order.storedAddresses.shipping, order.storedAddresses.billing]) addresses.set(JSON.stringify(address), address);
  }
  return {
    exportedAt: new Date().toISOString(),
    profile: profile
      ? { firstName: profile.first_name, lastName: profile.last_name, email: profile.email, phone: profile.phone, country: profile.country, createdAt: iso(profile.created_at) }
      : null,
    addresses: [...addresses.values()],
    orders: orders.map((order) => ({
      number: order.number,
      id: order.id,
      createdAt: order.createdAt,
      status: order.status,
      name: order.customerName,
      email: order.customerEmail,
      phone: order.customerPhone,
      shippingAddress: order.storedAddresses.shipping,
      billingAddress: order.storedAddresses.billing,
      paymentMethod: order.paymentMethod,
      total: decimal(order.total),
      currency: order.currency,
      language: order.locale,
      lines: (lines.get(order.id) ?? []).map((line) => ({
        product: line.productName,
        quantity: line.quantity,
        unitPrice: decimal(line.unitPrice),
        total: decimal(line.totalPrice),
      })),
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
