#!/usr/bin/env node
// `npm run bench`: the shop under load, every figure next to a bare Remix page measured in the same
// run (timings on a shared 2-core machine are only comparable side by side).
//
// For each database setup — the embedded PGlite, and with BENCH_DATABASE_URL (or DATABASE_URL) a
// real Postgres with WEB_CONCURRENCY=1 and =2 — it starts the production build on a fresh database
// of BENCH_PRODUCTS (10 000) products and measures, with autocannon from a second process:
//   - the bare page (scripts/bench-bare: Remix + React, a 24-item loader, served by remix-serve);
//   - every GET route as a new visitor, as a visitor with a cart, and as a signed-in customer with
//     favourites and a cart: req/s at BENCH_CONNECTIONS (50) for BENCH_DURATION (8) s, p50/p99,
//     and req/s as a ratio to the bare page;
//   - an open-loop run (a fixed arrival rate: scripts/lib/open-loop.mjs; autocannon's -R sends
//     each second's share in one burst) of carted visitors on the listing at 100, 200 and 400
//     requests a second, with p50/p99, and the bare page's at the same rates;
//   - the listing's HTML and client-side navigation payload in bytes;
//   - with two processes: how long an admin's stock change takes to show on pages of both.
// The embedded setup is also run on a catalogue of BENCH_SMALL_PRODUCTS (100; 0 skips it) for the
// 10 000 / 100 latency ratio. Prints the tables and writes them into docs/performance.md.
//
// BENCH_ONLY=search: only the listing beside the searches (plain, typo + compound word, several
// words), on the embedded database of BENCH_PRODUCTS, uncached (PAGE_CACHE=off, PAGE_CACHE_TTL=0:
// every request runs its queries), in BENCH_SEARCH_ROUNDS (3) interleaved rounds so that each
// search is compared with the listing measured right beside it; written into the "bench-search"
// block of docs/performance.md.
//
// BENCH_COMPARE=<dir of another build> (e.g. an older commit's, built with its own BUILD_DIR): that
// build ("before") beside BUILD_DIR ("after") on the embedded database, each on a fresh data folder
// of its own (its own migrations and seed) filled to BENCH_PRODUCTS, on BENCH_PORT + 2 and
// BENCH_PORT. Every GET route of the bench, plus the cart page and the search suggestions, for each
// kind of visitor (and a new visitor asking for gzip/brotli as browsers do), measured interleaved:
// BENCH_COMPARE_ROUNDS (2) rounds of the two builds one after the other in alternating order
// (before, after; after, before), so both see the same machine load, with req/s, p99 and the
// server's CPU time per request (/proc: far steadier than req/s on a shared machine).
// A page either build does not answer with 200 is listed as skipped. A row below 0.85× after ÷ before
// is measured once more on its own. BENCH_COMPARE_LABEL names the other build (e.g. its commit);
// BENCH_COMPARE_ROUTES (route names, comma-separated: "product,cart page"; separated by ";" when a
// name has a comma: "search, two words;cart page") measures only those and
// only prints them.
// Prints route | visitor | before/after req/s | after/before | before/after p99 | CPU per request and
// writes it, with the load average at the start and end, into the "bench-compare" block of
// docs/performance.md.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, freshDataDir, removeDataDir, root, startServer, stopServer, writePerformanceBlock } from "./lib/prod-server.mjs";
import { createScratchDatabase, Visitor, withPostgres } from "./lib/visitor.mjs";

const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const BARE_BUILD_DIR = path.join(root, "build-bench-bare");
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const BARE_PORT = PORT + 1;
const SIZE = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SMALL_SIZE = Number(process.env.BENCH_SMALL_PRODUCTS ?? 100);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RATES = (process.env.BENCH_RATES ?? "100,200,400").split(",").map(Number);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const base = `http://localhost:${PORT}`;
const PRODUCT_ID = "00000000-0000-4000-8000-000000000001";
const LISTING = "/products";
/** BENCH_ONLY=search: how many rounds of the listing and the searches, interleaved. */
const SEARCH_ROUNDS = Math.max(1, Number(process.env.BENCH_SEARCH_ROUNDS ?? 3));

const routes = [
  { name: "home", path: "/" },
  { name: "products", path: LISTING },
  { name: "products filtered", path: "/products?category=home-office&sort=price-low&page=3" },
  { name: "product", path: `/products/${PRODUCT_ID}` },
  { name: "category", path: "/category/coffee-tea" },
  { name: "search", path: "/search?q=lamp" },
  { name: "search, typo + compound", path: "/search?q=schreibtishlampe" },
  { name: "search, two words", path: "/search?q=bench%20tag7" },
  { name: "about (static)", path: "/about" },
];

