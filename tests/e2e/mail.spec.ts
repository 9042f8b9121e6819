import { expect, test, type Page } from "@playwright/test";
import { demoAdmin, signIn, uniqueEmail } from "./fixtures";

/**
 * Messages that reach the shop and e-mails the shop writes, with JavaScript on and off: contact and
 * support messages in the admin inbox, the newsletter's double opt-in through the link of the
 * e-mail in the outbox, and the order confirmation e-mail. The test server has no SMTP_URL, so
 * every e-mail stays in the outbox for the admin to read.
 */

test.beforeEach(async ({ context, baseURL }) => {
  // Several journeys with sign-ins on a shared two-core machine.
  test.slow();
  await context.addCookies([{ name: "lng", value: "de", url: baseURL! }]);
});

function tag(label: string) {
  return `${label} ${test.info().project.name} ${Date.now()}`;
}

async function openMessagesTab(page: Page) {
  await page.goto("/admin/messages");
  await expect(page.getByTestId("tab-messages")).toHaveAttribute("aria-current", "page");
}

/** The text of the newest outbox e-mail to `address`, read on its admin page. */
async function outboxText(page: Page, address: string, subject?: RegExp): Promise<string> {
  await openMessagesTab(page);
  let row = page.getByTestId("outbox-email").filter({ hasText: address });
  if (subject) row = row.filter({ hasText: subject });
  await expect(row.first()).toBeVisible();
  await expect(row.first().getByTestId("email-status")).toHaveAttribute("data-status", "queued");
  await row.first().getByRole("link").click();
  await expect(page.getByTestId("email-detail")).toContainText(address);
  return (await page.getByTestId("email-text").textContent()) ?? "";
}

test("a contact message and a support request reach the admin, who marks one done", async ({ page }) => {
  const contactSubject = tag("Angebot Bürostühle");
  const supportSubject = tag("Lieferung beschädigt");

  await page.goto("/contact");
  const contact = page.locator("#contact-form");
  await contact.locator('[name="firstName"]').fill("Erika");
  await contact.locator('[name="lastName"]').fill("Mustermann");
  await contact.locator('[name="email"]').fill("erika@example.com");
  await contact.locator('[name="subject"]').fill(contactSubject);
  await contact.locator('[name="message"]').fill("Guten Tag,\nbitte senden Sie mir ein Angebot für 12 Stühle.");
  await contact.locator('button[type="submit"]').click();
  await expect(page.getByTestId("sent-panel")).toBeVisible();

  await page.goto("/support");
  const support = page.locator("#support-form");
  await support.locator('[name="name"]').fill("Max Muster");
  await support.locator('[name="email"]').fill("max@example.com");
  await support.locator('[name="subject"]').fill(supportSubject);
  await support.locator('[name="description"]').fill("Der Schreibtisch kam mit einer Delle an.");
  await support.locator('button[type="submit"]').click();
  await expect(page.getByTestId("sent-panel")).toBeVisible();

  await signIn(page, demoAdmin.email, demoAdmin.password);
  await openMessagesTab(page);
  const inbox = page.getByTestId("inbox-messages");
  const contactRow = inbox.getByTestId("inbox-message").filter({ hasText: contactSubject });
  const supportRow = inbox.getByTestId("inbox-message").filter({ hasText: supportSubject });
  await expect(contactRow).toHaveAttribute("data-state", "unread");
  await expect(contactRow).toContainText("Kontakt");
  await expect(supportRow).toHaveAttribute("data-state", "unread");
  await expect(supportRow).toContainText("Support");

  await supportRow.getByRole("link", { name: supportSubject }).click();
  await expect(page.getByTestId("message-body")).toHaveText("Der Schreibtisch kam mit einer Delle an.");
  if (test.info().project.name === "js") {
    // Opening it with JavaScript marks it read (a POST of the page's own; the GET changed nothing).
    await expect(page.getByTestId("message-detail")).toHaveAttribute("data-read", "true");
  } else {
    // Without JavaScript the GET changed nothing: the page's button marks it read.
    await expect(page.getByTestId("message-detail")).toHaveAttribute("data-read", "false");
    await page.getByTestId("mark-read").click();
    await expect(page.getByTestId("toast")).toContainText("Als gelesen markiert");
    await expect(page.getByTestId("message-detail")).toHaveAttribute("data-read", "true");
  }
  await expect(page.getByTestId("mark-read")).toHaveCount(0);
  await page.getByRole("link", { name: "Zurück zu den Nachrichten" }).click();
  // Read now; still listed.
  await expect(supportRow).toHaveAttribute("data-state", "read");

  await contactRow.getByRole("link", { name: contactSubject }).click();
  await expect(page.getByTestId("message-body")).toContainText("bitte senden Sie mir ein Angebot");
  await page.getByRole("button", { name: "Als erledigt markieren" }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(page.getByTestId("toast")).toContainText("Als erledigt markiert");
  await expect(inbox.getByTestId("inbox-message").filter({ hasText: contactSubject })).toHaveCount(0);
  await page.getByRole("link", { name: "Erledigte anzeigen" }).click();
  await expect(page.getByTestId("inbox-message").filter({ hasText: contactSubject })).toHaveAttribute("data-state", "done");
});

test("a newsletter subscription is confirmed through the link of the e-mail in the outbox", async ({ page }) => {
  const email = uniqueEmail("newsletter");
  await page.goto("/about");
  await page.locator("#newsletter-email").fill(email);
  await page.locator('form[action="/newsletter"] button[type="submit"]').click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByTestId("toast")).toContainText("Bitte prüfen Sie Ihr Postfach");

  await signIn(page, demoAdmin.email, demoAdmin.password);
  await openMessagesTab(page);
  await expect(page.getByTestId("no-smtp")).toBeVisible();
  const text = await outboxText(page, email, /Newsletter-Anmeldung/);
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();

  // Opening the link changes nothing by itself: the page asks.
  await page.goto(link!);
  const confirm = page.getByTestId("newsletter-confirm");
  await expect(confirm).toHaveAttribute("data-state", "form");
  await expect(confirm).toContainText(email);
  await page.getByRole("button", { name: "Anmeldung bestätigen" }).click();
  await expect(page.getByTestId("newsletter-confirm")).toHaveAttribute("data-state", "done");
  await expect(page.getByRole("heading", { name: "Anmeldung bestätigt" })).toBeVisible();

  // Used once: the link is no longer valid.
  const again = await page.goto(link!);
  expect(again?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Link ungültig oder abgelaufen" })).toBeVisible();

  // Signing up a confirmed address answers the same and sends nothing new.
  await page.goto("/faq");
  await page.locator("#newsletter-email").fill(email);
  await page.locator('form[action="/newsletter"] button[type="submit"]').click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByTestId("toast")).toContainText("Bitte prüfen Sie Ihr Postfach");
  await openMessagesTab(page);
  await expect(page.getByTestId("outbox-email").filter({ hasText: email })).toHaveCount(1);
});

