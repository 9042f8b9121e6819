import { createHash, randomBytes } from "node:crypto";
import { getDb } from "~/db/db.server";
import type { Queryable } from "~/db/database.server";
import type { Locale } from "~/i18n/config";
import { enqueueEmail } from "~/models/email-outbox.server";
import { shopLink } from "~/utils/email-layout.server";
import { newsletterConfirmationEmail, newsletterEmail } from "~/utils/newsletter-email-templates.server";

/**
 * Newsletter subscriptions with double opt-in (table newsletter_subscribers). Signing up makes a
 * 'pending' subscription and queues the confirmation e-mail in the same transaction; following its
 * link (and pressing the button there) confirms it. Every newsletter e-mail carries the subscriber's
 * unsubscribe link.
 */
export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed";

/** How long a confirmation link is valid. */
export const CONFIRM_DAYS = 7;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function isTokenShape(token: unknown): token is string {
  return typeof token === "string" && TOKEN.test(token);
}

export function confirmUrl(siteUrl: string, token: string, locale: Locale): string {
  return shopLink(siteUrl, "/newsletter/confirm", locale, { token });
}

export function unsubscribeUrl(siteUrl: string, token: string, locale: Locale): string {
  return shopLink(siteUrl, "/newsletter/unsubscribe", locale, { token });
}

/**
 * Signs an address up (or up again). New, pending and unsubscribed addresses become 'pending' with
 * a new confirmation link, which is e-mailed; a confirmed address stays as it is and gets no e-mail.
 * The caller answers the same in every case, so nobody learns whether an address is subscribed.
 */
export async function subscribe(input: { email: string; locale: Locale; siteUrl: string }): Promise<{ emailQueued: boolean }> {
  const db = await getDb();
  const email = input.email.trim();
  const token = newToken();
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ status: SubscriberStatus }>(
      `insert into public.newsletter_subscribers as s (email, locale, status, confirm_token, confirm_expires_at, unsubscribe_token)
       values ($1, $2, 'pending', $3, now() + make_interval(days => $5), $4)
       on conflict ((lower(email))) do update set
         locale = excluded.locale,
         status = case when s.status = 'confirmed' then 'confirmed' else 'pending' end,
         confirm_token = case when s.status = 'confirmed' then s.confirm_token else excluded.confirm_token end,
         confirm_expires_at = case when s.status = 'confirmed' then s.confirm_expires_at else excluded.confirm_expires_at end,
         unsubscribed_at = case when s.status = 'confirmed' then s.unsubscribed_at else null end
       returning status`,
      [email, input.locale, hashToken(token), newToken(), CONFIRM_DAYS],
    );
    if (row?.status !== "pending") return { emailQueued: false };
    const message = newsletterConfirmationEmail({
      locale: input.locale,
      email,
      confirmUrl: confirmUrl(input.siteUrl, token, input.locale),
    });
    await enqueueEmail(tx, { to: email, ...message, kind: "newsletter_confirmation", locale: input.locale });
    return { emailQueued: true };
  });
}

export interface SubscriberView {
  email: string;
  status: SubscriberStatus;
  locale: string;
}

/** The pending subscription a confirmation link names (unexpired), or null. */
export async function findByConfirmToken(token: unknown): Promise<SubscriberView | null> {
  if (!isTokenShape(token)) return null;
  const db = await getDb();
  const [row] = await db.query<SubscriberView>(
    `select email, status, locale from public.newsletter_subscribers
      where confirm_token = $1 and status = 'pending' and confirm_expires_at > now()`,
    [hashToken(token)],
  );
  return row ?? null;
}

/** Confirms the subscription of a (valid, unexpired) link. False when the link is not valid. */
export async function confirmSubscription(token: unknown): Promise<boolean> {
  if (!isTokenShape(token)) return false;
  const db = await getDb();
  const rows = await db.query(
    `update public.newsletter_subscribers
        set status = 'confirmed', confirmed_at = now(), confirm_token = null, confirm_expires_at = null
      where confirm_token = $1 and status = 'pending' and confirm_expires_at > now()
      returning id`,
    [hashToken(token)],
  );
  return rows.length > 0;
}

/** The subscription an unsubscribe link names, or null. */
export async function findByUnsubscribeToken(token: unknown): Promise<SubscriberView | null> {
  if (!isTokenShape(token)) return null;
  const db = await getDb();
  const [row] = await db.query<SubscriberView>(
    "select email, status, locale from public.newsletter_subscribers where unsubscribe_token = $1",
    [token],
  );
  return row ?? null;
}

/** Unsubscribes (idempotent: an address already unsubscribed stays so). False for an unknown link. */
export async function unsubscribe(token: unknown): Promise<boolean> {
  if (!isTokenShape(token)) return false;
  const db = await getDb();
  const rows = await db.query(
    `update public.newsletter_subscribers
        set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now()),
            confirm_token = null, confirm_expires_at = null
      where unsubscribe_token = $1
      returning id`,
    [token],
  );
  return rows.length > 0;
}

export interface NewsletterIssue {
  /** Subject and text per language; subscribers of a language without its own text get German. */
  content: Partial<Record<Locale, { subject: string; body: string }>> & { de: { subject: string; body: string } };
  siteUrl: string;
}

/**
 * Queues one newsletter e-mail per confirmed subscriber, in their language, each with their own
 * unsubscribe link, all in one transaction (all or none). Returns how many were queued.
 */
export async function queueNewsletterIssue(issue: NewsletterIssue): Promise<number> {
  const db = await getDb();
  return db.transaction((tx) => queueIssueEmails(tx, issue));
}

/**
 * The e-mails of one issue, queued in the caller's transaction (`issueId`: the newsletter_issues
 * row they belong to). Returns how many were queued.
 */
export async function queueIssueEmails(tx: Queryable, issue: NewsletterIssue, issueId?: string): Promise<number> {
  const subscribers = await tx.query<{ email: string; locale: Locale; unsubscribe_token: string }>(
    "select email, locale, unsubscribe_token from public.newsletter_subscribers where status = 'confirmed' order by created_at",
  );
  for (const subscriber of subscribers) {
    const own = issue.content[subscriber.locale];
    const locale: Locale = own ? subscriber.locale : "de";
    const content = own ?? issue.content.de;
    const link = unsubscribeUrl(issue.siteUrl, subscriber.unsubscribe_token, locale);
    const message = newsletterEmail({ locale, subject: content.subject, body: content.body, unsubscribeUrl: link });
    await enqueueEmail(tx, { to: subscriber.email, ...message, kind: "newsletter", locale, unsubscribeUrl: link, newsletterIssueId: issueId ?? null });
  }
  return subscribers.length;
}