function log(...args) {
  console.error("[bench]", ...args);
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Catalogue

const FILL_SQL = `insert into public.products (name, name_de, name_fr, name_ar, description, description_de, description_fr, description_ar,
     price, price_eur, price_chf, sale_price_eur, sale_price_chf, image, images, category, in_stock, stock, featured, tags, created_at)
   select 'Bench desk lamp ' || g, 'Test-Schreibtischlampe ' || g, 'Lampe de bureau test ' || g, 'مصباح مكتب تجريبي ' || g,
          'Generated product ' || g || ' for the benchmark.', 'Erzeugter Artikel ' || g || ' für den Benchmark.',
          'Article généré ' || g || ' pour le benchmark.', 'منتج مُولَّد ' || g || ' لاختبار الأداء.',
          p, p, round(p * 1.08, 2), case when g % 4 = 0 then round(p * 0.8, 2) end, case when g % 4 = 0 then round(p * 1.08 * 0.8, 2) end,
          img, array[img], (array['office-gifts','productivity-work','luxury-comfort','coffee-tea','decor-walls','home-office',
            'audio-ambiance','office-plants','sustainable-supplies','storage-organization','kids-teens','seasonal-gifts','budget-deals'])[1 + g % 13],
          g % 29 <> 0, case when g % 29 = 0 then 0 else 1 + g % 60 end, g % 211 = 0, array['bench', 'tag' || (g % 50)],
          now() - make_interval(mins => g)
     from generate_series(1, $1::int) g,
          lateral (select round((9.9 + (g * 37 % 990))::numeric, 2) as p) price,
          lateral (select image as img from public.products where image <> '' order by created_at limit 1) image`;

/** Adds generated products (in SQL, inside the database) until the catalogue has `size` rows. */
async function fillCatalogue(query, size) {
  const [{ count }] = await query("select count(*)::int as count from public.products");
  const missing = Math.max(0, size - count);
  if (missing > 0) await query(FILL_SQL, [missing]);
  await query("analyze public.products");
  await query("analyze public.search_words");
  return count + missing;
}

async function fillEmbedded(dataDir, size) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const db = new PGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm, unaccent } });
  try {
    return await fillCatalogue(async (text, params) => (await db.query(text, params)).rows, size);
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Visitors

async function cartVisitor(origin = base) {
  const visitor = new Visitor(origin, "with a cart");
  await visitor.request("/cart", { method: "POST", form: { intent: "add", productId: PRODUCT_ID, quantity: "1", redirectTo: "/" } });
  await visitor.settle();
  if (!visitor.cookies.has("cart-session-id")) throw new Error("adding to the cart set no cart cookie");
  return visitor;
}

const BENCH_PASSWORD = "bench-password-1";

/** A new customer account (signed up and signed in), with favourites on the listing's first page and a cart line. */
async function customerVisitor(email, origin = base) {
  const visitor = new Visitor(origin, "signed in, favourites");
  await visitor.request("/register", {
    method: "POST",
    form: { firstName: "Bench", lastName: "Kunde", email, country: "DE", password: BENCH_PASSWORD, confirmPassword: BENCH_PASSWORD },
  });
  await visitor.request("/login", { method: "POST", form: { email, password: BENCH_PASSWORD } });
  await visitor.settle();
  if (!visitor.cookies.has("__session")) throw new Error("signing in set no session cookie");
  const listing = await visitor.request(LISTING);
  const ids = [...new Set([...listing.body.matchAll(/\/products\/([0-9a-f-]{36})/g)].map((m) => m[1]))].slice(0, 3);
  for (const productId of [PRODUCT_ID, ...ids.filter((id) => id !== PRODUCT_ID)]) {
    await visitor.request("/favorites", { method: "POST", form: { intent: "toggle", productId, redirectTo: "/" } });
  }
  await visitor.request("/cart", { method: "POST", form: { intent: "add", productId: PRODUCT_ID, quantity: "1", redirectTo: "/" } });
  await visitor.settle();
  return visitor;
}

// ---------------------------------------------------------------------------------------------
// Load

function autocannon(url, { headers = {}, method, body } = {}) {
  const args = ["node_modules/autocannon/autocannon.js", "-j", "-c", String(CONNECTIONS), "-d", String(DURATION)];
  if (method) args.push("-m", method);
  if (body) args.push("-b", body);
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  args.push(url);
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`autocannon failed: ${result.stderr}`);
  const json = JSON.parse(result.stdout);
  // A post answers 303 (back to the page): only a GET's redirect is an error here.
  const errors = json.errors + json.timeouts + (json["4xx"] ?? 0) + (json["5xx"] ?? 0) + (method && method !== "GET" ? 0 : (json["3xx"] ?? 0));
  return { rps: json.requests.average, p50: json.latency.p50, p99: json.latency.p99, mean: json.latency.average, errors, requests: json.requests.total };
}

