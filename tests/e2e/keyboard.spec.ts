import { expect, test, type Page } from "@playwright/test";
import { addToCart, PLENTIFUL_ID, useLanguage } from "./support/shop";
import { expectNextTab, tabTo } from "./support/keyboard";

/*
 * The shop with the keyboard only: Tab, Shift+Tab, Enter, Space, arrow keys and typing. Nothing is
 * clicked and nothing is focused by script. Runs with JavaScript on and off (without JavaScript the
 * select boxes apply through their buttons, with it they apply on change).
 */

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, baseURL!, "de");
});

const focused = (page: Page) => page.locator(":focus");

test("the header in tab order: skip link, brand, navigation, account, preferences, search, favourites, cart", async ({ page }) => {
  await page.goto("/about");
  const header = page.locator("header").first();
  const nav = header.getByRole("navigation", { name: "Hauptnavigation" }).or(header.locator("nav").first());

  await page.keyboard.press("Tab");
  const skip = page.locator('a[href="#main"]');
  await expect(skip, "the skip link comes first").toBeFocused();
  // Hidden until focused, then really on screen (not a 1-pixel clip).
  expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(40);

  await expectNextTab(page, header.locator('a[href="/"]').first(), "brand link");
  for (const href of ["/", "/products", "/about", "/contact"]) {
    await expectNextTab(page, nav.first().locator(`a[href="${href}"]`), `navigation link ${href}`);
  }
  await expectNextTab(page, header.locator('a[href^="/login"]').first(), "sign-in link");
  await expectNextTab(page, header.locator('a[href="/register"]').first(), "register link");
  // Country, currency and language: one compact control; its selects are inside until it is opened.
  await expectNextTab(page, header.getByTestId("preferences").locator("summary"), "preferences control");
  await expectNextTab(page, header.locator('a[href="/search"]'), "search link");
  await expectNextTab(page, header.locator('a[href="/favorites"]'), "favourites link");
  await expectNextTab(page, header.locator('a[href="/cart"]'), "cart link");
  // …and the next stop is past the header.
  await page.keyboard.press("Tab");
  await expect(page.locator(":focus")).toHaveCount(1);
  await expect(page.locator("header :focus")).toHaveCount(0);

  // Shift+Tab walks back.
  await page.keyboard.press("Shift+Tab");
  await expect(header.locator('a[href="/cart"]')).toBeFocused();
});

test("the skip link jumps over the header to the page's content", async ({ page }) => {
  await page.goto("/contact");
  await page.keyboard.press("Tab");
  await expect(page.locator('a[href="#main"]')).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.locator("main :focus"), "the first stop after the skip link is inside <main>").toHaveCount(1);
});

test("the country form switches to Switzerland with the keyboard", async ({ page }, testInfo) => {
  await page.goto("/products");
  const preferences = page.getByTestId("preferences");
  await tabTo(page, preferences.locator("summary"));
  await page.keyboard.press("Enter"); // opens the control
  const country = page.locator('header select[name="country"]:visible');
  await tabTo(page, country);
  await page.keyboard.press("ArrowDown"); // DE → CH
  if (testInfo.project.name === "no-js") {
    await tabTo(page, preferences.locator('button[type="submit"]'));
    await page.keyboard.press("Enter");
  }
  // The page reloads with the new choice (the control is closed again, its select hidden inside).
  await expect(page.locator('header select[name="country"]')).toHaveValue("CH");
  await expect(page.getByTestId("product-card").first()).toContainText("CHF");
});

test("the product filters work with the keyboard only", async ({ page }) => {
  await page.goto("/products");
  const filters = page.locator("aside form:visible");
  const category = filters.locator('select[name="category"]');
  await tabTo(page, category);
  await page.keyboard.press("ArrowDown"); // the first real category
  const slug = await category.inputValue();
  expect(slug).not.toBe("");
  // With JavaScript the change applies at once; without, the Apply button below does it.
  await page.keyboard.press("Tab");
  await expect(filters.locator('input[name="minPrice"]')).toBeFocused();
  await page.keyboard.type("10");
  await page.keyboard.press("Tab");
  await expect(filters.locator('input[name="maxPrice"]')).toBeFocused();
  await page.keyboard.type("500");
  await page.keyboard.press("Tab");
  await expect(filters.locator('input[name="inStock"]')).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(filters.locator('select[name="sort"]')).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const sort = await filters.locator('select[name="sort"]').inputValue();
  await page.keyboard.press("Tab");
  await expect(filters.locator('button[type="submit"]')).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL((url) => {
    const q = url.searchParams;
    return q.get("category") === slug && q.get("minPrice") === "10" && q.get("maxPrice") === "500" && q.get("inStock") === "1" && q.get("sort") === sort;
  });
  // The page shows the filtered state: the controls carry the chosen values.
  await expect(filters.locator('select[name="category"]')).toHaveValue(slug);
  await expect(filters.locator('input[name="inStock"]')).toBeChecked();
  await expect(filters.locator('select[name="sort"]')).toHaveValue(sort);
});

test("a cart quantity changes and the checkout button is reached with the keyboard", async ({ page, baseURL }) => {
  await addToCart(page.request, baseURL!, PLENTIFUL_ID, 1);
  await page.goto("/cart");
  const line = page.getByTestId("cart-line").filter({ has: page.locator(`a[href="/products/${PLENTIFUL_ID}"]`) });
  const input = line.getByTestId("quantity-input");
  await tabTo(page, input);
  await page.keyboard.press("Control+A");
  await page.keyboard.type("3");
  await page.keyboard.press("Tab");
  await expect(line.getByRole("button", { name: "Aktualisieren" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(input).toHaveValue("3");
  await expect(page.getByTestId("cart-badge")).toHaveText("3");

  // The "+" button, by keyboard.
  await tabTo(page, line.getByRole("button", { name: /mehr/ }));
  await page.keyboard.press("Space");
  await expect(input).toHaveValue("4");
  await expect(page.getByTestId("cart-badge")).toHaveText("4");

  // The server kept it.
  await page.reload();
  await expect(input).toHaveValue("4");

  await tabTo(page, page.getByRole("link", { name: "Zur Kasse" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout$/);
});

test("the checkout form is filled and sent with the keyboard", async ({ page, baseURL }) => {
  await addToCart(page.request, baseURL!, PLENTIFUL_ID, 1);
  await page.goto("/checkout");
  const form = page.locator("form#checkout");
  const type = async (name: string, value: string) => {
    await tabTo(page, page.locator(`[name="${name}"][form="checkout"], form#checkout [name="${name}"]`).first());
    await page.keyboard.type(value);
  };
  await type("firstName", "Karla");
  await type("lastName", "Tastatur");
  await type("email", "karla@example.com");
  await type("phone", "+49 30 1234567");
  await type("shippingAddress.street", "Tastenweg 1");
  await type("shippingAddress.postalCode", "10115");
  await type("shippingAddress.city", "Berlin");
  await expect(page.locator('[name="shippingAddress.country"]')).toHaveValue("DE");
  await expect(page.locator('[name="useSameAddress"]')).toBeChecked();
  // The payment choice is a radio group: Tab enters it, the arrow keys choose.
  await tabTo(page, page.locator('input[name="paymentMethod"]').first());
  await page.keyboard.press("ArrowDown");
  await expect(page.locator('input[name="paymentMethod"][value="bank_transfer"]')).toBeChecked();
  await expect(focused(page)).toHaveAttribute("value", "bank_transfer");
  await tabTo(page, form.getByRole("button", { name: "Zahlungspflichtig bestellen" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-email")).toHaveText("karla@example.com");
});
