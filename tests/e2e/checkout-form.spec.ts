import { expect, test, type Page } from "@playwright/test";
import { addToCart, useLanguage, waitForHydration, type Lng } from "./support/shop";

/*
 * Issue 38, "Shoppers can lose a purchase": the checkout's order button states the obligation to
 * pay in every language (§ 312j BGB, DECISIONS §6); a failed submit shows an error summary at the
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