/** A fixed arrival rate of GETs for DURATION seconds (scripts/lib/open-loop.mjs, a process of its own). */
function openLoop(url, rate, cookie) {
  const args = ["scripts/lib/open-loop.mjs", url, String(rate), String(DURATION)];
  if (cookie) args.push(cookie);
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`open loop failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** Warms a page up (a few requests on fresh connections) and returns its size in bytes. */
async function warm(url, headers = {}) {
  let bytes = 0;
  for (let i = 0; i < 20; i++) {
    const response = await fetch(url, { headers: { ...headers, connection: "close" }, redirect: "manual" });
    bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  }
  return bytes;
}

async function startBare() {
  const server = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", path.join(BARE_BUILD_DIR, "server/index.js")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(BARE_PORT) },
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://localhost:${BARE_PORT}/`)).ok) return server;
    } catch {}
    await pause(100);
  }
  server.kill("SIGKILL");
  throw new Error("the bare Remix page did not start");
}

async function measureBare() {
  const bare = await startBare();
  try {
    const url = `http://localhost:${BARE_PORT}/`;
    const bytes = await warm(url);
    log(`bare Remix page: ${DURATION}s at ${CONNECTIONS} connections…`);
    const closed = autocannon(url);
    const open = [];
    for (const rate of RATES) {
      await pause(2000);
      open.push(openLoop(url, rate));
    }
    return { bytes, ...closed, open };
  } finally {
    bare.kill("SIGTERM");
    await new Promise((resolve) => bare.once("exit", resolve));
  }
}

/** The listing's size: the whole page, and what a client-side navigation to it fetches. */
async function listingBytes(visitor) {
  const html = await visitor.request(LISTING);
  // A navigation from another page asks only for the routes whose data can change (the root
  // revalidates only when it must: see root.tsx shouldRevalidate).
  const data = await visitor.request(`${LISTING}.data?_routes=${encodeURIComponent("routes/products._index")}`);
  const full = await visitor.request(`${LISTING}.data`);
  return { html: Buffer.byteLength(html.body), navigation: Buffer.byteLength(data.body), dataWithRoot: Buffer.byteLength(full.body) };
}

/**
 * With several processes: an admin sets a product's stock through one of them; how long until
 * every page of that product, from any process, shows it. Cluster workers take connections in
 * turn, so fresh connections reach every process.
 */
async function propagation(admin) {
  const stock = 4000 + Math.floor(Math.random() * 999);
  const page = `/products/${PRODUCT_ID}`;
  const shows = (html) => html.includes(`max="${stock}"`);
  for (let i = 0; i < 8; i++) await fetch(base + page, { headers: { connection: "close" } }).then((r) => r.text());
  const started = performance.now();
  await admin.request("/admin/inventory", { method: "POST", form: { productId: PRODUCT_ID, stock: String(stock), redirectTo: "/admin/inventory" } });
  const saved = performance.now();
  let streak = 0;
  let seenAt;
  for (let i = 0; i < 2000 && streak < 8; i++) {
    const html = await fetch(base + page, { headers: { connection: "close" } }).then((r) => r.text());
    if (shows(html)) {
      seenAt ??= performance.now();
      streak++;
    } else {
      seenAt = undefined;
      streak = 0;
    }
  }
  if (streak < 8) return { saved: saved - started, visible: undefined };
  return { saved: saved - started, visible: seenAt - started };
}

// ---------------------------------------------------------------------------------------------
// One setup

