import { expect, test, type Browser, type Page } from "@playwright/test";
import { demoAdmin, signIn, uniqueEmail } from "./fixtures";

/**
 * Issue 15 with JavaScript on and off: the password reset through the outbox link, a password
 * change, the customer's e-mail after a status change (in the order's language), a newsletter issue,
 * the data export and the account deletion. The test server has no SMTP_URL: e-mails stay in the
 * outbox, read on the admin's messages page.
 */
test.beforeEach(async ({ context, baseURL }) => {
  test.slow();
  await context.addCookies([{ name: "lng", value: "de", url: baseURL! }]);
});

const js = () => test.info().project.name === "js";

/** A fresh browser (its own cookies) in the test's project. */
async function freshPage(browser: Browser, baseURL: string, lng = "de"): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "de-DE", javaScriptEnabled: js() });
  await context.addCookies([{ name: "lng", value: lng, url: baseURL }]);
  return context.newPage();
}

/** The text of the newest outbox e-mail to `address` (whose subject matches), read as the admin. */
async function outboxText(admin: Page, address: string, subject: RegExp): Promise<string> {
  await admin.goto("/admin/messages");
  const row = admin.getByTestId("outbox-email").filter({ hasText: address }).filter({ hasText: subject });
  await expect(row.first()).toBeVisible();
  await row.first().getByRole("link").click();
  await expect(admin.getByTestId("email-detail")).toContainText(address);
  return (await admin.getByTestId("email-text").textContent()) ?? "";
}

async function register(page: Page, email: string, password: string) {
  await page.goto("/register");
  const form = page.getByTestId("register-form");
  for (const [name, value] of Object.entries({ firstName: "Rita", lastName: "Reset", email, password, confirmPassword: password })) {
    await form.locator(`input[name="${name}"]`).fill(value);
  }
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login$/);
}

async function placeOrder(page: Page, email: string): Promise<string> {
  await page.goto("/products");
  const add = page.locator('[data-testid="add-to-cart"]:not([disabled])').first();
  await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/cart") && response.request().method() === "POST"),
    add.click(),
  ]);
  await page.goto("/checkout");
  await page.locator('#checkout [name="firstName"]').fill("Erika");
  await page.locator('#checkout [name="lastName"]').fill("Mustermann");
  // A signed-in customer's address is the account's (the field is disabled then).
  const emailField = page.locator('#checkout [name="email"]');
  if (await emailField.isEditable()) await emailField.fill(email);
  await page.locator('#checkout [name="phone"]').fill("+49 30 1234567");
  await page.locator('#checkout [name="shippingAddress.street"]').fill("Friedrichstraße 10");
  await page.locator('#checkout [name="shippingAddress.city"]').fill("Berlin");
  await page.locator('#checkout [name="shippingAddress.postalCode"]').fill("10117");
  await page.locator('#checkout [name="shippingAddress.country"]').selectOption("DE");
  await page.locator('#checkout [name="paymentMethod"][value="bank_transfer"]').check();
  await page.locator('#checkout button[type="submit"]').last().click();
  await page.waitForURL(/\/order-confirmation\//);
  return ((await page.getByTestId("order-number").textContent()) ?? "").trim();
}

test("password reset through the outbox link: old password refused, other sessions out, used link refused", async ({ page, browser, baseURL }) => {
  const email = uniqueEmail("reset");
  await register(page, email, "old-pass-123");
  // Another device, signed in with the old password.
  const other = await freshPage(browser, baseURL!);
  await signIn(other, email, "old-pass-123");

  // The login page links to the form; the answer is the same for any address.
  await page.goto("/login");
  await page.getByTestId("forgot-password-link").click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByTestId("forgot-form").locator('input[name="email"]').fill(email);
  await page.getByTestId("forgot-form").locator('button[type="submit"]').click();
  await expect(page.getByTestId("forgot-sent")).toContainText("Wenn zu dieser Adresse ein Kundenkonto besteht");

  const admin = await freshPage(browser, baseURL!);
  await signIn(admin, demoAdmin.email, demoAdmin.password);
  const text = await outboxText(admin, email, /Zurücksetzen des Passworts/);
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();

  const visitor = await freshPage(browser, baseURL!);
  await visitor.goto(link!);
  const form = visitor.getByTestId("reset-form");
  await form.locator('input[name="password"]').fill("new-pass-456");
  await form.locator('input[name="confirmPassword"]').fill("new-pass-456");
  await form.locator('button[type="submit"]').click();
  await expect(visitor).toHaveURL(/\/login$/);
  await expect(visitor.getByTestId("toast")).toContainText("Passwort geändert");

  // The other device is signed out.
  await other.goto("/profile");
  await expect(other).toHaveURL(/\/login/);
  // The old password is refused, the new one works.
  await visitor.getByTestId("login-form").locator('input[name="email"]').fill(email);
  await visitor.getByTestId("login-form").locator('input[name="password"]').fill("old-pass-123");
  await visitor.getByTestId("login-form").locator('button[type="submit"]').click();
  await expect(visitor.getByTestId("form-alert")).toBeVisible();
  await signIn(visitor, email, "new-pass-456");

  // The link was used: refused with a message.
  const again = await other.goto(link!);
  expect(again?.status()).toBe(404);
  await expect(other.getByRole("heading", { name: "Link ungültig oder abgelaufen" })).toBeVisible();
});

