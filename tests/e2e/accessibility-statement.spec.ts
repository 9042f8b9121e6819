import { expect, test, type Page } from "@playwright/test";
import { demoAdmin } from "./fixtures";
import { signInByRequest } from "./support/shop";

/*
 * The accessibility statement (BFSG): reached from the footer of every page, in German and in Arabic
 * (right to left); it names the standard (WCAG 2.1 AA) and the way to report a barrier, and its
 * report form sends with JavaScript on and off, reaching the admin's inbox as a "Barriere: …"
 * message. Runs in both projects.
 */

// A German browser: links inside the site carry no ?lng=, so the language comes from Accept-Language.
test.use({ locale: "de-DE" });

/** Every test writes from its own address, so the per-address rate limit does not join them up. */
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
});

async function fillReport(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`#barrier-form [name="${name}"]`).fill(value);
}

test("the footer links to the statement, which names WCAG 2.1 AA, the authority and the reporting way", async ({ page }) => {
  await page.goto("/products?lng=de");
  await page.getByRole("contentinfo").getByRole("link", { name: "Barrierefreiheit" }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Erklärung zur Barrierefreiheit");
  await expect(page).toHaveTitle(/Erklärung zur Barrierefreiheit/);
  const main = page.locator("main");
  await expect(main).toContainText("WCAG) 2.1, Stufe AA");
  await expect(main).toContainText("EN 301 549");
  await expect(main).toContainText("Stand: 25. November 2026");
  await expect(main).toContainText("Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF)");
  await expect(page.getByRole("heading", { name: "Barrieren melden" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Barriere melden" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Meldung senden" })).toBeVisible();
});

test("in Arabic the footer link leads to the statement, right to left", async ({ page }) => {
  await page.goto("/?lng=ar");
  await page.getByRole("contentinfo").getByRole("link", { name: "إمكانية الوصول" }).click();
  await expect(page).toHaveURL(/\/accessibility(\?lng=ar)?$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("بيان إمكانية الوصول");
  await expect(page.locator("main")).toContainText("WCAG");
  await expect(page.getByRole("button", { name: "إرسال البلاغ" })).toBeVisible();
});

test("a report is sent (thank-you panel, toast) and shows in the admin's inbox", async ({ page, browser, baseURL }) => {
  const where = `/products?barrier-test=${Date.now()}`;
  await page.goto("/accessibility?lng=de");
  await fillReport(page, {
    firstName: "Erika",
    lastName: "Mustermann",
    email: "erika@example.com",
    page: where,
    description: "Die Filter der Produktliste lassen sich mit dem Screenreader nicht erreichen.",
  });
  await page.getByRole("button", { name: "Meldung senden" }).click();
  await expect(page).toHaveURL(/\/accessibility\?sent=1&lng=de$/);
  await expect(page.getByTestId("sent-panel")).toContainText("Vielen Dank für Ihre Meldung!");
  await expect(page.getByTestId("toast")).toContainText("Meldung gesendet");
  await expect(page.locator("#barrier-form")).toHaveCount(0);

  const adminContext = await browser.newContext({ locale: "de-DE" });
  try {
    const admin = await adminContext.newPage();
    await signInByRequest(admin.request, baseURL!, demoAdmin.email, demoAdmin.password);
    await admin.goto("/admin/messages");
    const row = admin.getByTestId("inbox-message").filter({ hasText: `Barriere: ${where}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Erika Mustermann");
  } finally {
    await adminContext.close();
  }
});

test("an empty report is refused with 400 and German messages at its fields", async ({ page, javaScriptEnabled }) => {
  await page.goto("/accessibility?lng=de");
  if (javaScriptEnabled) {
    // The browser checks first: no request is made.
    await page.getByRole("button", { name: "Meldung senden" }).click();
  } else {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Meldung senden" }).click(),
    ]);
    expect(response.status()).toBe(400);
  }
  await expect(page.getByTestId("error-firstName")).toHaveText("Bitte geben Sie Ihren Vornamen ein.");
  await expect(page.getByTestId("error-email")).toHaveText("Bitte geben Sie Ihre E-Mail-Adresse ein.");
  await expect(page.getByTestId("error-description")).toHaveText("Bitte beschreiben Sie Ihr Anliegen.");
  await expect(page.getByTestId("error-page")).toHaveText("");
  await expect(page.getByTestId("sent-panel")).toHaveCount(0);
});

test("an invalid report sent to the server gets 400 with German messages", async ({ page }) => {
  await page.goto("/accessibility?lng=de");
  const response = await page.request.post("/accessibility?lng=de", {
    form: { firstName: "Erika", lastName: "Mustermann", email: "erika@example", page: "x".repeat(300), description: "kurz" },
  });
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toContain("Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.");
  expect(html).toContain("Bitte höchstens 190 Zeichen.");
  expect(html).toContain("Bitte schreiben Sie mindestens 10 Zeichen.");
  expect(html).not.toContain('data-testid="sent-panel"');
});
