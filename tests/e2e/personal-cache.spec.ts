import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoAdmin, signIn, uniqueEmail } from "./fixtures";
import { addToCart, PLENTIFUL_ID, waitForHydration } from "./support/shop";

/*
 * Pages of visitors with a cart or an account come from the shared page cache too, as the page of
 * their kind (role, cart count, the favourites the page shows) with their own strings put in
 * (app/page-cache/). Three visitors on the same address each see their own cart
 * badge, hearts and account links, with JavaScript and without, and nothing of the others.
 */
test.use({ locale: "de-DE" });

const URL = "/";

/** The product ids the page's hearts are for, as a new visitor sees it. */
async function heartIds(request: APIRequestContext): Promise<string[]> {
  const html = await (await request.get(URL, { headers: { cookie: "" } })).text();
  // Each card's heart is a button of the grid's favourites form carrying its product id.
  const hearts = [...html.matchAll(/<button[^>]*data-testid="favorite-toggle"[^>]*>/g)].map((m) => m[0]);
  return hearts.map((tag) => /value="([0-9a-f-]{36})"/.exec(tag)?.[1]).filter((id): id is string => Boolean(id));
}

async function favoriteIds(page: Page): Promise<string[]> {
  const html = await (await page.request.get("/favorites")).text();
  const list = html.split('data-testid="favorites-list"')[1]?.split('data-testid="favorites-featured"')[0] ?? "";
  return [...new Set([...list.matchAll(/\/products\/([0-9a-f-]{36})/g)].map((m) => m[1]!))];
}

/** Makes exactly `wanted` (of `candidates`) this visitor's favourites. */
async function setFavorites(page: Page, baseURL: string, candidates: string[], wanted: string[]) {
  const now = await favoriteIds(page);
  for (const id of candidates) {
    if (now.includes(id) === wanted.includes(id)) continue;
    const response = await page.request.post("/favorites", {
      form: { intent: "toggle", productId: id, redirectTo: "/favorites" },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(response.status()).toBeLessThan(400);
  }
  // Reading the flash toast once (the page with a toast is the visitor's own, never cached).
  await page.request.get("/favorites");
  expect((await favoriteIds(page)).filter((id) => candidates.includes(id)).sort()).toEqual([...wanted].sort());
}

async function cartBadge(page: Page): Promise<string> {
  const html = await (await page.request.get("/cart")).text();
  return html.match(/data-testid="cart-badge"[^>]*>(\d+)</)?.[1] ?? "0";
}

test("visitors with different carts, favourites and roles each see their own page on the same address", async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const js = testInfo.project.name === "js";
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ locale: "de-DE", javaScriptEnabled: js })));
  const [visitor, customer, admin] = await Promise.all(contexts.map((context) => context.newPage()));
  const [first, second] = await heartIds(visitor!.request);
  expect(first && second, "the home page shows at least two hearts").toBeTruthy();

  // A visitor with one item in the cart and `first` as favourite; the customer with three more and
  // `second`; the administrator with neither favourite.
  await visitor!.goto("/");
  await addToCart(visitor!.request, baseURL!, PLENTIFUL_ID, 1);
  await setFavorites(visitor!, baseURL!, [first!, second!], [first!]);
  // A customer of this test's own: the demo customer's cart is changed by tests running alongside.
  const customerEmail = uniqueEmail("persona");
  const registered = await customer!.request.post("/register", {
    form: { firstName: "Petra", lastName: "Persona", email: customerEmail, country: "DE", password: "persona-pass-1", confirmPassword: "persona-pass-1" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(registered.status()).toBeLessThan(400);
  await signIn(customer!, customerEmail, "persona-pass-1");
  await addToCart(customer!.request, baseURL!, PLENTIFUL_ID, 3);
  await setFavorites(customer!, baseURL!, [first!, second!], [second!]);
  await signIn(admin!, demoAdmin.email, demoAdmin.password);
  await setFavorites(admin!, baseURL!, [first!, second!], []);

  const expected = [
    { page: visitor!, badge: await cartBadge(visitor!), favourite: [first!], signedIn: false, isAdmin: false, email: null },
    { page: customer!, badge: await cartBadge(customer!), favourite: [second!], signedIn: true, isAdmin: false, email: customerEmail },
    { page: admin!, badge: await cartBadge(admin!), favourite: [] as string[], signedIn: true, isAdmin: true, email: demoAdmin.email },
  ];
  expect(expected[0]!.badge).toBe("1");
  expect(Number(expected[1]!.badge)).toBeGreaterThanOrEqual(3);

  for (const { page, badge, favourite, signedIn, isAdmin, email } of expected) {
    // Served from the cache: the page of its kind, kept (another test may retire it: poll).
    await expect
      .poll(async () => (await page.request.get(URL)).headers()["x-page-cache"], { timeout: 15_000 })
      .toBe("hit");
    const html = await (await page.request.get(URL)).text();
    expect(html).not.toContain("zqPersona");
    for (const other of expected) if (other.email && other.email !== email) expect(html).not.toContain(other.email);
    if (email) expect(html).toContain(email);

    await page.goto(URL);
    await waitForHydration(page, js);
    if (badge === "0") await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    else await expect(page.getByTestId("cart-badge").first()).toHaveText(badge);
    for (const id of [first!, second!]) {
      // A card's heart is a button of the grid's one favourites form, carrying its product.
      const heart = page.locator(`[data-testid="favorite-toggle"][name="productId"][value="${id}"]`).first();
      await expect(heart).toHaveAttribute("aria-pressed", favourite.includes(id) ? "true" : "false");
    }
    expect((await page.locator('form[action="/logout"]').count()) > 0).toBe(signedIn);
    expect((await page.locator('header a[href="/admin"]').count()) > 0).toBe(isAdmin);
  }
  for (const context of contexts) await context.close();
});