test("a password change signs the other sessions out", async ({ page, browser, baseURL }) => {
  const email = uniqueEmail("change");
  await register(page, email, "first-pass-1");
  await signIn(page, email, "first-pass-1");
  const other = await freshPage(browser, baseURL!);
  await signIn(other, email, "first-pass-1");

  await page.goto("/profile/password");
  await expect(page.getByTestId("account-nav-password")).toHaveAttribute("aria-current", "page");
  const form = page.getByTestId("change-password-form");
  await form.locator('input[name="currentPassword"]').fill("wrong-pass-1");
  await form.locator('input[name="password"]').fill("second-pass-2");
  await form.locator('input[name="confirmPassword"]').fill("second-pass-2");
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId("form-alert")).toContainText("Das aktuelle Passwort ist nicht richtig.");
  await form.locator('input[name="currentPassword"]').fill("first-pass-1");
  await form.locator('input[name="password"]').fill("second-pass-2");
  await form.locator('input[name="confirmPassword"]').fill("second-pass-2");
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId("toast")).toContainText("Passwort geändert");
  // This browser stays signed in; the other one is out.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await other.goto("/profile");
  await expect(other).toHaveURL(/\/login/);
});

test("a status change queues the customer's e-mail in the order's language", async ({ browser, baseURL }) => {
  const email = uniqueEmail("status");
  const customer = await freshPage(browser, baseURL!, "en");
  const number = await placeOrder(customer, email);

  const admin = await freshPage(browser, baseURL!);
  await signIn(admin, demoAdmin.email, demoAdmin.password);
  await admin.goto("/admin/orders");
  await admin.getByTestId("orders-table").getByRole("link", { name: number }).click();
  await admin.getByTestId("set-status-confirmed").click();
  await expect(admin.getByTestId("order-status").first()).toHaveAttribute("data-status", "confirmed");
  const text = await outboxText(admin, email, new RegExp(`Your order ${number}: confirmed`));
  expect(text).toContain(`Order number: ${number}`);
  expect(text).toMatch(/\/order-confirmation\/[0-9a-f-]{36}\?lng=en/);
});

