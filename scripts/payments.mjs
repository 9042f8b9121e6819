#!/usr/bin/env node
// `npm run payments -- remind`: one run of the unpaid bank transfers' jobs now — the payment
// reminder e-mail after PAYMENT_REMINDER_DAYS, the cancellation after PAYMENT_CANCEL_DAYS (stock
// released, cancellation invoice, the customer told) — on the database the server uses:
// DATABASE_URL, else the embedded PGlite under DATA_DIR (only while the shop is stopped: PGlite is
// one process's own). The server runs the same jobs every hour by itself.
//
// It loads the production build (BUILD_DIR, default ./build; `npm run build` makes it:
// scripts/lib/server-runtime.mjs) and calls its serverRuntime.runPaymentJobs: the very code the
// server runs, the same claims per order in the database, so a run by hand next to running
// servers (on Postgres) never reminds or cancels an order twice. E-mails are queued in the outbox;
// the server's mail worker sends them.
import { existsSync } from "node:fs";
import path from "node:path";
import { runningShopPid } from "./lib/running-shop.mjs";
import { loadServerRuntime, Refusal } from "./lib/server-runtime.mjs";

const USAGE = `Usage: npm run payments -- remind   remind unpaid bank transfers (PAYMENT_REMINDER_DAYS) and cancel
                                     those unpaid after PAYMENT_CANCEL_DAYS, now
Uses DATABASE_URL, or the embedded database under DATA_DIR (default ./data) while the shop is stopped,
and the production build in BUILD_DIR (default ./build: run npm run build first).`;

async function remind() {
  const runtime = await loadServerRuntime("runPaymentJobs", "the payment jobs");
  if (runtime.isEmbedded()) {
    const dataDir = runtime.dataDir();
    const owner = runningShopPid(dataDir);
    if (owner) throw new Refusal(`The embedded database in ${dataDir} is in use by the shop server (process ${owner}): the running shop does this every hour by itself; stop it to run it by hand.`);
    if (existsSync(path.join(dataDir, "pglite", "postmaster.pid"))) {
      throw new Refusal(`The embedded database in ${dataDir} is open (postmaster.pid): stop the shop first. If it is not running, start and stop it once (left over from a crash).`);
    }
  }
  console.log(`Database: ${runtime.databaseLocation()}`);
  await runtime.startDatabase((message) => console.log(message));
  try {
    const result = await runtime.runPaymentJobs();
    console.log(`Reminders queued: ${result.reminded.length}; unpaid orders cancelled: ${result.cancelled.length}.`);
  } finally {
    await runtime.closeDatabase();
  }
}

const [command] = process.argv.slice(2);
try {
  if (command === "remind") await remind();
  else {
    console.error(USAGE);
    process.exitCode = command === undefined || command === "help" || command === "--help" ? 0 : 2;
  }
} catch (error) {
  console.error(error instanceof Refusal ? error.message : error);
  process.exitCode = 1;
}
