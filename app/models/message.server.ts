import { getDb } from "~/db/db.server";
import type { Locale } from "~/i18n/config";

/**
 * Messages that reach the shop: contact messages (/contact) and support requests (/support).
 * The admin inbox lists both kinds together, unread first, newest first.
 */
export type MessageKind = "contact" | "support";

export interface NewContactMessage {
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
  locale: Locale;
  /** The signed-in sender's account, or null for a guest: what links the message to an account. */
  userId: string | null;
}

export interface NewSupportRequest {
  name: string;
  email: string;
  /** The order number as customers see it (first dash segment of the order id, upper-case). */
  orderNumber: string | null;
  orderId: string | null;
  subject: string;
  description: string;
  locale: Locale;
  /** The signed-in sender's account, or null for a guest: what links the request to an account. */
  userId: string | null;
}

export interface InboxMessage {
  kind: MessageKind;
  id: string;
  name: string;
  email: string;
  subject: string;
  body: string;
  orderNumber: string | null;
  orderId: string | null;
  locale: string;
  createdAt: string;
  readAt: string | null;
  doneAt: string | null;
}

interface InboxRow {
  kind: MessageKind;
  id: string;
  name: string;
  email: string;
  subject: string;
  body: string;
  order_number: string | null;
  order_id: string | null;
  locale: string;
  created_at: string | Date;
  read_at: string | Date | null;
  done_at: string | Date | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toMessage(row: InboxRow): InboxMessage {
  return {
    kind: row.kind,
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    body: row.body,
    orderNumber: row.order_number,
    orderId: row.order_id,
    locale: row.locale,
    createdAt: iso(row.created_at)!,
    readAt: iso(row.read_at),
    doneAt: iso(row.done_at),
  };
}

/** Both tables in one shape, so the inbox can list and open them alike. */
const inboxSource = `(
  select 'contact' as kind, id, first_name || ' ' || last_name as name, email, subject, message as body,
         null::text as order_number, null::uuid as order_id, locale, created_at, read_at, done_at
    from public.contact_messages
  union all
  select 'support' as kind, id, name, email, subject, description as body,
         order_number, order_id, locale, created_at, read_at, done_at
    from public.support_requests
) m`;

const tables: Record<MessageKind, string> = {
  contact: "public.contact_messages",
  support: "public.support_requests",
};

export async function createContactMessage(input: NewContactMessage): Promise<{ id: string }> {
  const db = await getDb();
  const [row] = await db.query<{ id: string }>(
    `insert into public.contact_messages (first_name, last_name, email, subject, message, locale, user_id)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [input.firstName, input.lastName, input.email, input.subject, input.message, input.locale, input.userId],
  );
  return { id: row!.id };
}

export async function createSupportRequest(input: NewSupportRequest): Promise<{ id: string }> {
  const db = await getDb();
  const [row] = await db.query<{ id: string }>(
    `insert into public.support_requests (name, email, order_number, order_id, subject, description, locale, user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [input.name, input.email, input.orderNumber, input.orderId, input.subject, input.description, input.locale, input.userId],
  );
  return { id: row!.id };
}

/**
 * The order behind an order number as shown to customers ("3F2A9C1B"), or null: its stored
 * order_number (unique).
 */
export async function findOrderIdByNumber(orderNumber: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.query<{ id: string }>(
    "select id from public.orders where order_number = $1",
    [orderNumber.trim().toUpperCase()],
  );
  return row?.id ?? null;
}

export interface ListMessagesOptions {
  kind?: MessageKind;
  /** Done messages are left out unless asked for. */
  includeDone?: boolean;
  limit?: number;
  offset?: number;
}

/** The inbox: unread first, then newest first. */
export async function listMessages(options: ListMessagesOptions = {}): Promise<InboxMessage[]> {
  const db = await getDb();
  const where: string[] = [];
  const params: unknown[] = [];
  if (options.kind) {
    params.push(options.kind);
    where.push(`m.kind = $${params.length}`);
  }
  if (!options.includeDone) where.push("m.done_at is null");
  params.push(Math.min(Math.max(options.limit ?? 50, 1), 200), Math.max(options.offset ?? 0, 0));
  const rows = await db.query<InboxRow>(
    `select m.* from ${inboxSource}
      ${where.length ? `where ${where.join(" and ")}` : ""}
      order by (m.read_at is not null), m.created_at desc, m.id
      limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return rows.map(toMessage);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getMessage(kind: MessageKind, id: string): Promise<InboxMessage | null> {
  if (!uuidPattern.test(id)) return null;
  const db = await getDb();
  const [row] = await db.query<InboxRow>(`select m.* from ${inboxSource} where m.kind = $1 and m.id = $2`, [kind, id]);
  return row ? toMessage(row) : null;
}

/** Marks a message as read (opening it in the inbox). Returns false when there is no such message. */
export async function markMessageRead(kind: MessageKind, id: string): Promise<boolean> {
  if (!uuidPattern.test(id)) return false;
  const db = await getDb();
  const rows = await db.query(`update ${tables[kind]} set read_at = coalesce(read_at, now()) where id = $1 returning id`, [id]);
  return rows.length > 0;
}

/**
 * Marks a message as handled (which also makes it read), or, with done = false, opens it again.
 * Returns false when there is no such message.
 */
export async function markMessageDone(kind: MessageKind, id: string, done = true): Promise<boolean> {
  if (!uuidPattern.test(id)) return false;
  const db = await getDb();
  const rows = await db.query(
    done
      ? `update ${tables[kind]} set done_at = coalesce(done_at, now()), read_at = coalesce(read_at, now()) where id = $1 returning id`
      : `update ${tables[kind]} set done_at = null where id = $1 returning id`,
    [id],
  );
  return rows.length > 0;
}
