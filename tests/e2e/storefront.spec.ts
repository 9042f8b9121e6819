import { expect, test, type Page } from "@playwright/test";

// The browser asks for German first (Accept-Language), as most of the shop's visitors do.
test.use({ locale: "de-DE" });

/** "1.234,90 €" → 1234.9 (the German format the default locale shows). */
function euros(text: string): number {
  return Number(text.replace(/[^\d,]/g, "").replace(",", "."));
}

async function cardPrices(page: Page): Promise<number[]> {
  return (await page.getByTestId("product-card").getByTestId("price").allTextContents()).map(euros);
}

/** The product count in the listing title "Alle Produkte (65)". */
async function listedTotal(page: Page): Promise<number> {
  const title = await page.getByRole("heading", { level: 1 }).textContent();
  const match = /\((\d+)\)/.exec(title ?? "");
  expect(match, `count in "${title}"`).not.toBeNull();
  return Number(match![1]);
}

/** Polls, because with JavaScript the address changes a moment before the new list renders. */
async function expectPrices(page: Page, check: (prices: number[]) => boolean, message: string) {
  await expect.poll(async () => check(await cardPrices(page)), { message }).toBe(true);
}
const ascending = (prices: number[]) => prices.length > 0 && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
const descending = (prices: number[]) => prices.length > 0 && prices.every((p, i) => i === 0 || prices[i - 1]! >= p);

const js = (testInfo: { project: { use: { javaScriptEnabled?: boolean } } }) => testInfo.project.use.javaScriptEnabled !== false;

