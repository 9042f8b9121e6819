import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { parseCreditorReference } from "../../app/utils/creditor-reference";
import { qrReference } from "../../app/utils/qr-reference";
import { decodeQrPng, epcFields, inlineImageParts, spcFields } from "./support/qr";
import { addToCart, checkoutForm, placeOrder, registerCustomer, waitForHydration } from "./support/shop";
import { startShopServer } from "./support/shop-server";

/**
 * The QR codes of bank transfers, read the way a banking app reads them: a screenshot of what the
 * page shows, decoded with jsQR, checked field by field. EUR: the GiroCode (EPC069-12) on the
 * confirmation page and the invoice; CHF: the Swiss QR-bill (SPC 0200) on both; cash on delivery:
 * none. With JavaScript on and off. The e-mail's inline GiroCode and the QR-bill on a configured
 * Swiss account (SCOR reference) run on a server of their own with an SMTP server that keeps what it gets.
 */

// Twice the pixels: a code's modules are several pixels wide in the screenshot.
test.use({ deviceScaleFactor: 2 });

const centsOf = (text: string) => Number(text.replace(/[^\d]/g, ""));
const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

async function shopIn(page: Page, baseURL: string, country: "DE" | "CH", lng: string) {
  await page.context().addCookies([
    { name: "preferred-country", value: country, url: baseURL },
    { name: "preferred-currency", value: country === "CH" ? "CHF" : "EUR", url: baseURL },
    { name: "lng", value: lng, url: baseURL },
  ]);
}

const SWISS_ADDRESS = {
  "shippingAddress.street": "Bahnhofstrasse 1",
  "shippingAddress.city": "Zürich",
  "shippingAddress.postalCode": "8001",
  "shippingAddress.country": "CH",
};

async function screenshotCode(page: Page, testId: string): Promise<string> {
  const code = page.getByTestId(testId);
  await code.scrollIntoViewIfNeeded();
  const payload = decodeQrPng(await code.screenshot());
  expect(payload, `the QR code of ${testId} scans`).not.toBeNull();
  return payload!;
}

test("EUR bank transfer: the GiroCode on the confirmation page and the invoice carries the order's transfer", async ({ page, baseURL }, testInfo) => {
  const js = testInfo.project.name === "js";
  await shopIn(page, baseURL!, "DE", "de");
  await registerCustomer(page.request, baseURL!, "giro");
  const id = await placeOrder(page.request, baseURL!, { email: `giro-${Date.now()}@example.com` });

  const response = await page.goto(`/order-confirmation/${id}`);
  // Personal: never in the page cache, never in a shared cache.
  expect(response!.headers()["cache-control"]).toBe("private, no-store");
  await waitForHydration(page, js);
  const number = (await page.getByTestId("order-number").innerText()).trim();
  const total = centsOf(await page.getByTestId("order-total").innerText());
  // The reference printed is the RF creditor reference of the order number, not the bare number.
  const printed = (await page.getByTestId("bank-reference").innerText()).trim();
  expect(printed).toMatch(/^RF\d{2}( [0-9A-Z]{1,4})+$/);
  expect(parseCreditorReference(printed)).toBe(number);
  await expect(page.getByTestId("qr-bill")).toHaveCount(0);

  const expected = {
    serviceTag: "BCD",
    version: "002",
    charset: "1",
    identification: "SCT",
    bic: "DEMODEXXXXX",
    name: "OfficeHaus GmbH",
    iban: "DE89370400440532013000",
    amount: `EUR${decimal(total)}`,
    purpose: "",
    reference: printed.replace(/ /g, ""),
  };
  const onPage = epcFields(await screenshotCode(page, "girocode"));
  expect(onPage).toMatchObject(expected);
  expect(parseCreditorReference(onPage.reference!)).toBe(number);

  // The invoice: the same code beside the bank details.
  await page.goto(`/order-confirmation/${id}/invoice`);
  await waitForHydration(page, js);
  expect(epcFields(await screenshotCode(page, "girocode"))).toMatchObject(expected);
  await expect(page.getByTestId("bank-reference")).toHaveText(printed);
  await expect(page.getByTestId("qr-bill")).toHaveCount(0);

  if (js) {
    // Back to the confirmation by client-side navigation: the code comes with the loader's data.
    await page.getByRole("link", { name: "Zurück zur Bestellung" }).click();
    await expect(page).toHaveURL(new RegExp(`/order-confirmation/${id}$`));
    // The URL changes before React has swapped the pages: the invoice's code may still be there.
    await expect(page.getByTestId("invoice-lines")).toHaveCount(0);
    await expect(page.getByTestId("invoice-link")).toBeVisible();
    expect(epcFields(await screenshotCode(page, "girocode"))).toMatchObject(expected);
  }
});