test("a newsletter issue reaches the confirmed subscribers in their language, not an unconfirmed one; its unsubscribe link works", async ({ browser, baseURL }) => {
  const tag = `${test.info().project.name}-${Date.now()}`;
  const german = uniqueEmail("nl-de");
  const english = uniqueEmail("nl-en");
  const pending = uniqueEmail("nl-pending");
  for (const [address, lng] of [[german, "de"], [english, "en"], [pending, "de"]] as const) {
    const visitor = await freshPage(browser, baseURL!, lng);
    await visitor.goto("/about");
    await visitor.locator("#newsletter-email").fill(address);
    await visitor.locator('form[action="/newsletter"] button[type="submit"]').click();
    await expect(visitor).toHaveURL(/\/about/);
    await expect(visitor.getByTestId("toast")).toBeVisible();
  }
  const admin = await freshPage(browser, baseURL!);
  await signIn(admin, demoAdmin.email, demoAdmin.password);
  for (const [address, subject] of [[german, /Newsletter-Anmeldung/], [english, /newsletter/i]] as const) {
    const text = await outboxText(admin, address, subject);
    const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+(&lng=\w+)?/.exec(text)![0];
    const visitor = await freshPage(browser, baseURL!);
    await visitor.goto(link);
    await visitor.getByTestId("newsletter-confirm").locator('button[type="submit"]').click();
    await expect(visitor.getByTestId("newsletter-confirm")).toHaveAttribute("data-state", "done");
  }

  await admin.goto("/admin/newsletter");
  await expect(admin.getByTestId("tab-newsletter")).toHaveAttribute("aria-current", "page");
  const form = admin.getByTestId("newsletter-form");
  await form.locator('[name="subject_de"]').fill(`Herbstangebote ${tag}`);
  await form.locator('[name="body_de"]').fill("Liebe Kundin, lieber Kunde,\n\nunsere Herbstangebote sind da.");
  await form.locator('[name="subject_en"]').fill(`Autumn deals ${tag}`);
  await form.locator('[name="body_en"]').fill("Dear customer,\n\nour autumn deals are here.");
  await form.locator('[name="previewLocale"]').selectOption("en");
  await admin.getByTestId("preview-issue").click();
  await expect(admin.getByTestId("preview-subject")).toHaveText(`Autumn deals ${tag}`);
  await admin.getByTestId("send-issue").click();
  await expect(admin.getByTestId("toast")).toContainText("Newsletter versandt");
  const issue = admin.getByTestId("newsletter-issue").filter({ hasText: `Herbstangebote ${tag}` });
  await expect(issue).toHaveCount(1);

  const germanText = await outboxText(admin, german, new RegExp(`Herbstangebote ${tag}`));
  expect(germanText).toContain("unsere Herbstangebote sind da.");
  const englishText = await outboxText(admin, english, new RegExp(`Autumn deals ${tag}`));
  expect(englishText).toContain("our autumn deals are here.");
  await admin.goto("/admin/messages");
  await expect(admin.getByTestId("outbox-email").filter({ hasText: pending }).filter({ hasText: tag })).toHaveCount(0);

  const unsubscribe = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+/.exec(germanText)![0];
  const reader = await freshPage(browser, baseURL!);
  await reader.goto(unsubscribe);
  await reader.getByTestId("newsletter-unsubscribe").locator('button[type="submit"]').click();
  await expect(reader).toHaveURL(/done=1/);
  await expect(reader.getByTestId("newsletter-unsubscribe")).toHaveAttribute("data-state", "done");
});

test("the data export contains the customer's order; a deleted account cannot sign in and its order stays unlinked", async ({ page, browser, baseURL }) => {
  const email = uniqueEmail("privacy");
  await register(page, email, "privacy-pass-1");
  await signIn(page, email, "privacy-pass-1");
  const number = await placeOrder(page, email);

  await page.goto("/profile/privacy");
  const download = await page.request.get("/profile/privacy/export.json");
  expect(download.headers()["content-disposition"]).toContain("attachment");
  const exported = (await download.json()) as { profile: { email: string }; orders: Array<{ number: string }> };
  expect(exported.profile.email).toBe(email);
  expect(exported.orders.map((o) => o.number)).toContain(number);

  await page.getByTestId("start-delete").click();
  await expect(page.getByTestId("delete-confirm")).toBeVisible();
  await page.getByTestId("delete-confirm").locator('input[name="password"]').fill("privacy-pass-1");
  await page.getByTestId("delete-account").click();
  await expect(page.getByTestId("toast")).toContainText("Konto gelöscht");

  await page.goto("/login");
  await page.getByTestId("login-form").locator('input[name="email"]').fill(email);
  await page.getByTestId("login-form").locator('input[name="password"]').fill("privacy-pass-1");
  await page.getByTestId("login-form").locator('button[type="submit"]').click();
  await expect(page.getByTestId("form-alert")).toBeVisible();

  const admin = await freshPage(browser, baseURL!);
  await signIn(admin, demoAdmin.email, demoAdmin.password);
  await admin.goto("/admin/orders");
  await admin.getByTestId("orders-table").getByRole("link", { name: number }).click();
  await expect(admin.getByTestId("order-items")).toBeVisible();
  await expect(admin.getByTestId("order-account-link")).toHaveCount(0);
  await admin.goto("/admin/customers");
  await expect(admin.getByTestId("customer-row").filter({ hasText: email })).toHaveCount(0);
});

test("admin times are in Berlin time and the trend cards are computed from the orders", async ({ browser, baseURL }) => {
  const admin = await freshPage(browser, baseURL!);
  await signIn(admin, demoAdmin.email, demoAdmin.password, "/admin");
  await expect(admin.getByTestId("stat-orders30")).toBeVisible();
  // The fresh database has no orders before the last 30 days: no trend is claimed.
  await expect(admin.getByTestId("stat-orders30").getByTestId("stat-trend")).toHaveAttribute("data-trend", "none");
  await admin.goto("/admin/orders");
  const dates = admin.getByTestId("orders-table").locator("tbody tr td:nth-child(2)");
  // The orders placed by the tests before this one, shown as German dates in the shop's time.
  await expect(dates.first()).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
});
