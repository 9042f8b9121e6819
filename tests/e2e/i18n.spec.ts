import { expect, test, type Page } from "@playwright/test";

// The browser asks for German first (Accept-Language), as most of the shop's visitors do.
test.use({ locale: "de-DE" });

const js = (testInfo: { project: { use: { javaScriptEnabled?: boolean } } }) => testInfo.project.use.javaScriptEnabled !== false;

/** Chooses a value in the header's preferences control and submits it the way the shopper can. */
async function choose(page: Page, name: "lng" | "country", value: string, withJs: boolean) {
  await page.getByTestId("preferences").locator("summary").click();
  const form = page.locator(`header form[action="/preferences"]`);
  await expect(form).toHaveCount(1);
  await form.locator(`select[name="${name}"]`).selectOption(value);
  // With JavaScript the change submits; without, the form's button does.
  if (!withJs) await form.locator('button[type="submit"]').click();
}

const languages = [
  { lng: "de", dir: "ltr", products: "Produkte", notFound: "Hoppla! Seite nicht gefunden", home: "Zurück zur Startseite" },
  { lng: "en", dir: "ltr", products: "Products", notFound: "Oops! Page not found", home: "Return to Home" },
  { lng: "fr", dir: "ltr", products: "Produits", notFound: "Oups ! Page introuvable", home: "Retour à l'accueil" },
  { lng: "ar", dir: "rtl", products: "المنتجات", notFound: "عذراً! الصفحة غير موجودة", home: "العودة إلى الرئيسية" },
] as const;

test("the header's language form switches between all four languages", async ({ page }, testInfo) => {
  // Four page loads and four form posts: slow on a loaded machine.
  test.setTimeout(120_000);
  await page.goto("/products");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  for (const language of [...languages.slice(1), languages[0]]) {
    await choose(page, "lng", language.lng, js(testInfo));
    await expect(page.locator("html")).toHaveAttribute("lang", language.lng);
    await expect(page.locator("html")).toHaveAttribute("dir", language.dir);
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("navigation").first().getByRole("link", { name: language.products, exact: true })).toBeVisible();
  }
});

test("the chosen language stays for the next pages (cookie)", async ({ page }, testInfo) => {
  await page.goto("/");
  await choose(page, "lng", "ar", js(testInfo));
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.goto("/category/home-office");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("المكتب المنزلي");
  // Right to left: the logo starts at the right edge, the header's icons sit on the left.
  const brand = (await page.getByRole("banner").getByRole("link", { name: "OfficeHaus" }).boundingBox())!;
  const cart = (await page.getByRole("banner").locator('a[href="/cart"]').boundingBox())!;
  expect(brand.x).toBeGreaterThan(cart.x);
});

for (const language of languages) {
  test(`the 404 page in ${language.lng}`, async ({ page }) => {
    const response = await page.goto(`/no-such-page?lng=${language.lng}`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("dir", language.dir);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.notFound);
    await expect(page.getByRole("main").getByRole("link", { name: language.home })).toHaveAttribute("href", "/");
  });
}

test("the country form switches the currency: DE-EUR ↔ CH-CHF", async ({ page }, testInfo) => {
  await page.goto("/products?sort=price-low");
  const price = page.getByTestId("product-card").first().getByTestId("price");
  await expect(price).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/);
  await choose(page, "country", "CH", js(testInfo));
  await expect(price).toHaveText(/^\d{1,3}('\d{3})*\.\d{2}\sCHF$/);
  await expect(page).toHaveURL(/\/products\?sort=price-low$/);
  // The choice is remembered.
  await page.goto("/products?sort=price-low");
  await expect(price).toContainText("CHF");
  await expect(page.getByRole("complementary", { name: "Filter" })).toContainText("Preisbereich (CHF)");
  await choose(page, "country", "DE", js(testInfo));
  await expect(price).toContainText("€");
});

test("canonical and hreflang links are absolute", async ({ page, baseURL }) => {
  await page.goto("/products?lng=fr&sort=name");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/products?lng=fr`);
  for (const [lang, href] of [
    ["de", `${baseURL}/products`],
    ["en", `${baseURL}/products?lng=en`],
    ["fr", `${baseURL}/products?lng=fr`],
    ["ar", `${baseURL}/products?lng=ar`],
    ["x-default", `${baseURL}/products`],
  ]) {
    await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute("href", href!);
  }
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/products?lng=fr`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\//);
});

test("the canonical names the URL's own language version, not the negotiated one", async ({ page, baseURL, context }) => {
  // English chosen by cookie on the German URL: the canonical stays the German URL, so it never
  // points at another hreflang location.
  await context.addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/products");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/products`);
});