test("CHF bank transfer: the Swiss QR-bill in the order's language on the confirmation page and the invoice", async ({ page, baseURL }, testInfo) => {
  const js = testInfo.project.name === "js";
  await shopIn(page, baseURL!, "CH", "fr");
  const id = await placeOrder(page.request, baseURL!, { ...SWISS_ADDRESS, email: `qrbill-${Date.now()}@example.com`, firstName: "Léa", lastName: "Müller" });

  await page.goto(`/order-confirmation/${id}`);
  await waitForHydration(page, js);
  const number = (await page.getByTestId("order-number").innerText()).trim();
  const total = centsOf(await page.getByTestId("order-total").innerText());
  await expect(page.getByTestId("girocode")).toHaveCount(0);
  const bill = page.getByTestId("qr-bill");
  // Payment part and receipt, in French (the order's language).
  await expect(bill).toContainText("Section paiement");
  await expect(bill).toContainText("Récépissé");

  const expected = {
    qrType: "SPC",
    version: "0200",
    coding: "1",
    // The demo's QR-IBAN (SIX's example) with the order's QR reference.
    iban: "CH4431999123000889012",
    creditor: { addressType: "S", name: "OfficeHaus GmbH", street: "Friedrichstraße 123", postalCode: "10117", city: "Berlin", country: "DE" },
    amount: decimal(total),
    currency: "CHF",
    debtor: { addressType: "S", name: "Léa Müller", street: "Bahnhofstrasse 1", postalCode: "8001", city: "Zürich", country: "CH" },
    referenceType: "QRR",
    reference: qrReference(number),
    trailer: "EPD",
  };
  expect(spcFields(await screenshotCode(page, "qr-bill"))).toMatchObject(expected);

  await page.goto(`/order-confirmation/${id}/invoice`);
  await waitForHydration(page, js);
  await expect(page.getByTestId("qr-bill")).toContainText("Section paiement");
  expect(spcFields(await screenshotCode(page, "qr-bill"))).toMatchObject(expected);
  // Printed, the bill is 210 × 105 mm on a page of its own.
  await page.emulateMedia({ media: "print" });
  const box = (await page.locator("[data-testid=qr-bill] svg.qr-bill-svg").boundingBox())!;
  const mm = 96 / 25.4;
  expect(Math.round(box.width / mm)).toBe(210);
  expect(Math.round(box.height / mm)).toBe(105);
  await page.emulateMedia({ media: "screen" });
});

test("cash on delivery shows no QR code", async ({ page, baseURL }) => {
  await shopIn(page, baseURL!, "CH", "de");
  const id = await placeOrder(page.request, baseURL!, { ...SWISS_ADDRESS, paymentMethod: "cash_on_delivery", email: `cod-${Date.now()}@example.com` });
  for (const url of [`/order-confirmation/${id}`, `/order-confirmation/${id}/invoice`]) {
    await page.goto(url);
    await expect(page.getByTestId("order-number").or(page.getByTestId("invoice-order-number"))).toBeVisible();
    await expect(page.getByTestId("girocode")).toHaveCount(0);
    await expect(page.getByTestId("qr-bill")).toHaveCount(0);
    await expect(page.getByTestId("bank-transfer")).toHaveCount(0);
  }
});

