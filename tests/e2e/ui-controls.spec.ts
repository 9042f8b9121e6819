import { expect, test, type Page } from "@playwright/test";
import { demoCustomer } from "./fixtures";
import { addToCart, placeOrder, PRODUCT_ID, signInByRequest, useLanguage, waitForHydration } from "./support/shop";

test.use({ locale: "de-DE" });

const js = (testInfo: { project: { name: string } }) => testInfo.project.name === "js";

/** The header's one preferences control: opened, one select changed, applied the way the shopper can. */
async function choose(page: Page, name: "lng" | "country", value: string, withJs: boolean) {
  await page.getByTestId("preferences").locator("summary").click();
  const form = page.locator('header form[action="/preferences"]');
  await form.locator(`select[name="${name}"]`).selectOption(value);
  if (!withJs) await form.getByRole("button", { name: "OK" }).click();
}

test("each header control and the filter form are in the page once", async ({ page }) => {
  await page.goto("/products");
  await expect(page.locator('nav[aria-label="Hauptnavigation"]')).toHaveCount(1);
  await expect(page.locator('header a[href="/products"]')).toHaveCount(1);
  await expect(page.locator('form[action="/preferences"]')).toHaveCount(1);
  await expect(page.locator('select[name="lng"]')).toHaveCount(1);
  await expect(page.locator('select[name="country"]')).toHaveCount(1);
  await expect(page.locator('select[name="sort"]')).toHaveCount(1);
  await expect(page.locator('header a[href^="/login"]')).toHaveCount(1);
  await expect(page.locator('header a[href="/cart"]')).toHaveCount(1);
});

test("the preferences control applies on change with JavaScript and with its OK button without", async ({ page }, testInfo) => {
  await page.goto("/products");
  await waitForHydration(page, js(testInfo));
  const ok = page.locator('header form[action="/preferences"] button[type="submit"]');
  // The button is in the server's HTML and gone once JavaScript runs.
  await expect(ok).toHaveCount(js(testInfo) ? 0 : 1);
  await choose(page, "country", "CH", js(testInfo));
  await expect(page.getByTestId("preferences").locator("summary")).toContainText("DE·CHF");
  await expect(page.getByTestId("price").first()).toContainText("CHF");
  await choose(page, "lng", "en", js(testInfo));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByTestId("preferences").locator("summary")).toContainText("EN·CHF");
});

test("the phone menu opens and closes without JavaScript (a checkbox and its label)", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  const products = page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Produkte" });
  await expect(products).toBeHidden();
  await page.locator('label[for="site-menu-toggle"]').click();
  await expect(products).toBeVisible();
  await products.click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Produkte" })).toBeHidden();
});

test("?lng= sticks: a plain link after /?lng=en stays English", async ({ page, context }) => {
  await page.goto("/?lng=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect((await context.cookies()).find((c) => c.name === "lng")?.value).toBe("en");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Products", exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("?lng= works without cookies: the page itself renders in that language", async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "Accept-Language": "de" } });
  const response = await request.get("/products?lng=fr");
  expect(response.headers()["set-cookie"]).toContain("lng=fr");
  expect(await response.text()).toContain('<html lang="fr"');
  await request.dispose();
});

