#!/usr/bin/env node
// `npm run stress`: the production server tried the way an attacker and a busy day try it, with the
// figures the note on a change gives (counts, seconds, megabytes), not a pass/fail (the test suite
// has those):
//   1. crossed carts: STRESS_SHOPPERS (20) shoppers, half with product A then B in the cart, half B
//      then A, each checking out twice at once (40 checkouts) across two server processes on a real
//      Postgres (STRESS_DATABASE_URL or DATABASE_URL): answers by status, slowest answer, and
//      whether the stock moved by exactly what was ordered;
//   2. big bodies: five 200 MB form posts at once to the embedded server: answers and the
//      process's peak resident memory against its memory before;
//   3. a login burst: 60 wrong passwords for one account at once from one address, then from 60
//      addresses: how many were checked and how many refused unchecked (429), and whether the
//      owner, from an address of their own, still signs in right after;
//   4. a Postgres restart while a signed-in shopper browses (needs STRESS_PG_CTL="pg_ctl -D … " run
//      as the cluster's owner, e.g. "runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D
//      /tmp/pgdata"): seconds to the first 503 and from the restart to the first 200 again.
// Writes the table into docs/performance.md between the stress markers.
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { ensureBuild, freshDataDir, removeDataDir, startServer, stopServer, writePerformanceBlock } from "./lib/prod-server.mjs";
import { createScratchDatabase, Visitor, withPostgres } from "./lib/visitor.mjs";

const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const PORT = Number(process.env.STRESS_PORT ?? 3450);
const base = `http://localhost:${PORT}`;
const SHOPPERS = Number(process.env.STRESS_SHOPPERS ?? 20);
const DATABASE_URL = process.env.STRESS_DATABASE_URL ?? process.env.DATABASE_URL;
const PG_CTL = process.env.STRESS_PG_CTL;
const [A, B] = ["00000000-0000-4000-8000-000000000002", "00000000-0000-4000-8000-000000000003"];
// All shoppers here come from this one machine: the per-address checkout limit would refuse most
// of them, and what is measured is the database under crossed carts, not that limit.
const PRODUCTION = { SHOP_IBAN: "DE89 3704 0044 0532 0130 00", CHECKOUT_ORDERS_PER_ADDRESS: "100000" };

const log = (...args) => console.error("[stress]", ...args);
const rows = [];
const row = (what, figure) => {
  rows.push([what, figure]);
  log(`${what}: ${figure}`);
};

const checkoutFields = (n) => ({
  firstName: "Erika",
  lastName: `Stress ${n}`,
  email: `stress-${n}@example.com`,
  phone: "+49 170 555 6677",
  "shippingAddress.street": "Hauptstraße 12",
  "shippingAddress.city": "Berlin",
  "shippingAddress.postalCode": "10115",
  "shippingAddress.country": "DE",
  useSameAddress: "on",
  paymentMethod: "bank_transfer",
  idempotencyKey: crypto.randomUUID(),
});

