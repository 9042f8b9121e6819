import type { Queryable } from "~/db/database.server";
import type { Locale } from "~/i18n/config";

/**
 * The e-mail outbox's mechanics (table email_outbox). Whatever causes an e-mail (an order, a
 * registration, a newsletter sign-up) writes it here in its own transaction, so the e-mail exists
 * exactly when the cause was committed. The worker (app/services/mail-worker.server.ts) claims and
 * sends it later; a request never waits for SMTP and never fails because of it. The e-mails' texts
 * are composed in transactional-email.server.ts and newsletter.server.ts; the admin's views of
 * the outbox are in admin-outbox.server.ts.
 */
export const emailKinds = [
  "registration",
  "order_confirmation",
  "order_status",
  "password_reset",
  "newsletter_confirmation",
  "newsletter",
  "account_exists",
  "withdrawal_receipt",
  "withdrawal_notice",
  "payment_reminder",
  "payment_expired",
] as const;
export type EmailKind = (typeof emailKinds)[number];
export const emailStatuses = ["queued", "sending", "sent", "failed"] as const;
export type EmailStatus = (typeof emailStatuses)[number];

/** Attempts before an e-mail is given up ('failed'). */
export const MAX_ATTEMPTS = 6;
/** Wait after the n-th failed attempt (minutes): 1, 5, 30, 120, 360. */
export const BACKOFF_MINUTES = [1, 5, 30, 120, 360] as const;
/** A claimed e-mail not finished within this time was lost with its process: it is tried again. */
export const SENDING_TIMEOUT_SECONDS = 10 * 60;

export const SUBJECT_MAX = 300;
export const TEXT_MAX = 200_000;

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  kind: EmailKind;
  locale: Locale;
  /** Newsletter e-mails: the one-click unsubscribe address (List-Unsubscribe header). */
  unsubscribeUrl?: string | null;
  /** Newsletter e-mails: the issue they belong to (its counts in the admin). */
  newsletterIssueId?: string | null;
  /** Images the HTML shows by `cid:`: kept as the QR code's text, drawn as PNG when sent (the mail worker). */
  inlineImages?: InlineQrImage[] | null;
}

/** A QR code shown inside an e-mail: `<img src="cid:{cid}">` in the HTML, a PNG attachment of that Content-ID. */
export interface InlineQrImage {
  cid: string;
  filename: string;
  /** The text the QR code carries. */
  qr: string;
}

const CID = /^[A-Za-z0-9._-]{1,64}@[A-Za-z0-9.-]{1,64}$/;

function isInlineQrImage(value: unknown): value is InlineQrImage {
  const image = value as InlineQrImage;
  return (
    typeof image === "object" && image !== null && typeof image.cid === "string" && CID.test(image.cid) &&
    typeof image.filename === "string" && /^[A-Za-z0-9._-]{1,64}\.png$/.test(image.filename) &&
    typeof image.qr === "string" && image.qr.length > 0 && image.qr.length <= 1000
  );
}

export class InvalidEmailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidEmailError";
  }
}

/** Control characters, and the Unicode line and paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/;
const CONTROL_GLOBAL = /[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g;

/**
 * A subject can carry text people typed (a name): line breaks would start new header lines, so
 * every control character becomes a space. The result is never empty and never too long.
 */
export function sanitizeSubject(subject: string): string {
  const clean = subject.replace(CONTROL_GLOBAL, " ").replace(/\s+/g, " ").trim();
  return clean.length > SUBJECT_MAX ? `${clean.slice(0, SUBJECT_MAX - 1)}…` : clean;
}

/** One plain address (local@domain), no display name, no list, no control character. */
const ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]{2,}$/;

export function isDeliverableAddress(address: string): boolean {
  return address.length <= 254 && !CONTROL.test(address) && ADDRESS.test(address);
}

/**
 * Queues an e-mail in the caller's transaction (`tx`): it is sent only if that transaction commits.
 * A recipient with a line break (header injection) or that is not one plain address is refused;
 * line breaks in the subject are removed.
 */
export async function enqueueEmail(tx: Queryable, email: OutgoingEmail): Promise<{ id: string }> {
  const to = email.to.trim();
  if (!isDeliverableAddress(to)) throw new InvalidEmailError("The recipient is not one valid e-mail address.");
  const subject = sanitizeSubject(email.subject);
  if (!subject) throw new InvalidEmailError("The subject is empty.");
  if (!email.text.trim()) throw new InvalidEmailError("The text is empty.");
  if (email.text.length > TEXT_MAX) throw new InvalidEmailError("The text is too long.");
  if (!(emailKinds as readonly string[]).includes(email.kind)) throw new InvalidEmailError("Unknown e-mail kind.");
  if (email.unsubscribeUrl && CONTROL.test(email.unsubscribeUrl)) throw new InvalidEmailError("Invalid unsubscribe address.");
  const images = email.inlineImages?.length ? email.inlineImages : null;
  if (images && (images.length > 4 || !images.every(isInlineQrImage))) throw new InvalidEmailError("Invalid inline image.");
  const [row] = await tx.query<{ id: string }>(
    `insert into public.email_outbox (to_address, subject, text_body, html_body, kind, locale, unsubscribe_url, newsletter_issue_id, inline_images)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::text::jsonb) returning id`,
    [to, subject, email.text, email.html ?? null, email.kind, email.locale, email.unsubscribeUrl ?? null, email.newsletterIssueId ?? null, images ? JSON.stringify(images) : null],
  );
  return { id: row!.id };
}

