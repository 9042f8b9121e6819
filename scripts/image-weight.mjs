#!/usr/bin/env node
// `node scripts/image-weight.mjs`: what product photos cost a phone, measured on the production
// build (BUILD_DIR, default build-bench) on a fresh embedded database. The demo admin uploads 24
// real-sized photos (3000×2000 JPEGs of 2–4 MB from a phone camera: EXIF orientation, GPS, made
// here with sharp), one per product, and one product with 4 photos. Then, with Debian's Chromium
// as a 375 px phone (device pixel ratio 2): the bytes of images the listing of those 24 products
// loads (first screen, and scrolled to the end), and a product page; Lighthouse mobile Performance
// on that listing; the time of one photo's upload; and the listing's p99 (autocannon) alone and
// while a form with 10 photos is being processed. Prints a Markdown table (docs/performance.md,
// "Images"). IMAGE_WEIGHT_SKIP_BUILD=1 reuses the build.
import path from "node:path";
import autocannon from "autocannon";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { chromiumArgs, ensureBuild, freshDataDir, removeDataDir, root, startServer, stopServer } from "./lib/prod-server.mjs";

const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const PORT = Number(process.env.IMAGE_WEIGHT_PORT ?? 3402);
const base = `http://localhost:${PORT}`;
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const MARK = `Messfoto${Date.now().toString(36)}`;

/** A photo-like 3000×2000 JPEG (noisy gradients), taken turned (orientation 6), with GPS. */
async function phonePhoto(seed, width = 3000, height = 2000) {
  const raw = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      const noise = (state / 0x7fffffff) * (44 + (seed % 4) * 8);
      const i = (y * width + x) * 3;
      raw[i] = Math.min(255, (x * 200) / width + noise + seed * 7) | 0;
      raw[i + 1] = Math.min(255, (y * 200) / height + noise + seed * 3) | 0;
      raw[i + 2] = Math.min(255, 120 + 40 * Math.sin(x / (30 + seed)) + noise) | 0;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: "TestCam", Model: "X1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 0/1" } })
    .jpeg({ quality: 91 + (seed % 3) * 2 })
    .toBuffer();
}

async function signInAdmin() {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: "email=admin%40example.com&password=admin12345",
  });
  return (response.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
}

async function upload(cookie, name, photos) {
  const form = new FormData();
  const fields = { intent: "create-product", name, nameAr: "صورة", category: "home-office", priceEUR: "20.00", priceCHF: "21.00", stock: "5", inStock: "on" };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [index, bytes] of photos.entries()) form.append("images", new File([bytes], `IMG_${index}.jpg`, { type: "image/jpeg" }));
  const started = performance.now();
  const response = await fetch(`${base}/admin/products?index`, { method: "POST", redirect: "manual", headers: { cookie, origin: base }, body: form });
  const ms = performance.now() - started;
  if (response.status !== 302) throw new Error(`upload of ${name}: HTTP ${response.status}`);
  return ms;
}

/** Image bytes a 375 px DPR 2 phone loads on `url`: the first screen, then scrolled to the end. */
async function imageBytes(browser, url) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const images = new Map();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "image") return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    images.set(response.url(), body.byteLength);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const sum = () => [...images.values()].reduce((a, b) => a + b, 0);
  const firstScreen = { bytes: sum(), count: images.size };
  for (let y = 0; y < 40; y++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState("networkidle");
  const scrolled = { bytes: sum(), count: images.size, sample: [...images.keys()].find((u) => u.includes("/uploads/")) };
  await context.close();
  return { firstScreen, scrolled };
}

