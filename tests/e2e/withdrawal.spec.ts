import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { demoAdmin, demoCustomer, signIn } from "./fixtures";
import { orderNumberOf, placeOrder, registerCustomer, waitForHydration } from "./support/shop";

/*
 * The withdrawal function (§ 356a BGB) with JavaScript on and off, in German: a guest from the
 * footer link through "Vertrag widerrufen", the form and "Widerruf bestätigen" to the receipt; a
 * customer from their order page; a wrong e-mail refused without saying which part was wrong; the
 * admin's list; a customer kept out of it (403).
 */

test.use({ locale: "de-DE" });

/** Each test its own client address: the guest form's attempts are counted per address. */
async function ownAddress(context: BrowserContext) {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
}

async function startFromFooter(page: Page, js: boolean) {
  await page.goto("/");
  await waitForHydration(page, js);
  await page.locator("footer").getByRole("link", { name: "Vertrag widerrufen" }).click();
  await expect(page).toHaveURL(/\/withdrawal$/);
  await page.getByRole("button", { name: "Vertrag widerrufen" }).click();
  await expect(page.getByTestId("withdrawal-identify")).toBeVisible();
}

test("a guest withdraws part of an order: footer → Vertrag widerrufen → form → Widerruf bestätigen → receipt", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await ownAddress(context);
  const orderId = await placeOrder(page.request, baseURL!, { email: "widerruf-gast@example.com" });
  const number = await orderNumberOf(page.request, orderId);
  // The browser that placed it is a stranger to it now: a fresh context would be too; cookies do not matter here.
  await startFromFooter(page, javaScriptEnabled);

  const identify = page.getByTestId("withdrawal-identify");
  await identify.getByLabel("Bestellnummer").fill(number);
  await identify.getByLabel("E-Mail-Adresse der Bestellung").fill("widerruf-gast@example.com");
  await identify.getByRole("button", { name: "Weiter" }).click();

  const details = page.getByTestId("withdrawal-details");
  await expect(details).toBeVisible();
  await details.getByLabel("Nur folgende Artikel").check();
  await details.getByTestId("line-quantity").first().fill("1");
  await details.getByLabel("Grund (freiwillig)").fill("Doppelt bestellt");
  await details.getByRole("button", { name: "Weiter zur Bestätigung" }).click();

  const confirm = page.getByTestId("withdrawal-confirm");
  await expect(confirm).toContainText(number);
  await expect(confirm).toContainText("Doppelt bestellt");
  await confirm.getByRole("button", { name: "Widerruf bestätigen" }).click();

  await expect(page).toHaveURL(/\/withdrawal\?done=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ihr Widerruf ist eingegangen");
  const receipt = page.getByTestId("withdrawal-receipt");
  await expect(receipt.getByTestId("receipt-order")).toHaveText(number);
  await expect(receipt.getByTestId("receipt-lines")).toContainText("1 ×");
  await expect(receipt.getByTestId("receipt-reason")).toHaveText("Doppelt bestellt");
  await expect(receipt.getByTestId("receipt-time")).toContainText(new Date().getFullYear().toString());
});

test("the same withdrawal declared again, from another browser, is not stored again: it shows the first, received on its date", async ({ page, context, baseURL, browser, javaScriptEnabled }) => {
  await ownAddress(context);
  const email = "widerruf-doppelt@example.com";
  const orderId = await placeOrder(page.request, baseURL!, { email });
  const number = await orderNumberOf(page.request, orderId);
  const declare = async (target: Page, reason: string) => {
    await startFromFooter(target, javaScriptEnabled);
    const identify = target.getByTestId("withdrawal-identify");
    await identify.getByLabel("Bestellnummer").fill(number);
    await identify.getByLabel("E-Mail-Adresse der Bestellung").fill(email);
    await identify.getByRole("button", { name: "Weiter" }).click();
    const details = target.getByTestId("withdrawal-details");
    await expect(details).toBeVisible();
    await details.getByLabel("Grund (freiwillig)").fill(reason);
    await details.getByRole("button", { name: "Weiter zur Bestätigung" }).click();
    await target.getByTestId("withdrawal-confirm").getByRole("button", { name: "Widerruf bestätigen" }).click();
    await expect(target).toHaveURL(/\/withdrawal\?done=/);
  };
  await declare(page, "Erster Grund");
  await expect(page.getByTestId("withdrawal-done")).toContainText("Eingangsbestätigung mit diesen Angaben per E-Mail gesendet");
  const firstUrl = new URL(page.url());

  const otherContext = await browser.newContext({ locale: "de-DE", javaScriptEnabled });
  await ownAddress(otherContext);
  const other = await otherContext.newPage();
  await declare(other, "Zweiter Grund, siehe www.example.com");
  const again = new URL(other.url());
  expect(again.searchParams.get("done")).toBe(firstUrl.searchParams.get("done"));
  await expect(other.getByTestId("withdrawal-done")).toContainText("bereits am");
  await expect(other.getByTestId("withdrawal-done")).toContainText("keine weitere E-Mail gesendet");
  await expect(other.getByTestId("withdrawal-receipt").getByTestId("receipt-time")).toHaveText(await page.getByTestId("receipt-time").innerText());
  // The first declarer's reason is not shown to the second.
  await expect(other.getByTestId("receipt-reason")).toHaveText("Angegeben (hier nicht noch einmal angezeigt)");
  await otherContext.close();
});

