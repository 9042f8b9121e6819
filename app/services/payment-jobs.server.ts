import { runPaymentJobs, type PaymentJobResult } from "~/models/payment-reminders.server";
import { env } from "~/utils/env.server";

/**
 * The unpaid bank transfers' reminders and expiries (models/payment-reminders.server.ts) on a
 * schedule inside the server: a first run a minute after start, then every hour. Every server
 * process runs it (WEB_CONCURRENCY, several servers on one Postgres): each order's job is claimed
 * in the database, so one of them does it, once. `npm run payments -- remind` runs the same
 * function by hand (through serverRuntime.runPaymentJobs).
 */
const FIRST_RUN_MS = 60_000;
const INTERVAL_MS = 60 * 60_000;

/** One run with the configured days (PAYMENT_REMINDER_DAYS, PAYMENT_CANCEL_DAYS). */
export function runConfiguredPaymentJobs(): Promise<PaymentJobResult> {
  const settings = env();
  return runPaymentJobs({ reminderDays: settings.PAYMENT_REMINDER_DAYS, cancelDays: settings.PAYMENT_CANCEL_DAYS });
}

declare global {
  // One schedule per process, even when the server module is evaluated again.
  var __shopPaymentJobs: { stop(): Promise<void> } | undefined;
}

/** Starts this process's schedule (once; not under tests). A failing run is logged; the next comes an hour later. */
export function startPaymentJobs(log: { info(message: string): void; error(message: string, error?: unknown): void } = console): boolean {
  if (globalThis.__shopPaymentJobs) return true;
  if (process.env.VITEST || env().NODE_ENV === "test") return false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let run: Promise<void> | undefined;
  const tick = () => {
    run = (async () => {
      try {
        const result = await runConfiguredPaymentJobs();
        if (result.reminded.length + result.cancelled.length > 0) {
          log.info(`Payments: ${result.reminded.length} reminder(s) queued, ${result.cancelled.length} unpaid order(s) cancelled`);
        }
      } catch (error) {
        log.error("Payment reminders run failed:", error);
      } finally {
        if (!stopped) schedule(INTERVAL_MS);
      }
    })();
  };
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    // The schedule must not keep a stopping server alive.
    timer.unref?.();
  };
  schedule(FIRST_RUN_MS);
  globalThis.__shopPaymentJobs = {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await run;
    },
  };
  return true;
}

/** Stops this process's schedule (on shutdown), once the run under way is done. */
export async function stopPaymentJobs(): Promise<void> {
  const jobs = globalThis.__shopPaymentJobs;
  globalThis.__shopPaymentJobs = undefined;
  await jobs?.stop();
}