async function listingLatency(url, during) {
  const run = autocannon({ url, connections: 4, duration: 12 });
  const work = during?.();
  const result = await run;
  await work;
  return { p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, errors: result.errors + result.non2xx };
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;

async function main() {
  if (process.env.IMAGE_WEIGHT_SKIP_BUILD !== "1") ensureBuild(BUILD_DIR);
  const dataDir = freshDataDir("image-weight");
  const server = await startServer({ buildDir: BUILD_DIR, port: PORT, dataDir, env: { SHOP_IBAN: "DE89370400440532013000", PAGE_CACHE: "on" } });
  const browser = await chromium.launch({ executablePath: CHROME, args: chromiumArgs });
  const rows = [];
  try {
    const cookie = await signInAdmin();
    console.error("[image-weight] making 24 + 4 + 10 photos…");
    const photos = [];
    for (let i = 1; i <= 38; i++) photos.push(await phonePhoto(i));
    const sizes = photos.slice(0, 24).map((p) => p.byteLength);
    rows.push(["24 uploaded photos (3000×2000 JPEG)", `${mb(Math.min(...sizes))} – ${mb(Math.max(...sizes))}, ${mb(sizes.reduce((a, b) => a + b, 0))} in all`]);
    const times = [];
    for (let i = 0; i < 24; i++) times.push(await upload(cookie, `${MARK} ${String(i + 1).padStart(2, "0")}`, [photos[i]]));
    times.sort((a, b) => a - b);
    rows.push(["upload of one photo (POST to redirect, processing included)", `median ${Math.round(times[12])} ms, max ${Math.round(times[23])} ms`]);
    await upload(cookie, `${MARK} Galerie`, photos.slice(24, 28));

    const listing = `${base}/products?q=${MARK}&sort=newest`;
    const check = await (await fetch(listing)).text();
    const cards = (check.match(/data-testid="product-card"/g) ?? []).length;
    const list = await imageBytes(browser, listing);
    rows.push([`listing of the 24 (${cards} cards): images on the first screen`, `${mb(list.firstScreen.bytes)} (${list.firstScreen.count} files)`]);
    rows.push(["listing of the 24: images scrolled to the end", `${mb(list.scrolled.bytes)} (${list.scrolled.count} files; e.g. ${path.basename(list.scrolled.sample ?? "")})`]);
    const productHtml = await (await fetch(`${base}/products?q=${encodeURIComponent(`${MARK} Galerie`)}`)).text();
    const productId = /href="\/products\/([0-9a-f-]{36})"/.exec(productHtml)?.[1];
    const product = await imageBytes(browser, `${base}/products/${productId}`);
    rows.push(["product page with 4 photos: first screen", `${mb(product.firstScreen.bytes)} (${product.firstScreen.count} files)`]);
    rows.push(["product page with 4 photos: scrolled to the end", `${mb(product.scrolled.bytes)} (${product.scrolled.count} files)`]);

    const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ["--headless=new", ...chromiumArgs] });
    try {
      const result = await lighthouse(listing, { port: chrome.port, output: "json", logLevel: "error" });
      const lhr = result.lhr;
      rows.push([
        "Lighthouse mobile on that listing",
        `Performance ${Math.round(lhr.categories.performance.score * 100)} (LCP ${Math.round(lhr.audits["largest-contentful-paint"].numericValue)} ms, CLS ${lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)}, total bytes ${mb(lhr.audits["total-byte-weight"].numericValue)})`,
      ]);
    } finally {
      await chrome.kill();
    }

    const alone = await listingLatency(listing);
    rows.push(["listing p99 (autocannon, 4 connections, 12 s), nothing uploading", `${alone.p99} ms (p50 ${alone.p50} ms, ${alone.requests} requests, ${alone.errors} errors)`]);
    let tenMs = 0;
    const during = await listingLatency(listing, async () => {
      await new Promise((r) => setTimeout(r, 500));
      tenMs = await upload(cookie, `${MARK} Zehn`, photos.slice(28, 38));
    });
    rows.push(["listing p99 while a form with 10 photos is processed", `${during.p99} ms (p50 ${during.p50} ms, ${during.requests} requests, ${during.errors} errors; the upload took ${Math.round(tenMs)} ms)`]);
  } finally {
    await browser.close();
    await stopServer(server);
    removeDataDir(dataDir);
  }
  console.log(["| measured | result |", "|---|---|", ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join("\n"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
