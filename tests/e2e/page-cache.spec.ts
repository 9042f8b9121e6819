import { expect, test } from "@playwright/test";
import { demoCustomer, signIn } from "./fixtures";

/*
 * The shared page cache (app/page-cache/) in the running shop: a visitor without a
 * cart or account is served the shared page; as soon as they have a cart they get the page of their
 * kind instead (personal-cache.spec.ts); and each
 * language and currency has its own page. (That a catalogue change retires the cached pages at
 * once is shown in admin.spec.ts, "a visitor sees a stock change at once".)
 */

test.use({ locale: "de-DE" });

const PRODUCT = "/products/00000000-0000-4000-8000-000000000001";

test("a visitor without a cart is served the shared page, and once they have a cart the page of their kind", async ({ page }) => {
  const first = await page.request.get("/faq");
  expect(first.status()).toBe(200);
  expect(["miss", "hit"]).toContain(first.headers()["x-page-cache"]);
  // Usually the very next request; a catalogue change by a test running alongside retires the page.
  let second = await page.request.get("/faq");
  await expect.poll(async () => {
    second = await page.request.get("/faq");
    return second.headers()["x-page-cache"];
  }).toBe("hit");
  // The very same page: its scripts are allowed by their hashes, not by a nonce (page-cache-hardening.spec.ts).
  expect(await second.text()).toBe(await first.text());
  expect(await second.text()).not.toContain("nonce=");

  await page.goto(PRODUCT);
  await page.getByRole("button", { name: "In den Warenkorb" }).first().click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  // With JavaScript the badge counts up before the answer (and its cart cookie) is back.
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === "cart-session-id")).toBe(true);

  // Not the new visitor's page: the cached page of visitors with one item in the cart (personal-cache.spec.ts).
  const personal = await page.request.get("/faq");
  expect(personal.status()).toBe(200);
  expect(personal.headers()["cache-control"]).toContain("private");
  expect(await personal.text()).toMatch(/data-testid="cart-badge"[^>]*>1</);
  await page.goto("/faq");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
});

test("each language and currency has its own shared page", async ({ playwright, baseURL }) => {
  const visitor = (headers: Record<string, string>) => playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  const arabic = await visitor({ "accept-language": "ar" });
  const german = await visitor({ "accept-language": "de-DE" });
  const swiss = await visitor({ "accept-language": "de-DE", cookie: "preferred-country=CH; preferred-currency=CHF" });
  for (let round = 0; round < 2; round++) {
    const ar = await (await arabic.get(PRODUCT)).text();
    const de = await (await german.get(PRODUCT)).text();
    const ch = await (await swiss.get(PRODUCT)).text();
    expect(ar).toContain('<html lang="ar" dir="rtl"');
    expect(de).toContain('<html lang="de" dir="ltr"');
    expect(de).toMatch(/\d,\d\d\u00a0€/);
    expect(de).not.toMatch(/\d\.\d\d\u00a0CHF/);
    expect(ch).toMatch(/\d\.\d\d\u00a0CHF/);
  }
  for (const context of [arabic, german, swiss]) await context.dispose();
});

test("a signed-in visitor is never served the new visitors' page", async ({ page }) => {
  await signIn(page, demoCustomer.email, demoCustomer.password);
  const response = await page.request.get("/");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("private");
  expect(await response.text()).toContain('action="/logout"');
});
