import { expect, test, type Page } from "@playwright/test";

// A German browser: links inside the site carry no ?lng=, so the language comes from Accept-Language.
test.use({ locale: "de-DE" });

/** Every test writes from its own address, so the per-address rate limit does not join them up. */
let counter = 0;
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${counter++ % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
});

const valid = {
  firstName: "Erika",
  lastName: "Mustermann",
  email: "erika@example.com",
  subject: "Angebot für 12 Bürostühle",
  message: "Guten Tag, bitte senden Sie mir ein Angebot für 12 Bürostühle.",
};

async function fillContact(page: Page, values: Partial<typeof valid>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`#contact-form [name="${name}"]`).fill(value);
}

/** Submits and returns the status of the form post (the document with JS off, the data request with JS on). */
async function submit(page: Page, button: string) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: button }).click(),
  ]);
  return response.status();
}

test.describe("contact form", () => {
  test("a message is sent: thank-you panel and toast", async ({ page }) => {
    await page.goto("/contact?lng=de");
    await fillContact(page, valid);
    await page.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1&lng=de$/);
    await expect(page.getByTestId("sent-panel")).toContainText("Vielen Dank für Ihre Nachricht!");
    await expect(page.getByTestId("toast")).toContainText("Nachricht gesendet");
    await expect(page.locator("#contact-form")).toHaveCount(0);
    await page.getByRole("link", { name: "Weitere Nachricht schreiben" }).click();
    await expect(page.locator("#contact-form")).toBeVisible();
  });

  test("bad input shows a message at every field, keeps the values, and is refused with 400", async ({ page, javaScriptEnabled }) => {
    await page.goto("/contact?lng=de");
    await fillContact(page, { ...valid, firstName: "", email: "erika@example", message: "Zu kurz" });
    if (javaScriptEnabled) {
      // The browser checks first: no request is made.
      await page.getByRole("button", { name: "Nachricht senden" }).click();
    } else {
      expect(await submit(page, "Nachricht senden")).toBe(400);
    }
    await expect(page.getByTestId("error-firstName")).toHaveText("Bitte geben Sie Ihren Vornamen ein.");
    await expect(page.getByTestId("error-email")).toHaveText("Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.");
    await expect(page.getByTestId("error-message")).toHaveText("Bitte schreiben Sie mindestens 10 Zeichen.");
    await expect(page.getByTestId("error-lastName")).toHaveText("");
    await expect(page.locator('#contact-form [name="email"]')).toHaveValue("erika@example");
    await expect(page.locator('#contact-form [name="lastName"]')).toHaveValue("Mustermann");
    await expect(page.locator('#contact-form [name="subject"]')).toHaveValue(valid.subject);
    await expect(page.locator('#contact-form [name="message"]')).toHaveValue("Zu kurz");
    await expect(page.locator('#contact-form [name="email"]')).toHaveAttribute("aria-invalid", "true");
    await expect(page).not.toHaveURL(/sent=1/);

    // Fixed, it goes through.
    await fillContact(page, { firstName: "Erika", email: valid.email, message: valid.message });
    await page.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(page.getByTestId("sent-panel")).toBeVisible();
  });

  test("messages are in the active language (Arabic)", async ({ page }) => {
    await page.goto("/contact?lng=ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: "إرسال الرسالة" }).click();
    await expect(page.getByTestId("error-firstName")).toHaveText("يرجى إدخال اسمك الأول.");
    await expect(page.getByTestId("error-email")).toHaveText("يرجى إدخال بريدك الإلكتروني.");
  });

  test("the honeypot is hidden from people; filled, it answers like a success", async ({ page }) => {
    await page.goto("/contact?lng=de");
    const honeypot = page.locator('#contact-form input[name="website"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
    await expect(page.locator('#contact-form [aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1);
    await expect(page.getByRole("textbox", { name: "Dieses Feld bitte leer lassen" })).toHaveCount(0);
    await fillContact(page, valid);
    await honeypot.fill("https://spam.example", { force: true });
    await page.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(page.getByTestId("sent-panel")).toBeVisible();
  });

  test("a subject with CR/LF (header injection) is refused with a clear message", async ({ page }) => {
    await page.goto("/contact?lng=de");
    const response = await page.request.post("/contact?lng=de", {
      form: { ...valid, subject: "Hallo\r\nBcc: opfer@example.com" },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Der Betreff darf keine Zeilenumbrüche enthalten.");
    expect(html).not.toContain('data-testid="sent-panel"');
  });

  test("a 100 kB message is refused with a clear message; the field itself stops at 5000", async ({ page }) => {
    await page.goto("/contact?lng=de");
    await expect(page.locator('#contact-form [name="message"]')).toHaveAttribute("maxlength", "5000");
    const response = await page.request.post("/contact?lng=de", { form: { ...valid, message: "x".repeat(100_000) } });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Der Text ist zu lang: höchstens 5000 Zeichen sind möglich.");
  });

  test("too many messages from one address get 429 and a clear message", async ({ page, context, javaScriptEnabled }) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
    await page.goto("/contact?lng=de");
    for (let i = 0; i < 5; i++) {
      const ok = await page.request.post("/contact", { form: valid, maxRedirects: 0 });
      expect(ok.status()).toBe(302);
    }
    await fillContact(page, valid);
    const status = await submit(page, "Nachricht senden");
    if (!javaScriptEnabled) expect(status).toBe(429);
    await expect(page.getByTestId("form-error")).toHaveText(
      "Sie haben in kurzer Zeit zu viele Nachrichten gesendet. Bitte versuchen Sie es in 10 Minuten erneut.",
    );
    await expect(page.locator('#contact-form [name="message"]')).toHaveValue(valid.message);
    await expect(page.getByTestId("sent-panel")).toHaveCount(0);
  });
});

test.describe("support form", () => {
  const request = { name: "Max Muster", email: "max@example.com", subject: "Lieferung beschädigt", description: "Der Schreibtisch kam mit einer Delle an der Platte an." };
  async function fillSupport(page: Page, values: Record<string, string>) {
    for (const [name, value] of Object.entries(values)) await page.locator(`#support-form [name="${name}"]`).fill(value);
  }

  test("a support request without order number is sent", async ({ page }) => {
    await page.goto("/support?lng=de");
    await fillSupport(page, request);
    await page.getByRole("button", { name: "Anfrage senden" }).click();
    await expect(page).toHaveURL(/\/support\?sent=1&lng=de$/);
    await expect(page.getByTestId("sent-panel")).toContainText("Vielen Dank für Ihre Anfrage!");
    await expect(page.getByTestId("toast")).toContainText("Anfrage gesendet");
  });

  test("an unknown order number is a field error, with the values kept and status 400", async ({ page, javaScriptEnabled }) => {
    await page.goto("/support?lng=de");
    await fillSupport(page, { ...request, orderNumber: "abcdef12" });
    const status = await submit(page, "Anfrage senden");
    if (!javaScriptEnabled) expect(status).toBe(400);
    await expect(page.getByTestId("error-orderNumber")).toHaveText(
      "Zu dieser Bestellnummer finden wir keine Bestellung. Bitte prüfen Sie die Nummer in Ihrer Bestellbestätigung.",
    );
    await expect(page.locator('#support-form [name="orderNumber"]')).toHaveValue("abcdef12");
    await expect(page.locator('#support-form [name="description"]')).toHaveValue(request.description);
    await expect(page.getByTestId("sent-panel")).toHaveCount(0);
  });

  test("bad input in the support form: messages at the fields, in Arabic too", async ({ page }) => {
    await page.goto("/support?lng=ar");
    await fillSupport(page, { ...request, email: "", orderNumber: "12-34", description: "قصير" });
    await page.getByRole("button", { name: "إرسال الطلب" }).click();
    await expect(page.getByTestId("error-email")).toHaveText("يرجى إدخال بريدك الإلكتروني.");
    await expect(page.getByTestId("error-orderNumber")).toHaveText("يتكون رقم الطلب من 8 أحرف (0–9 و A–F)، مثل 3F2A9C1B.");
    await expect(page.getByTestId("error-description")).toHaveText("يرجى كتابة 10 أحرف على الأقل.");
    await expect(page.locator('#support-form [name="name"]')).toHaveValue(request.name);
  });

  test("the honeypot answers like a success", async ({ page }) => {
    await page.goto("/support?lng=de");
    await fillSupport(page, request);
    await page.locator('#support-form input[name="website"]').fill("x", { force: true });
    await page.getByRole("button", { name: "Anfrage senden" }).click();
    await expect(page.getByTestId("sent-panel")).toBeVisible();
  });

  test("CR/LF in the subject and a 100 kB description are refused", async ({ page }) => {
    await page.goto("/support?lng=de");
    const response = await page.request.post("/support?lng=de", {
      form: { ...request, subject: "Hi\nBcc: x@example.com", description: "y".repeat(100_000) },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Der Betreff darf keine Zeilenumbrüche enthalten.");
    expect(html).toContain("Der Text ist zu lang: höchstens 5000 Zeichen sind möglich.");
  });
});
