import { expect, test } from "@playwright/test";
import { checkoutForm, waitForHydration } from "./support/shop";

/*
 * Two shoppers race for the last pieces: the one who submits second sees the out-of-stock message
 * naming the product (409), with JavaScript on and off, and nothing is ordered for them. Each
 * project takes a product with a small stock that no other test uses, and leaves it in stock.
 */
const PRODUCTS = {
  js: { id: "00000000-0000-4000-8000-000000000043", name: "Nachfüllbare Whiteboard-Marker, 4er-Set" },
  "no-js": { id: "00000000-0000-4000-8000-000000000057", name: "Duftkerze „Winter Spice“" },
} as const;

test.use({ locale: "de-DE" });

test("the loser of a stock race sees the out-of-stock message for the product, and nothing is ordered", async ({ page, playwright, baseURL }, testInfo) => {
  const js = testInfo.project.name === "js";
  const product = PRODUCTS[js ? "js" : "no-js"];
  // The shopper in the browser takes every piece left into the cart and opens the checkout.
  const add = await page.request.post("/cart", {
    form: { intent: "add", productId: product.id, quantity: "999", redirectTo: "/cart" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(add.status()).toBeLessThan(400);
  await page.goto("/checkout");
  await waitForHydration(page, js);
  const summary = page.getByTestId("checkout-summary");
  await expect(summary).toContainText(product.name);
  const wanted = Number(/×\s*(\d+)/.exec(await summary.locator("li").first().innerText())?.[1]);
  expect(wanted).toBeGreaterThan(1);

  // Meanwhile another shopper buys one piece.
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL!, "Accept-Language": "de" } });
  await other.post("/cart", { form: { intent: "add", productId: product.id, quantity: "1", redirectTo: "/cart" }, maxRedirects: 0 });
  expect((await other.post("/checkout", { form: checkoutForm(), maxRedirects: 0 })).status()).toBe(303);
  await other.dispose();

  await page.getByLabel("Vorname").fill("Erika");
  await page.getByLabel("Nachname").fill("Mustermann");
  await page.getByLabel("E-Mail", { exact: true }).fill("erika@example.com");
  await page.getByLabel("Telefon").fill("+49 170 555 6677");
  const shipping = page.locator("fieldset").filter({ hasText: "Lieferadresse" }).first();
  await shipping.getByLabel("Straße und Hausnummer").fill("Hauptstraße 12");
  await shipping.getByLabel("Postleitzahl").fill("10115");
  await shipping.getByLabel("Ort").fill("Berlin");
  await page.getByLabel("Banküberweisung").check();
  const answer = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/checkout"));
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  expect((await answer).status()).toBe(409);

  const message = `Von ${product.name} ist nicht genug auf Lager (verfügbar: ${wanted - 1}). Bitte passen Sie Ihren Warenkorb an.`;
  await expect(page.getByTestId("form-error")).toContainText(message);
  await expect(page).toHaveURL(/\/checkout$/);
  // Nothing ordered: the cart still holds its line.
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
});
