#!/usr/bin/env node
// `npm run bench`: builds, then for a catalogue of 100 and of BENCH_PRODUCTS (10 000) products
// starts the production server on a fresh embedded database, drives load at it from a second
// process (autocannon) for a fixed time per route — as a new visitor (the shared page cache) and as a
// visitor with a cart (rendered per request) — and measures the same server's throughput for a
// static file of the same size as each page (the ceiling). Prints the table and writes it into
// docs/performance.md between the bench markers.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, freshDataDir, removeDataDir, root, startServer, stopServer, writePerformanceBlock } from "./lib/prod-server.mjs";
const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const SIZES = [100, Number(process.env.BENCH_PRODUCTS ?? 10_000)];
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const base = `http://localhost:${PORT}`;
const PRODUCT_ID = "00000000-0000-4000-8000-000000000001";

const routes = [
  { name: "home", path: "/" },
  { name: "products", path: "/products" },
  { name: "products filtered", path: "/products?category=home-office&sort=price-low&page=3" },
  { name: "product", path: `/products/${PRODUCT_ID}` },
  { name: "category", path: "/category/coffee-tea" },
  { name: "search", path: "/search?q=lamp" },
  {
    name: "POST /cart add",
    path: "/cart",
    method: "POST",
    body: `intent=add&productId=${PRODUCT_ID}&quantity=1&redirectTo=%2F`,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
  },
];

/**
 * Every GET route twice: as a new visitor (no cookies: the shared page cache answers after the
 * first render) and as a visitor with a cart (a cart cookie: rendered per request, the worst case
 * of a returning shopper). The cart post always renders.
 */
function runs() {
  const cartCookie = { cookie: `cart-session-id=${randomUUID()}` };
  return routes.flatMap((route) =>
    route.method
      ? [{ ...route, visitor: "with a cart" }]
      : [
          { ...route, visitor: "new visitor" },
          { ...route, visitor: "with a cart", headers: { ...route.headers, ...cartCookie } },
        ],
  );
}

function log(...args) {
  console.error("[bench]", ...args);
}

/** Adds generated products (in SQL, inside the database) until the catalogue has `size` rows. */
async function fillCatalogue(dataDir, size) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = new PGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  const [{ count }] = (await db.query("select count(*)::int as count from public.products")).rows;
  const missing = Math.max(0, size - count);
  if (missing > 0) {
    await db.query(
      `insert into public.products (name, name_de, name_fr, name_ar, description, description_de, description_fr, description_ar,
         price, price_eur, price_chf, original_price_eur, original_price_chf, image, images, category, in_stock, stock, featured, tags, created_at)
       select 'Bench desk lamp ' || g, 'Test-Schreibtischlampe ' || g, 'Lampe de bureau test ' || g, 'مصباح مكتب تجريبي ' || g,
              'Generated product ' || g || ' for the benchmark.', 'Erzeugter Artikel ' || g || ' für den Benchmark.',
              'Article généré ' || g || ' pour le benchmark.', 'منتج مُولَّد ' || g || ' لاختبار الأداء.',
              p, p, round(p * 1.08, 2), case when g % 4 = 0 then round(p * 1.25, 2) end, case when g % 4 = 0 then round(p * 1.35, 2) end,
              img, array[img], (array['office-gifts','productivity-work','luxury-comfort','coffee-tea','decor-walls','home-office',
                'audio-ambiance','office-plants','sustainable-supplies','storage-organization','kids-teens','seasonal-gifts','budget-deals'])[1 + g % 13],
              g % 29 <> 0, case when g % 29 = 0 then 0 else 1 + g % 60 end, g % 211 = 0, array['bench', 'tag' || (g % 50)],
              now() - make_interval(mins => g)
         from generate_series(1, $1::int) g,
              lateral (select round((9.9 + (g * 37 % 990))::numeric, 2) as p) price,
              lateral (select image as img from public.products where image <> '' order by created_at limit 1) image`,
      [missing],
    );
  }
  await db.query("analyze public.products");
  await db.close();
  return count + missing;
}

