import { expect, test } from "@playwright/test";

// The browser asks for German first (Accept-Language), as most of the shop's visitors do.
test.use({ locale: "de-DE" });

test("any unknown path answers 404 with the 404 page", async ({ page }) => {
  for (const path of ["/does-not-exist", "/products/a/b", "/category", "/category/x/y", "/admin-panel.php", "/%F0%9F%98%80"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hoppla! Seite nicht gefunden");
  }
  // The header and footer stay, so the shopper can go on.
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("the English 404 page: 'Oops! Page not found' and 'Return to Home'", async ({ page }) => {
  const response = await page.goto("/nowhere?lng=en");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown product id is a 404 with a back button to the products", async ({ page }) => {
  const response = await page.goto("/products/00000000-0000-4000-8000-999999999999?lng=ar");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("المنتج غير موجود");
  await page.getByRole("main").getByRole("link", { name: "العودة إلى المنتجات" }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("a malformed product id is a 404, never a 500", async ({ page }) => {
  for (const id of ["not-a-uuid", "123", "' OR 1=1 --", "00000000-0000-4000-8000-00000000000Z", "x".repeat(500)]) {
    const response = await page.goto(`/products/${encodeURIComponent(id)}`);
    expect(response?.status(), id).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Produkt nicht gefunden");
  }
});

test("an unknown category is a 404 with the German texts", async ({ page }) => {
  const response = await page.goto("/category/no-such-category");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kategorie nicht gefunden");
  await expect(page.getByText("Entschuldigung, die angeforderte Kategorie ist nicht verfügbar.")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Zurück zur Startseite" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a category written differently leads to its one address", async ({ page }) => {
  for (const slug of ["Office-Gifts", "office%20gifts", "OFFICEGIFTS"]) {
    const response = await page.goto(`/category/${slug}?view=list`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/category\/office-gifts\?view=list$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bürogeschenke");
  }
});

test("a form posted to an unknown path is a 404", async ({ request, baseURL }) => {
  const response = await request.post("/no-such-form", { form: { a: "1" }, headers: { Origin: baseURL! } });
  expect(response.status()).toBe(404);
});
