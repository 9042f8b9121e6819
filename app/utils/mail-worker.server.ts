import type { Transporter } from "nodemailer";
import { getDb } from "~/db/db.server";
import type { Database } from "~/db/database.server";
import {
  claimDueEmails,
  markEmailFailed,
  markEmailSent,
  MAX_ATTEMPTS,
  recoverStuckEmails,
  SENDING_TIMEOUT_SECONDS,
  type EmailStatus,
  type OutboxEmail,
} from "~/models/email-outbox.server";

/**
 * Sends the e-mail outbox over SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example:587 or
 * smtps://…:465), from MAIL_FROM. One worker per server process; several processes share the
 * outbox safely (rows are claimed with `for update skip locked`). Without SMTP_URL nothing is sent:
 * e-mails stay queued in the database and admins read them in the Messages tab.
 */
export const DEFAULT_MAIL_FROM = "OfficeHaus <shop@officehaus.example>";
const POLL_MS = 5_000;
const BATCH = 10;

export function mailFrom(): string {
  const from = process.env.MAIL_FROM?.trim();
  // A From with a line break would be a header injection through configuration: never used.
  return from && !/[\r\n]/.test(from) ? from : DEFAULT_MAIL_FROM;
}

export function createSmtpTransport(url: string): Promise<Transporter> {
  return import("nodemailer").then(({ default: nodemailer }) =>
    nodemailer.createTransport(url, {
      // A slow or dead server must not hold a claimed e-mail for long.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    } as never),
  );
}

export interface WorkerOptions {
  transport: Pick<Transporter, "sendMail">;
  from?: string;
  batchSize?: number;
  maxAttempts?: number;
  leaseSeconds?: number;
}

export interface RunResult {
  recovered: number;
  sent: number;
  retried: number;
  failed: number;
}

/** SMTP 5xx answers about the recipient (no such mailbox, bad address) will never succeed. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && [550, 551, 553].includes(code) && /recipient|mailbox|address|user/i.test(String((error as Error).message));
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

async function sendOne(db: Database, email: OutboxEmail, options: WorkerOptions): Promise<EmailStatus> {
  try {
    await options.transport.sendMail({
      from: options.from ?? mailFrom(),
      to: email.to,
      subject: email.subject,
      text: email.text,
      ...(email.html ? { html: email.html } : {}),
      headers: {
        "Content-Language": email.locale,
        ...(email.unsubscribeUrl
          ? { "List-Unsubscribe": `<${email.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
          : {}),
      },
      // Nodemailer refuses to read files or URLs named in a message: only our own texts go out.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    await markEmailSent(db, email.id);
    return "sent";
  } catch (error) {
    return markEmailFailed(db, email, describe(error), { permanent: isPermanent(error), maxAttempts: options.maxAttempts });
  }
}

/**
 * One round: put back e-mails whose sender died, then claim and send what is due. Never throws
 * for an e-mail that fails; that e-mail is retried later with backoff.
 */
export async function runMailWorkerOnce(db: Database, options: WorkerOptions): Promise<RunResult> {
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const result: RunResult = { recovered: await recoverStuckEmails(db, maxAttempts), sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const batch = await claimDueEmails(db, options.batchSize ?? BATCH, options.leaseSeconds ?? SENDING_TIMEOUT_SECONDS);
    if (batch.length === 0) break;
    for (const email of batch) {
      const status = await sendOne(db, email, { ...options, maxAttempts });
      if (status === "sent") result.sent += 1;
      else if (status === "failed") result.failed += 1;
      else result.retried += 1;
    }
    if (batch.length < (options.batchSize ?? BATCH)) break;
  }
  return result;
}

declare global {
  // One worker per process, even when the server module is evaluated again.
  var __shopMailWorker: { stop(): void } | undefined;
}

/**
 * Starts the background worker of this process (once). It does nothing without SMTP_URL, and does
 * not start under tests. A failing round is logged and the next one comes at the next tick.
 */
export function startMailWorker(): void {
  if (globalThis.__shopMailWorker) return;
  if (process.env.VITEST || process.env.NODE_ENV === "test") return;
  const url = process.env.SMTP_URL?.trim();
  if (!url) return;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let transport: Promise<Transporter> | undefined;
  const tick = async () => {
    try {
      transport ??= createSmtpTransport(url);
      const db = await getDb();
      await runMailWorkerOnce(db, { transport: await transport });
    } catch (error) {
      console.error("Mail worker round failed:", error);
    } finally {
      if (!stopped) schedule(POLL_MS);
    }
  };
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    // The worker must not keep a stopping server alive.
    timer.unref?.();
  };
  schedule(1_000);
  globalThis.__shopMailWorker = {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
