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
import { env } from "~/utils/env.server";
import { qrCodePng } from "~/utils/payment-codes.server";

/**
 * Sends the e-mail outbox over SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example:587 or
 * smtps://…:465), from MAIL_FROM. One worker per server process; several processes share the
 * outbox safely (rows are claimed with `for update skip locked`). Without SMTP_URL nothing is sent:
 * e-mails stay queued in the database and admins read them under /admin/messages. A service: it
 * runs beside the server, started by the server entry, and uses the outbox model.
 */
export const DEFAULT_MAIL_FROM = "OfficeHaus <shop@officehaus.example>";
const POLL_MS = 5_000;
const BATCH = 10;

export function mailFrom(): string {
  // A From with a line break (a header injection through configuration) stops the server at start (env.server).
  return env().MAIL_FROM ?? DEFAULT_MAIL_FROM;
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

/** The e-mail's inline images (a GiroCode), drawn now from the text the outbox kept: PNG parts with their Content-ID. */
async function inlineAttachments(email: OutboxEmail) {
  return Promise.all(
    email.inlineImages.map(async (image) => ({
      filename: image.filename,
      content: await qrCodePng(image.qr),
      contentType: "image/png",
      cid: image.cid,
      contentDisposition: "inline" as const,
    })),
  );
}

async function sendOne(db: Database, email: OutboxEmail, options: WorkerOptions): Promise<EmailStatus> {
  try {
    const attachments = await inlineAttachments(email);
    await options.transport.sendMail({
      from: options.from ?? mailFrom(),
      to: email.to,
      subject: email.subject,
      text: email.text,
      ...(email.html ? { html: email.html } : {}),
      ...(attachments.length > 0 ? { attachments } : {}),
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
  var __shopMailWorker: { stop(): Promise<void> } | undefined;
}

/**
 * Starts the background worker of this process (once). It does nothing without SMTP_URL, and does
 * not start under tests. A failing round is logged and the next one comes at the next tick.
 * Returns whether a worker runs.
 */
export function startMailWorker(): boolean {
  if (globalThis.__shopMailWorker) return true;
  if (process.env.VITEST || env().NODE_ENV === "test") return false;
  const url = env().SMTP_URL;
  if (!url) return false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let transport: Promise<Transporter> | undefined;
  let round: Promise<void> | undefined;
  const tick = () => (round = runRound());
  const runRound = async () => {
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
    // No new round; the one under way (claimed e-mails) finishes first.
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await round;
    },
  };
  return true;
}

/** Stops this process's worker (on shutdown), once the round under way is done. */
export async function stopMailWorker(): Promise<void> {
  const worker = globalThis.__shopMailWorker;
  globalThis.__shopMailWorker = undefined;
  await worker?.stop();
}