test("a wrong e-mail is refused with one message that does not say which part was wrong", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await ownAddress(context);
  const orderId = await placeOrder(page.request, baseURL!);
  const number = await orderNumberOf(page.request, orderId);
  await startFromFooter(page, javaScriptEnabled);
  const identify = page.getByTestId("withdrawal-identify");
  await identify.getByLabel("Bestellnummer").fill(number);
  await identify.getByLabel("E-Mail-Adresse der Bestellung").fill("jemand-anderes@example.com");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/withdrawal")),
    identify.getByRole("button", { name: "Weiter" }).click(),
  ]);
  expect(response.status()).toBe(400);
  await expect(page.getByTestId("form-alert")).toContainText("keine Bestellung gefunden");
  await expect(page.getByTestId("withdrawal-details")).toHaveCount(0);
});

test("a missing choice of what is withdrawn is said under the choice, which names it", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await ownAddress(context);
  const orderId = await placeOrder(page.request, baseURL!, { email: "widerruf-wahl@example.com" });
  const number = await orderNumberOf(page.request, orderId);
  await startFromFooter(page, javaScriptEnabled);
  const identify = page.getByTestId("withdrawal-identify");
  await identify.getByLabel("Bestellnummer").fill(number);
  await identify.getByLabel("E-Mail-Adresse der Bestellung").fill("widerruf-wahl@example.com");
  await identify.getByRole("button", { name: "Weiter" }).click();

  const details = page.getByTestId("withdrawal-details");
  await expect(details.getByTestId("scope-whole")).toBeChecked();
  // A browser sends no choice when none is checked (the form always checks one: a tampered form, say).
  await details.getByTestId("scope-whole").evaluate((radio: HTMLInputElement) => (radio.checked = false));
  await details.getByRole("button", { name: "Weiter zur Bestätigung" }).click();

  const error = page.getByTestId("withdrawal-details").getByTestId("error-scope");
  await expect(error).toHaveText("Bitte wählen Sie, was Sie widerrufen möchten.");
  const errorId = await error.getAttribute("id");
  await expect(page.getByTestId("withdrawal-details").getByRole("group", { name: "Was möchten Sie widerrufen?" })).toHaveAttribute("aria-describedby", errorId!);
  await expect(page.getByTestId("withdrawal-confirm")).toHaveCount(0);
});

test("a customer withdraws from their order page; the admin sees it in the list and on the order", async ({ page, context, baseURL, browser, javaScriptEnabled }) => {
  await ownAddress(context);
  // A customer of its own: the demo customer's cart is shared with tests running at the same time.
  const own = await registerCustomer(page.request, baseURL!, "widerruf");
  const orderId = await placeOrder(page.request, baseURL!, { email: own.email });
  const number = await orderNumberOf(page.request, orderId);
  await page.goto(`/profile/orders/${orderId}`);
  await waitForHydration(page, javaScriptEnabled);
  await page.getByTestId("withdraw-order").click();
  await expect(page).toHaveURL(new RegExp(`/withdrawal\\?order=${orderId}`));
  const identify = page.getByTestId("withdrawal-identify");
  await expect(identify.getByLabel("Bestellung")).toHaveValue(orderId);
  await identify.getByRole("button", { name: "Weiter" }).click();

  const details = page.getByTestId("withdrawal-details");
  await expect(details.getByLabel("Die gesamte Bestellung")).toBeChecked();
  await details.getByRole("button", { name: "Weiter zur Bestätigung" }).click();
  await page.getByTestId("withdrawal-confirm").getByRole("button", { name: "Widerruf bestätigen" }).click();
  await expect(page.getByTestId("withdrawal-done")).toBeVisible();
  await expect(page.getByTestId("withdrawal-receipt")).toContainText("Die gesamte Bestellung");

  await page.goto(`/profile/orders/${orderId}`);
  await expect(page.getByTestId("order-withdrawals")).toContainText("Gesamte Bestellung");

  const adminContext = await browser.newContext({ locale: "de-DE", javaScriptEnabled });
  const admin = await adminContext.newPage();
  await signIn(admin, demoAdmin.email, demoAdmin.password);
  await admin.goto("/admin/withdrawals");
  const row = admin.getByTestId("withdrawal-row").filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Gesamte Bestellung");
  await expect(row.getByRole("link", { name: number })).toHaveAttribute("href", `/admin/orders/${orderId}`);
  await admin.goto(`/admin/orders/${orderId}`);
  await expect(admin.getByTestId("order-withdrawals")).toContainText("Gesamte Bestellung");
  await adminContext.close();
});

test("a customer opening /admin/withdrawals gets 403", async ({ page }) => {
  await signIn(page, demoCustomer.email, demoCustomer.password);
  const response = await page.goto("/admin/withdrawals");
  expect(response?.status()).toBe(403);
});
