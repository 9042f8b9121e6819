import { readFileSync } from "node:fs";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { demoAdmin, demoCustomer, uniqueEmail } from "./fixtures";
import { expectNoLeak, leaksIn } from "./support/leaks";
import { placeOrder, PRODUCT_ID, signInByRequest } from "./support/shop";

/*
 * Security gates over HTTP and in the browser: who may read and change what (visitor, customer,
 * admin × every admin and account loader and action), cross-site posts, cookie flags, injection
 * strings in every text input and URL parameter, upload abuse, and no internals in any answer.
 * Everything here but the script-injection checks is independent of JavaScript, so those run once
 * (in the js project).
 */

test.use({ locale: "de-DE" });
test.beforeEach(async ({ context }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "HTTP-level checks: the same with JavaScript off");
  // Our own client address per test, so the per-address rate limits never join tests up.
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${Math.floor(Math.random() * 250) + 1}, 10.9.${Math.floor(Math.random() * 250)}.1` });
});

type Role = "visitor" | "customer" | "admin";

async function asRole(browser: Browser, baseURL: string, role: Role): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL, locale: "de-DE", extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}` } });
  const page = await context.newPage();
  if (role === "customer") await signInByRequest(page.request, baseURL, demoCustomer.email, demoCustomer.password);
  if (role === "admin") await signInByRequest(page.request, baseURL, demoAdmin.email, demoAdmin.password);
  return { page, close: () => context.close() };
}

function png(name = "p.png") {
  return { name, mimeType: "image/png", buffer: readFileSync("tests/fixtures/product-1.png") };
}

const productFields = (name: string) => ({
  name,
  nameAr: "منتج",
  category: "home-office",
  price: "10",
  priceEUR: "20.00",
  priceCHF: "21.00",
  stock: "5",
  inStock: "on",
});

