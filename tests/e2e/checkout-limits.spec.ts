import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { addToCart, checkoutForm, PLENTIFUL_ID } from "./support/shop";
import { startShopServer, type ShopServer } from "./support/shop-server";

/*
 * Issue 24.2 in the browser: once an e-mail address has had its orders for the hour, the next
 * checkout to it is refused on the checkout page, in the shopper's language, with nothing ordered
 * (JavaScript on and off). On a server of its own with a limit of 2 per e-mail address (the shared
 * test server lifts the limits: both projects order to the same addresses all run long).
 */
let server: ShopServer;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-checkout-limits-"));
  server = await startShopServer({ DATA_DIR: dataDir, TRUST_PROXY: "true", CHECKOUT_ORDERS_PER_EMAIL: "2" });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("a third order to one e-mail address within the hour is refused on the page, nothing ordered", async ({ browser }, testInfo) => {
  const email = `limited-${testInfo.project.name}-${Date.now()}@example.com`;
  // Each order from an address of its own: the per-address limit is not what is tested here.
  const from = (n: number) => ({ "X-Forwarded-For": `198.18.${testInfo.project.name === "js" ? 1 : 2}.${n}` });
  for (const n of [1, 2]) {
    const context = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: from(n) });
    await addToCart(context.request, server.url);
    const placed = await context.request.post("/checkout", { form: checkoutForm({ email }), headers: { Origin: server.url }, maxRedirects: 0 });
    expect(placed.status(), "orders within the limit are placed").toBe(303);
    await context.close();
  }

  const context = await browser.newContext({ baseURL: server.url, locale: "de-DE", extraHTTPHeaders: from(3) });
  const page = await context.newPage();
  await addToCart(page.request, server.url, PLENTIFUL_ID, 2);
  await page.goto("/checkout");
  await page.getByLabel("Vorname").fill("Erika");
  await page.getByLabel("Nachname").fill("Mustermann");
  await page.getByLabel("E-Mail", { exact: true }).fill(email);
  await page.getByLabel("Telefon").fill("+49 170 555 6677");
  const shipping = page.locator("fieldset").filter({ hasText: "Lieferadresse" }).first();
  await shipping.getByLabel("Straße und Hausnummer").fill("Hauptstraße 12");
  await shipping.getByLabel("Postleitzahl").fill("10115");
  await shipping.getByLabel("Ort").fill("Berlin");
  const answer = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/checkout"));
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  expect((await answer).status()).toBe(429);

  await expect(page.getByTestId("form-error")).toContainText("Von hier wurden in kurzer Zeit zu viele Bestellungen aufgegeben. Es wurde nichts bestellt");
  await expect(page).toHaveURL(/\/checkout$/);
  // What the shopper typed is kept, and the cart still holds its two pieces.
  await expect(page.getByLabel("E-Mail", { exact: true })).toHaveValue(email);
  await page.goto("/cart");
  await expect(page.getByTestId("summary-count")).toHaveText("2");
  await context.close();
});