async function measureSetup({ label, size, env, dataDir, short = false, prepare, only = routes, rounds = 1 }) {
  log(`${label}: starting the shop…`);
  const server = await startServer({ buildDir: BUILD_DIR, port: PORT, dataDir, env });
  const results = [];
  const openLoops = [];
  let bytes;
  let bare;
  let spread;
  try {
    const visitors = [new Visitor(base, "new visitor"), await cartVisitor(), await customerVisitor(`bench-${Date.now()}@example.com`)];
    const admin = prepare ? await prepare(visitors) : undefined;
    bytes = await listingBytes(visitors[1]);
    if (!short) bare = await measureBare();
    // With rounds > 1 (BENCH_ONLY=search): per round and visitor the routes one right after the
    // other, in alternating order, so that routes compared are measured under the same load.
    const plan =
      rounds > 1
        ? Array.from({ length: rounds }, (_, round) =>
            visitors.flatMap((visitor) => (round % 2 === 0 ? only : [...only].reverse()).map((route) => ({ route, visitor, round }))),
          ).flat()
        : only.flatMap((route) => visitors.map((visitor) => ({ route, visitor, round: 0 })));
    for (const { route, visitor, round } of plan) {
      await pause(2000);
      const headers = visitor.cookies.size ? { cookie: visitor.header } : {};
      const pageBytes = await warm(base + route.path, headers);
      log(`${label}: ${route.name} (${visitor.name})${rounds > 1 ? `, round ${round + 1}/${rounds}` : ""}…`);
      const run = autocannon(base + route.path, { headers });
      results.push({ route: route.name, visitor: visitor.name, round, bytes: pageBytes, ...run, ofBare: bare ? run.rps / bare.rps : undefined });
    }
    const cart = visitors[1];
    if (!short) {
      await pause(2000);
      log(`${label}: POST /cart (with a cart)…`);
      const post = autocannon(`${base}/cart`, {
        method: "POST",
        body: `intent=add&productId=${PRODUCT_ID}&quantity=1&redirectTo=%2F`,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie: cart.header },
      });
      results.push({ route: "POST /cart add", visitor: cart.name, bytes: 0, ...post, ofBare: post.rps / bare.rps });
      for (const rate of RATES) {
        await pause(3000);
        log(`${label}: open loop, ${rate} req/s of carted listing views…`);
        openLoops.push({ rate, ...openLoop(base + LISTING, rate, cart.header) });
      }
      if (admin) spread = await propagation(admin);
    }
  } finally {
    await stopServer(server);
  }
  return { label, size, bare, results, openLoop: openLoops, bytes, spread };
}

// ---------------------------------------------------------------------------------------------
// Output

const ms = (value) => (value === undefined ? "–" : Math.round(value).toString());
const ratio = (value) => (value === undefined ? "–" : `${value.toFixed(2)}×`);

function setupTable(setup, small) {
  const lines = [
    `**${setup.label}** — ${setup.size} products; bare Remix page: **${setup.bare.rps.toFixed(0)} req/s** (p99 ${setup.bare.p99} ms, ${setup.bare.bytes} bytes).` +
      ` Listing: ${setup.bytes.html} bytes of HTML, ${setup.bytes.navigation} bytes per client-side navigation (${setup.bytes.dataWithRoot} with the root's data).`,
    "",
    `| route | visitor | page bytes | req/s | ÷ bare | p50 ms | p99 ms | errors |${small ? ` p50 at ${small.size} | latency ${setup.size}/${small.size} |` : ""}`,
    `|---|---|---:|---:|---:|---:|---:|---:|${small ? "---:|---:|" : ""}`,
  ];
  for (const row of setup.results) {
    const smallRow = small?.results.find((r) => r.route === row.route && r.visitor === row.visitor);
    const latency = smallRow && smallRow.mean > 0 ? (row.mean / smallRow.mean).toFixed(2) : "–";
    lines.push(
      `| ${row.route} | ${row.visitor} | ${row.bytes || "–"} | ${row.rps.toFixed(0)} | ${ratio(row.ofBare)} | ${row.p50} | ${row.p99} | ${row.errors} |${small ? ` ${smallRow?.p50 ?? "–"} | ${latency} |` : ""}`,
    );
  }
  lines.push(
    "",
    "Open loop (a fixed arrival rate), carted visitors on the listing, beside the bare page at the same rates:",
    "",
    "| offered req/s | served req/s | p50 ms | p99 ms | max ms | errors | bare: p50 ms | bare: p99 ms |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const row of setup.openLoop) {
    const bare = setup.bare.open?.find((b) => b.offered === row.rate);
    lines.push(`| ${row.rate} | ${row.served} | ${row.p50} | ${row.p99} | ${row.max} | ${row.errors} | ${bare?.p50 ?? "–"} | ${bare?.p99 ?? "–"} |`);
  }
  if (setup.spread) {
    lines.push(
      "",
      setup.spread.visible === undefined
        ? "An admin's stock change did **not** show on both processes' pages within the polling window."
        : `An admin's stock change (answered in ${ms(setup.spread.saved)} ms) showed on pages of both processes **${ms(setup.spread.visible)} ms** after it was sent.`,
    );
  }
  return lines.join("\n");
}