/** Ids that the matrix needs: an order and an inbox message (both created through the shop). */
async function fixtures(request: APIRequestContext, baseURL: string, admin: Page) {
  const orderId = await placeOrder(request, baseURL);
  const contact = await request.post("/contact", {
    form: { firstName: "Mat", lastName: "Rix", email: "matrix@example.com", subject: `Matrix ${Date.now()}`, message: "A message for the permission matrix." },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(contact.status()).toBe(302);
  const inbox = await (await admin.request.get("/admin/messages")).text();
  const messageId = inbox.match(/\/admin\/messages\/([a-z]+-[0-9a-f-]{36})/)?.[1];
  expect(messageId, "a message in the admin inbox").toBeTruthy();
  return { orderId, messageId: messageId! };
}

/** What an admin sees of the data the forbidden posts aim at; compared before and after. */
async function snapshot(admin: Page, ids: { orderId: string; messageId: string }) {
  const product = await (await admin.request.get(`/admin/products/${PRODUCT_ID}`)).text();
  const field = (name: string) => product.match(new RegExp(`name="${name}"[^>]*value="([^"]*)"`))?.[1] ?? product.match(new RegExp(`value="([^"]*)"[^>]*name="${name}"`))?.[1];
  const order = await (await admin.request.get(`/admin/orders/${ids.orderId}`)).text();
  const message = await (await admin.request.get(`/admin/messages/${ids.messageId}`)).text();
  const products = await (await admin.request.get("/admin/products")).text();
  const home = await (await admin.request.get("/")).text();
  return {
    name: field("name"),
    stock: field("stock"),
    productExists: (await admin.request.get(`/products/${PRODUCT_ID}`)).status(),
    // The status buttons offered follow from the order's current status.
    orderNext: (order.match(/data-testid="set-status-[a-z_]+"/g) ?? []).join(),
    messageDone: /name="intent" value="reopen"/.test(message),
    productCount: products.match(/data-testid="product-count"[^>]*>([^<]*)</)?.[1],
    offersHeading: home.match(/id="offers-heading"[^>]*>([^<]*)</)?.[1],
    customerIsAdmin: false,
  };
}

test("permission matrix: every admin and account page × visitor, customer, admin", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const admin = await asRole(browser, baseURL!, "admin");
  const visitor = await asRole(browser, baseURL!, "visitor");
  const customer = await asRole(browser, baseURL!, "customer");
  const ids = await fixtures(visitor.page.request, baseURL!, admin.page);

  const adminPages = [
    "/admin",
    ...["products", "inventory", "orders", "customers", "reports", "settings", "messages", "offers"].map((section) => `/admin/${section}`),
    "/admin/edit",
    `/admin/products/${PRODUCT_ID}`,
    `/admin/products/${PRODUCT_ID}/delete`,
    `/admin/orders/${ids.orderId}`,
    `/admin/messages/${ids.messageId}`,
    "/admin/export.csv",
    "/admin/roles",
  ];
  for (const url of adminPages) {
    const v = await visitor.page.request.get(url, { maxRedirects: 0 });
    expect(v.status(), `visitor GET ${url}`).toBe(302);
    expect(v.headers()["location"], `visitor GET ${url}`).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    const c = await customer.page.request.get(url, { maxRedirects: 0 });
    expect(c.status(), `customer GET ${url}`).toBe(403);
    await expectNoLeak(c, `customer GET ${url}`);
    const a = await admin.page.request.get(url, { maxRedirects: 0 });
    // /admin/roles, the first round's page of the add-administrator form, leads to /admin/settings.
    expect([200, 301], `admin GET ${url}`).toContain(a.status());
    if (a.status() === 301) expect(a.headers()["location"], url).toBe("/admin/settings");
  }
  // The account page: visitors sign in first; customers and admins see their own.
  const profileVisitor = await visitor.page.request.get("/profile", { maxRedirects: 0 });
  expect(profileVisitor.status()).toBe(302);
  expect(profileVisitor.headers()["location"]).toBe("/login?redirectTo=%2Fprofile");
  expect((await customer.page.request.get("/profile", { maxRedirects: 0 })).status()).toBe(200);
  expect((await admin.page.request.get("/profile", { maxRedirects: 0 })).status()).toBe(200);

  // Every intent of every admin action, as visitor and as customer: refused, nothing changed.
  const before = await snapshot(admin.page, ids);
  const posts: Array<[string, "form" | "multipart", Record<string, string | ReturnType<typeof png>>]> = [
    ["/admin/products?index", "multipart", { intent: "create-product", ...productFields("Intruder product"), images: png() }],
    ["/admin/inventory", "form", { intent: "update-stock", productId: PRODUCT_ID, stock: "0" }],
    ["/admin/edit", "form", { intent: "delete", productId: PRODUCT_ID }],
    [`/admin/products/${PRODUCT_ID}`, "multipart", productFields("Hijacked")],
    [`/admin/products/${PRODUCT_ID}/delete`, "form", {}],
    [`/admin/orders/${ids.orderId}`, "form", { intent: "set-status", status: "cancelled" }],
    [`/admin/messages/${ids.messageId}`, "form", { intent: "done" }],
    [`/admin/messages/${ids.messageId}`, "form", { intent: "reopen" }],
    [`/admin/messages/${ids.messageId}`, "form", { intent: "retry" }],
    ["/admin/settings", "form", { intent: "promote", email: demoCustomer.email }],
    ["/admin/settings", "form", { intent: "demote", email: demoAdmin.email }],
    ["/admin/offers", "multipart", { intent: "save", title: "Hacked offers" }],
    ["/admin/offers", "multipart", { intent: "add" }],
    ["/admin/offers", "multipart", { intent: "remove:0" }],
  ];
  for (const [url, kind, fields] of posts) {
    const label = `${url} ${String(fields.intent ?? "")}`;
    const v = await visitor.page.request.post(url, { [kind]: fields, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(v.status(), `visitor POST ${label}`).toBe(302);
    expect(v.headers()["location"], `visitor POST ${label}`).toMatch(/^\/login\?redirectTo=/);
    const c = await customer.page.request.post(url, { [kind]: fields, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(c.status(), `customer POST ${label}`).toBe(403);
    await expectNoLeak(c, `customer POST ${label}`);
  }
  // The profile action: a visitor has no profile to change.
  const profilePost = await visitor.page.request.post("/profile?index", { form: { firstName: "Nobody", lastName: "X", country: "CH" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(profilePost.status()).toBe(302);
  expect(profilePost.headers()["location"]).toMatch(/^\/login\?redirectTo=/);

  const after = await snapshot(admin.page, ids);
  expect(after).toEqual(before);
  expect(after.name).toBeTruthy();
  expect(after.stock).toBeTruthy();
  // The customer was not promoted.
  expect((await customer.page.request.get("/admin", { maxRedirects: 0 })).status()).toBe(403);
  // And the admin is still one.
  expect((await admin.page.request.get("/admin", { maxRedirects: 0 })).status()).toBe(200);
  await Promise.all([admin.close(), visitor.close(), customer.close()]);
});

test("cross-site posts to every action route are refused with 403 before any action runs", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await asRole(browser, baseURL!, "admin");
  const ids = await fixtures(admin.page.request, baseURL!, admin.page);
  const before = await snapshot(admin.page, ids);
  const evil = { Origin: "https://evil.example" };
  const routes: Array<[string, Record<string, string>]> = [
    ["/cart", { intent: "clear" }],
    ["/cart.data", { intent: "clear" }],
    ["/checkout", { firstName: "E" }],
    ["/login", { email: demoAdmin.email, password: demoAdmin.password }],
    ["/register", { firstName: "E", lastName: "V", email: uniqueEmail("evil"), country: "DE", password: "evil-pass-1", confirmPassword: "evil-pass-1" }],
    ["/logout", { redirectTo: "/" }],
    ["/profile", { firstName: "Evil", lastName: "Admin", country: "CH" }],
    ["/favorites", { intent: "toggle", productId: PRODUCT_ID }],
    ["/preferences", { lng: "ar", redirectTo: "/" }],
    ["/newsletter", { email: uniqueEmail("evil") }],
    ["/newsletter/confirm", { token: "x" }],
    ["/newsletter/unsubscribe", { token: "x" }],
    ["/contact", { firstName: "E", lastName: "V", email: "e@example.com", subject: "s", message: "cross-site message" }],
    ["/support", { name: "E", email: "e@example.com", subject: "s", description: "cross-site request" }],
    ["/admin/inventory", { intent: "update-stock", productId: PRODUCT_ID, stock: "0" }],
    ["/admin/edit", { intent: "delete", productId: PRODUCT_ID }],
    [`/admin/products/${PRODUCT_ID}`, { name: "Hijacked" }],
    [`/admin/products/${PRODUCT_ID}/delete`, {}],
    [`/admin/orders/${ids.orderId}`, { intent: "set-status", status: "cancelled" }],
    [`/admin/messages/${ids.messageId}`, { intent: "done" }],
    ["/admin/settings", { intent: "promote", email: demoCustomer.email }],
    ["/admin/offers", { intent: "save", title: "Hacked" }],
  ];
  for (const [url, form] of routes) {
    const response = await admin.page.request.post(url, { form, headers: evil, maxRedirects: 0 });
    expect(response.status(), `cross-site POST ${url}`).toBe(403);
    expect(response.headers()["set-cookie"] ?? "", url).toBe("");
    await expectNoLeak(response, `cross-site POST ${url}`);
    // The answer is ours (the guard's page), not Remix's bare 500.
    const html = await admin.page.request.post(url, { form, headers: { ...evil, Accept: "text/html" }, maxRedirects: 0 });
    expect(html.status()).toBe(403);
    expect(await html.text()).toContain("<h1>");
  }
  // Still signed in, nothing changed (the forged logout, stock, delete, status… did nothing).
  expect((await admin.page.request.get("/admin", { maxRedirects: 0 })).status()).toBe(200);
  expect(await snapshot(admin.page, ids)).toEqual(before);
  await admin.close();
});

test("cookies: the session is HttpOnly, SameSite=Lax, Secure over HTTPS, 30 days; the cart id is HttpOnly", async ({ request, baseURL }) => {
  // The e2e server trusts its proxy (TRUST_PROXY=true): this request came over HTTPS to the proxy.
  const login = await request.post("/login", {
    form: { email: demoCustomer.email, password: demoCustomer.password },
    headers: { Origin: baseURL!, "X-Forwarded-Proto": "https" },
    maxRedirects: 0,
  });
  const session = login.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__session="))?.value;
  expect(session).toBeTruthy();
  expect(session).toMatch(/;\s*HttpOnly/i);
  expect(session).toMatch(/;\s*SameSite=Lax/i);
  expect(session).toMatch(/;\s*Secure/i);
  expect(session).toMatch(/;\s*Max-Age=2592000/i);
  expect(session).toMatch(/;\s*Path=\//i);

  const fresh = await request.post("/cart", { form: { intent: "add", productId: PRODUCT_ID, quantity: "1", redirectTo: "/cart" }, headers: { Origin: baseURL!, Cookie: "" }, maxRedirects: 0 });
  const cart = fresh.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("cart-session-id="))?.value;
  expect(cart, "a first cart post hands out the cart-session-id cookie").toBeTruthy();
  expect(cart).toMatch(/^cart-session-id=[0-9a-f-]{36};/);
  expect(cart).toMatch(/;\s*HttpOnly/i);
  expect(cart).toMatch(/;\s*SameSite=Lax/i);
  expect(cart).toMatch(/;\s*Max-Age=2592000/i);
  // This one came over plain HTTP: a Secure cookie would be dropped by a browser off localhost.
  expect(cart).not.toMatch(/;\s*Secure/i);
});

const INJECTIONS = [`' OR 1=1 --`, `"; drop table products; --`, `<script>window.__xss=1</script>`, `<img src=x onerror=window.__xss=1>`];

async function expectInert(page: Page, label: string) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), `${label}: injected script ran`).toBeUndefined();
  expect(await page.locator("main img[src='x']").count(), `${label}: injected markup became an element`).toBe(0);
  expect(await page.locator("main script:not([type='application/ld+json'])").count(), `${label}: injected script element`).toBe(0);
  expect(leaksIn(await page.content()), label).toEqual([]);
}

test("injection strings in search, filters and URL parameters are searched as text, shown escaped, never run", async ({ page }) => {
  test.setTimeout(120_000);
  for (const payload of INJECTIONS) {
    const q = encodeURIComponent(payload);
    const search = await page.goto(`/search?q=${q}`);
    expect(search?.status(), payload).toBe(200);
    await expect(page.locator('main input[name="q"]').first()).toHaveValue(payload);
    await expect(page.locator("main")).toContainText(payload);
    await expectInert(page, `search ${payload}`);
    for (const url of [
      `/products?category=${q}&sort=${q}&minPrice=${q}&maxPrice=${q}&inStock=${q}&view=${q}&page=${q}`,
      `/products?q=${q}`,
      `/category/office-gifts?sort=${q}&minPrice=${q}`,
      `/category/${q}`,
      `/products/${q}`,
      `/order-confirmation/${q}`,
      `/login?redirectTo=${q}`,
      `/${q}`,
      `/?lng=${q}`,
    ]) {
      const response = await page.goto(url);
      expect([200, 404], `${url}`).toContain(response?.status());
      await expectInert(page, url);
    }
    // The products are all still there (no "drop table" ran).
    expect((await page.request.get(`/products/${PRODUCT_ID}`)).status()).toBe(200);
  }
});

test("injection strings stored through the checkout, registration, profile and contact/support forms come back as text", async ({ page, baseURL, browser }) => {
  test.setTimeout(180_000);
  const [sql, drop, script, img] = INJECTIONS as [string, string, string, string];
  const origin = { Origin: baseURL! };

  // Checkout: names and address lines carry the strings; the confirmation shows them literally.
  const orderId = await placeOrder(page.request, baseURL!, {
    firstName: script,
    lastName: img,
    "shippingAddress.street": sql,
    "shippingAddress.city": drop,
  });
  await page.goto(`/order-confirmation/${orderId}`);
  await expect(page.getByTestId("order-email")).toHaveText("erika@example.com");
  await expectInert(page, "order confirmation");

  // Registration and profile names.
  const email = uniqueEmail("inject");
  const register = await page.request.post("/register", {
    form: { firstName: script, lastName: sql, email, country: "DE", password: "inject-pass-1", confirmPassword: "inject-pass-1" },
    headers: origin,
    maxRedirects: 0,
  });
  expect(register.status(), await expectNoLeak(register, "register")).toBeLessThan(400);
  await signInByRequest(page.request, baseURL!, email, "inject-pass-1");
  await page.goto("/profile");
  await expect(page.locator('input[name="firstName"]')).toHaveValue(script);
  await expect(page.locator('input[name="lastName"]')).toHaveValue(sql);
  await expectInert(page, "profile after registration");
  const profile = await page.request.post("/profile?index", { form: { firstName: img, lastName: drop, phone: "", country: "DE" }, headers: origin, maxRedirects: 0 });
  expect(profile.status()).toBe(302);
  await page.goto("/profile");
  await expect(page.locator('input[name="firstName"]')).toHaveValue(img);
  await expect(page.locator('input[name="lastName"]')).toHaveValue(drop);
  await expectInert(page, "profile after update");
  await page.goto("/");
  await expectInert(page, "home page with the user's name in the header");

  // Contact and support messages, read by the admin.
  const marker = `inj${Date.now().toString(36)}`;
  const contact = await page.request.post("/contact", {
    form: { firstName: "Ina", lastName: "Jection", email: "ina@example.com", subject: `${marker} ${sql}`, message: `${script} ${img} ${drop}` },
    headers: origin,
    maxRedirects: 0,
  });
  expect(contact.status()).toBe(302);
  const support = await page.request.post("/support", {
    form: { name: `${img}`, email: "ina@example.com", orderNumber: "", subject: `${marker} support ${drop}`, description: `${script} ${sql}` },
    headers: origin,
    maxRedirects: 0,
  });
  expect(support.status(), await support.text()).toBe(302);

  const adminContext = await browser.newContext({ baseURL, locale: "de-DE" });
  const admin = await adminContext.newPage();
  await signInByRequest(admin.request, baseURL!, demoAdmin.email, demoAdmin.password);
  await admin.goto("/admin/messages");
  await expect(admin.locator("main")).toContainText(marker);
  await expectInert(admin, "admin inbox");
  const links = await admin.locator(`main a[href^="/admin/messages/"]`).filter({ hasText: marker }).all();
  expect(links.length).toBeGreaterThanOrEqual(1);
  for (const href of await Promise.all(links.map((l) => l.getAttribute("href")))) {
    await admin.goto(href!);
    await expect(admin.locator("main")).toContainText(marker);
    await expectInert(admin, `message ${href}`);
  }
  await admin.goto(`/admin/orders/${orderId}`);
  for (const text of [script, img, sql, drop]) await expect(admin.locator("main")).toContainText(text);
  await expectInert(admin, "admin order page");
  await admin.goto("/admin/customers");
  await expectInert(admin, "admin customers");

  // The admin product form: a product named with every string.
  const name = `${marker} ${script} ${img} ${sql}`.slice(0, 200);
  const created = await admin.request.post("/admin/products?index", {
    multipart: { intent: "create-product", ...productFields(name), images: png() },
    headers: origin,
    maxRedirects: 0,
  });
  expect(created.status(), await created.text()).toBe(302);
  await admin.goto(`/admin/products?q=${encodeURIComponent(marker)}`);
  await expect(admin.locator("main")).toContainText(name);
  await expectInert(admin, "admin products");
  const productHref = await admin.locator(`main a[href^="/admin/products/"]`).first().getAttribute("href");
  const productId = productHref!.split("/")[3]!;
  await page.goto(`/products/${productId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expectInert(page, "product page");
  await page.goto(`/search?q=${encodeURIComponent(marker)}`);
  await expect(page.locator("main")).toContainText(name);
  await expectInert(page, "search results");
  // Tidy up: the product goes again.
  await admin.request.post(`/admin/products/${productId}/delete`, { form: {}, headers: origin, maxRedirects: 0 });
  await adminContext.close();
});

test("upload abuse: disguised HTML and SVG, oversized images and path tricks are refused; nothing is stored", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signInByRequest(page.request, baseURL!, demoAdmin.email, demoAdmin.password);
  const marker = `upl${Date.now().toString(36)}`;
  const traversal = `gates-${marker}.png`;
  const cases: Array<[string, { name: string; mimeType: string; buffer: Buffer }, RegExp]> = [
    ["HTML named .png", { name: "page.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><script>window.__xss=1</script>") }, /Nur Bilder im Format JPEG, PNG, WebP, AVIF oder GIF/],
    [
      "SVG with a script named .png",
      { name: "vector.png", mimeType: "image/png", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>window.__xss=1</script></svg>') },
      /Nur Bilder im Format JPEG, PNG, WebP, AVIF oder GIF/,
    ],
    ["SVG as SVG", { name: "vector.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"/>') }, /Nur Bilder im Format JPEG, PNG, WebP, AVIF oder GIF/],
    ["21 MB image", { name: "big.png", mimeType: "image/png", buffer: Buffer.concat([readFileSync("tests/fixtures/product-1.png"), Buffer.alloc(21 * 1024 * 1024)]) }, /größer als 20 MB/],
    ["path traversal name with HTML", { name: `../../${traversal}`, mimeType: "image/png", buffer: Buffer.from("<html>x</html>") }, /Nur Bilder/],
  ];
  for (const [label, file, message] of cases) {
    const response = await page.request.post("/admin/products?index", {
      multipart: { intent: "create-product", ...productFields(`${marker} ${label}`), images: file },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(response.status(), label).toBe(400);
    expect(await expectNoLeak(response, label), label).toMatch(message);
  }
  // A real image with a path-traversal name: the name is never used on disk (the file gets a random name).
  const sneaky = await page.request.post("/admin/products?index", {
    multipart: { intent: "create-product", ...productFields(`${marker} traversal`), images: png(`../../../${traversal}`) },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(sneaky.status()).toBe(302);
  for (const dir of [os.tmpdir(), process.cwd(), path.dirname(process.cwd())]) expect(existsSync(path.join(dir, traversal)), dir).toBe(false);
  const listing = await (await page.request.get(`/admin/products?q=${marker}`)).text();
  expect(listing.match(/data-testid="product-count"[^>]*>([^<]*)</)?.[1]).toBe("Produkte (1)");
  const productId = listing.match(/\/admin\/products\/([0-9a-f-]{36})/)?.[1];
  const product = await (await page.request.get(`/products/${productId}`)).text();
  expect(product).not.toContain(traversal);
  // Stored under a name of its own making: the processed image's (uuid, size, colour), never the upload's.
  expect(product).toMatch(/\/uploads\/[0-9a-f-]{36}-\d+x\d+-[0-9a-f]{6}\.jpg/);
  await page.request.post(`/admin/products/${productId}/delete`, { form: {}, headers: { Origin: baseURL! }, maxRedirects: 0 });

  // Nothing outside the uploads can be read through /uploads/.
  for (const url of [
    "/uploads/../package.json",
    "/uploads/..%2fpackage.json",
    "/uploads/..%2F..%2Fpackage.json",
    "/uploads/%2e%2e/package.json",
    "/uploads/%2e%2e%2fpackage.json",
    "/uploads/%252e%252e%252fpackage.json",
    "/uploads/..%5cpackage.json",
    "/uploads/....//package.json",
    "/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/uploads/x.png%00.json",
    "/uploads/",
  ]) {
    const response = await page.request.get(url, { maxRedirects: 0 });
    const text = await expectNoLeak(response, url);
    expect([404, 400], url).toContain(response.status());
    expect(text, url).not.toContain('"dependencies"');
    expect(text, url).not.toContain("root:");
  }
});

test("no internals in error answers: malformed bodies, methods and ids", async ({ request, baseURL }) => {
  const origin = { Origin: baseURL! };
  const checks: Array<[string, Promise<import("@playwright/test").APIResponse>]> = [
    ["checkout JSON", request.post("/checkout", { data: { firstName: {} }, headers: origin, maxRedirects: 0 })],
    ["cart as text", request.post("/cart", { headers: { ...origin, "Content-Type": "text/plain" }, data: "intent=clear", maxRedirects: 0 })],
    ["logout without a body", request.post("/logout", { headers: origin, maxRedirects: 0 })],
    ["register JSON", request.post("/register", { data: { email: "x" }, headers: origin, maxRedirects: 0 })],
    ["cart absurd quantity", request.post("/cart", { form: { intent: "update", productId: `' OR 1=1 --`, quantity: "1e400" }, headers: origin, maxRedirects: 0 })],
    ["favorites sql id", request.post("/favorites", { form: { intent: "toggle", productId: `"; drop table products; --` }, headers: origin, maxRedirects: 0 })],
    ["login huge", request.post("/login", { form: { email: "a".repeat(20_000), password: "b".repeat(20_000) }, headers: origin, maxRedirects: 0 })],
    ["product bad id", request.get("/products/'%20OR%201=1%20--")],
    ["order bad id", request.get("/order-confirmation/%22;drop%20table%20orders;--")],
    ["admin export as visitor", request.get("/admin/export.csv", { maxRedirects: 0 })],
    ["PUT on a page", request.put("/cart", { headers: origin, maxRedirects: 0 })],
    ["DELETE on a page", request.delete("/products", { headers: origin, maxRedirects: 0 })],
    ["data request for a bad route", request.get("/products/%27.data")],
  ];
  for (const [label, pending] of checks) {
    const response = await pending;
    await expectNoLeak(response, label);
    expect(response.status(), label).toBeLessThan(500);
  }
  // Bodies that are no form at all, and methods the shop has no use for, are refused up front.
  expect((await request.post("/checkout", { data: { firstName: "x" }, headers: origin, maxRedirects: 0 })).status()).toBe(415);
  expect((await request.put("/cart", { form: { intent: "clear" }, headers: origin, maxRedirects: 0 })).status()).toBe(405);
  // A broken multipart body to a form route: whatever the status, nothing internal shows.
  const broken = await request.post("/cart", { headers: { ...origin, "Content-Type": "multipart/form-data; boundary=x" }, data: "--x\r\nbroken", maxRedirects: 0 });
  expect(leaksIn(await broken.text()), "broken multipart").toEqual([]);
});
