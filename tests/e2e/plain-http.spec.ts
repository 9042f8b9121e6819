import { expect, test, type Page } from "@playwright/test";
import config from "../../playwright.config";
import { demoCustomer } from "./fixtures";
import { PLENTIFUL_ID, waitForHydration } from "./support/shop";

/**
 * A shop opened over plain HTTP by an address other than localhost (the server's network address,
 * or a host name on a LAN): browsers drop Secure cookies there, so the cookies must carry Secure
 * only when the request came over HTTPS. Cart and sign-in, with JavaScript on and off, on
 * http://127.0.0.1 and on the host name shop.test (which Chromium is told to resolve to 127.0.0.1).
 */

const port = new URL(config.use!.baseURL!).port;

test.use({
  locale: "de-DE",
  launchOptions: {
    ...config.use!.launchOptions,
    // shop.test resolves to this machine; no HTTPS-first upgrade attempt for a plain-HTTP host.
    args: [...(config.use!.launchOptions!.args ?? []), "--host-resolver-rules=MAP shop.test 127.0.0.1", "--disable-features=HttpsUpgrades"],
  },
});

async function cartAndSignIn(page: Page, origin: string, js: boolean) {
  await page.goto(`${origin}/products/${PLENTIFUL_ID}`);
  await waitForHydration(page, js);
  // Wait for the cart's answer (with JavaScript it comes to a fetcher, without to the page).
  const added = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/cart") && response.request().method() === "POST");
  await page.locator('form[action="/cart"] button[type="submit"]').first().click();
  await added;
  await page.goto(`${origin}/cart`);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);

  await page.goto(`${origin}/login`);
  const form = page.getByTestId("login-form");
  await form.locator('input[name="email"]').fill(demoCustomer.email);
  await form.locator('input[name="password"]').fill(demoCustomer.password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== "/login");
  await expect(page.locator("header").first().getByRole("link", { name: "Profil" })).toBeVisible();
  await page.goto(`${origin}/profile`);
  await expect(page).toHaveURL(`${origin}/profile`);

  const cookies = await page.context().cookies(origin);
  for (const name of ["__session", "cart-session-id"]) {
    const cookie = cookies.find((c) => c.name === name);
    expect(cookie, name).toBeTruthy();
    expect(cookie!.secure, `${name} is not Secure on plain HTTP`).toBe(false);
  }
}

test.describe("on http://127.0.0.1", () => {
  test("cart and sign-in work", async ({ page }, testInfo) => {
    await cartAndSignIn(page, `http://127.0.0.1:${port}`, testInfo.project.name === "js");
  });
});

test.describe("on a host name other than localhost (http://shop.test)", () => {
  test("cart and sign-in work", async ({ page }, testInfo) => {
    await cartAndSignIn(page, `http://shop.test:${port}`, testInfo.project.name === "js");
  });
});