test("a SHOP_QR_IBAN that is not a QR-IBAN stops the server at start", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "no browser involved: once is enough");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-qr-iban-"));
  try {
    await expect(startShopServer({ DATA_DIR: dataDir, SHOP_QR_IBAN: "CH93 0076 2011 6238 5295 7" })).rejects.toThrow(/SHOP_QR_IBAN must be a Swiss QR-IBAN/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.describe("on a shop with a Swiss account and outgoing mail", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "a server of its own: once is enough (the pages are checked without JavaScript above)");
  test.slow();

  const received: string[] = [];
  let smtp: SMTPServer;
  let server: Awaited<ReturnType<typeof startShopServer>>;
  let dataDir: string;

  test.beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-payment-codes-"));
    server = await startShopServer({
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SHOP_IBAN: "CH93 0076 2011 6238 5295 7",
      SHOP_BIC: "POFICHBEXXX",
      TRUST_PROXY: "true",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("the order e-mail carries the GiroCode as an inline PNG that scans to the order's transfer", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await shopIn(page, server.url, "DE", "de");
    const email = `giro-mail-${Date.now()}@example.com`;
    const id = await placeOrder(page.request, server.url, { email });
    await page.goto(`/order-confirmation/${id}`);
    const number = (await page.getByTestId("order-number").innerText()).trim();
    const total = centsOf(await page.getByTestId("order-total").innerText());
    const onPage = await screenshotCode(page, "girocode");

    // The server's mail worker sends within a few seconds.
    await expect.poll(() => received.filter((raw) => raw.includes(email)).length, { timeout: 30_000 }).toBe(1);
    const raw = received.find((message) => message.includes(email))!;
    const html = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const images = inlineImageParts(raw);
    expect(images).toHaveLength(1);
    const [image] = images;
    expect(image!.contentType).toMatch(/^image\/png/);
    expect(image!.disposition).toMatch(/^inline/);
    expect(html).toContain(`src="cid:${image!.cid}"`);
    expect(html).not.toContain("data:image");
    const payload = decodeQrPng(image!.data)!;
    // The same transfer as the page's code, on the configured account.
    expect(payload).toBe(onPage);
    const fields = epcFields(payload);
    expect(fields).toMatchObject({ serviceTag: "BCD", version: "002", charset: "1", identification: "SCT", bic: "POFICHBEXXX", name: "OfficeHaus GmbH", iban: "CH9300762011623852957", amount: `EUR${decimal(total)}`, purpose: "" });
    expect(parseCreditorReference(fields.reference!)).toBe(number);
    await context.close();
  });

  test("without a QR-IBAN, the QR-bill names SHOP_IBAN with the RF reference (SCOR), and the e-mail links the invoice", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await shopIn(page, server.url, "CH", "en");
    const email = `qr-mail-${Date.now()}@example.com`;
    await addToCart(page.request, server.url);
    const response = await page.request.post("/checkout", { form: checkoutForm({ ...SWISS_ADDRESS, email }), headers: { Origin: server.url }, maxRedirects: 0 });
    expect(response.status()).toBe(303);
    const id = response.headers()["location"]!.match(/\/order-confirmation\/([0-9a-f-]{36})/)![1]!;
    await page.goto(`/order-confirmation/${id}`);
    const number = (await page.getByTestId("order-number").innerText()).trim();
    const total = centsOf(await page.getByTestId("order-total").innerText());
    await expect(page.getByTestId("qr-bill")).toContainText("Payment part");
    const fields = spcFields(await screenshotCode(page, "qr-bill"));
    expect(fields).toMatchObject({ qrType: "SPC", version: "0200", iban: "CH9300762011623852957", amount: decimal(total), currency: "CHF", referenceType: "SCOR" });
    expect(parseCreditorReference(fields.reference!)).toBe(number);
    expect(fields.debtor).toMatchObject({ name: "Erika Mustermann", street: "Bahnhofstrasse 1", postalCode: "8001", city: "Zürich", country: "CH" });

    await expect.poll(() => received.filter((raw) => raw.includes(email)).length, { timeout: 30_000 }).toBe(1);
    const raw = received.find((message) => message.includes(email))!;
    expect(inlineImageParts(raw)).toEqual([]);
    expect(raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=")).toContain(`/order-confirmation/${id}/invoice?lng=en`);
    await context.close();
  });
});
