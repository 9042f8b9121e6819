#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile) on /, /products, a product page, /cart and /checkout
// (with one item in the cart), against the production build on a fresh embedded database, with
// Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Prints the four category scores per
// page and writes them into docs/performance.md between the lighthouse markers.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { chromiumArgs, ensureBuild, freshDataDir, removeDataDir, root, startServer, stopServer, writePerformanceBlock } from "./lib/prod-server.mjs";

const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3401);
const base = `http://localhost:${PORT}`;
const PRODUCT_ID = "00000000-0000-4000-8000-000000000001";
const outDir = path.join(root, "lighthouse");
mkdirSync(outDir, { recursive: true });

async function main() {
  ensureBuild(BUILD_DIR, { reuse: process.env.LIGHTHOUSE_SKIP_BUILD === "1" });
  const dataDir = freshDataDir("lighthouse");
  const server = await startServer({ buildDir: BUILD_DIR, port: PORT, dataDir });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  try {
    // A cart with one product, so /cart and /checkout show their real pages.
    const add = await fetch(`${base}/cart`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: `intent=add&productId=${PRODUCT_ID}&quantity=1&redirectTo=%2Fcart`,
    });
    const cartCookie = (add.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).filter((c) => c.startsWith("cart-session-id=")).join("; ");
    const pages = [
      { name: "/", url: `${base}/` },
      { name: "/products", url: `${base}/products` },
      { name: "/products/{id}", url: `${base}/products/${PRODUCT_ID}` },
      { name: "/cart", url: `${base}/cart`, cookie: cartCookie },
      { name: "/checkout", url: `${base}/checkout`, cookie: cartCookie },
    ];
    const rows = [];
    for (const page of pages) {
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: "html",
        logLevel: "error",
        extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
      });
      const { categories } = result.lhr;
      const score = (key) => Math.round((categories[key]?.score ?? 0) * 100);
      rows.push({ page: page.name, performance: score("performance"), accessibility: score("accessibility"), bestPractices: score("best-practices"), seo: score("seo") });
      writeFileSync(path.join(outDir, `${page.name.replace(/[^a-z]+/gi, "_") || "home"}.html`), result.report);
      // What cost points, so the table can be read with its reasons.
      const failing = Object.entries(categories).flatMap(([key, category]) =>
        category.auditRefs
          .filter((ref) => ref.weight > 0 && (result.lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${key}:${ref.id}`),
      );
      rows.at(-1).failing = failing;
      console.error(`[lighthouse] ${page.name}: ${JSON.stringify(rows.at(-1))}`);
    }
    const table = [
      "| page | Performance | Accessibility | Best Practices | SEO | audits below full score |",
      "|---|---:|---:|---:|---:|---|",
      ...rows.map((r) => `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.failing.join(", ") || "–"} |`),
    ].join("\n");
    console.log(table);
    writePerformanceBlock("lighthouse", "npm run lighthouse (mobile, Debian Chromium)", table);
  } finally {
    await chrome.kill();
    await stopServer(server);
    removeDataDir(dataDir);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