function summary(setups) {
  const rendered = (setup) => setup.results.filter((r) => r.visitor !== "new visitor" && r.route !== "POST /cart add");
  const lines = ["| setup | bare req/s | lowest personal ÷ bare | carted p99 at 200 req/s |", "|---|---:|---:|---:|"];
  for (const setup of setups) {
    const lowest = Math.min(...rendered(setup).map((r) => r.ofBare));
    const at200 = setup.openLoop.find((r) => r.rate === 200);
    lines.push(`| ${setup.label} | ${setup.bare.rps.toFixed(0)} | ${ratio(lowest)} | ${at200 ? `${at200.p99} ms` : "–"} |`);
  }
  const [one, two] = ["WEB_CONCURRENCY=1", "WEB_CONCURRENCY=2"].map((name) => setups.find((s) => s.label.includes(name)));
  if (one && two) {
    const sum = (setup) => rendered(setup).reduce((total, r) => total + r.rps, 0);
    lines.push("", `Two processes serve **${(sum(two) / sum(one)).toFixed(2)}×** the personal-page throughput of one (sum over the rows with a cart or an account).`);
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------

function buildBare() {
  const build = spawnSync("npx", ["remix", "vite:build", "--config", "scripts/bench-bare/vite.config.mjs"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BENCH_BARE_BUILD_DIR: BARE_BUILD_DIR },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

async function embeddedSetup(size, short, options = {}) {
  const dataDir = freshDataDir("bench");
  try {
    log(`embedded, ${size} products: first start (migrate + seed)…`);
    await stopServer(await startServer({ buildDir: BUILD_DIR, port: PORT, dataDir }));
    const products = await fillEmbedded(dataDir, size);
    return await measureSetup({ label: "Embedded PGlite", size: products, dataDir, short, ...options });
  } finally {
    removeDataDir(dataDir);
  }
}

/** Each setup's figures as soon as they are measured (a later setup that fails loses nothing). */
function keep(setup, list) {
  const file = path.join(root, BUILD_DIR, "bench-results.json");
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : [];
  writeFileSync(file, JSON.stringify([...kept, setup], null, 2));
  list?.push(setup);
  return setup;
}

async function postgresSetups(url) {
  const database = await createScratchDatabase(url, "shop_bench");
  const dataDir = freshDataDir("bench-pg");
  const setups = [];
  try {
    // Production on a real database wants the shop's bank account (bank transfer is offered).
    const env = { DATABASE_URL: database.url, SEED_DEMO_DATA: "true", SHOP_IBAN: "DE89 3704 0044 0532 0130 00" };
    log("Postgres: first start (migrate + seed)…");
    await stopServer(await startServer({ buildDir: BUILD_DIR, port: PORT, dataDir, env }));
    const products = await withPostgres(database.url, (query) => fillCatalogue(query, SIZE));
    // The stock change needs an administrator: a fresh account, granted the way a shop owner does.
    const adminEmail = `bench-admin-${Date.now()}@example.com`;
    const prepare = async () => {
      const admin = await customerVisitor(adminEmail);
      const grant = spawnSync(process.execPath, ["scripts/admin.mjs", "grant", adminEmail], { cwd: root, encoding: "utf8", env: { ...process.env, DATABASE_URL: database.url } });
      if (grant.status !== 0) throw new Error(`npm run admin -- grant failed: ${grant.stderr}`);
      return admin;
    };
    for (const workers of [1, 2]) {
      keep(
        await measureSetup({
          label: `Postgres, WEB_CONCURRENCY=${workers}`,
          size: products,
          dataDir,
          env: { ...env, WEB_CONCURRENCY: String(workers) },
          prepare: workers > 1 ? prepare : undefined,
        }),
        setups,
      );
    }
  } finally {
    removeDataDir(dataDir);
    await database.drop().catch((error) => log(`could not drop ${database.name}: ${error.message}`));
  }
  return setups;
}

/** BENCH_ONLY=search: the listing and the searches side by side, uncached. */
async function searchOnly() {
  const only = routes.filter((route) => route.path === LISTING || route.path.startsWith("/search"));
  const rounds = SEARCH_ROUNDS;
  const load = os.loadavg()[0];
  const setup = await embeddedSetup(SIZE, true, { only, rounds, env: { PAGE_CACHE: "off", PAGE_CACHE_TTL: "0" } });
  const lines = [
    `${CONNECTIONS} connections, ${DURATION} s per route, uncached (PAGE_CACHE=off, PAGE_CACHE_TTL=0), embedded PGlite, ${setup.size} products, ` +
      `${os.cpus().length} cores; load from a second process on the same cores. ${rounds} rounds: per round and visitor the listing and ` +
      `the searches one right after the other (alternating order); figures are the rounds' means, the ratio the mean of each round's ` +
      `search ÷ listing. Machine load (1 min) before: ${load.toFixed(1)}, after: ${os.loadavg()[0].toFixed(1)}.`,
    "",
    "| route | visitor | page bytes | req/s | p50 ms | p99 ms | errors | req/s ÷ listing (per round) |",
    "|---|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const route of only) {
    for (const visitor of [...new Set(setup.results.map((r) => r.visitor))]) {
      const runs = setup.results.filter((r) => r.route === route.name && r.visitor === visitor);
      const ratios = runs.map((run) => run.rps / setup.results.find((r) => r.route === "products" && r.visitor === visitor && r.round === run.round).rps);
      lines.push(
        `| ${route.name} | ${visitor} | ${runs[0].bytes} | ${mean(runs.map((r) => r.rps)).toFixed(0)} | ${mean(runs.map((r) => r.p50)).toFixed(0)} | ` +
          `${mean(runs.map((r) => r.p99)).toFixed(0)} | ${runs.reduce((n, r) => n + r.errors, 0)} | ` +
          `${ratio(mean(ratios))} (${ratios.map((x) => x.toFixed(2)).join(", ")}) |`,
      );
    }
  }
  const output = lines.join("\n");
  console.log(output);
  writePerformanceBlock("bench-search", "BENCH_ONLY=search npm run bench", output);
  log("written to docs/performance.md");
}

// ---------------------------------------------------------------------------------------------
// BENCH_COMPARE: this build beside another one, interleaved

const COMPARE_ROUNDS = Math.max(1, Number(process.env.BENCH_COMPARE_ROUNDS ?? 2));
/** after ÷ before below this is "slower": such a row is measured again on its own. */
const SLOWER = 0.85;
/** The bench's routes, and pages the comparison adds (a page only one build answers is listed as skipped). */
const compareRoutes = [...routes, { name: "cart page", path: "/cart" }, { name: "search suggestions", path: "/search/suggest?q=lamp" }].filter(
  (route) => !process.env.BENCH_COMPARE_ROUTES || process.env.BENCH_COMPARE_ROUTES.split(process.env.BENCH_COMPARE_ROUTES.includes(";") ? ";" : ",").includes(route.name),
);

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(", ");

function git(...args) {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** This checkout's commit, and whether tracked files differ from it. */
function workingTreeLabel() {
  const commit = git("rev-parse", "--short", "HEAD");
  if (!commit) return "this checkout";
  return git("status", "--porcelain", "--untracked-files=no") ? `${commit} + uncommitted changes` : commit;
}

async function status(url, headers) {
  try {
    const response = await fetch(url, { headers: { ...headers, connection: "close" }, redirect: "manual" });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return error.message;
  }
}

/** What a browser asks for: the rows of this visitor measure the answers as browsers get them (the others uncompressed). */
const BROWSER_ENCODINGS = "gzip, deflate, br";

const visitorHeaders = (visitor) => ({ ...visitor.headers, ...(visitor.cookies.size ? { cookie: visitor.header } : {}) });

const mean = (values) => values.reduce((total, value) => total + value, 0) / values.length;

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux; undefined elsewhere). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/**
 * One route for one kind of visitor on both builds: COMPARE_ROUNDS rounds, each running the builds
 * one after the other, in alternating order (before, after; after, before; …), `flip` starting
 * with after. Each build's figures are the means over its rounds; `spread` is the larger of the two
 * builds' round-to-round differences in req/s, relative to their means (the noise of this row).
 */
async function measurePair(builds, route, visitorIndex, flip) {
  const runs = builds.map(() => []);
  const bytes = [];
  for (let round = 0; round < COMPARE_ROUNDS; round++) {
    const order = (round + (flip ? 1 : 0)) % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) {
      const build = builds[index];
      const visitor = build.visitors[visitorIndex];
      const headers = visitorHeaders(visitor);
      await pause(2000);
      bytes[index] = await warm(build.origin + route.path, headers);
      log(`compare: ${route.name} (${visitor.name}), ${build.key}, round ${round + 1}/${COMPARE_ROUNDS}…`);
      const cpuBefore = cpuMs(build.server.pid);
      const run = autocannon(build.origin + route.path, { headers });
      const cpuAfter = cpuMs(build.server.pid);
      run.cpuPerRequest = cpuBefore === undefined || cpuAfter === undefined || !run.requests ? undefined : (cpuAfter - cpuBefore) / run.requests;
      runs[index].push(run);
    }
  }
  const [before, after] = runs.map((list, index) => ({
    rps: mean(list.map((run) => run.rps)),
    p50: mean(list.map((run) => run.p50)),
    p99: mean(list.map((run) => run.p99)),
    errors: list.reduce((total, run) => total + run.errors, 0),
    bytes: bytes[index],
    cpu: list.every((run) => run.cpuPerRequest !== undefined) ? mean(list.map((run) => run.cpuPerRequest)) : undefined,
    spread: list.length > 1 ? (Math.max(...list.map((run) => run.rps)) - Math.min(...list.map((run) => run.rps))) / mean(list.map((run) => run.rps)) : undefined,
  }));
  const spread = before.spread === undefined ? undefined : Math.max(before.spread, after.spread);
  const cpuRatio = before.cpu && after.cpu !== undefined ? after.cpu / before.cpu : undefined;
  return { before, after, ratio: before.rps > 0 ? after.rps / before.rps : undefined, spread, cpuRatio };
}

function compareTable(rows) {
  const percent = (value) => (value === undefined ? "–" : `±${Math.round(value * 100)} %`);
  const cpu = (value) => (value === undefined ? "–" : value.toFixed(2));
  const lines = [
    "| route | visitor | before req/s | after req/s | after/before | before p99 ms | after p99 ms | spread | repeat after/before | CPU ms per request before/after | after/before CPU | page bytes before/after | errors before/after |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const row of rows) {
    const { before, after } = row.result;
    const repeat = row.repeat ? ratio(row.repeat.ratio) : "–";
    const flagged = row.result.ratio < SLOWER ? `**${ratio(row.result.ratio)}**` : ratio(row.result.ratio);
    lines.push(
      `| ${row.route} | ${row.visitor} | ${before.rps.toFixed(0)} | ${after.rps.toFixed(0)} | ${flagged} | ${Math.round(before.p99)} | ${Math.round(after.p99)} | ${percent(row.result.spread)} | ${repeat} | ${cpu(before.cpu)}/${cpu(after.cpu)} | ${ratio(row.result.cpuRatio)} | ${before.bytes}/${after.bytes} | ${before.errors}/${after.errors} |`,
    );
  }
  return lines.join("\n");
}

/** BENCH_COMPARE=<build dir>: that build ("before") beside BUILD_DIR ("after"), every row interleaved. */
async function compareBuilds() {
  const otherDir = path.resolve(root, process.env.BENCH_COMPARE);
  if (!existsSync(path.join(otherDir, "server/main.js"))) throw new Error(`BENCH_COMPARE: no build at ${otherDir} (server/main.js)`);
  const builds = [
    { key: "before", label: process.env.BENCH_COMPARE_LABEL ?? path.relative(root, otherDir), buildDir: otherDir, port: PORT + 2 },
    { key: "after", label: workingTreeLabel(), buildDir: BUILD_DIR, port: PORT },
  ];
  const loadAtStart = loadAverage();
  let loadHighest = os.loadavg()[0];
  const rows = [];
  const skipped = [];
  const progress = path.join(root, BUILD_DIR, "bench-compare.json");
  try {
    // Each build migrates and seeds a data folder of its own, then gets the same generated products.
    for (const build of builds) {
      build.dataDir = freshDataDir(`bench-${build.key}`);
      build.origin = `http://localhost:${build.port}`;
      log(`${build.key} (${build.label}): first start (migrate + seed)…`);
      await stopServer(await startServer({ buildDir: build.buildDir, port: build.port, dataDir: build.dataDir }));
      build.products = await fillEmbedded(build.dataDir, SIZE);
    }
    for (const build of builds) {
      log(`${build.key}: starting the shop on port ${build.port}…`);
      build.server = await startServer({ buildDir: build.buildDir, port: build.port, dataDir: build.dataDir });
      build.visitors = [
        new Visitor(build.origin, "new visitor"),
        Object.assign(new Visitor(build.origin, "new visitor, compressed"), { headers: { "accept-encoding": BROWSER_ENCODINGS } }),
        await cartVisitor(build.origin),
        await customerVisitor(`bench-${build.key}-${Date.now()}@example.com`, build.origin),
      ];
    }
    let pair = 0;
    for (const route of compareRoutes) {
      for (let visitorIndex = 0; visitorIndex < builds[0].visitors.length; visitorIndex++) {
        const visitorName = builds[0].visitors[visitorIndex].name;
        const statuses = [];
        for (const build of builds) {
          const visitor = build.visitors[visitorIndex];
          statuses.push(await status(build.origin + route.path, visitorHeaders(visitor)));
        }
        if (statuses.some((answer) => answer !== 200)) {
          skipped.push(`${route.name} \`${route.path}\` (${visitorName}): before ${statuses[0]}, after ${statuses[1]}`);
          continue;
        }
        const result = await measurePair(builds, route, visitorIndex, pair++ % 2 === 1);
        loadHighest = Math.max(loadHighest, os.loadavg()[0]);
        rows.push({ route: route.name, path: route.path, visitor: visitorName, visitorIndex, result });
        writeFileSync(progress, JSON.stringify({ rows, skipped }, null, 2));
      }
    }
    // A row slower after than before is measured once more on its own: noise rarely repeats.
    for (const row of rows.filter((r) => r.result.ratio < SLOWER)) {
      log(`compare: ${row.route} (${row.visitor}) at ${ratio(row.result.ratio)}: measuring it again…`);
      row.repeat = await measurePair(builds, { name: row.route, path: row.path }, row.visitorIndex, true);
      loadHighest = Math.max(loadHighest, os.loadavg()[0]);
      writeFileSync(progress, JSON.stringify({ rows, skipped }, null, 2));
    }
  } finally {
    for (const build of builds) if (build.server) await stopServer(build.server);
    for (const build of builds) if (build.dataDir) removeDataDir(build.dataDir);
  }
  const loadAtEnd = loadAverage();
  const geometric = Math.exp(mean(rows.map((row) => Math.log(row.result.ratio))));
  const cpuRows = rows.filter((row) => row.result.cpuRatio > 0);
  const cpuGeometric = cpuRows.length ? Math.exp(mean(cpuRows.map((row) => Math.log(row.result.cpuRatio)))) : undefined;
  const slower = rows.filter((row) => row.result.ratio < SLOWER && row.repeat && row.repeat.ratio < SLOWER);
  const lowest = rows.reduce((low, row) => (row.result.ratio < low.result.ratio ? row : low), rows[0]);
  const [before, after] = builds;
  const lines = [
    `**before** = ${before.label} (\`${path.relative(root, before.buildDir)}\`), **after** = ${after.label} (\`${after.buildDir}\`). ` +
      `Embedded PGlite, each build on a fresh data folder of its own (its own migrations and demo seed) filled to ${SIZE} products ` +
      `(before: ${before.products}, after: ${after.products}); both servers up the whole run. Every row is measured interleaved: ` +
      `${COMPARE_ROUNDS} round${COMPARE_ROUNDS > 1 ? "s" : ""} of the two builds one after the other in alternating order, ` +
      `${CONNECTIONS} connections for ${DURATION} s per build and round, uncompressed except for the *new visitor, compressed* rows (\`Accept-Encoding: ${BROWSER_ENCODINGS}\` as browsers send), loopback, ${os.cpus().length} cores shared with the load generator. ` +
      `req/s and p99 are means over the rounds; *spread* is the larger of the two builds' round-to-round difference in req/s (this row's noise); ` +
      `*CPU ms per request* is the server process's CPU time (user + system, /proc) over the requests it answered, which the other work on the machine moves far less than req/s. ` +
      `Load average (1, 5, 15 min, as \`uptime\` shows it): ${loadAtStart} at the start, ${loadAtEnd} at the end, 1-minute load up to ${loadHighest.toFixed(2)} during the run.`,
    "",
    compareTable(rows),
    "",
    `after ÷ before over all ${rows.length} rows: geometric mean **${ratio(geometric)}** in req/s` +
      `${cpuGeometric === undefined ? "" : ` and **${ratio(cpuGeometric)}** in CPU per request`}, lowest req/s ${ratio(lowest?.result.ratio)} (${lowest?.route}, ${lowest?.visitor}). ` +
      (slower.length
        ? `Slower after than before in the run and again in its repeat (below ${SLOWER}×): ${slower.map((row) => `${row.route} (${row.visitor})`).join("; ")}.`
        : `No row was below ${SLOWER}× both in the run and in a repeat of that row alone.`),
  ];
  if (skipped.length) lines.push("", `Not measured (not 200 from both builds): ${skipped.join("; ")}.`);
  const output = lines.join("\n");
  console.log(output);
  // Some routes only (a repeat, a bisection): printed, and docs/performance.md keeps the whole comparison.
  if (process.env.BENCH_COMPARE_ROUTES) return;
  writePerformanceBlock("bench-compare", `BENCH_COMPARE=${process.env.BENCH_COMPARE} npm run bench`, output);
  log("written to docs/performance.md");
}

async function main() {
  log("building…");
  ensureBuild(BUILD_DIR, { reuse: process.env.BENCH_SKIP_BUILD === "1" });
  if (process.env.BENCH_COMPARE) return compareBuilds();
  if (process.env.BENCH_ONLY === "search") return searchOnly();
  buildBare();
  rmSync(path.join(root, BUILD_DIR, "bench-results.json"), { force: true });
  const small = SMALL_SIZE > 0 ? await embeddedSetup(SMALL_SIZE, true) : undefined;
  const setups = [keep(await embeddedSetup(SIZE, false))];
  if (DATABASE_URL) setups.push(...(await postgresSetups(DATABASE_URL)));
  else log("no BENCH_DATABASE_URL/DATABASE_URL: the Postgres setups are skipped");
  const output = [
    `${CONNECTIONS} connections, ${DURATION} s per route, uncompressed, loopback, ${os.cpus().length} cores; load from a second process on the same cores.`,
    "",
    summary(setups),
    ...setups.map((setup, index) => `\n${setupTable(setup, index === 0 ? small : undefined)}`),
  ].join("\n");
  console.log(output);
  writePerformanceBlock("bench", "npm run bench", output);
  log("written to docs/performance.md");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
