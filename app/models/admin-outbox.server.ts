import { getDb } from "~/db/db.server";
import { OUTBOX_COLUMNS, outboxEmailFromRow, type EmailStatus, type OutboxEmail, type OutboxRow } from "./email-outbox.server";

/** The admin's view of the e-mail outbox: the list, the counts per state, one e-mail, a retry. */

export interface OutboxListOptions {
  status?: EmailStatus;
  limit?: number;
  offset?: number;
}

/** The outbox for the admin, newest first. */
export async function listOutbox(options: OutboxListOptions = {}): Promise<OutboxEmail[]> {
  const db = await getDb();
  const params: unknown[] = [];
  let where = "";
  if (options.status) {
    params.push(options.status);
    where = "where status = $1";
  }
  params.push(Math.min(Math.max(options.limit ?? 50, 1), 200), Math.max(options.offset ?? 0, 0));
  const rows = await db.query<OutboxRow>(
    `select ${OUTBOX_COLUMNS} from public.email_outbox ${where}
      order by created_at desc, id limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return rows.map(outboxEmailFromRow);
}

export async function countOutboxByStatus(): Promise<Record<EmailStatus, number>> {
  const db = await getDb();
  const rows = await db.query<{ status: EmailStatus; count: number }>(
    "select status, count(*)::int as count from public.email_outbox group by status",
  );
  const counts: Record<EmailStatus, number> = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getOutboxEmail(id: string): Promise<OutboxEmail | null> {
  if (!uuidPattern.test(id)) return null;
  const db = await getDb();
  const [row] = await db.query<OutboxRow>(`select ${OUTBOX_COLUMNS} from public.email_outbox where id = $1`, [id]);
  return row ? outboxEmailFromRow(row) : null;
}

/** A failed e-mail, queued again by an admin (after the SMTP problem was fixed). */
export async function retryOutboxEmail(id: string): Promise<boolean> {
  if (!uuidPattern.test(id)) return false;
  const db = await getDb();
  const rows = await db.query(
    `update public.email_outbox set status = 'queued', attempts = 0, next_attempt_at = now()
      where id = $1 and status = 'failed' returning id`,
    [id],
  );
  return rows.length > 0;
}
