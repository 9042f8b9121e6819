import { getMessage, listMessages, markMessageDone, markMessageRead, type InboxMessage, type MessageKind } from "~/models/message.server";
import { emailStatuses, type EmailStatus, type OutboxEmail } from "~/models/email-outbox.server";
import { countOutboxByStatus, getOutboxEmail, listOutbox, retryOutboxEmail } from "~/models/admin-outbox.server";
import { env } from "~/utils/env.server";

/**
 * The admin's messages (/admin/messages): contact messages and support requests (unread first,
 * newest first; the static pages' model), and the e-mail outbox with each e-mail's state. Detail
 * pages live under /admin/messages/{kind}-{id}: "contact-…", "support-…" or "email-…".
 */
export const INBOX_PAGE_SIZE = 50;

export type InboxItemKind = MessageKind | "email";

export interface InboxData {
  messages: Array<Pick<InboxMessage, "kind" | "id" | "name" | "email" | "subject" | "createdAt" | "readAt" | "doneAt" | "orderNumber">>;
  showDone: boolean;
  outbox: Array<Pick<OutboxEmail, "id" | "to" | "subject" | "kind" | "status" | "attempts" | "lastError" | "createdAt" | "sentAt" | "nextAttemptAt">>;
  outboxStatus: EmailStatus | null;
  outboxCounts: Record<EmailStatus, number>;
  /** Without SMTP_URL nothing is sent: e-mails stay queued and are read here. */
  smtpConfigured: boolean;
}

function isEmailStatus(value: unknown): value is EmailStatus {
  return typeof value === "string" && (emailStatuses as readonly string[]).includes(value);
}

/** The list's data from its URL's parameters (/admin/messages?done=1&mail=failed). */
export async function loadInbox(url: URL): Promise<InboxData> {
  const showDone = url.searchParams.get("done") === "1";
  const mail = url.searchParams.get("mail");
  const outboxStatus = isEmailStatus(mail) ? mail : null;
  const [messages, outbox, outboxCounts] = await Promise.all([
    listMessages({ includeDone: showDone, limit: INBOX_PAGE_SIZE }),
    listOutbox({ status: outboxStatus ?? undefined, limit: INBOX_PAGE_SIZE }),
    countOutboxByStatus(),
  ]);
  return {
    messages: messages.map(({ kind, id, name, email, subject, createdAt, readAt, doneAt, orderNumber }) => ({
      kind,
      id,
      name,
      email,
      subject,
      createdAt,
      readAt,
      doneAt,
      orderNumber,
    })),
    showDone,
    // The list shows states, not bodies: the text is on the e-mail's own page.
    outbox: outbox.map(({ id, to, subject, kind, status, attempts, lastError, createdAt, sentAt, nextAttemptAt }) => ({
      id,
      to,
      subject,
      kind,
      status,
      attempts,
      lastError,
      createdAt,
      sentAt,
      nextAttemptAt,
    })),
    outboxStatus,
    outboxCounts,
    smtpConfigured: Boolean(env().SMTP_URL),
  };
}

const ITEM_ID = /^(contact|support|email)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function inboxItemPath(kind: InboxItemKind, id: string): string {
  return `/admin/messages/${kind}-${id}`;
}

export function parseInboxItemId(value: string | undefined): { kind: InboxItemKind; id: string } | null {
  const match = ITEM_ID.exec(value ?? "");
  return match ? { kind: match[1]!.toLowerCase() as InboxItemKind, id: match[2]!.toLowerCase() } : null;
}

export type InboxItem = { type: "message"; message: InboxMessage } | { type: "email"; email: OutboxEmail };

/** One message or one outbox e-mail, or null. Only reads: marking a message read is an intent (a POST). */
export async function getInboxItem(value: string | undefined): Promise<InboxItem | null> {
  const parsed = parseInboxItemId(value);
  if (!parsed) return null;
  if (parsed.kind === "email") {
    const email = await getOutboxEmail(parsed.id);
    return email ? { type: "email", email } : null;
  }
  const message = await getMessage(parsed.kind, parsed.id);
  return message ? { type: "message", message } : null;
}

export type InboxIntent = "read" | "done" | "reopen" | "retry";

/**
 * The detail page's buttons: mark a message read, done or open again; queue a failed e-mail again.
 * Returns "notFound" for an unknown item, "invalid" for an intent that does not fit it.
 */
export async function applyInboxIntent(value: string | undefined, intent: unknown): Promise<"ok" | "notFound" | "invalid"> {
  const parsed = parseInboxItemId(value);
  if (!parsed) return "notFound";
  if (parsed.kind === "email") {
    if (intent !== "retry") return "invalid";
    if (await retryOutboxEmail(parsed.id)) return "ok";
    return (await getOutboxEmail(parsed.id)) ? "invalid" : "notFound";
  }
  if (intent === "read") return (await markMessageRead(parsed.kind, parsed.id)) ? "ok" : "notFound";
  if (intent !== "done" && intent !== "reopen") return "invalid";
  return (await markMessageDone(parsed.kind, parsed.id, intent === "done")) ? "ok" : "notFound";
}