test.describe("home page", () => {
  test("shows the hero, benefits, trust strip, offers, 13 categories and up to 8 featured products", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("link", { name: "Zur Premium-Kollektion" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Ihre Vorteile" }).getByRole("listitem")).toHaveCount(3);
    const trust = page.getByRole("region", { name: "Sicher einkaufen" });
    await expect(trust.getByRole("listitem")).toHaveCount(3);
    await expect(trust).toContainText("SSL-verschlüsselt");
    expect(await page.getByTestId("offer").count()).toBeGreaterThan(0);
    const categories = page.getByRole("region", { name: "Kategorien entdecken" }).locator('a[href^="/category/"]');
    await expect(categories).toHaveCount(13);
    const featured = page.getByRole("region", { name: "Empfohlene Produkte" }).getByTestId("product-card");
    const count = await featured.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(8);
    // Every product of the section is featured: no card repeats it as a badge there, while a
    // featured product in the listing still carries it.
    await expect(page.getByRole("region", { name: "Empfohlene Produkte" }).getByText("Empfohlen", { exact: true })).toHaveCount(0);
    await expect(page.getByTestId("vat-note").first()).toContainText("inkl. MwSt.");
    await page.goto("/products");
    await expect(page.getByTestId("product-card").getByText("Empfohlen", { exact: true }).first()).toBeVisible();
  });

  test("browse home → category → product", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("region", { name: "Kategorien entdecken" }).getByRole("link", { name: /Kaffee & Tee/ }).click();
    await expect(page).toHaveURL(/\/category\/coffee-tea$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kaffee & Tee");
    await expect(page.getByTestId("category-hero").getByRole("listitem")).toHaveCount(2);
    const card = page.getByTestId("product-card").first();
    const name = (await card.getByRole("heading").textContent())?.trim() ?? "";
    const price = (await card.getByTestId("price").textContent())?.trim() ?? "";
    await card.getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByTestId("price").first()).toHaveText(price);
    // Shop law: gross price with a link to the shipping terms, near the price.
    await expect(page.getByText("inkl. MwSt.").first()).toBeVisible();
    await expect(page.locator('main a[href="/shipping"]').first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Kaffee & Tee" })).toBeVisible();
    await page.getByRole("link", { name: "Zurück zu den Produkten" }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test("the product page carries schema.org Product data with absolute image URLs", async ({ page }) => {
    await page.goto("/products?sort=price-high");
    await page.getByTestId("product-card").first().getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
    const json = await page.locator('script[type="application/ld+json"]').first().textContent();
    const data = JSON.parse(json ?? "{}");
    expect(data["@type"]).toBe("Product");
    expect(data.name).toBe((await page.getByRole("heading", { level: 1 }).textContent())?.trim());
    expect(data.offers.priceCurrency).toBe("EUR");
    expect(data.offers.price).toMatch(/^\d+\.\d{2}$/);
    for (const image of data.image) expect(image).toMatch(/^https?:\/\//);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });
});

test.describe("products listing", () => {
  test("the title shows the count; filter and sort by URL", async ({ page }) => {
    await page.goto("/products");
    const total = await listedTotal(page);
    expect(total).toBeGreaterThan(24);
    await expect(page.getByTestId("product-card")).toHaveCount(24);

    await page.goto("/products?sort=price-low");
    const low = await cardPrices(page);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    await page.goto("/products?sort=price-high");
    const high = await cardPrices(page);
    expect(high).toEqual([...high].sort((a, b) => b - a));
    expect(high[0]).toBeGreaterThan(low[0]!);

    await page.goto("/products?category=coffee-tea");
    const inCategory = await listedTotal(page);
    expect(inCategory).toBeGreaterThan(0);
    expect(inCategory).toBeLessThan(total);
    await expect(page.getByTestId("product-card")).toHaveCount(inCategory);

    await page.goto("/products?maxPrice=50&sort=price-high");
    const cheap = await cardPrices(page);
    expect(cheap.length).toBeGreaterThan(0);
    for (const price of cheap) expect(price).toBeLessThanOrEqual(50);
  });

  test("filter and sort with the controls", async ({ page }, testInfo) => {
    await page.goto("/products");
    const panel = page.getByRole("complementary", { name: "Filter" });
    await panel.getByLabel("Sortieren").selectOption("price-high");
    // With JavaScript a change applies at once; without, the Apply button submits the form.
    if (!js(testInfo)) await panel.getByRole("button", { name: "Anwenden" }).click();
    await expect(page).toHaveURL(/sort=price-high/);
    await expect(panel.getByLabel("Sortieren")).toHaveValue("price-high");
    await expectPrices(page, descending, "sorted by price, highest first");

    await panel.getByLabel("Kategorie").selectOption("home-office");
    if (!js(testInfo)) await panel.getByRole("button", { name: "Anwenden" }).click();
    await expect(page).toHaveURL(/category=home-office/);
    await expect(page).toHaveURL(/sort=price-high/);

    await panel.getByLabel("Höchstpreis").fill("300");
    await panel.getByRole("button", { name: "Anwenden" }).click();
    await expect(page).toHaveURL(/maxPrice=300/);
    await expectPrices(page, (prices) => prices.length > 0 && prices.every((p) => p <= 300) && descending(prices), "at most 300 €");

    await panel.getByLabel("Sortieren").selectOption("price-low");
    if (!js(testInfo)) await panel.getByRole("button", { name: "Anwenden" }).click();
    await expect(page).toHaveURL(/sort=price-low/);
    await expectPrices(page, (prices) => prices.every((p) => p <= 300) && ascending(prices), "at most 300 €, lowest first");

    // The price bounds: 0 to the highest price (at least 1000), step 10.
    const max = panel.getByLabel("Höchstpreis");
    await expect(max).toHaveAttribute("min", "0");
    await expect(max).toHaveAttribute("step", "10");
    expect(Number(await max.getAttribute("max"))).toBeGreaterThanOrEqual(1000);
    expect(Number(await max.getAttribute("max")) % 10).toBe(0);

    await panel.getByLabel("Nur verfügbare Produkte").check();
    if (!js(testInfo)) await panel.getByRole("button", { name: "Anwenden" }).click();
    await expect(page).toHaveURL(/inStock=1/);
    await expect(page.getByTestId("product-card").getByText("Ausverkauft")).toHaveCount(0);
  });

  test("a filter that matches nothing shows the empty state", async ({ page }) => {
    await page.goto("/products?q=zzzz-nothing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alle Produkte (0)");
    await expect(page.getByTestId("empty-state")).toHaveText("Keine Produkte entsprechen Ihren Suchkriterien.");
    await page.goto("/products?q=zzzz-nothing&lng=ar");
    await expect(page.getByTestId("empty-state")).toHaveText("لا توجد منتجات تطابق معايير البحث");
  });

  test("grid and list views", async ({ page }) => {
    await page.goto("/products");
    const card = page.getByTestId("product-card").first();
    const gridWidth = (await card.boundingBox())!.width;
    await page.getByRole("link", { name: "Listenansicht" }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page.getByRole("link", { name: "Listenansicht" })).toHaveAttribute("aria-current", "true");
    const listWidth = (await page.getByTestId("product-card").first().boundingBox())!.width;
    expect(listWidth).toBeGreaterThan(gridWidth * 2);
    // The view is kept while filtering.
    await expect(page.getByRole("complementary", { name: "Filter" }).locator('input[name="view"]')).toHaveValue("list");
    await page.getByRole("link", { name: "Rasteransicht" }).click();
    await expect(page).not.toHaveURL(/view=list/);
  });

  test("pagination, and a page beyond the end shows the last page", async ({ page }) => {
    // Other tests add and delete products meanwhile: every expectation uses the total its own page shows.
    await page.goto("/products");
    const pagination = page.getByRole("navigation", { name: "Seiten" });
    await pagination.getByRole("link", { name: "Weiter" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pagination.locator('[aria-current="page"]')).toHaveText("2");
    const totalOnPage2 = await listedTotal(page);
    await expect(page.getByTestId("product-card")).toHaveCount(Math.min(24, totalOnPage2 - 24));
    await pagination.getByRole("link", { name: "Zurück" }).click();
    await expect(page).not.toHaveURL(/page=/);
    await page.goto("/products?page=99999");
    const total = await listedTotal(page);
    const pages = Math.ceil(total / 24);
    await expect(pagination.locator('[aria-current="page"]')).toHaveText(String(pages));
    await expect(page.getByTestId("product-card")).toHaveCount(total - 24 * (pages - 1));
  });
});

test.describe("search", () => {
  test("search with the form shows the results with their count", async ({ page }) => {
    await page.goto("/search");
    await expect(page.getByTestId("search-results")).toHaveCount(0);
    await page.getByLabel("Suchbegriff").fill("Stuhl");
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/search\?q=Stuhl/);
    const results = page.getByTestId("search-results");
    await expect(results).toContainText(/\d+ Ergebnisse? für „Stuhl“/);
    const count = Number(/(\d+) Ergebnis/.exec((await results.textContent()) ?? "")?.[1]);
    expect(count).toBeGreaterThan(0);
    await expect(results.getByTestId("product-card")).toHaveCount(Math.min(count, 24));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });

  test("a category chip fills the box and finds the category's products", async ({ page }) => {
    await page.goto("/category/coffee-tea");
    const inCategory = Number(/(\d+)/.exec((await page.getByText(/^\d+ Produkte?$/).textContent()) ?? "")?.[1]);
    await page.goto("/search");
    await page.getByRole("link", { name: "Kaffee & Tee", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=Kaffee/);
    await expect(page.getByLabel("Suchbegriff")).toHaveValue("Kaffee & Tee");
    const results = page.getByTestId("search-results");
    await expect(results).toContainText(`${inCategory} Ergebnis`);
    await expect(results.getByTestId("product-card")).toHaveCount(inCategory);
  });

  test("no results shows the message; an empty query hides the results", async ({ page }) => {
    await page.goto("/search?q=xyzzy-nothing");
    await expect(page.getByTestId("empty-state")).toContainText("Keine Produkte für „xyzzy-nothing“ gefunden");
    await page.goto("/search?q=");
    await expect(page.getByTestId("search-results")).toHaveCount(0);
  });

  test("with JavaScript the search re-runs after typing stops", async ({ page }, testInfo) => {
    test.skip(!js(testInfo), "the debounced search needs JavaScript");
    await page.goto("/search");
    await page.getByLabel("Suchbegriff").pressSequentially("Lampe");
    await expect(page).toHaveURL(/\/search\?q=Lampe/);
    await expect(page.getByTestId("search-results")).toContainText("Lampe");
  });
});

test.describe("sitemap and robots", () => {
  test("sitemap.xml lists pages, categories and products with absolute URLs", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const body = await response.text();
    expect(body).toContain(`<loc>${baseURL}/products</loc>`);
    expect(body).toContain(`<loc>${baseURL}/category/coffee-tea</loc>`);
    expect(body).toMatch(new RegExp(`<loc>${baseURL}/products/[0-9a-f-]{36}</loc>`));
    expect(body).toContain('hreflang="ar"');
  });
  test("robots.txt points to the sitemap and keeps private pages out", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(body).toContain("Disallow: /checkout");
  });
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 375, height: 800 } });
  for (const lng of ["de", "ar"]) {
    test(`no horizontal overflow at 375 px (${lng})`, async ({ page }) => {
      await page.goto(`/products?lng=${lng}`);
      const product = await page.getByTestId("product-card").first().locator("a").first().getAttribute("href");
      for (const path of ["/", "/products", product!, "/category/home-office", "/search?q=Stuhl", "/no-such-page"]) {
        await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
        await expect(page.locator("html")).toHaveAttribute("lang", lng);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth, `${path} in ${lng}`).toBeLessThanOrEqual(clientWidth);
      }
    });
  }
});
