#!/usr/bin/env node
// The weight of a whole purchase as a visitor (home → add to cart → cart → checkout → order
// confirmation), with JavaScript on and off: the number of HTTP requests and the bytes transferred
// (headers + encoded bodies, as the browser received them). Runs the production build on a fresh
// embedded database and writes the figures into docs/performance.md between the purchase markers.
import { chromium } from "@playwright/test";
import { chromiumArgs, ensureBuild, freshDataDir, removeDataDir, startServer, stopServer, writePerformanceBlock } from "./lib/prod-server.mjs";

const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const PORT = Number(process.env.PURCHASE_PORT ?? 3402);
const base = `http://localhost:${PORT}`;

async function purchase(browser, javaScriptEnabled) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "de-DE", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  let requests = 0;
  let bytes = 0;
  page.on("requestfinished", async (request) => {
    requests += 1;
    const sizes = await request.sizes().catch(() => null);
    if (sizes) bytes += sizes.responseBodySize + sizes.responseHeadersSize + sizes.requestBodySize + sizes.requestHeadersSize;
  });
  await page.goto(`${base}/`);
  await page.waitForLoadState("networkidle");
  // The first featured product on the home page that can be bought.
  await page.getByTestId("product-card").getByRole("button", { name: "In den Warenkorb" }).and(page.locator(":enabled")).first().click();
  await page.getByTestId("cart-badge").waitFor();
  await page.getByRole("link", { name: /Warenkorb, 1 Artikel/ }).click();
  await page.waitForURL(/\/cart$/);
  await page.getByRole("link", { name: "Zur Kasse" }).click();
  await page.waitForURL(/\/checkout$/);
  await page.getByLabel("Vorname").fill("Erika");
  await page.getByLabel("Nachname").fill("Mustermann");
  await page.getByLabel("E-Mail", { exact: true }).fill("erika@example.com");
  await page.getByLabel("Telefon").fill("+49 170 555 6677");
  const shipping = page.locator("fieldset").filter({ hasText: "Lieferadresse" }).first();
  await shipping.getByLabel("Straße und Hausnummer").fill("Hauptstraße 12");
  await shipping.getByLabel("Postleitzahl").fill("10115");
  await shipping.getByLabel("Ort").fill("Berlin");
  await page.getByLabel("Banküberweisung").check();
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await page.waitForURL(/\/order-confirmation\//);
  await page.waitForLoadState("networkidle");
  await context.close();
  return { requests, bytes };
}

async function main() {
  ensureBuild(BUILD_DIR, { reuse: true });
  const dataDir = freshDataDir("purchase");
  const server = await startServer({ buildDir: BUILD_DIR, port: PORT, dataDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs });
  try {
    const off = await purchase(browser, false);
    const on = await purchase(browser, true);
    const kb = (b) => (b / 1024).toFixed(1);
    const table = [
      "| JavaScript | HTTP requests | transferred |",
      "|---|---:|---:|",
      `| off | ${off.requests} | ${kb(off.bytes)} kB |`,
      `| on | ${on.requests} | ${kb(on.bytes)} kB |`,
    ].join("\n");
    console.log(table);
    writePerformanceBlock("purchase", "node scripts/purchase-weight.mjs", table);
  } finally {
    await browser.close();
    await stopServer(server);
    removeDataDir(dataDir);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
