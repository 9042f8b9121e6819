#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile) on /, /products, a product page, /cart and /checkout
// (with one item in the cart), against the production build on a fresh embedded database, with
// Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Prints the four category scores per
// page and writes them into docs/performance.md between the lighthouse markers.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3401);
const base = `http://localhost:${PORT}`;
const PRODUCT_ID = "00000000-0000-4000-8000-000000000001";
const outDir = path.join(root, "lighthouse");
mkdirSync(outDir, { recursive: true });

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/products`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

async function main() {
  if (process.env.LIGHTHOUSE_SKIP_BUILD !== "1" || !existsSync(path.join(root, BUILD_DIR, "server/index.js"))) {
    const build = spawnSync("npx", ["remix", "vite:build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, BUILD_DIR } });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-lighthouse-"));
  const server = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", `${BUILD_DIR}/server/index.js`], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), DATA_DIR: dataDir, SESSION_SECRET: "lighthouse-secret", SITE_URL: base },
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    await waitForServer();
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
      console.error(`[lighthouse] ${page.name}: ${JSON.stringify(rows.at(-1))}`);
    }
    const table = [
      "| page | Performance | Accessibility | Best Practices | SEO |",
      "|---|---:|---:|---:|---:|",
      ...rows.map((r) => `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} |`),
    ].join("\n");
    console.log(table);
    const doc = path.join(root, "docs/performance.md");
    let text = existsSync(doc) ? readFileSync(doc, "utf8") : "# Performance\n";
    const block = `<!-- lighthouse:start -->\nLast run: ${new Date().toISOString()} (\`npm run lighthouse\`, mobile, Debian Chromium)\n\n${table}\n<!-- lighthouse:end -->`;
    text = text.includes("<!-- lighthouse:start -->")
      ? text.replace(/<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/, block)
      : `${text.trimEnd()}\n\n${block}\n`;
    writeFileSync(doc, text);
  } finally {
    await chrome.kill();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
