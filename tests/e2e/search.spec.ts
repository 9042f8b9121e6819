import { expect, test, type TestInfo } from "@playwright/test";
import { useLanguage, waitForHydration } from "./support/shop";

/*
 * The search (issue 20): German and Swiss spelling, "Meinten Sie …?", relevance first, bad input,
 * and the suggestions: a combobox with JavaScript (keyboard, screen reader, RTL), the plain GET
 * form without.
 */
test.use({ locale: "de-DE" });

const js = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;
const CHAIR = "00000000-0000-4000-8000-000000000027";

test("a search typed without umlauts finds the product, sorted by relevance first", async ({ page }, testInfo) => {
  await page.goto("/search");
  await waitForHydration(page, js(testInfo));
  await page.getByLabel("Suchbegriff").fill("Burostuhl");
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/\/search\?q=Burostuhl/);
  const results = page.getByTestId("search-results");
  await expect(results.getByTestId("product-card").first()).toContainText("Bürostuhl");
  await expect(results.locator(`a[href="/products/${CHAIR}"]`).first()).toBeVisible();
  const sort = page.getByRole("form", { name: "Filter" }).getByLabel("Sortieren");
  await expect(sort).toHaveValue("relevance");
  await expect(sort.locator("option").first()).toHaveText("Relevanz");
});

test("the other sorts and the category facet keep the search", async ({ page }, testInfo) => {
  await page.goto("/search?q=lampe");
  await waitForHydration(page, js(testInfo));
  const form = page.getByRole("form", { name: "Filter" });
  await form.getByLabel("Sortieren").selectOption("price-low");
  if (!js(testInfo)) await form.getByRole("button", { name: "Anwenden" }).click();
  await expect(page).toHaveURL(/q=lampe/);
  await expect(page).toHaveURL(/sort=price-low/);
  await expect(page.getByTestId("search-results")).toContainText(/\d+ Ergebnisse? für „lampe“/);
  await page.getByRole("form", { name: "Filter" }).getByLabel("Kategorie").selectOption("kids-teens");
  if (!js(testInfo)) await page.getByRole("form", { name: "Filter" }).getByRole("button", { name: "Anwenden" }).click();
  await expect(page).toHaveURL(/category=kids-teens/);
  await expect(page).toHaveURL(/q=lampe/);
  await expect(page.getByTestId("search-results").getByTestId("product-card")).toHaveCount(1);
});

test("the listing's filter panel searches by relevance first and keeps the search through every filter", async ({ page }, testInfo) => {
  await page.goto("/products?q=lampe");
  await waitForHydration(page, js(testInfo));
  const panel = page.getByRole("complementary", { name: "Filter" });
  await expect(panel.getByLabel("Sortieren")).toHaveValue("relevance");
  await expect(panel.getByLabel("Sortieren").locator("option").first()).toHaveText("Relevanz");
  await panel.getByLabel("Nur verfügbare Produkte").check();
  if (!js(testInfo)) await panel.getByRole("button", { name: "Anwenden" }).click();
  await expect(page).toHaveURL(/q=lampe/);
  await expect(page).toHaveURL(/inStock=1/);
  // Without a search text there is nothing to be relevant to: no such option.
  await page.goto("/products");
  await expect(page.getByRole("complementary", { name: "Filter" }).getByLabel("Sortieren").locator('option[value="relevance"]')).toHaveCount(0);
});

test("nothing found offers the closest catalogue word as a link (Meinten Sie …?)", async ({ page }) => {
  await page.goto("/search?q=kafe");
  await expect(page.getByTestId("empty-state")).toContainText("Keine Produkte für „kafe“ gefunden");
  const link = page.getByTestId("did-you-mean");
  await expect(link).toHaveText("Meinten Sie „kaffee“?");
  await link.click();
  await expect(page).toHaveURL(/\/search\?q=kaffee/);
  await expect(page.getByTestId("search-results").getByTestId("product-card").first()).toBeVisible();
});

