import { expect, test, type Page } from "@playwright/test";
import { demoAdmin, demoCustomer } from "./fixtures";
import { AXE_TAGS } from "./support/axe";
import AxeBuilder from "@axe-core/playwright";
import { addToCart, placeOrder, PRODUCT_ID, signInByRequest, useLanguage, type Lng } from "./support/shop";

/*
 * Every page of the shop, in German and in Arabic (right to left), with JavaScript on and off,
 * scanned by axe (WCAG 2.0/2.1 A and AA plus best practices): zero violations. Each test walks one
 * group of pages and collects every page's violations before failing, so one run shows them all.
 */

// axe runs as a script in the page, which a context without JavaScript cannot do. The no-js project
// therefore scans the server's HTML with the app's own scripts blocked: the page never hydrates,
// exactly what a browser without JavaScript shows (billing fields visible, plain forms…).
test.use({ javaScriptEnabled: true });
test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "no-js") await page.route(/\.m?js(\?.*)?$/, (route) => route.abort());
});

const STATIC_PAGES = ["/about", "/contact", "/shipping", "/returns", "/warranty", "/privacy", "/terms", "/cookies", "/faq", "/blog", "/support", "/impressum"];
const ADMIN_TABS = ["products", "inventory", "orders", "customers", "reports", "settings", "messages"];

async function violationsOf(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 4)
        .map((n) => `      ${n.target.join(" ")} — ${(n.failureSummary ?? "").split("\n").slice(1, 3).join("; ")}`)
        .join("\n"),
  );
}

/** Opens each URL (or runs each step), scans it and reports every page's violations at the end. */
async function scanAll(page: Page, lng: Lng, steps: Array<[string, () => Promise<unknown>]>) {
  const found: string[] = [];
  for (const [label, open] of steps) {
    await open();
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(page.locator("html")).toHaveAttribute("dir", lng === "ar" ? "rtl" : "ltr");
    const violations = await violationsOf(page);
    if (violations.length) found.push(`${label} [${lng}]:\n  ${violations.join("\n  ")}`);
  }
  expect(found, found.join("\n")).toEqual([]);
}

const visit = (page: Page, url: string, status = 200) => async () => {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(status);
};

for (const lng of ["de", "ar"] as const) {
  test.describe(`axe (${lng})`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      test.setTimeout(240_000);
      await useLanguage(context, baseURL!, lng);
    });

    test("storefront: home, listing, product, category, search, 404", async ({ page }) => {
      await scanAll(page, lng, [
        ["/", visit(page, "/")],
        ["/products", visit(page, "/products")],
        ["/products (list view, filtered)", visit(page, "/products?view=list&category=office-supplies&sort=price-asc")],
        [`/products/${PRODUCT_ID}`, visit(page, `/products/${PRODUCT_ID}`)],
        ["/category/office-gifts", visit(page, "/category/office-gifts")],
        ["/search?q=lamp", visit(page, "/search?q=lamp")],
        ["/search?q=zzzzqqq (no results)", visit(page, "/search?q=zzzzqqq")],
        ["404", visit(page, "/this-page-does-not-exist", 404)],
        ["unknown product", visit(page, "/products/00000000-0000-4000-8000-00000000ffff", 404)],
      ]);
    });

    test("static pages", async ({ page }) => {
      await scanAll(page, lng, STATIC_PAGES.map((url) => [url, visit(page, url)]));
    });

    test("cart, checkout (fresh and after a failed submit), order confirmation, favourites", async ({ page, baseURL }) => {
      await scanAll(page, lng, [
        ["/cart (empty)", visit(page, "/cart")],
        ["/favorites (empty)", visit(page, "/favorites")],
        ["/cart (one item)", async () => {
          await addToCart(page.request, baseURL!, PRODUCT_ID);
          await visit(page, "/cart")();
        }],
        ["/checkout", visit(page, "/checkout")],
        ["/checkout (after a failed submit)", async () => {
          // Let the server judge the form (the browser's own checks would stop the submit first).
          await page.locator("form#checkout").evaluate((form: HTMLFormElement) => (form.noValidate = true));
          await page.locator("#checkout-email").fill("not-an-email");
          await page.locator('form#checkout button[type="submit"]').click();
          await expect(page.locator('#checkout-email[aria-invalid="true"]')).toBeVisible();
        }],
        ["/order-confirmation", async () => {
          const id = await placeOrder(page.request, baseURL!);
          await visit(page, `/order-confirmation/${id}`)();
        }],
        ["/favorites (one favourite)", async () => {
          await page.request.post("/favorites", { form: { intent: "toggle", productId: PRODUCT_ID, redirectTo: "/favorites" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
          await visit(page, "/favorites")();
        }],
      ]);
    });

    test("login, register and the customer's profile", async ({ page, baseURL }) => {
      await scanAll(page, lng, [
        ["/login", visit(page, "/login")],
        ["/login (failed)", async () => {
          await page.getByTestId("login-form").locator('input[name="email"]').fill(demoCustomer.email);
          await page.getByTestId("login-form").locator('input[name="password"]').fill("wrong-password");
          await page.getByTestId("login-form").locator('button[type="submit"]').click();
          await expect(page.getByTestId("login-form").locator('input[name="password"]')).toHaveValue("");
        }],
        ["/register", visit(page, "/register")],
        ["/profile", async () => {
          await signInByRequest(page.request, baseURL!, demoCustomer.email, demoCustomer.password);
          await visit(page, "/profile")();
        }],
        ["/admin as a customer (403)", visit(page, "/admin", 403)],
      ]);
    });

    test("admin dashboard tabs and the edit page", async ({ page, baseURL }) => {
      await signInByRequest(page.request, baseURL!, demoAdmin.email, demoAdmin.password);
      await scanAll(page, lng, [
        ["/admin", visit(page, "/admin")],
        ...ADMIN_TABS.map((tab): [string, () => Promise<unknown>] => [`/admin?tab=${tab}`, visit(page, `/admin?tab=${tab}`)]),
        ["/admin/edit", visit(page, "/admin/edit")],
        [`/admin/products/${PRODUCT_ID}`, visit(page, `/admin/products/${PRODUCT_ID}`)],
      ]);
    });
  });
}
