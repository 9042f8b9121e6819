import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { creditorReference, formatCreditorReference } from "../../app/utils/creditor-reference";
import { orderNumberOf, placeOrder, useLanguage, waitForHydration } from "./support/shop";

/*
 * Prices that tell the truth (issue 14): offers show their product's own price in the shopper's
 * currency and language; a crossed-out price appears only with its § 11 PAngV 30-day reference;
 * the VAT contained is shown by rate; every order has an invoice whose numbers add up; a bank
 * transfer gets the shop's account and the order's RF creditor reference. JavaScript on and off.
 * The demo data's price history (supabase/seed.sql) has both reference cases.
 */
const CHAIR = "00000000-0000-4000-8000-000000000027"; // 299 € for 90 days, 199 € for 6 days: reference 299 €
const HEADPHONES = "00000000-0000-4000-8000-000000000031"; // 99 € already 24–14 days ago: no reference
const STICKY_NOTES = "00000000-0000-4000-8000-000000000061"; // 7,99 € / 8.90 CHF, stock 80

test.use({ locale: "de-DE" });

const centsOf = (text: string) => Number(text.replace(/[^\d]/g, ""));

async function useSwitzerland(context: BrowserContext, baseURL: string) {
  await context.addCookies([
    { name: "preferred-country", value: "CH", url: baseURL },
    { name: "preferred-currency", value: "CHF", url: baseURL },
  ]);
}

test("offers show their product's own price in CHF, in English and Arabic, with the 30-day reference only where valid", async ({ page, context, baseURL }) => {
  await useSwitzerland(context, baseURL!);
  await page.goto("/?lng=en");
  const chair = page.getByTestId("offer").filter({ hasText: "Ergonomics week: mesh office chair" });
  await expect(chair.getByTestId("offer-product")).toHaveText("Product: Ergonomic Mesh Office Chair");
  await expect(chair.getByTestId("price")).toHaveText("211.90\u00a0CHF");
  await expect(chair.getByTestId("reference-price")).toHaveText("Lowest price of the last 30 days: 317.90\u00a0CHF");
  await expect(chair).not.toContainText("€");
  const headphones = page.getByTestId("offer").filter({ hasText: "Quiet in the open-plan office" });
  await expect(headphones.getByTestId("price")).toHaveText("105.90\u00a0CHF");
  await expect(headphones.getByTestId("reference-price")).toHaveCount(0);
  await expect(headphones.locator("s")).toHaveCount(0);
  await expect(headphones).toContainText("7 days left");

  await page.goto("/?lng=ar");
  const chairAr = page.getByTestId("offer").filter({ hasText: "أسبوع بيئة العمل: كرسي مكتب شبكي" });
  await expect(chairAr.getByTestId("price")).toHaveText("211.90\u00a0CHF");
  await expect(chairAr.getByTestId("reference-price")).toContainText("أدنى سعر خلال آخر 30 يومًا:");
  await expect(chairAr).toContainText("3 أيام");
  await expect(page.getByTestId("offer").filter({ hasText: "Ergonomie-Woche" })).toHaveCount(0);

  // The offer's "add to cart" charges what it shows.
  await page.goto("/?lng=en");
  await chair.getByRole("button", { name: /add to cart/i }).click();
  await page.waitForLoadState("networkidle");
  await page.goto("/cart?lng=en");
  const line = page.getByTestId("cart-line").filter({ hasText: "Ergonomic Mesh Office Chair" });
  await expect(line).toContainText("211.90\u00a0CHF");
});

test("a product page crosses out a price only with its 30-day reference", async ({ page }) => {
  await page.goto(`/products/${CHAIR}`);
  const chairPrice = page.locator("main").getByTestId("price").first().locator("xpath=..");
  await expect(chairPrice.getByTestId("price")).toHaveText("199,00\u00a0€");
  await expect(chairPrice.getByTestId("reference-price")).toHaveText("Niedrigster Preis der letzten 30 Tage: 299,00\u00a0€");
  await expect(chairPrice.locator("s")).toHaveText("299,00\u00a0€");

  await page.goto(`/products/${HEADPHONES}`);
  const headphonesPrice = page.locator("main").getByTestId("price").first().locator("xpath=..");
  await expect(headphonesPrice.getByTestId("price")).toHaveText("99,00\u00a0€");
  await expect(headphonesPrice.getByTestId("reference-price")).toHaveCount(0);
  await expect(headphonesPrice.locator("s")).toHaveCount(0);
});