test("category icons are our own SVGs from one cached sprite, not emoji", async ({ page, request }) => {
  await page.goto("/");
  const use = page.locator('a[href="/category/office-gifts"] svg use');
  const href = await use.getAttribute("href");
  expect(href).toMatch(/^\/assets\/icons-[\w-]+\.svg#cat-office-gifts$/);
  await expect(page.locator('a[href^="/category/"]').first()).not.toContainText(/\p{Extended_Pictographic}/u);
  const sprite = await request.get(href!.split("#")[0]!);
  expect(sprite.headers()["content-type"]).toContain("svg");
  expect(sprite.headers()["cache-control"]).toContain("immutable");
  expect(await sprite.text()).toContain('id="cat-office-gifts"');
});

test("a checkout error clears as soon as the field is corrected (JavaScript)", async ({ page, baseURL }, testInfo) => {
  test.skip(!js(testInfo), "validation while typing needs JavaScript; without it the server answers (purchase.spec)");
  await addToCart(page.request, baseURL!);
  await page.goto("/checkout");
  await waitForHydration(page, true);
  const firstName = page.locator('form#checkout [name="firstName"]');
  await firstName.fill("E");
  await firstName.blur();
  await expect(page.getByTestId("error-firstName")).toHaveText("Der Vorname muss mindestens 2 Zeichen haben.");
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  await firstName.pressSequentially("rika");
  await expect(page.getByTestId("error-firstName")).toHaveText("");
  await expect(firstName).not.toHaveAttribute("aria-invalid", "true");

  const phone = page.locator('form#checkout [name="phone"]');
  await phone.fill("123");
  await phone.blur();
  await expect(page.getByTestId("error-phone")).toContainText("Diese Telefonnummer ist ungültig");
  await phone.fill("");
  await expect(page.getByTestId("error-phone")).toHaveText("Telefonnummer ist erforderlich");
  await phone.fill("+49 170 555 6677");
  await expect(page.getByTestId("error-phone")).toHaveText("");

  const email = page.locator('form#checkout [name="email"]');
  await email.focus();
  await email.blur();
  await expect(page.getByTestId("error-email")).toHaveText("Bitte geben Sie Ihre E-Mail-Adresse ein.");
  await email.fill("erika@");
  await expect(page.getByTestId("error-email")).toHaveText("Die E-Mail-Adresse ist ungültig");
  await email.fill("erika@example.com");
  await expect(page.getByTestId("error-email")).toHaveText("");
});

const EUR = /^\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/;
const CHF = /^\d{1,3}('\d{3})*\.\d{2}\u00a0CHF$/;

test("Arabic pages keep prices, the phone number, e-mail and order number left to right; one price format", async ({ page, context, baseURL }) => {
  await useLanguage(context, baseURL!, "ar");
  await signInByRequest(page.request, baseURL!, demoCustomer.email, demoCustomer.password);
  const orderId = await placeOrder(page.request, baseURL!);
  await page.goto(`/order-confirmation/${orderId}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("order-number")).toHaveAttribute("dir", "ltr");
  await expect(page.getByTestId("order-email")).toHaveAttribute("dir", "ltr");
  await expect(page.getByTestId("order-total").locator('[dir="ltr"]')).toHaveText(EUR);
  await expect(page.locator('footer a[href^="tel:"]')).toHaveAttribute("dir", "ltr");
  await expect(page.locator('footer a[href^="mailto:"]')).toHaveAttribute("dir", "ltr");

  await addToCart(page.request, baseURL!, PRODUCT_ID, 2);
  await page.goto("/cart");
  for (const amount of await page.getByTestId("cart-line").locator('[dir="ltr"]').all()) await expect(amount).toHaveText(EUR);
  await expect(page.getByTestId("summary-total").locator('[dir="ltr"]')).toHaveText(EUR);
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-total").locator('[dir="ltr"]')).toHaveText(EUR);

  // In CHF: "12.90 CHF", the same order of number and currency as the cards.
  await context.addCookies([
    { name: "preferred-country", value: "CH", url: baseURL! },
    { name: "preferred-currency", value: "CHF", url: baseURL! },
  ]);
  await page.goto("/cart");
  await expect(page.getByTestId("summary-total").locator('[dir="ltr"]')).toHaveText(CHF);
  await page.goto("/products");
  await expect(page.getByTestId("price").first()).toHaveAttribute("dir", "ltr");
  await expect(page.getByTestId("price").first()).toHaveText(CHF);
});

test("on a phone the checkout's order summary is at the top, folded to its total", async ({ page, baseURL }) => {
  await addToCart(page.request, baseURL!);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/checkout");
  const summary = page.getByTestId("checkout-summary");
  const firstName = page.locator('form#checkout [name="firstName"]');
  expect((await summary.boundingBox())!.y).toBeLessThan((await firstName.boundingBox())!.y);
  // …and the order button after the fields, where it is also in the reading and tab order.
  expect((await page.getByTestId("checkout-submit").boundingBox())!.y).toBeGreaterThan((await firstName.boundingBox())!.y);
  await expect(summary.locator("summary")).toContainText("€");
  await expect(page.getByTestId("checkout-total")).toBeHidden();
  await summary.locator("summary").click();
  await expect(page.getByTestId("checkout-total")).toBeVisible();
  // From lg it is open beside the form.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByTestId("checkout-total")).toBeVisible();
});
