import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { checkoutForm as factoryCheckoutForm } from "../../factories";
import { createAccount, type Account } from "../fixtures";

/** A featured product with plenty of stock (supabase/seed.sql): the pen gift set. */
export const PRODUCT_ID = "00000000-0000-4000-8000-000000000001";
/** Sticky notes, stock 80: what the order-placing helpers buy, so stock never runs out. */
export const PLENTIFUL_ID = "00000000-0000-4000-8000-000000000061";

export type Lng = "de" | "en" | "fr" | "ar";

/** Sets the language cookie for the whole browser context (the way the header's form does). */
export async function useLanguage(context: BrowserContext, baseURL: string, lng: Lng): Promise<void> {
  await context.addCookies([{ name: "lng", value: lng, url: baseURL }]);
}

/** Puts one product into the cart of the request context's cookie jar (a page's `page.request`). */
export async function addToCart(request: APIRequestContext, baseURL: string, productId = PLENTIFUL_ID, quantity = 1) {
  const response = await request.post("/cart", {
    form: { intent: "add", productId, quantity: String(quantity), redirectTo: "/cart" },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status(), "adding to the cart").toBeLessThan(400);
}

/** A complete, valid checkout form (German address, bank transfer): the factories' one, with the customer these specs look for. */
export function checkoutForm(overrides: Record<string, string> = {}): Record<string, string> {
  return factoryCheckoutForm({ lastName: "Mustermann", phone: "+49 170 555 6677", "shippingAddress.street": "Hauptstraße 12", ...overrides });
}

/** Places an order for whatever is in the cart (adding one plentiful product first); returns its id. */
export async function placeOrder(request: APIRequestContext, baseURL: string, overrides: Record<string, string> = {}): Promise<string> {
  await addToCart(request, baseURL);
  const response = await request.post("/checkout", { form: checkoutForm(overrides), headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(response.status(), `placing an order: ${(await response.text()).slice(0, 300)}`).toBe(303);
  const id = response.headers()["location"]?.match(/\/order-confirmation\/([0-9a-f-]{36})/)?.[1];
  expect(id, "the order's id in the redirect").toBeTruthy();
  return id!;
}

/**
 * An order's number as its confirmation page shows it (data-testid "order-number"), read with the
 * request context's cookies (the page is its shopper's or an admin's). Order numbers come from a
 * database sequence: never derive one from the order's id.
 */
export async function orderNumberOf(request: APIRequestContext, orderId: string): Promise<string> {
  const response = await request.get(`/order-confirmation/${orderId}`);
  expect(response.status(), `the confirmation page of ${orderId}`).toBe(200);
  const number = (await response.text()).match(/data-testid="order-number"[^>]*>\s*([0-9A-F]{8})\s*</)?.[1];
  expect(number, "the order number on the confirmation page").toBeTruthy();
  return number!;
}

/** Signs in through the login form's POST in a request context (cookies land in its jar). */
export async function signInByRequest(request: APIRequestContext, baseURL: string, email: string, password: string) {
  const response = await request.post("/login", { form: { email, password }, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(response.status(), `signing in ${email}`).toBe(302);
}

export async function waitForHydration(page: Page, js: boolean) {
  if (!js) return;
  // Remix sets window.__remixRouter once the client has hydrated.
  await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter));
}

/**
 * A new customer account of the test's own, signed in within the request context's cookie jar (a
 * page's `page.request` shares its page's cookies). Tests that change a customer's cart or orders
 * use one of these, not the demo customer: a signed-in customer's cart is the account's, and tests
 * running at the same time as the demo customer would order or empty each other's carts.
 */
export async function registerCustomer(request: APIRequestContext, baseURL: string, prefix = "kunde"): Promise<Account> {
  const account = await createAccount(request, baseURL, prefix);
  await signInByRequest(request, baseURL, account.email, account.password);
  return account;
}
