import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { demoAdmin, signIn } from "./fixtures";

/*
 * Product safety (GPSR, EU 2023/988 Art. 19) with JavaScript on and off: the product page's section
 * (manufacturer, addresses, identifier, safety information in the page's language; folded on phones,
 * open on wide screens, no JavaScript needed), the product's JSON-LD (gtin, manufacturer), and the
 * admin editing the fields (a wrong GTIN refused with its message, the typed values kept).
 */

const DESK = "00000000-0000-4000-8000-000000000006"; // demo: height-adjustable standing desk (furniture)
const DESK_GTIN = "2026000000060";

async function productJsonLd(page: Page): Promise<Record<string, any>> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = scripts.map((text) => JSON.parse(text)).find((item) => item["@type"] === "Product");
  expect(product).toBeTruthy();
  return product;
}

test("the product page shows the product safety section in German, and the JSON-LD names GTIN and manufacturer", async ({ page }) => {
  await page.goto(`/products/${DESK}?lng=de`);
  const section = page.getByTestId("product-safety");
  await expect(section.getByRole("heading", { level: 2 })).toHaveText("Produktsicherheit");
  await expect(section.getByTestId("safety-manufacturer")).toContainText("OfficeHaus GmbH");
  await expect(section.getByTestId("safety-manufacturer")).toContainText("Friedrichstraße 123, 10117 Berlin");
  await expect(section.getByRole("link", { name: "info@officehaus.example" })).toHaveAttribute("href", "mailto:info@officehaus.example");
  await expect(section.getByTestId("safety-identifier")).toHaveText(DESK_GTIN);
  // Open on a wide screen without a click (CSS), with or without JavaScript.
  await expect(section.getByTestId("safety-info")).toBeVisible();
  await expect(section.getByTestId("safety-info")).toContainText("Montageanleitung");
  const ld = await productJsonLd(page);
  expect(ld.gtin13).toBe(DESK_GTIN);
  expect(ld.manufacturer).toMatchObject({ "@type": "Organization", name: "OfficeHaus GmbH" });
});

test("in Arabic the section reads right to left with the e-mail and GTIN isolated left to right", async ({ page }) => {
  await page.goto(`/products/${DESK}?lng=ar`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const section = page.getByTestId("product-safety");
  await expect(section.getByRole("heading", { level: 2 })).toHaveText("سلامة المنتج");
  await expect(section.getByTestId("safety-info")).toContainText("تعليمات التركيب");
  await expect(section.getByRole("link", { name: "info@officehaus.example" })).toHaveAttribute("dir", "ltr");
  await expect(section.getByTestId("safety-identifier")).toHaveAttribute("dir", "ltr");
  const ld = await productJsonLd(page);
  expect(ld.gtin13).toBe(DESK_GTIN);
  expect(ld.manufacturer).toMatchObject({ "@type": "Organization", name: "OfficeHaus GmbH" });
});

test("on a phone the section is folded and opens with a tap, without JavaScript too", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/products/${DESK}?lng=de`);
  const section = page.getByTestId("product-safety");
  await expect(section.getByTestId("safety-info")).toBeHidden();
  await section.getByText("Produktsicherheit").click();
  await expect(section.getByTestId("safety-info")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe("as the demo admin", () => {
  test.use({ locale: "de-DE" });

  test("edits a product's safety fields and sees them on the product page; a wrong GTIN is refused", async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await signIn(page, demoAdmin.email, demoAdmin.password, "/admin");
    // A product of its own, so the demo catalogue stays as it is for other tests.
    const name = `GPSR Regal ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const upload = new FormData();
    for (const [key, value] of Object.entries({ intent: "create-product", name, nameAr: "رف", category: "home-office", price: "10", priceEUR: "20.00", priceCHF: "21.00", stock: "5", inStock: "on" })) upload.append(key, value);
    upload.append("images", new File([readFileSync("tests/fixtures/product-1.png")], "p.png", { type: "image/png" }));
    const created = await page.request.post("/admin/products?index", { multipart: upload, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(created.status()).toBe(302);
    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    const href = await page.getByTestId("admin-product").first().getByRole("link", { name: "Bearbeiten" }).getAttribute("href");
    const id = href!.split("/").pop()!;

    await page.goto(`/admin/products/${id}`);
    const form = page.getByTestId("product-form");
    await form.getByLabel("Hersteller (Name)").fill("Nordlicht Möbel AB");
    await form.getByLabel("Postanschrift des Herstellers").fill("Storgatan 1, 111 22 Stockholm, Schweden");
    await form.getByLabel("E-Mail-Adresse des Herstellers").fill("safety@nordlicht.example");
    await form.getByLabel("Verantwortliche Person in der EU (Name und Anschrift)").fill("EU-Vertretung GmbH, Hauptstraße 1, 10115 Berlin");
    await form.getByLabel("Sicherheitshinweise (Deutsch)").fill("Kippgefahr: an der Wand befestigen.");
    await form.getByLabel("GTIN / EAN (optional)").fill("4006381333932");
    await form.getByTestId("product-submit").click();
    await expect(form.getByText("Keine gültige GTIN: 8, 12, 13 oder 14 Ziffern mit richtiger Prüfziffer.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${id}$`));
    // The typed values are kept.
    await expect(form.getByLabel("Hersteller (Name)")).toHaveValue("Nordlicht Möbel AB");
    await expect(form.getByLabel("GTIN / EAN (optional)")).toHaveValue("4006381333932");

    await form.getByLabel("GTIN / EAN (optional)").fill("4006381333931");
    await form.getByTestId("product-submit").click();
    await expect(page).toHaveURL(/\/admin\/products$/);

    await page.goto(`/products/${id}?lng=de`);
    const section = page.getByTestId("product-safety");
    await expect(section.getByTestId("safety-manufacturer")).toContainText("Nordlicht Möbel AB");
    await expect(section.getByTestId("safety-manufacturer")).toContainText("Storgatan 1, 111 22 Stockholm, Schweden");
    await expect(section).toContainText("EU-Vertretung GmbH, Hauptstraße 1, 10115 Berlin");
    await expect(section.getByRole("link", { name: "safety@nordlicht.example" })).toHaveAttribute("href", "mailto:safety@nordlicht.example");
    await expect(section.getByTestId("safety-identifier")).toHaveText("4006381333931");
    await expect(section.getByTestId("safety-info")).toHaveText("Kippgefahr: an der Wand befestigen.");
    const ld = await productJsonLd(page);
    expect(ld.gtin13).toBe("4006381333931");
    expect(ld.manufacturer).toMatchObject({ "@type": "Organization", name: "Nordlicht Möbel AB" });

    await page.request.post(`/admin/products/${id}/delete`, { form: {}, headers: { Origin: baseURL! }, maxRedirects: 0 });
  });
});