test("input without words, only stop words or too long gets a clear answer, never an error", async ({ page, request }) => {
  for (const q of ["%", "_", "\\", "\"'", "   ", "🪑💡", "und für", "مُونْسْتِيرَا", "Stuhl مكتب", "x".repeat(10_000).slice(0, 4000)]) {
    const response = await request.get(`/search?q=${encodeURIComponent(q)}`);
    expect(response.status(), q.slice(0, 20)).toBe(200);
  }
  await page.goto(`/search?q=${encodeURIComponent("%_\\")}`);
  await expect(page.getByTestId("empty-state")).toContainText("enthält keine Buchstaben oder Ziffern");
  await page.goto("/search?q=und%20f%C3%BCr");
  await expect(page.getByTestId("empty-state")).toContainText("nur Füllwörter");
  await page.goto(`/search?q=${"stuhl%20".repeat(60)}`);
  await expect(page.getByTestId("search-truncated")).toHaveText("Ihre Eingabe war länger als 200 Zeichen und wurde gekürzt.");
  await expect(page.getByLabel("Suchbegriff")).toHaveAttribute("maxlength", "200");
  await expect(page.getByText("Höchstens 200 Zeichen")).toBeVisible();
});

test("the suggestion route answers JSON for a prefix, and 400 with a message for text too long", async ({ request }) => {
  const response = await request.get(`/search/suggest?q=${encodeURIComponent("Bürost")}`, { headers: { "Accept-Language": "de" } });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.suggestions).toContainEqual({ kind: "product", label: "Ergonomischer Bürostuhl mit Netzrücken", href: `/products/${CHAIR}` });
  expect(body.suggestions.length).toBeLessThanOrEqual(8);
  const tooLong = await request.get(`/search/suggest?q=${"a".repeat(300)}`, { headers: { "Accept-Language": "en" } });
  expect(tooLong.status()).toBe(400);
  expect((await tooLong.json()).error).toBe("The search term may be at most 200 characters long.");
});

test("without JavaScript the box is the plain search field of a GET form", async ({ page }, testInfo) => {
  test.skip(js(testInfo), "the page as it is without JavaScript");
  await page.goto("/search");
  const box = page.getByRole("searchbox", { name: "Suchbegriff" });
  await expect(box).toBeVisible();
  await expect(page.getByRole("combobox")).toHaveCount(0);
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await box.fill("kopfhoerer");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=kopfhoerer/);
  await expect(page.getByTestId("search-results").getByTestId("product-card").first()).toContainText("Kopfhörer");
});

test("with JavaScript the box suggests while typing, chosen by keyboard", async ({ page }, testInfo) => {
  test.skip(!js(testInfo), "the suggestions need JavaScript");
  await page.goto("/search");
  await waitForHydration(page, true);
  const box = page.getByRole("combobox", { name: "Suchbegriff" });
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.pressSequentially("bürost");
  const list = page.getByRole("listbox", { name: "Vorschläge" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const option = list.getByRole("option", { name: /Ergonomischer Bürostuhl/ });
  await expect(option).toBeVisible();
  await expect(page.getByText(/\d+ Vorschl(ag|äge)\. Mit den Pfeiltasten auswählen\./)).toBeAttached();
  // Down to the chair's option (the box keeps the focus; the option is the active descendant).
  const options = list.getByRole("option");
  const labels = await options.allTextContents();
  const index = labels.findIndex((label) => label.includes("Ergonomischer Bürostuhl"));
  for (let i = 0; i <= index; i++) await box.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
  await expect(box).toBeFocused();
  // Escape closes, ArrowDown opens again.
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  for (let i = 0; i <= index; i++) await box.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/products/${CHAIR}$`));
});

test("in Arabic the suggestions are Arabic names, laid out right to left", async ({ page, context, baseURL }, testInfo) => {
  test.skip(!js(testInfo), "the suggestions need JavaScript");
  await useLanguage(context, baseURL!, "ar");
  await page.goto("/search");
  await waitForHydration(page, true);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const box = page.getByRole("combobox", { name: "كلمة البحث" });
  await box.pressSequentially("مصباح");
  const list = page.getByRole("listbox");
  await expect(list.getByRole("option").first()).toBeVisible();
  await expect(list.getByRole("option").first()).toContainText("مصباح");
  // The list starts where the box starts: its right edge in RTL.
  const boxBox = (await box.boundingBox())!;
  const listBox = (await list.boundingBox())!;
  expect(Math.abs(boxBox.x + boxBox.width - (listBox.x + listBox.width))).toBeLessThan(2);
});
