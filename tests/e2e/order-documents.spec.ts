import { expect, test, type Browser } from "@playwright/test";
import { demoAdmin, signIn } from "./fixtures";
import { placeOrder, registerCustomer, waitForHydration } from "./support/shop";

/*
 * The admin's order page and an order's documents, with JavaScript on and off, in German: the admin
 * records a bank transfer's payment (a different amount is kept and flagged), cancels an order and
 * its cancellation invoice (ST-…) shows with negative amounts to the admin and to the customer, and
 * the delivery note carries no prices.
 */

test.use({ locale: "de-DE" });

async function adminPage(browser: Browser, js: boolean) {
  const context = await browser.newContext({ locale: "de-DE", javaScriptEnabled: js });
  const page = await context.newPage();
  await signIn(page, demoAdmin.email, demoAdmin.password);
  return { page, close: () => context.close() };
}

test("the admin marks a bank-transfer order paid on its page; a different amount is kept and flagged", async ({ page, browser, baseURL, javaScriptEnabled }) => {
  await registerCustomer(page.request, baseURL!, "bezahlt");
  const orderId = await placeOrder(page.request, baseURL!, { paymentMethod: "bank_transfer" });
  const admin = await adminPage(browser, javaScriptEnabled);
  try {
    await admin.page.goto(`/admin/orders/${orderId}`);
    await waitForHydration(admin.page, javaScriptEnabled);
    const panel = admin.page.getByTestId("payment-panel");
    await expect(panel.getByTestId("payment-status")).toHaveText("Unbezahlt");
    await expect(panel.getByTestId("payment-reference")).toHaveText(/^RF\d\d /);
    const form = admin.page.getByTestId("mark-paid-form");
    // A bad amount: refused with a message, nothing recorded.
    await form.getByLabel(/Erhaltener Betrag/).fill("zwölf");
    await form.getByTestId("mark-paid-submit").click();
    await expect(form.getByText("Bitte geben Sie den erhaltenen Betrag")).toBeVisible();
    await expect(panel.getByTestId("payment-status")).toHaveText("Unbezahlt");

    await form.getByLabel(/Erhaltener Betrag/).fill("1,00");
    await form.getByTestId("mark-paid-submit").click();
    await expect(panel.getByTestId("payment-status")).toContainText("Bezahlt");
    await expect(panel.getByTestId("payment-amount")).toContainText("1,00");
    await expect(panel.getByTestId("payment-amount-differs")).toBeVisible();
    await expect(admin.page.getByTestId("mark-paid-form")).toHaveCount(0);
    // Recorded twice by a stale form (a second admin): told, nothing changed.
    const again = await admin.page.request.post(`/admin/orders/${orderId}`, {
      headers: { Origin: baseURL! },
      form: { intent: "markPaid", amount: "5.00", paidAt: "2026-01-02" },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain("bereits als bezahlt markiert");
  } finally {
    await admin.close();
  }
  await page.goto(`/profile/orders/${orderId}`);
  await expect(page.getByTestId("payment-status")).not.toHaveText("Zahlung ausstehend");
});

test("the admin cancels an order: the cancellation invoice shows negative amounts, to the admin and the customer; the delivery note has no prices", async ({ page, browser, baseURL, javaScriptEnabled }) => {
  await registerCustomer(page.request, baseURL!, "storno");
  const orderId = await placeOrder(page.request, baseURL!, { paymentMethod: "bank_transfer" });
  const admin = await adminPage(browser, javaScriptEnabled);
  try {
    await admin.page.goto(`/admin/orders/${orderId}/delivery-note`);
    const note = admin.page.getByTestId("delivery-note");
    await expect(note.getByRole("heading", { name: "Lieferschein" })).toBeVisible();
    // The delivery address (the country by its name) under a heading of its own section.
    const address = note.getByTestId("delivery-note-address");
    await expect(address.getByRole("heading", { level: 2 })).toHaveText("Lieferanschrift");
    await expect(address.locator("address")).toContainText(/Hauptstraße 12\s+10115 Berlin\s+Deutschland/, { useInnerText: true });
    await expect(note.getByTestId("delivery-note-line")).not.toHaveCount(0);
    expect(await note.innerText()).not.toMatch(/€|CHF|\d+,\d\d/);

    await admin.page.goto(`/admin/orders/${orderId}`);
    await waitForHydration(admin.page, javaScriptEnabled);
    await admin.page.getByTestId("set-status-cancelled").click();
    await expect(admin.page.getByTestId("order-status").first()).toHaveText("Storniert");
    const link = admin.page.getByTestId("order-documents").getByTestId("document-ST");
    await expect(link).toHaveText(/^Stornorechnung ST-\d{6}$/);
    await link.click();
    await expect(admin.page.getByRole("heading", { level: 1 })).toHaveText("Stornorechnung");
    await expect(admin.page.getByTestId("document-refers-to")).toHaveText(/^RE-\d{6}$/);
    await expect(admin.page.getByTestId("document-total")).toHaveText(/^-\d+,\d\d\s€$/);
    await expect(admin.page.getByTestId("document-vat-amount").first()).toHaveText(/^-\d+,\d\d\s€$/);
  } finally {
    await admin.close();
  }
  // The customer finds it on the order's page, and sees it.
  await page.goto(`/profile/orders/${orderId}`);
  await waitForHydration(page, javaScriptEnabled);
  await page.getByTestId("order-documents").getByTestId("document-ST").click();
  await expect(page.getByTestId("document-total")).toHaveText(/^-\d+,\d\d\s€$/);
  // Another customer does not.
  const stranger = await browser.newContext({ locale: "de-DE", javaScriptEnabled });
  try {
    await registerCustomer(stranger.request, baseURL!, "fremd");
    const response = await stranger.request.get(page.url());
    expect(response.status()).toBe(404);
  } finally {
    await stranger.close();
  }
});
