import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

/** The demo accounts (a contract: docs/CONTRACTS.md), seeded into the embedded database. */
export const demoAdmin = { email: "admin@example.com", password: "admin12345" } as const;
/**
 * The demo customer. Specs on the shared test server do not sign in with it: they take a
 * `customer` of their own (below), so a test that changes its cart, orders, role or password, or
 * tries wrong passwords (which slow an account's sign-ins down), cannot disturb another one.
 */
export const demoCustomer = { email: "kunde@example.com", password: "kunde12345" } as const;

export interface Account {
  email: string;
  password: string;
}

/** A client address of its own (the tests play the trusted proxy), so per-address limits of other tests never meet it. */
export function ownClientAddress(): string {
  return `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
}

/**
 * Registers a new customer account through /register from an address of its own (the sign-up's
 * per-address limit is 30 an hour). Unconfirmed accounts can sign in and shop.
 */
export async function createAccount(request: APIRequestContext, baseURL: string, prefix = "kunde"): Promise<Account> {
  const email = uniqueEmail(prefix);
  const password = "own-customer-1";
  const form = { firstName: "Eva", lastName: "Eigen", email, country: "DE", password, confirmPassword: password };
  const registered = await request.post("/register", { form, headers: { Origin: baseURL, "X-Forwarded-For": ownClientAddress() }, maxRedirects: 0 });
  expect(registered.status(), `registering ${email}`).toBe(302);
  return { email, password };
}

/** `test` with a `customer` fixture: a new account of the test's own, not signed in anywhere yet. */
export const test = base.extend<{ customer: Account }>({
  customer: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL });
    try {
      await use(await createAccount(request, baseURL!));
    } finally {
      await request.dispose();
    }
  },
});

/** A fresh e-mail per test run (and per call), so registrations never collide. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * Signs in through the login form (works with JavaScript on and off) and waits until the browser
 * has left /login. `redirectTo` is where the login should return to (default: the home page).
 */
export async function signIn(page: Page, email: string, password: string, redirectTo?: string): Promise<void> {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  const form = page.getByTestId("login-form");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== "/login");
  await expect(page.locator('form[action="/logout"]').first()).toBeAttached();
}