test("a sign-up's confirmation link (to SITE_URL) confirms the address once, with the page's button", async ({ page, browser, baseURL }) => {
  const email = uniqueEmail("confirm");
  const password = "confirm-pass-1";
  await page.goto("/register");
  const form = page.getByTestId("register-form");
  for (const [name, value] of Object.entries({ firstName: "Carla", lastName: "Check", email, password, confirmPassword: password })) {
    await form.locator(`input[name="${name}"]`).fill(value);
  }
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("toast")).toContainText("Bitte prüfen Sie Ihr E-Mail-Postfach");

  await signIn(page, demoAdmin.email, demoAdmin.password);
  const text = await outboxText(page, email, /Willkommen/);
  const link = /https?:\/\/\S+\/register\/confirm\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  // SITE_URL of the test server, whatever host the sign-up was sent to.
  expect(link!.startsWith(`${baseURL}/register/confirm?token=`)).toBe(true);

  // The registrant opens the link in their own browser: the page asks, the button confirms.
  const own = await browser.newContext({ baseURL, locale: "de-DE", javaScriptEnabled: test.info().project.name === "js" });
  const registrant = await own.newPage();
  await registrant.goto(link!);
  const confirm = registrant.getByTestId("confirm-email");
  await expect(confirm).toHaveAttribute("data-state", "form");
  await expect(confirm).toContainText(email);
  await registrant.getByRole("button", { name: "E-Mail-Adresse bestätigen" }).click();
  await expect(registrant).toHaveURL(/\/login$/);
  await expect(registrant.getByTestId("toast")).toContainText("E-Mail-Adresse bestätigt");

  // Used once: the link is no longer valid.
  const again = await registrant.goto(link!);
  expect(again?.status()).toBe(404);
  await expect(registrant.getByRole("heading", { name: "Link ungültig oder abgelaufen" })).toBeVisible();
  await own.close();
});

