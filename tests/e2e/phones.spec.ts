import { expect, test, type Page } from "@playwright/test";
import { demoAdmin, demoCustomer } from "./fixtures";
import { addToCart, placeOrder, PRODUCT_ID, signInByRequest, useLanguage } from "./support/shop";

/*
 * Phones first: no page scrolls sideways from 320 px up, in German and in Arabic (right to left),
 * with JavaScript on and off. `scrollWidth` counts overflow on either side, so it catches RTL too.
 */

const WIDTHS = [320, 360, 375];

/** The page's scroll width against the viewport, and the widest elements that stick out (for the message). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.querySelectorAll("body *"))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || (box.right <= width + 0.5 && box.left >= -0.5) || !el.checkVisibility()) continue;
      // Skip what a scrolling or clipping ancestor contains.
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== "visible" || style.position === "fixed") {
          clipped = true;
          break;
        }
      }
      if (!clipped) culprits.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} [${Math.round(box.left)}..${Math.round(box.right)}]`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprits: culprits.slice(0, 8) };
  });
}

async function expectNoSidewaysScroll(page: Page, urls: string[]) {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    for (const url of urls) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      const result = await overflow(page);
      if (result.scrollWidth > result.innerWidth) {
        found.push(`${url} at ${width}px: ${result.scrollWidth} > ${result.innerWidth}\n    ${result.culprits.join("\n    ")}`);
      }
    }
  }
  expect(found, found.join("\n")).toEqual([]);
}

for (const lng of ["de", "ar"] as const) {
  test.describe(`phones (${lng})`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      test.setTimeout(180_000);
      await useLanguage(context, baseURL!, lng);
    });

    test("a shopper's pages fit 320, 360 and 375 px", async ({ page, baseURL }) => {
      await signInByRequest(page.request, baseURL!, demoCustomer.email, demoCustomer.password);
      const orderId = await placeOrder(page.request, baseURL!, { phone: "+49 170 555 6677" });
      await addToCart(page.request, baseURL!, PRODUCT_ID, 2);
      await expectNoSidewaysScroll(page, [
        "/",
        "/products",
        "/category/office-gifts",
        `/products/${PRODUCT_ID}`,
        "/cart",
        "/checkout",
        `/order-confirmation/${orderId}`,
        "/profile",
        "/impressum",
        "/withdrawal",
        `/withdrawal?order=${orderId}`,
        "/accessibility",
      ]);
    });

    test("the admin fits 320, 360 and 375 px", async ({ page, baseURL }) => {
      await signInByRequest(page.request, baseURL!, demoAdmin.email, demoAdmin.password);
      await expectNoSidewaysScroll(page, ["/admin", "/admin/products", "/admin/orders", "/admin/customers"]);
    });
  });
}