export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: EmailKind;
  locale: string;
  unsubscribeUrl: string | null;
  inlineImages: InlineQrImage[];
  status: EmailStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: EmailKind;
  locale: string;
  unsubscribe_url: string | null;
  /** jsonb: an array, or its text on some drivers. */
  inline_images: unknown;
  status: EmailStatus;
  attempts: number;
  next_attempt_at: string | Date;
  last_error: string | null;
  created_at: string | Date;
  sent_at: string | Date | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

export function outboxEmailFromRow(row: OutboxRow): OutboxEmail {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    kind: row.kind,
    locale: row.locale,
    unsubscribeUrl: row.unsubscribe_url,
    inlineImages: inlineImagesOf(row.inline_images),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: iso(row.next_attempt_at)!,
    lastError: row.last_error,
    createdAt: iso(row.created_at)!,
    sentAt: iso(row.sent_at),
  };
}

export const OUTBOX_COLUMNS = `id, to_address, subject, text_body, html_body, kind, locale, unsubscribe_url, inline_images, status, attempts,
  next_attempt_at, last_error, created_at, sent_at`;

function inlineImagesOf(value: unknown): InlineQrImage[] {
  let list = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.filter(isInlineQrImage) : [];
}

/**
 * Claims up to `limit` due e-mails for sending. `for update skip locked` lets several workers (one
 * per server) share the outbox without sending an e-mail twice. The claim counts as an attempt and
 * holds a lease until `next_attempt_at`; a worker that dies leaves the row to recoverStuckEmails.
 */
export async function claimDueEmails(db: Queryable, limit: number, leaseSeconds = SENDING_TIMEOUT_SECONDS): Promise<OutboxEmail[]> {
  const rows = await db.query<OutboxRow>(
    `update public.email_outbox
        set status = 'sending', attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
      where id in (
        select id from public.email_outbox
         where status = 'queued' and next_attempt_at <= now()
         order by next_attempt_at, created_at
         limit $1
         for update skip locked)
      returning ${OUTBOX_COLUMNS}`,
    [limit, leaseSeconds],
  );
  return rows.map(outboxEmailFromRow);
}

/**
 * E-mails left in 'sending' after their lease (their process stopped mid-send) go back to the
 * queue, or to 'failed' when they have had all their attempts. Returns how many were recovered.
 */
export async function recoverStuckEmails(db: Queryable, maxAttempts = MAX_ATTEMPTS): Promise<number> {
  const rows = await db.query(
    `update public.email_outbox
        set status = case when attempts >= $1 then 'failed' else 'queued' end,
            next_attempt_at = now(),
            last_error = 'Interrupted while sending (the server stopped); tried again.'
      where status = 'sending' and next_attempt_at < now()
      returning id`,
    [maxAttempts],
  );
  return rows.length;
}

export async function markEmailSent(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update public.email_outbox set status = 'sent', sent_at = now(), last_error = null
      where id = $1 and status = 'sending'`,
    [id],
  );
}

/** Delay before the next attempt after `attempts` failed ones, or null when there is none left. */
export function backoffSeconds(attempts: number, maxAttempts = MAX_ATTEMPTS): number | null {
  if (attempts >= maxAttempts) return null;
  const minutes = BACKOFF_MINUTES[Math.min(Math.max(attempts, 1), BACKOFF_MINUTES.length) - 1]!;
  return minutes * 60;
}

/** After a failed attempt: queued again after the backoff, or 'failed' after the last attempt. */
export async function markEmailFailed(
  db: Queryable,
  email: Pick<OutboxEmail, "id" | "attempts">,
  error: string,
  options: { permanent?: boolean; maxAttempts?: number } = {},
): Promise<EmailStatus> {
  const delay = options.permanent ? null : backoffSeconds(email.attempts, options.maxAttempts);
  const status: EmailStatus = delay === null ? "failed" : "queued";
  await db.query(
    `update public.email_outbox
        set status = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4)
      where id = $1 and status = 'sending'`,
    [email.id, status, error.slice(0, 1000), delay ?? 0],
  );
  return status;
}

/** How many e-mails wait to be sent (queued, sending) and how many failed for good: /metrics reads this at scrape time. */
export async function outboxCounts(db: Queryable): Promise<{ queued: number; failed: number }> {
  const rows = await db.query<{ queued: number; failed: number }>(
    `select count(*) filter (where status in ('queued', 'sending'))::int as queued,
            count(*) filter (where status = 'failed')::int as failed
       from public.email_outbox where status <> 'sent'`,
  );
  return rows[0] ?? { queued: 0, failed: 0 };
}
