import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";
import { demoAdmin, demoCustomer, signIn } from "./fixtures";
import { TcpProxy } from "./support/tcp-proxy";
import { startShopServer } from "./support/shop-server";

/*
 * Error pages stay inside the shop: the header, the footer and the language are the root Layout's,
 * so a 404, a 403, an error inside an admin section and a database outage (the root loader itself
 * failing) all keep them.
 */

test.use({ locale: "de-DE" });

async function expectShopFrame(page: Page) {
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "OfficeHaus" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Impressum" })).toBeVisible();
}

test("an unknown product keeps the header, the footer and the language", async ({ page }) => {
  const response = await page.goto("/products/00000000-0000-4000-8000-999999999999?lng=fr");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-state")).toHaveAttribute("data-status", "404");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  // The full header, not the degraded one: the cart and the account links are there.
  await expect(page.getByRole("banner")).not.toHaveAttribute("data-degraded", "true");
});

test("a customer opening an admin page gets the 403 page inside the shop", async ({ page }) => {
  await signIn(page, demoCustomer.email, demoCustomer.password);
  for (const path of ["/admin", "/admin/orders", "/admin/settings"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByTestId("error-state")).toHaveAttribute("data-status", "403");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zugriff verweigert");
    await expect(page.getByText("Sie haben keine Berechtigung für diese Seite.")).toBeVisible();
    // Not the admin's frame: no stat cards, no section links for a shopper.
    await expect(page.getByTestId("admin-frame")).toHaveCount(0);
    await expectShopFrame(page);
  }
});

test("an error inside an admin section keeps the admin frame and the shop around it", async ({ page }) => {
  await signIn(page, demoAdmin.email, demoAdmin.password);
  const response = await page.goto("/admin/orders/00000000-0000-4000-8000-00000000ffff");
  expect(response?.status()).toBe(404);
  const frame = page.getByTestId("admin-frame");
  await expect(frame.getByTestId("error-state")).toHaveAttribute("data-status", "404");
  // The route's own message, the section marked in the navigation, the stat cards.
  await expect(frame.getByTestId("error-state")).toContainText("Bestellung nicht gefunden");
  await expect(frame.getByTestId("tab-orders")).toHaveAttribute("aria-current", "page");
  await expect(frame.getByTestId("stat-totalProducts")).toBeVisible();
  await expectShopFrame(page);
  // The navigation still works from there.
  await frame.getByTestId("tab-inventory").click();
  await expect(page).toHaveURL(/\/admin\/inventory$/);
  await expect(page.getByTestId("inventory-table")).toBeVisible();
});

const adminUrl = process.env.TEST_DATABASE_URL;

test.describe("without the database", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side behaviour: run once, in the js project");
  test.skip(!adminUrl, "needs TEST_DATABASE_URL (a Postgres server to create a throwaway database on)");

  test("a page whose root loader failed keeps a header and a footer (without account, cart or forms)", async ({ page }) => {
    test.setTimeout(180_000);
    const database = `shop_error_pages_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
    const sql = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await sql.unsafe(`create database ${database}`);
    const target = new URL(adminUrl!);
    const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.start();
    const url = new URL(adminUrl!);
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    url.pathname = `/${database}`;
    const server = await startShopServer({ DATABASE_URL: url.toString(), SEED_DEMO_DATA: "true", DATABASE_CONNECT_TIMEOUT: "2", DATABASE_QUERY_TIMEOUT_MS: "4000" });
    try {
      expect((await fetch(`${server.url}/about`)).status).toBe(200);
      await proxy.down();
      // A visitor with a cart cookie: the shared page cache does not answer for them.
      await page.context().addCookies([{ name: "cart-session-id", value: "00000000-0000-4000-8000-000000000042", url: server.url }]);
      const response = await page.goto(`${server.url}/products?page=3`);
      expect(response?.status()).toBe(503);
      await expect(page.getByTestId("error-state")).toHaveAttribute("data-status", "503");
      await expect(page.getByRole("banner")).toHaveAttribute("data-degraded", "true");
      await expect(page.getByRole("contentinfo")).toHaveAttribute("data-degraded", "true");
      await expectShopFrame(page);
      await expect(page.getByRole("banner").getByRole("link", { name: "Produkte" })).toBeVisible();
      // What needs the database is left out: no cart count, no sign-in, no newsletter form.
      await expect(page.locator('form[action="/newsletter"]')).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Anmelden" })).toHaveCount(0);
    } finally {
      await proxy.up();
      await server.stop();
      await proxy.close();
      await sql.unsafe(`drop database if exists ${database} with (force)`);
      await sql.end();
    }
  });
});
