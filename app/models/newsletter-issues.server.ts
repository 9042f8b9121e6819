import { getDb } from "~/db/db.server";
import { locales, type Locale } from "~/i18n/config";
import type { RenderedEmail } from "~/utils/email-layout.server";
import { newsletterEmail } from "~/utils/newsletter-email-templates.server";
import { queueIssueEmails, type NewsletterIssue } from "./newsletter.server";

/**
 * Newsletter issues (table newsletter_issues): written in /admin/newsletter, sent to every confirmed
 * subscriber through the outbox in one transaction with the issue's row. The form's idempotency
 * key is unique: the same form sent twice (a double click) sends one issue once.
 */
export type IssueContent = NewsletterIssue["content"];

export interface IssueSummary {
  id: string;
  subject: string;
  languages: Locale[];
  recipients: number;
  createdAt: string;
  counts: { queued: number; sent: number; failed: number };
}

export type SendResult = { sent: true; id: string; recipients: number } | { sent: false; id: string; recipients: number };

/** Sends an issue once per idempotency key; `sent: false` when that key was sent already. */
export async function sendNewsletterIssue(input: {
  idempotencyKey: string;
  content: IssueContent;
  siteUrl: string;
  createdBy: string | null;
}): Promise<SendResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [created] = await tx.query<{ id: string }>(
      `insert into public.newsletter_issues (idempotency_key, content, created_by) values ($1, $2, $3)
       on conflict (idempotency_key) do nothing returning id`,
      [input.idempotencyKey, JSON.stringify(input.content), input.createdBy],
    );
    if (!created) {
      const [existing] = await tx.query<{ id: string; recipients: number }>(
        "select id, recipients from public.newsletter_issues where idempotency_key = $1",
        [input.idempotencyKey],
      );
      return { sent: false, id: existing!.id, recipients: existing!.recipients };
    }
    const recipients = await queueIssueEmails(tx, { content: input.content, siteUrl: input.siteUrl }, created.id);
    await tx.query("update public.newsletter_issues set recipients = $2 where id = $1", [created.id, recipients]);
    return { sent: true, id: created.id, recipients };
  });
}

/** Past issues, newest first, with their e-mails' counts by status (sending counts as queued). */
export async function listNewsletterIssues(limit = 50): Promise<IssueSummary[]> {
  const db = await getDb();
  const rows = await db.query<{
    id: string;
    content: IssueContent | string;
    recipients: number;
    created_at: string | Date;
    queued: number;
    sent: number;
    failed: number;
  }>(
    `select i.id, i.content, i.recipients, i.created_at,
            count(e.id) filter (where e.status in ('queued', 'sending'))::int as queued,
            count(e.id) filter (where e.status = 'sent')::int as sent,
            count(e.id) filter (where e.status = 'failed')::int as failed
       from (select * from public.newsletter_issues order by created_at desc limit $1) i
       left join public.email_outbox e on e.newsletter_issue_id = i.id
      group by i.id, i.content, i.recipients, i.created_at
      order by i.created_at desc`,
    [limit],
  );
  return rows.map((row) => {
    const content = (typeof row.content === "string" ? JSON.parse(row.content) : row.content) as IssueContent;
    return {
      id: row.id,
      subject: content.de.subject,
      languages: locales.filter((locale) => content[locale]),
      recipients: row.recipients,
      createdAt: new Date(row.created_at).toISOString(),
      counts: { queued: row.queued, sent: row.sent, failed: row.failed },
    };
  });
}

/** How many subscribers an issue sent now would reach. */
export async function countConfirmedSubscribers(): Promise<number> {
  const db = await getDb();
  const [row] = await db.query<{ count: number }>("select count(*)::int as count from public.newsletter_subscribers where status = 'confirmed'");
  return row?.count ?? 0;
}

/** The issue as a subscriber of `locale` would get it (German where that language has no text). */
export function previewIssue(content: IssueContent, locale: Locale): RenderedEmail {
  const own = content[locale];
  return newsletterEmail({
    locale: own ? locale : "de",
    subject: (own ?? content.de).subject,
    body: (own ?? content.de).body,
    unsubscribeUrl: "https://example.invalid/newsletter/unsubscribe",
  });
}