const tally = (statuses) =>
  Object.entries(statuses.reduce((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {}))
    .map(([status, count]) => `${count}× ${status}`)
    .join(", ");

async function crossedCarts() {
  const database = await createScratchDatabase(DATABASE_URL, "shop_stress");
  const dataDir = freshDataDir("stress-pg");
  const env = { DATABASE_URL: database.url, SEED_DEMO_DATA: "true", WEB_CONCURRENCY: "2", ...PRODUCTION };
  const server = await startServer({ buildDir: BUILD_DIR, port: PORT, dataDir, env });
  try {
    const stock = () => withPostgres(database.url, (query) => query("select id, stock from public.products where id = any($1::uuid[]) order by id", [[A, B]]));
    // Plenty of both, so every checkout can succeed: any failure is the server's.
    await withPostgres(database.url, (query) => query("update public.products set stock = 1000, in_stock = true where id = any($1::uuid[])", [[A, B]]));
    const before = await stock();
    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, n) => {
        const shopper = new Visitor(base, `shopper ${n}`);
        for (const productId of n % 2 === 0 ? [A, B] : [B, A]) {
          await shopper.request("/cart", { method: "POST", form: { intent: "add", productId, quantity: "1", redirectTo: "/cart" } });
        }
        return shopper;
      }),
    );
    // Each shopper submits twice at once, from two tabs (two forms, two keys): 2 × SHOPPERS
    // checkouts, of which one per cart can order it.
    const started = performance.now();
    const answers = await Promise.all(
      shoppers.flatMap((shopper, n) => [0, 1].map(() => shopper.request("/checkout", { method: "POST", form: checkoutFields(n), any: true }))),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const after = await stock();
    const [{ orders, pieces }] = await withPostgres(database.url, (query) =>
      query("select count(distinct o.id)::int as orders, coalesce(sum(i.quantity), 0)::int as pieces from public.orders o join public.order_items i on i.order_id = o.id"),
    );
    const moved = before.reduce((total, product, i) => total + product.stock - after[i].stock, 0);
    const emptied = answers.filter((a) => a.status === 303 && a.headers.get("location")?.startsWith("/cart")).length;
    row(
      `${answers.length} checkouts at once: ${SHOPPERS} crossed carts (A,B / B,A), each sent from two tabs, 2 processes on Postgres`,
      `${tally(answers.map((a) => a.status))} (${answers.length - emptied} to a confirmation, ${emptied} to the emptied cart); slowest ${Math.round(Math.max(...answers.map((a) => a.ms)))} ms, all in ${seconds} s; ` +
        `${orders} orders for ${SHOPPERS} carts, ${pieces} pieces, stock moved by ${moved}${moved === pieces ? " (exact)" : " (NOT exact)"}`,
    );
  } finally {
    await stopServer(server);
    removeDataDir(dataDir);
    await database.drop().catch(() => {});
  }
}

/** Resident memory of a process (and its children), in MB. */
function rssMb(pid) {
  const pids = [pid, ...execSync(`pgrep -P ${pid} || true`).toString().split(/\s+/).filter(Boolean).map(Number)];
  let kb = 0;
  for (const p of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {}
  }
  return Math.round(kb / 1024);
}

