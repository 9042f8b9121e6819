import { expect, test, type Browser } from "@playwright/test";
import { demoAdmin, signIn } from "./fixtures";
import { orderNumberOf, placeOrder, registerCustomer, waitForHydration } from "./support/shop";

/*
 * The payment state beside the delivery status, with JavaScript on and off, in German: a customer's
 * bank transfer is "Zahlung ausstehend" on the confirmation, in the account's list and on the order's
 * page, and the admin finds it under "Unbezahlt" (?payment=unpaid); a cash-on-delivery order becomes
 * "Bezahlt" when the admin marks it delivered, and leaves the unpaid list.
 */

test.use({ locale: "de-DE" });

async function adminPage(browser: Browser, js: boolean) {
  const context = await browser.newContext({ locale: "de-DE", javaScriptEnabled: js });
  const page = await context.newPage();
  await signIn(page, demoAdmin.email, demoAdmin.password);
  return { page, close: () => context.close() };
}

test("a bank transfer awaits payment for the customer and is listed as unpaid for the admin", async ({ page, browser, baseURL, javaScriptEnabled }) => {
  await registerCustomer(page.request, baseURL!, "zahlung");
  const orderId = await placeOrder(page.request, baseURL!, { paymentMethod: "bank_transfer" });
  const number = await orderNumberOf(page.request, orderId);

  await page.goto(`/order-confirmation/${orderId}`);
  await expect(page.getByTestId("payment-status")).toHaveText("Zahlung ausstehend");
  await page.goto("/profile/orders");
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.locator(`[data-order-id="${orderId}"]`).getByTestId("payment-status")).toHaveText("Zahlung ausstehend");
  await page.goto(`/profile/orders/${orderId}`);
  await expect(page.getByTestId("payment-status")).toHaveText("Zahlung ausstehend");
  await expect(page.getByTestId("paid-on")).toHaveCount(0);

  const admin = await adminPage(browser, javaScriptEnabled);
  try {
    await admin.page.goto("/admin/orders");
    await waitForHydration(admin.page, javaScriptEnabled);
    await admin.page.getByTestId("payment-filter").getByRole("link", { name: "Unbezahlt" }).click();
    await expect(admin.page).toHaveURL(/\/admin\/orders\?payment=unpaid$/);
    await expect(admin.page.getByTestId("payment-filter").getByRole("link", { name: "Unbezahlt" })).toHaveAttribute("aria-current", "page");
    const row = admin.page.getByTestId("order-row").filter({ hasText: number });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("payment-status")).toHaveText("Unbezahlt");
    const statuses = await admin.page.getByTestId("orders-table").getByTestId("payment-status").allTextContents();
    expect(statuses.every((text) => text === "Unbezahlt")).toBe(true);
  } finally {
    await admin.close();
  }
});

test("cash on delivery is paid when the admin marks the order delivered, and leaves the unpaid list", async ({ page, browser, baseURL, javaScriptEnabled }) => {
  await registerCustomer(page.request, baseURL!, "nachnahme");
  const orderId = await placeOrder(page.request, baseURL!, { paymentMethod: "cash_on_delivery" });
  const number = await orderNumberOf(page.request, orderId);
  await page.goto(`/profile/orders/${orderId}`);
  await expect(page.getByTestId("payment-status")).toHaveText("Zahlung bei Lieferung");

  const admin = await adminPage(browser, javaScriptEnabled);
  try {
    await admin.page.goto("/admin/orders?payment=unpaid");
    await expect(admin.page.getByTestId("order-row").filter({ hasText: number })).toHaveCount(1);
    await admin.page.goto(`/admin/orders/${orderId}`);
    await waitForHydration(admin.page, javaScriptEnabled);
    for (const action of ["Bestätigen", "Als versendet markieren", "Als zugestellt markieren"]) {
      await admin.page.getByRole("button", { name: action }).click();
      await expect(admin.page.getByRole("button", { name: action })).toHaveCount(0);
    }
    await admin.page.goto("/admin/orders?payment=unpaid");
    await expect(admin.page.getByTestId("order-row").filter({ hasText: number })).toHaveCount(0);
    await admin.page.goto("/admin/orders");
    await expect(admin.page.getByTestId("order-row").filter({ hasText: number }).getByTestId("payment-status")).toHaveText("Bezahlt");
  } finally {
    await admin.close();
  }

  await page.goto(`/profile/orders/${orderId}`);
  await expect(page.getByTestId("payment-status")).toHaveText("Bezahlt");
  await expect(page.getByTestId("paid-on")).toContainText("Zahlung eingegangen am");
});
