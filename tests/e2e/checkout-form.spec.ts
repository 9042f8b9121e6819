import { expect, test, type Page } from "@playwright/test";
import { addToCart, useLanguage, waitForHydration, type Lng } from "./support/shop";

/*
 * Issue 38, "Shoppers can lose a purchase": the checkout's order button states the obligation to
 * pay in every language (§ 312j BGB); a failed submit shows an error summary at the
 * top, each error a link to its field, in view and clear of the sticky header; every field says
 * whether it is required (JavaScript on and off).
 */
const orderButton: Record<Lng, string> = {
  de: "Zahlungspflichtig bestellen",
  en: "Buy now — payment required",
  fr: "Commander avec obligation de paiement",
  ar: "اطلب مع الالتزام بالدفع",
};

const field = (page: Page, name: string) => page.locator(`form#checkout [name="${name}"], [form="checkout"][name="${name}"]`).first();

for (const lng of Object.keys(orderButton) as Lng[]) {
  test(`the order button says the order is paid for (${lng})`, async ({ page, context, baseURL }) => {
    await useLanguage(context, baseURL!, lng);
    await addToCart(page.request, baseURL!);
    await page.goto("/checkout");
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(page.getByTestId("checkout-submit").getByRole("button")).toHaveAccessibleName(orderButton[lng]);
  });
}

/** The sticky header's bottom edge, in viewport coordinates. */
async function headerBottom(page: Page): Promise<number> {
  const box = await page.locator("body > header").first().boundingBox();
  expect(box, "the sticky header").not.toBeNull();
  return box!.y + box!.height;
}

/** The element is inside the viewport and not under the sticky header. */
async function expectInClearView(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  const viewport = page.viewportSize()!;
  expect(box!.y, `${selector} starts below the sticky header`).toBeGreaterThanOrEqual(await headerBottom(page));
  expect(box!.y + box!.height, `${selector} ends inside the viewport`).toBeLessThanOrEqual(viewport.height);
}

for (const lng of ["de", "ar"] as const) {
  test(`a failed order shows an error summary at the top, linked to the field (${lng}, phone)`, async ({ page, context, baseURL }, testInfo) => {
    const js = testInfo.project.name === "js";
    await page.setViewportSize({ width: 360, height: 740 });
    await useLanguage(context, baseURL!, lng);
    await addToCart(page.request, baseURL!);
    await page.goto("/checkout");
    await waitForHydration(page, js);
    await expect(page.getByTestId("form-error")).toHaveCount(0);
    await field(page, "firstName").fill("Erika");
    await field(page, "lastName").fill("Mustermann");
    await field(page, "email").fill("erika@example.com");
    // Empty with JavaScript (the browser's check); blanks without (they pass the native check, the server refuses them).
    await field(page, "phone").fill(js ? "" : "          ");
    await field(page, "shippingAddress.street").fill("Hauptstraße 12");
    await field(page, "shippingAddress.postalCode").fill("10115");
    await field(page, "shippingAddress.city").fill("Berlin");
    if (js) {
      await page.getByRole("button", { name: orderButton[lng] }).click();
    } else {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/checkout")),
        page.getByRole("button", { name: orderButton[lng] }).click(),
      ]);
      expect(response.status()).toBe(400);
    }
    const message = lng === "de" ? "Telefonnummer ist erforderlich" : "رقم الهاتف مطلوب";
    const summary = page.getByTestId("form-error");
    await expect(summary).toHaveAttribute("role", "alert");
    await expect(summary.getByRole("heading")).toHaveText(lng === "de" ? "Bitte prüfen Sie 1 Angabe" : "يرجى مراجعة حقل واحد");
    const link = summary.getByRole("link");
    await expect(link).toHaveCount(1);
    await expect(link).toContainText(message);
    const phoneId = await field(page, "phone").getAttribute("id");
    await expect(link).toHaveAttribute("href", `#${phoneId}`);
    // The field's own message stays at the field.
    await expect(page.getByTestId("error-phone")).toHaveText(message);
    // The summary is in view (JavaScript moved focus to it; without, the page opens at its top) and clear of the header.
    if (js) await expect(summary).toBeFocused();
    await expectInClearView(page, '[data-testid="form-error"]');

    // Its link takes the shopper to the field, with its label, not under the sticky header.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#${phoneId}$`));
    await expectInClearView(page, `label[for="${phoneId}"]`);
    await expectInClearView(page, `#${phoneId}`);
  });
}

test("a field the page jumps to (#its-id) is not under the sticky header", async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await useLanguage(context, baseURL!, "de");
  await addToCart(page.request, baseURL!);
  // The browser aligns a #fragment's target with the top of the page: without scroll-padding it
  // lands under the header. The street is far enough down the page to be scrolled to.
  await page.goto("/checkout#checkout-shippingAddress.street");
  await expectInClearView(page, 'label[for="checkout-shippingAddress.street"]');
  await expectInClearView(page, '[id="checkout-shippingAddress.street"]');
});

test("the checkout says every field is required, and each one is", async ({ page, context, baseURL }) => {
  await useLanguage(context, baseURL!, "de");
  await addToCart(page.request, baseURL!);
  await page.goto("/checkout");
  await expect(page.getByTestId("required-note")).toHaveText("Alle Felder sind Pflichtfelder.");
  await expect(page.locator("form#checkout label")).not.toContainText(["(optional)"]);
  for (const name of ["firstName", "lastName", "email", "phone", "shippingAddress.street", "shippingAddress.postalCode", "shippingAddress.city", "shippingAddress.country"]) {
    await expect(field(page, name), name).toHaveAttribute("required", "");
    await expect(field(page, name), name).toHaveAttribute("aria-required", "true");
  }
  for (const lng of ["en", "fr", "ar"] as const) {
    await page.goto(`/checkout?lng=${lng}`);
    await expect(page.getByTestId("required-note")).toHaveText(
      { en: "All fields are required.", fr: "Tous les champs sont obligatoires.", ar: "جميع الحقول مطلوبة." }[lng],
    );
  }
});
