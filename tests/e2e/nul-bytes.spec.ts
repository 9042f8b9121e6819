import { expect, test, type APIRequestContext } from "@playwright/test";
import { demoAdmin } from "./fixtures";
import { dataUrl, NONE, ROUTES, routeFiles, type RouteIds } from "./support/routes";
import { addToCart, checkoutForm, PLENTIFUL_ID, PRODUCT_ID, registerCustomer, type Lng } from "./support/shop";

/*
 * No answer carries a NUL byte. React 18's Node renderer (renderToPipeableStream) sent a whole
 * 2 048-byte buffer, unwritten zero bytes at its end included, whenever a multi-byte character
 * (ä, ü, Arabic…) did not fit at the end of it: `Produktivit\0ät`, and U+FFFD in attributes; the
 * shared page cache then kept it for everyone (app/entry.server.tsx drops those zero bytes from
 * what the renderer writes). Every GET route of app/routes is fetched, as page and as single-fetch data
 * (`/<path>.data`, `/_root.data`), in every language and both currencies, by an anonymous visitor
 * (every product and category page too), a signed-in customer with a cart (the page cache's pages of
 * a visitor's kind, the account) and an administrator (the admin pages). Plain HTTP: one project.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "plain HTTP requests: the js project only");

const LANGUAGES: Lng[] = ["de", "en", "fr", "ar"];
const COUNTRIES = ["DE", "CH"] as const; // EUR and CHF

/** Answers whose bytes are text (a NUL in them is a fault); images and other binaries are left out. */
const isText = (contentType: string) => contentType === "" || /^text\/|json|xml|javascript|x-script/.test(contentType);

type Visitor = "anonymous" | "customer" | "admin";
/** What the administrator sees beyond the customer's pages (the rest they see like any signed-in visitor). */
const ADMIN_ONLY = /^\/admin([./?]|$)/;

test("no page, data or text answer contains a NUL byte, in any language or currency", async ({ playwright, baseURL }) => {
  test.setTimeout(480_000);
  const origin = { Origin: baseURL! };
  const context = (address: string) => playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address } });
  const visitors: Record<Visitor, APIRequestContext> = {
    anonymous: await context("203.0.113.81"),
    customer: await context("203.0.113.83"),
    admin: await context("203.0.113.84"),
  };
  const signIn = async (request: APIRequestContext, email: string, password: string) =>
    expect((await request.post("/login", { form: { email, password }, headers: origin, maxRedirects: 0 })).status(), `signing in ${email}`).toBe(302);
  // A customer of its own: the demo customer's cart is shared with tests running at the same time.
  await registerCustomer(visitors.customer, baseURL!, "nul-scan");
  await signIn(visitors.admin, demoAdmin.email, demoAdmin.password);

  // An order of the customer's, a customer and a message for the admin to look at; carts for the signed-in.
  await addToCart(visitors.customer, baseURL!, PLENTIFUL_ID, 1);
  const checkout = await visitors.customer.post("/checkout", { form: checkoutForm(), headers: origin, maxRedirects: 0 });
  expect(checkout.status(), "placing an order").toBe(303);
  await visitors.anonymous.post("/contact", {
    form: { firstName: "Jürgen", lastName: "Müller", email: "juergen@example.com", subject: "Größe der Füller", message: "Gibt es die Füller auch in Grün? Grüße" },
    headers: origin,
    maxRedirects: 0,
  });
  await addToCart(visitors.customer, baseURL!, PRODUCT_ID, 2);
  const customersPage = await (await visitors.admin.get("/admin/customers")).text();
  const messagesPage = await (await visitors.admin.get("/admin/messages")).text();
  const ids: RouteIds = {
    orderId: checkout.headers()["location"]?.match(/\/order-confirmation\/([0-9a-f-]{36})/)?.[1] ?? NONE,
    customerId: customersPage.match(/\/admin\/customers\/([0-9a-f-]{36})/)?.[1] ?? NONE,
    messageId: messagesPage.match(/\/admin\/messages\/([0-9a-f-]{36}|\d+)/)?.[1] ?? NONE,
  };

  const unmapped = routeFiles.filter((route) => !(route.id in ROUTES)).map((route) => route.id);
  expect(unmapped, "route files this test does not visit yet").toEqual([]);
  const routeUrls = routeFiles.flatMap((route) => (ROUTES[route.id]?.(ids) ?? []).flatMap((url) => (route.isPage ? [url, dataUrl(url)] : [url])));
  // The anonymous visitor also sees every product and category page (the sitemap lists them).
  const sitemap = await (await visitors.anonymous.get("/sitemap.xml")).text();
  const catalogue = [...new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname))]
    .filter((pathname) => /^\/(products|category)\//.test(pathname))
    .flatMap((url) => [url, dataUrl(url)]);
  expect(catalogue.length, "product and category pages in the sitemap").toBeGreaterThan(40);

  const found: string[] = [];
  let scanned = 0;
  const scan = async (visitor: Visitor, label: string, url: string) => {
    const response = await visitors[visitor].get(url, { maxRedirects: 0 });
    const contentType = response.headers()["content-type"] ?? "";
    if (!isText(contentType)) return;
    const body = await response.body();
    scanned++;
    const at = body.indexOf(0);
    if (at >= 0) {
      const around = JSON.stringify(body.subarray(Math.max(0, at - 24), at + 8).toString("utf8"));
      found.push(`${visitor} ${label} ${url} → ${response.status()} ${contentType}: NUL at byte ${at} of ${body.length}, ${around}`);
    }
  };
  for (const lng of LANGUAGES) {
    for (const country of COUNTRIES) {
      const label = `${lng}/${country === "CH" ? "CHF" : "EUR"}`;
      const jobs: Array<[Visitor, string]> = [];
      for (const visitor of Object.keys(visitors) as Visitor[]) {
        // The header's language and country forms post here; the visitor's cookies keep the choice.
        const chosen = await visitors[visitor].post("/preferences", { form: { lng, country, redirectTo: "/" }, headers: origin, maxRedirects: 0 });
        expect(chosen.status(), `${visitor} chooses ${label}`).toBe(302);
        for (const url of routeUrls) if (visitor !== "admin" || ADMIN_ONLY.test(url)) jobs.push([visitor, url]);
      }
      for (const url of catalogue) jobs.push(["anonymous", url]);
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let job = jobs.shift(); job; job = jobs.shift()) await scan(job[0], label, job[1]);
        }),
      );
      // The choice took: the home page is in the chosen language and currency.
      const home = await (await visitors.anonymous.get("/")).text();
      expect(home, `/ in ${label}`).toContain(`lang="${lng}"`);
      expect(home, `/ in ${label}`).toContain(country === "CH" ? "CHF" : "€");
    }
  }
  expect(scanned, "answers scanned").toBeGreaterThan(2_000);
  expect(found, `answers with a NUL byte (${found.length} of ${scanned})`).toEqual([]);
});
