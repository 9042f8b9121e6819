import { expect, type Page } from "@playwright/test";

/** The demo accounts (a contract: docs/CONTRACTS.md), seeded into the embedded database. */
export const demoAdmin = { email: "admin@example.com", password: "admin12345" } as const;
export const demoCustomer = { email: "kunde@example.com", password: "kunde12345" } as const;

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