function autocannon(url, route) {
  const args = ["node_modules/autocannon/autocannon.js", "-j", "-c", String(CONNECTIONS), "-d", String(DURATION)];
  if (route?.method) args.push("-m", route.method);
  if (route?.body) args.push("-b", route.body);
  for (const [name, value] of Object.entries(route?.headers ?? {})) args.push("-H", `${name}=${value}`);
  args.push(url);
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`autocannon failed: ${result.stderr}`);
  const json = JSON.parse(result.stdout);
  const errors = json.errors + json.timeouts + (json["4xx"] ?? 0) + (json["5xx"] ?? 0) + (route?.method ? 0 : json["3xx"] ?? 0);
  return {
    rps: json.requests.average,
    p50: json.latency.p50,
    p99: json.latency.p99,
    mean: json.latency.average,
    errors,
    requests: json.requests.total,
  };
}

async function measure(size) {
  let server;
  const dataDir = freshDataDir("bench");
  const serverOptions = { buildDir: BUILD_DIR, port: PORT, dataDir, env: { COOKIE_SECURE: "false" } };
  try {
    log(`catalogue of ${size}: first start (migrate + seed)…`);
    server = await startServer(serverOptions);
    await stopServer(server);
    const products = await fillCatalogue(dataDir, size);
    log(`catalogue has ${products} products; starting server…`);
    server = await startServer(serverOptions);
    const staticDir = path.join(root, BUILD_DIR, "client", "bench-static");
    mkdirSync(staticDir, { recursive: true });
    const results = [];
    for (const [index, route] of runs().entries()) {
      // Let the server drain what the previous run left queued, then warm up and learn the page's
      // size for its static twin (a fresh connection each time: the load closed the pooled ones).
      await new Promise((r) => setTimeout(r, 3000));
      let bytes = 0;
      for (let i = 0; i < 20; i++) {
        const response = await fetch(base + route.path, {
          method: route.method ?? "GET",
          body: route.body,
          headers: { ...route.headers, connection: "close" },
          redirect: "manual",
        });
        bytes = (await response.arrayBuffer()).byteLength;
      }
      const staticFile = `route-${index}.html`;
      writeFileSync(path.join(staticDir, staticFile), "x".repeat(Math.max(bytes, 1)));
      log(`${route.name} (${route.visitor}): ${DURATION}s at ${CONNECTIONS} connections…`);
      const dynamic = autocannon(base + route.path, route);
      const ceiling = autocannon(`${base}/bench-static/${staticFile}`);
      results.push({ route: route.name, visitor: route.visitor, bytes, ...dynamic, staticRps: ceiling.rps, ratio: dynamic.rps / ceiling.rps });
    }
    await stopServer(server);
    server = undefined;
    return { size: products, results };
  } finally {
    if (server) await stopServer(server);
    removeDataDir(dataDir);
  }
}

function table(runs) {
  const [small, large] = runs;
  const lines = [
    `Catalogue: ${large.size} products (small run: ${small.size}). ${CONNECTIONS} connections, ${DURATION} s per route, loopback, ${os.cpus().length} cores.`,
    "",
    "| route | visitor | page bytes | req/s | p50 ms | p99 ms | errors | static req/s (same size) | share of ceiling | page bytes at " + small.size + " | p50 at " + small.size + " | latency ratio " + large.size + "/" + small.size + " |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const row of large.results) {
    const smallRow = small.results.find((r) => r.route === row.route && r.visitor === row.visitor);
    const ratio = smallRow && smallRow.mean > 0 ? (row.mean / smallRow.mean).toFixed(2) : "–";
    lines.push(
      `| ${row.route} | ${row.visitor} | ${row.bytes} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.staticRps.toFixed(0)} | ${(row.ratio * 100).toFixed(0)} % | ${smallRow?.bytes ?? "–"} | ${smallRow?.p50 ?? "–"} | ${ratio} |`,
    );
  }
  return lines.join("\n");
}

async function main() {
  log("building…");
  ensureBuild(BUILD_DIR, { reuse: process.env.BENCH_SKIP_BUILD === "1" });
  const runs = [];
  for (const size of SIZES) runs.push(await measure(size));
  const output = table(runs);
  console.log(output);
  writePerformanceBlock("bench", "npm run bench", output);
  log("written to docs/performance.md");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