/** Posts `megabytes` of url-encoded form body, streamed; resolves with the status (or the error). */
function bigPost(megabytes) {
  return new Promise((resolve) => {
    const request = http.request(`${base}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(megabytes * 1024 * 1024), origin: base },
    });
    request.on("response", (response) => {
      response.resume();
      resolve(String(response.statusCode));
      request.destroy();
    });
    request.on("error", (error) => resolve(error.code ?? "error"));
    const chunk = Buffer.alloc(1024 * 1024, "a");
    let sent = 0;
    const write = () => {
      while (sent < megabytes) {
        sent++;
        if (!request.write(chunk)) return request.once("drain", write);
      }
      request.end();
    };
    write();
  });
}

async function bigBodies() {
  const dataDir = freshDataDir("stress");
  const server = await startServer({ buildDir: BUILD_DIR, port: PORT, dataDir });
  try {
    await new Visitor(base).request("/products");
    const before = rssMb(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
    const statuses = await Promise.all(Array.from({ length: 5 }, () => bigPost(200)));
    clearInterval(sampler);
    const alive = (await new Visitor(base).request("/products", { any: true })).status;
    row("five 200 MB form posts at once (embedded)", `answers ${tally(statuses)}; memory ${before} MB before, peak ${peak} MB; the next page: ${alive}`);
  } finally {
    await stopServer(server);
    removeDataDir(dataDir);
  }
}

async function loginBurst() {
  const dataDir = freshDataDir("stress");
  // Addresses from X-Forwarded-For, as behind a proxy: the attacker's, then the owner's own.
  const server = await startServer({ buildDir: BUILD_DIR, port: PORT, dataDir, env: { TRUST_PROXY: "true" } });
  try {
    const email = "kunde@example.com";
    const from = (address) => ({ "x-forwarded-for": address });
    const signIn = (password, address) => new Visitor(base).request("/login", { method: "POST", form: { email, password }, headers: from(address), any: true });
    for (const [what, addressOf] of [
      ["one address", () => "203.0.113.7"],
      ["60 addresses", (i) => `198.51.100.${i + 1}`],
    ]) {
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn("wrong-password", addressOf(i))));
      const checked = answers.filter((a) => a.status !== 429).length;
      const started = performance.now();
      let owner = await signIn("kunde12345", "192.0.2.50");
      // An account under attack slows down: the owner may be asked to wait a moment, not locked out.
      for (let i = 0; i < 30 && owner.status === 429; i++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        owner = await signIn("kunde12345", "192.0.2.50");
      }
      row(
        `60 wrong passwords for one account at once, from ${what}`,
        `${checked} checked, ${answers.length - checked} refused unchecked (429); the owner, from another address: ` +
          `${owner.status === 302 ? `signed in after ${((performance.now() - started) / 1000).toFixed(1)} s` : `not signed in (${owner.status})`}`,
      );
    }
  } finally {
    await stopServer(server);
    removeDataDir(dataDir);
  }
}

async function postgresRestart() {
  const database = await createScratchDatabase(DATABASE_URL, "shop_stress");
  const dataDir = freshDataDir("stress-pg");
  const env = { DATABASE_URL: database.url, SEED_DEMO_DATA: "true", WEB_CONCURRENCY: "1", ...PRODUCTION };
  const server = await startServer({ buildDir: BUILD_DIR, port: PORT, dataDir, env });
  try {
    const shopper = new Visitor(base, "shopper");
    await shopper.request("/cart", { method: "POST", form: { intent: "add", productId: A, quantity: "1", redirectTo: "/cart" } });
    const cart = () => shopper.request("/cart", { any: true, signal: AbortSignal.timeout(20_000) }).catch(() => ({ status: 0, ms: 20_000 }));
    const stopped = performance.now();
    execSync(`${PG_CTL} -m immediate stop`, { stdio: "ignore" });
    let first503;
    for (let i = 0; i < 100 && !first503; i++) {
      const answer = await cart();
      if (answer.status === 503) first503 = { after: performance.now() - stopped, took: answer.ms };
    }
    const started = performance.now();
    execSync(`${PG_CTL} -w start`, { stdio: "ignore" });
    let back;
    for (let i = 0; i < 600 && !back; i++) {
      if ((await cart()).status === 200) back = performance.now() - started;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    row(
      "Postgres stopped (immediate) under a shopper, then started",
      `first 503 ${first503 ? `${(first503.after / 1000).toFixed(1)} s after the stop (that request took ${(first503.took / 1000).toFixed(1)} s)` : "never"}; ` +
        `serving again ${back ? `${(back / 1000).toFixed(1)} s after the restart began` : "not within 60 s"}; server process ${server.exitCode === null ? "alive" : "gone"}`,
    );
  } finally {
    await stopServer(server);
    removeDataDir(dataDir);
    await database.drop().catch(() => {});
  }
}

async function main() {
  ensureBuild(BUILD_DIR, { reuse: process.env.STRESS_SKIP_BUILD === "1" });
  if (DATABASE_URL) await crossedCarts();
  else log("no STRESS_DATABASE_URL/DATABASE_URL: the crossed-carts run is skipped");
  await bigBodies();
  await loginBurst();
  if (DATABASE_URL && PG_CTL) await postgresRestart();
  else log("no STRESS_PG_CTL: the Postgres restart is skipped");
  const output = ["| tried | what happened |", "|---|---|", ...rows.map(([what, figure]) => `| ${what} | ${figure} |`)].join("\n");
  console.log(output);
  writePerformanceBlock("stress", "npm run stress", output);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
