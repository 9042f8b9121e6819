import { expect, test } from "@playwright/test";

// The browser asks for German first (Accept-Language), as most of the shop's visitors do.
test.use({ locale: "de-DE" });

const absurd: string[] = [
  "/products?minPrice=-5&maxPrice=-1",
  "/products?minPrice=abc&maxPrice=1e400",
  "/products?minPrice=99999999999999999999",
  "/products?sort=drop%20table&view=table",
  "/products?page=99999",
  "/products?page=-1",
  "/products?page=1e5",
  "/products?category=%00",
  "/products?q=%27%20OR%201%3D1%20--",
  "/products?q=%25%25%25_%5C",
  `/products?q=${"x".repeat(10_000)}`,
  "/products?inStock=%00&sort[]=a&page=2&page=3",
  "/category/home-office?minPrice=abc&sort=%3Cscript%3E&page=99999",
  "/search?q=%00%01%02",
  `/search?q=${"ü".repeat(1_500)}`,
  "/search?q=%27%3B%20drop%20table%20products%3B%20--",
];

for (const url of absurd) {
  const label = url.length > 90 ? `${url.slice(0, 60)}… (${url.length} characters)` : url;
  test(`absurd parameters give a normal page, never a 500: ${label}`, async ({ page }) => {
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("error-state")).toHaveCount(0);
  });
}

test("absurd filters fall back to the defaults", async ({ page }) => {
  await page.goto("/products?minPrice=-5&maxPrice=abc&sort=evil&page=99999");
  const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const total = Number(/\((\d+)\)/.exec(title)?.[1]);
  expect(total).toBeGreaterThan(0);
  const pages = Math.ceil(total / 24);
  await expect(page.getByRole("navigation", { name: "Seiten" }).locator('[aria-current="page"]')).toHaveText(String(pages));
  const panel = page.getByRole("complementary", { name: "Filter" });
  await expect(panel.getByLabel("Sortieren")).toHaveValue("standard");
  await expect(panel.getByLabel("Mindestpreis")).toHaveValue("");
  await expect(panel.getByLabel("Höchstpreis")).toHaveValue("");
});

test("SQL-looking search text is searched as text", async ({ page }) => {
  await page.goto("/search?q=%27%20OR%201%3D1%20--");
  await expect(page.getByRole("searchbox")).toHaveValue("' OR 1=1 --");
  await expect(page.getByTestId("empty-state")).toBeVisible();
});

test("a 10 kB search is cut to 200 characters", async ({ page }) => {
  await page.goto(`/search?q=${"a".repeat(10_000)}`);
  await expect(page.getByRole("searchbox")).toHaveValue("a".repeat(200));
});

test("a malformed address is a 400 with a message in the visitor's language, not a 500", async ({ request }) => {
  const response = await request.get("/products/%E0%A4%A", { headers: { "Accept-Language": "fr" } });
  expect(response.status()).toBe(400);
  expect(await response.text()).toBe("Requête invalide");
});

test("an address longer than the server takes is refused with a 4xx, not a 500", async ({ request }) => {
  const response = await request.get(`/search?q=${"ü".repeat(10_000)}`);
  expect(response.status()).toBeGreaterThanOrEqual(400);
  expect(response.status()).toBeLessThan(500);
});

const formActions = ["/cart", "/favorites", "/checkout", "/login", "/register", "/contact", "/support", "/newsletter", "/preferences", "/logout"];

test("a form body that does not parse is a 400 with a message in the visitor's language, on every form", async ({ request, baseURL }) => {
  for (const path of formActions) {
    const bodies: Array<[string, string]> = [
      ["multipart/form-data; boundary=xyz", "garbage, not multipart"],
      ["multipart/form-data", "--no boundary given\r\n"],
    ];
    for (const [contentType, body] of bodies) {
      const response = await request.post(path, {
        headers: { "Content-Type": contentType, Origin: baseURL!, Accept: "text/html", "Accept-Language": "ar" },
        data: body,
        maxRedirects: 0,
      });
      expect(response.status(), `${path} with ${contentType}`).toBe(400);
      const text = await response.text();
      expect(text, path).toContain("طلب غير صالح");
      expect(text, path).not.toMatch(/TypeError|FormData|at \//);
    }
  }
});
