import { expect, test, type Page } from "@playwright/test";
import { demoCustomer, signIn } from "./fixtures";
import { PLENTIFUL_ID, placeOrder, waitForHydration } from "./support/shop";

/**
 * Server-side sessions and the shared browser, with JavaScript on and off: a session cookie copied
 * before sign-out is worth nothing afterwards, and the next person at the same browser sees
 * neither the last person's cart nor their order confirmation.
 */

test.use({ locale: "de-DE" });

const header = (page: Page) => page.locator("header").first();
const signOutButton = (page: Page) => header(page).locator('form[action="/logout"] button').first();

test("a session cookie copied before sign-out no longer opens /profile", async ({ page, browser, baseURL }) => {
  await signIn(page, demoCustomer.email, demoCustomer.password, "/profile");
  await expect(page).toHaveURL(/\/profile$/);
  const copied = (await page.context().cookies()).find((cookie) => cookie.name === "__session");
  expect(copied, "the signed-in browser has a session cookie").toBeTruthy();

  // Before sign-out the copy works like the original (it is the same session).
  const thief = await browser.newContext({ baseURL });
  await thief.addCookies([copied!]);
  const before = await thief.request.get("/profile", { maxRedirects: 0 });
  expect(before.status()).toBe(200);

  await signOutButton(page).click();
  await expect(header(page).getByRole("link", { name: "Anmelden" })).toBeVisible();

  // After sign-out the database no longer knows the session: the copy is signed out.
  const after = await thief.request.get("/profile", { maxRedirects: 0 });
  expect(after.status()).toBe(302);
  expect(after.headers()["location"]).toBe("/login?redirectTo=%2Fprofile");
  const thiefPage = await thief.newPage();
  await thiefPage.goto("/");
  await expect(header(thiefPage).getByRole("link", { name: "Anmelden" })).toBeVisible();
  await thief.close();
});

test("shared browser: after sign-out the next person sees neither the cart nor the last order", async ({ page, baseURL }, testInfo) => {
  const js = testInfo.project.name === "js";
  // A visitor fills a cart (the browser gets its cart cookie), signs in and orders: the cart's
  // lines join the account's, and the order is the browser's as well as the account's.
  await page.goto(`/products/${PLENTIFUL_ID}`);
  await waitForHydration(page, js);
  await page.locator('form[action="/cart"] button[type="submit"]').first().click();
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "cart-session-id")?.value).toBeTruthy();
  const visitorCart = (await page.context().cookies()).find((cookie) => cookie.name === "cart-session-id")!.value;
  await signIn(page, demoCustomer.email, demoCustomer.password);
  // The page's request context shares the browser's cookies.
  const orderId = await placeOrder(page.request, baseURL!, { email: demoCustomer.email });
  await page.goto(`/order-confirmation/${orderId}`);
  await expect(page.getByTestId("order-email")).toHaveText(demoCustomer.email);
  // Something is left in the account's cart (added before the next page is asked for: with
  // JavaScript the add is a fetch, which the navigation would cancel).
  await page.goto(`/products/${PLENTIFUL_ID}`);
  await waitForHydration(page, js);
  await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/cart") && response.request().method() === "POST"),
    page.locator('form[action="/cart"] button[type="submit"]').first().click(),
  ]);
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line").first()).toBeVisible();

  await signOutButton(page).click();
  await expect(header(page).getByRole("link", { name: "Anmelden" })).toBeVisible();
  // The next person at this browser: the order's confirmation (name, e-mail, phone) is not theirs.
  const confirmation = await page.goto(`/order-confirmation/${orderId}`);
  expect(confirmation?.status()).toBe(404);
  await expect(page.getByTestId("order-number")).toHaveCount(0);
  expect(await page.content()).not.toContain(demoCustomer.email);
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(0);
  const cartCookie = (await page.context().cookies()).find((cookie) => cookie.name === "cart-session-id");
  expect(cartCookie?.value, "sign-out starts a new visitor cart").toMatch(/^[0-9a-f-]{36}$/);
  expect(cartCookie?.value).not.toBe(visitorCart);
});