test("the newsletter refuses bad input with clear messages and sends nothing it should not", async ({ page, baseURL }) => {
  const address = `10.77.${test.info().project.name === "js" ? 1 : 2}.${Date.now() % 250}`;
  const post = (form: Record<string, string>) =>
    page.request.post("/newsletter", { form, headers: { Origin: baseURL!, "X-Forwarded-For": address }, maxRedirects: 0 });

  // Invalid, header-injecting and 100 kB addresses: 400 and the message on the page.
  for (const email of ["kein-at-zeichen", "a@example.com\r\nBcc: victim@evil.example", `${"x".repeat(100_000)}@example.com`]) {
    const response = await post({ email, redirectTo: "/about" });
    expect(response.status()).toBe(400);
    expect(await response.text()).toMatch(/Bitte geben Sie eine gültige E-Mail-Adresse ein|höchstens 254 Zeichen/);
  }
  // A bot filling the honeypot gets the person's answer, and nothing is stored.
  const bot = uniqueEmail("bot");
  const botResponse = await post({ email: bot, website: "https://spam.example", redirectTo: "/about" });
  expect(botResponse.status()).toBe(302);
  expect(botResponse.headers()["location"]).toBe("/about");
  // An outside redirect target is not followed.
  const limited = uniqueEmail("limited");
  const first = await post({ email: limited, redirectTo: "https://evil.example/" });
  expect(first.headers()["location"]).toBe("/");
  await post({ email: limited, redirectTo: "/about" });
  await post({ email: limited, redirectTo: "/about" });
  const blocked = await post({ email: limited, redirectTo: "/about" });
  expect(blocked.status()).toBe(429);
  expect(Number(blocked.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await blocked.text()).toContain("Zu viele Anmeldeversuche für diese Adresse");
  // A cross-site post is refused (by our check with 403, or before it by Remix's own origin check).
  const forged = uniqueEmail("forged");
  const crossSite = await page.request.post("/newsletter", { form: { email: forged }, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
  expect([403, 500]).toContain(crossSite.status());

  // The sign-up also has a page of its own (where a refused sign-up from the footer lands).
  await page.goto("/newsletter");
  await expect(page.getByRole("heading", { name: "Newsletter abonnieren" })).toBeVisible();

  await signIn(page, demoAdmin.email, demoAdmin.password);
  await openMessagesTab(page);
  await expect(page.getByTestId("outbox-email").filter({ hasText: limited })).toHaveCount(3);
  await expect(page.getByTestId("outbox-email").filter({ hasText: bot })).toHaveCount(0);
  await expect(page.getByTestId("outbox-email").filter({ hasText: forged })).toHaveCount(0);
  await expect(page.getByTestId("outbox-email").filter({ hasText: "evil.example" })).toHaveCount(0);
});

test("an invalid address typed into the newsletter page is answered on that page", async ({ page }) => {
  await page.goto("/newsletter?redirectTo=/faq");
  const form = page.locator("#newsletter-form");
  // The browser's own check would stop "a@b"; the server's rule is stricter (a domain with a dot).
  await form.locator('[name="email"]').fill("a@b");
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId("error-email")).toHaveText("Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.");
  await expect(form.locator('[name="email"]')).toHaveAttribute("aria-invalid", "true");
  await expect(form.locator('[name="email"]')).toHaveValue("a@b");
});

test("an order's confirmation e-mail is in the outbox with the order's lines and total", async ({ page }) => {
  await page.goto("/products");
  const add = page.locator('[data-testid="add-to-cart"]:not([disabled])').first();
  await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/cart") && response.request().method() === "POST"),
    add.click(),
  ]);
  await page.goto("/cart");
  const productName = (await page.getByTestId("cart-line").first().locator("h2, h3").first().textContent())?.trim() ?? "";
  expect(productName).not.toBe("");
  await page.getByRole("link", { name: /Zur Kasse/ }).first().click();
  await expect(page).toHaveURL(/\/checkout$/);

  const email = uniqueEmail("order");
  await page.locator('#checkout [name="firstName"]').fill("Erika");
  await page.locator('#checkout [name="lastName"]').fill("Mustermann");
  await page.locator('#checkout [name="email"]').fill(email);
  await page.locator('#checkout [name="phone"]').fill("+49 30 1234567");
  await page.locator('#checkout [name="shippingAddress.street"]').fill("Friedrichstraße 10");
  await page.locator('#checkout [name="shippingAddress.city"]').fill("Berlin");
  await page.locator('#checkout [name="shippingAddress.postalCode"]').fill("10117");
  await page.locator('#checkout [name="shippingAddress.country"]').selectOption("DE");
  await page.locator('#checkout [name="paymentMethod"][value="bank_transfer"]').check();
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await page.waitForURL(/\/order-confirmation\//);
  const number = ((await page.getByTestId("order-number").textContent()) ?? "").trim();
  const total = ((await page.getByTestId("order-total").textContent()) ?? "").trim();
  expect(number).toMatch(/^[0-9A-F]{8}$/);

  await signIn(page, demoAdmin.email, demoAdmin.password);
  const text = await outboxText(page, email, new RegExp(number));
  expect(text).toContain(`Bestellnummer: ${number}`);
  expect(text).toContain(productName);
  expect(text.replace(/\u00a0/g, " ")).toContain(`Gesamtbetrag (inkl. MwSt.): ${total.replace(/\u00a0/g, " ")}`);
  expect(text).toContain("Banküberweisung");
  expect(text).toMatch(/\/order-confirmation\/[0-9a-f-]{36}/);
});
