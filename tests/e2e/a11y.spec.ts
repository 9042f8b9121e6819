import { expect, type Page, type TestInfo } from "@playwright/test";
import { demoAdmin, test } from "./fixtures";
import { scanPage } from "./support/axe";
import { addToCart, placeOrder, PRODUCT_ID, signInByRequest, useLanguage, type Lng } from "./support/shop";

/*
 * Every page template of the shop, scanned by axe (WCAG 2.0/2.1 A and AA plus best practices):
 * zero violations. Each test walks one group of pages and collects every page's violations before
 * failing, so one run shows them all.
 *
 * Each project scans in one language: with JavaScript in German, without it in Arabic (right to
 * left). What axe judges — roles, names, labels, structure, contrast — is the same markup in every
 * language (the catalogues are complete: tests/unit/locale-keys), so scanning every page in both
 * languages in both projects doubled the time and found nothing more; this way every page is
 * scanned hydrated and as plain HTML, left to right and right to left.
 */

// axe runs as a script in the page, which a context without JavaScript cannot do. The no-js project
// therefore scans the server's HTML with the app's own scripts blocked: the page never hydrates,
// exactly what a browser without JavaScript shows (billing fields visible, plain forms…).
test.use({ javaScriptEnabled: true });
// The groups are independent (each has its own browser context and signs in on its own).
test.describe.configure({ mode: "parallel" });

const languageOf = (testInfo: TestInfo): Lng => (testInfo.project.name === "no-js" ? "ar" : "de");
test.beforeEach(async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  if (testInfo.project.name === "no-js") await page.route(/\.m?js(\?.*)?$/, (route) => route.abort());
  await useLanguage(context, baseURL!, languageOf(testInfo));
});

/**
 * The static information pages. Eight of them (/about, /shipping, /returns, /warranty, /privacy,
 * /terms, /cookies, /impressum) are one template (components/static-page.tsx) filled with
 * paragraphs, lists and fact tables from the catalogue: /returns has all three, /privacy the
 * "updated" line. The others each have their own (/accessibility: the template with a report form).
 */
const STATIC_PAGES = ["/returns", "/privacy", "/contact", "/faq", "/blog", "/support", "/accessibility"];
const ADMIN_SECTIONS = ["products", "inventory", "orders", "customers", "reports", "settings", "messages", "offers"];

async function violationsOf(page: Page): Promise<string[]> {
  const results = await scanPage(page);
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
async function scanAll(page: Page, steps: Array<[string, () => Promise<unknown>]>) {
  const lng = languageOf(test.info());
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

test.describe("axe", () => {
  test("storefront: home, listing, product, category, search, 404", async ({ page }) => {
    await scanAll(page, [
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
    await scanAll(page, STATIC_PAGES.map((url) => [url, visit(page, url)]));
  });

  test("cart, checkout (fresh and after a failed submit), order confirmation, favourites", async ({ page, baseURL }) => {
    await scanAll(page, [
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

  test("login, register and the customer's profile", async ({ page, baseURL, customer }) => {
    await scanAll(page, [
      ["/login", visit(page, "/login")],
      ["/login (failed)", async () => {
        await page.getByTestId("login-form").locator('input[name="email"]').fill(customer.email);
        await page.getByTestId("login-form").locator('input[name="password"]').fill("wrong-password");
        await page.getByTestId("login-form").locator('button[type="submit"]').click();
        await expect(page.getByTestId("login-form").locator('input[name="password"]')).toHaveValue("");
      }],
      ["/register", visit(page, "/register")],
      ["/profile", async () => {
        await signInByRequest(page.request, baseURL!, customer.email, customer.password);
        await visit(page, "/profile")();
      }],
      ["/admin as a customer (403)", visit(page, "/admin", 403)],
    ]);
  });

  test("admin sections and the edit page", async ({ page, baseURL }) => {
    await signInByRequest(page.request, baseURL!, demoAdmin.email, demoAdmin.password);
    await scanAll(page, [
      ["/admin", visit(page, "/admin")],
      ...ADMIN_SECTIONS.map((section): [string, () => Promise<unknown>] => [`/admin/${section}`, visit(page, `/admin/${section}`)]),
      ["/admin/edit", visit(page, "/admin/edit")],
      [`/admin/products/${PRODUCT_ID}`, visit(page, `/admin/products/${PRODUCT_ID}`)],
    ]);
  });
});