async function buyStickyNotes(page: Page, baseURL: string, country: "DE" | "CH") {
  const added = await page.request.post("/cart", {
    form: { intent: "add", productId: STICKY_NOTES, quantity: "3", redirectTo: "/cart" },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(added.status()).toBeLessThan(400);
  await page.goto("/checkout");
  await page.getByLabel("Vorname").fill("Erika");
  await page.getByLabel("Nachname").fill("Mustermann");
  await page.getByLabel("E-Mail", { exact: true }).fill("erika@example.com");
  await page.getByLabel("Telefon").fill("+49 170 555 6677");
  const shipping = page.locator("fieldset").filter({ hasText: "Lieferadresse" }).first();
  await shipping.getByLabel("Straße und Hausnummer").fill(country === "CH" ? "Bahnhofstrasse 1" : "Hauptstraße 12");
  await shipping.getByLabel("Postleitzahl").fill(country === "CH" ? "8001" : "10115");
  await shipping.getByLabel("Ort").fill(country === "CH" ? "Zürich" : "Berlin");
  await page.getByLabel("Banküberweisung").check();
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

for (const { currency, country, gross, vat, rate } of [
  // 3 × 7,99 € = 23,97 €; 19 % contained: 3,83 €.
  { currency: "EUR", country: "DE", gross: "23,97\u00a0€", vat: "3,83\u00a0€", rate: "19\u00a0%" },
  // 3 × 8.90 CHF = 26.70 CHF; 8.1 % contained: 2.00 CHF.
  { currency: "CHF", country: "CH", gross: "26.70\u00a0CHF", vat: "2.00\u00a0CHF", rate: "8,1\u00a0%" },
] as const) {
  test(`VAT by rate, bank transfer instructions, addresses and an invoice that adds up (${currency})`, async ({ page, context, baseURL, browser }) => {
    if (country === "CH") await useSwitzerland(context, baseURL!);
    await page.request.post("/cart", { form: { intent: "clear", redirectTo: "/cart" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
    await page.request.post("/cart", { form: { intent: "add", productId: STICKY_NOTES, quantity: "3", redirectTo: "/cart" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
    await page.goto("/cart");
    const cartVat = page.getByTestId("cart-summary").getByTestId("vat-line");
    await expect(cartVat).toHaveText(`enthaltene MwSt. ${rate}${vat}`);
    await page.request.post("/cart", { form: { intent: "clear", redirectTo: "/cart" }, headers: { Origin: baseURL! }, maxRedirects: 0 });

    const orderId = await buyStickyNotes(page, baseURL!, country);
    const number = await orderNumberOf(page.request, orderId);
    await expect(page.getByTestId("vat-line")).toHaveText(`enthaltene MwSt. ${rate}${vat}`);
    const bank = page.getByTestId("bank-transfer");
    await expect(bank).toContainText("Zahlung per Banküberweisung");
    await expect(bank.getByTestId("bank-iban")).toHaveText("DE89 3704 0044 0532 0130 00");
    await expect(bank.getByTestId("bank-holder")).toHaveText("OfficeHaus GmbH");
    await expect(bank.getByTestId("bank-amount")).toHaveText(gross);
    await expect(bank.getByTestId("bank-reference")).toHaveText(formatCreditorReference(creditorReference(number)));
    await expect(page.getByTestId("shipping-address")).toContainText(country === "CH" ? "8001 Zürich" : "10115 Berlin");
    await expect(page.getByTestId("shipping-address")).toContainText(country === "CH" ? "Schweiz" : "Deutschland");
    await expect(page.getByTestId("billing-address")).toContainText("Erika Mustermann");

    await page.getByTestId("invoice-link").click();
    await expect(page).toHaveURL(new RegExp(`/order-confirmation/${orderId}/invoice$`));
    const invoice = page.getByTestId("invoice");
    await expect(invoice.getByRole("heading", { level: 1 })).toHaveText("Rechnung");
    await expect(invoice.getByTestId("invoice-number")).toHaveText(/^RE-\d{6}$/);
    await expect(invoice.getByTestId("invoice-order-number")).toHaveText(number);
    await expect(invoice.getByTestId("invoice-seller")).toContainText("OfficeHaus GmbH");
    await expect(invoice.getByTestId("invoice-seller")).toContainText("Friedrichstraße 123");
    await expect(invoice.getByTestId("invoice-seller")).toContainText("DE312345678");
    await expect(invoice.getByTestId("invoice-billing")).toContainText("Erika Mustermann");
    await expect(invoice.getByTestId("invoice-payment")).toHaveText("Banküberweisung");
    await expect(invoice.getByTestId("bank-reference")).toHaveText(formatCreditorReference(creditorReference(number)));
    // The numbers add up: lines = gross = net + VAT.
    const lines = await invoice.getByTestId("invoice-line-total").allInnerTexts();
    const grossCents = centsOf(await invoice.getByTestId("invoice-gross").innerText());
    expect(await invoice.getByTestId("invoice-gross").innerText()).toBe(gross);
    expect(lines.reduce((sum, text) => sum + centsOf(text), 0)).toBe(grossCents);
    await expect(invoice.getByTestId("vat-amount")).toHaveText(vat);
    const net = centsOf(await invoice.getByTestId("invoice-net").innerText());
    expect(net + centsOf(vat)).toBe(grossCents);
    await expect(invoice.getByTestId("invoice-net-amount")).toHaveCount(1);
    expect(centsOf(await invoice.getByTestId("invoice-net-amount").innerText())).toBe(net);

    // Printed, the invoice comes without the shop's header and footer.
    await page.emulateMedia({ media: "print" });
    await expect(page.locator("body > header").first()).toBeHidden();
    await expect(invoice).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    // Same access rules as the confirmation: another browser gets "order not found".
    const stranger = await browser.newContext({ locale: "de-DE" });
    const response = await (await stranger.newPage()).goto(`/order-confirmation/${orderId}/invoice`);
    expect(response?.status()).toBe(404);
    await stranger.close();
  });
}

test("an invoice is written in the order's language, whoever opens it in whichever language", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await useLanguage(context, baseURL!, "ar");
  const orderId = await placeOrder(page.request, baseURL!, { email: `facture-${Date.now()}@example.com` });
  // The same browser, now in French: the page around the invoice is French, the invoice Arabic (right to left).
  await useLanguage(context, baseURL!, "fr");
  await page.goto(`/order-confirmation/${orderId}/invoice`);
  await waitForHydration(page, javaScriptEnabled);
  const invoice = page.getByTestId("invoice");
  await expect(invoice).toHaveAttribute("lang", "ar");
  await expect(invoice).toHaveAttribute("dir", "rtl");
  await expect(invoice.getByRole("heading", { level: 1 })).toHaveText("فاتورة");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});
