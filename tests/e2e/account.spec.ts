import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./fixtures";
import { placeOrder, signInByRequest } from "./support/shop";

/*
 * The account as a layout (/profile, /profile/orders, /profile/orders/{id}), with JavaScript on and
 * off: the frame's navigation, the customer's own orders, someone else's order refused inside the frame.
 */
test.use({ locale: "de-DE" });

const nav = (page: Page) => page.getByTestId("account-nav");

/** A fresh customer (each project its own), registered and signed in through the forms' posts. */
async function newCustomer(page: Page, baseURL: string) {
  const email = uniqueEmail("account");
  const password = "account-pass-1";
  const registered = await page.request.post("/register", {
    headers: { Origin: baseURL },
    maxRedirects: 0,
    form: { firstName: "Olga", lastName: "Orders", email, country: "DE", password, confirmPassword: password },
  });
  expect(registered.status(), "registering").toBeLessThan(400);
  await signInByRequest(page.request, baseURL, email, password);
}

test("a visitor asking for an account page is sent to the login and back", async ({ page }) => {
  for (const path of ["/profile/orders", "/profile/orders/00000000-0000-4000-8000-000000000001"]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
  }
});

test("the account frame: navigation, own orders newest first, an order's page, someone else's order is 404", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // An order placed by a visitor in this browser, before signing in: not the customer's.
  const foreign = await placeOrder(page.request, baseURL!);
  await newCustomer(page, baseURL!);
  const first = await placeOrder(page.request, baseURL!, { paymentMethod: "cash_on_delivery" });
  const second = await placeOrder(page.request, baseURL!, { "shippingAddress.city": "Hamburg", "shippingAddress.postalCode": "20095" });

  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mein Konto");
  await expect(nav(page).getByRole("link", { name: "Profil" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("profile-form")).toBeVisible();

  await nav(page).getByRole("link", { name: "Bestellungen" }).click();
  await expect(page).toHaveURL(/\/profile\/orders$/);
  await expect(nav(page).getByRole("link", { name: "Bestellungen" })).toHaveAttribute("aria-current", "page");
  await expect(nav(page).getByRole("link", { name: "Profil" })).not.toHaveAttribute("aria-current", "page");
  const rows = page.getByTestId("customer-order");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute("data-order-id", second);
  await expect(rows.nth(1)).toHaveAttribute("data-order-id", first);
  await expect(rows.nth(0).getByTestId("order-status")).toHaveText("In Prüfung");
  await expect(rows.nth(0).getByTestId("order-total")).toContainText("€");
  await expect(page.locator(`[data-order-id="${foreign}"]`)).toHaveCount(0);

  await rows.nth(1).getByRole("link").click();
  await expect(page).toHaveURL(`/profile/orders/${first}`);
  await expect(nav(page).getByRole("link", { name: "Bestellungen" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("payment-method")).toContainText("Nachnahme");
  await expect(page.getByTestId("shipping-address")).toContainText("Hauptstraße 12");
  await expect(page.getByTestId("billing-address")).toContainText("10115 Berlin");
  await expect(page.getByTestId("order-items").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("status-history")).toContainText("Aktueller Status: In Prüfung");

  const refused = await page.goto(`/profile/orders/${foreign}`);
  expect(refused?.status()).toBe(404);
  await expect(page.getByTestId("account-frame")).toBeVisible();
  await expect(page.getByTestId("error-state")).toContainText("Bestellung nicht gefunden");
  await expect(page.locator("footer")).toBeVisible();
});

test("the cart's quantity form names a wrong number at the field before posting (JavaScript on)", async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "browser validation needs JavaScript; without it the native min/max guard");
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.request.post("/cart", {
    headers: { Origin: baseURL! },
    form: { intent: "add", productId: "00000000-0000-4000-8000-000000000061", quantity: "2", redirectTo: "/cart" },
  });
  await page.goto("/cart");
  await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter));
  const line = page.getByTestId("cart-line").first();
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await line.getByTestId("quantity-input").fill("1000");
  await line.getByRole("button", { name: "Update" }).click();
  await expect(line.getByTestId("quantity-error")).toHaveText("Please enter a whole number from 0 to 999.");
  await expect(line.getByTestId("quantity-input")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
  await line.getByTestId("quantity-input").fill("3");
  await expect(line.getByTestId("quantity-error")).toHaveCount(0);
  await line.getByRole("button", { name: "Update" }).click();
  await expect(line.getByTestId("quantity-input")).toHaveValue("3");
  await expect.poll(() => posts.length).toBe(1);
});
