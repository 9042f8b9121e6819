import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { checkoutForm, createAccount, createProduct, sessionCookie } from "../factories";

process.env.SESSION_SECRET ??= "integration-test-secret";
process.env.SITE_URL = "http://localhost:3000";

const { action: checkoutAction } = await import("~/routes/checkout");
const { addToCart } = await import("~/models/cart.server");
const { CLIENT_ADDRESS_HEADER } = await import("~/utils/client-address.server");

/*
 * Issue 24.2: guest checkout is limited per client address and per e-mail address (counted before
 * the order, atomically), with a message in the shopper's language; the order e-mail repeats the
 * order's own fields only, shortened where they are long.
 */
const ORIGIN = "http://localhost:3000";
const LONG = "Bitte sofort anrufen unter 0900 123456 und Kontodaten bestätigen ".repeat(3).trim();

const form = (email: string, overrides: Record<string, string> = {}) => checkoutForm({ email, paymentMethod: "cash_on_delivery", ...overrides });

function checkout(fields: Record<string, string>, options: { sessionId?: string; cookie?: string; client: string; language?: string }) {
  const cookies = [options.sessionId ? `cart-session-id=${options.sessionId}` : "", options.cookie ?? ""].filter(Boolean).join("; ");
  return new Request(`${ORIGIN}/checkout`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      "Accept-Language": options.language ?? "de",
      [CLIENT_ADDRESS_HEADER]: options.client,
      ...(cookies ? { Cookie: cookies } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

type Reply = { data: { result: { error?: Record<string, string[]> } }; init: ResponseInit | null };
async function run(request: Request): Promise<Response | Reply> {
  try {
    return (await checkoutAction({ request, params: {}, context: {} })) as never;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const statusOf = (result: Response | Reply) => (result instanceof Response ? result.status : (result.init?.status ?? 200));
const formErrors = (result: Response | Reply) => (result instanceof Response ? [] : (result.data.result.error?.[""] ?? []));
const retryAfter = (result: Response | Reply) => new Headers(result instanceof Response ? result.headers : (result.init?.headers ?? {})).get("Retry-After");

describe.each(testDbKinds)("checkout limits on %s", (kind) => {
  let test: TestDatabase;
  let product: string;
  const stock = async () => (await test.db.query<{ stock: number }>("select stock from public.products where id = $1", [product]))[0]!.stock;
  const count = async (sql: string, params: unknown[]) => (await test.db.query<{ n: number }>(sql, params))[0]!.n;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
    product = await createProduct(test, { name: "Limit lamp", nameAr: "Limit lamp", stock: 100000 });
  });
  afterAll(async () => {
    await test?.close();
  });
  beforeEach(() => {
    vi.stubEnv("SESSION_SECRET", "checkout-limits-test");
    vi.stubEnv("SITE_URL", ORIGIN);
    vi.stubEnv("CHECKOUT_ORDERS_PER_ADDRESS", "");
    vi.stubEnv("CHECKOUT_ORDERS_PER_EMAIL", "");
    return () => vi.unstubAllEnvs();
  });

  /** A guest's cart with three pieces, then its checkout. */
  async function guestCheckout(fields: Record<string, string>, client: string, language = "de") {
    const sessionId = randomUUID();
    await addToCart({ sessionId }, product, 3);
    return run(checkout(fields, { sessionId, client, language }));
  }

  it("30 guest checkouts to a stranger's address from one client place 5 orders and queue 5 e-mails; the rest get 429 in German", async () => {
    const victim = `victim-${kind}@example.org`;
    const stockBefore = await stock();
    const results = [];
    for (let i = 0; i < 30; i++) results.push(await guestCheckout(form(victim, { lastName: LONG.slice(0, 100) }), "203.0.113.50"));
    expect(results.map(statusOf).filter((status) => status === 303)).toHaveLength(5);
    const refused = results.filter((result) => statusOf(result) === 429);
    expect(refused).toHaveLength(25);
    expect(formErrors(refused[0]!)[0]).toMatch(/^Von hier wurden in kurzer Zeit zu viele Bestellungen aufgegeben\. Es wurde nichts bestellt – bitte versuchen Sie es in \d+ Minuten noch einmal/);
    expect(Number(retryAfter(refused[0]!))).toBeGreaterThan(0);
    expect(await stock()).toBe(stockBefore - 5 * 3);
    expect(await count("select count(*)::int as n from public.orders where customer_email = $1", [victim])).toBe(5);
    expect(await count("select count(*)::int as n from public.email_outbox where to_address = $1", [victim])).toBe(5);
  });

  it("30 guest checkouts from one client with 30 addresses place 20 orders; another client is not held up", async () => {
    const results = [];
    for (let i = 0; i < 30; i++) results.push(await guestCheckout(form(`hoarder-${kind}-${i}@example.org`), "203.0.113.60", "en"));
    expect(results.map(statusOf).filter((status) => status === 303)).toHaveLength(20);
    expect(formErrors(results[29]!)[0]).toMatch(/^Too many orders have been placed from here in a short time\. Nothing was ordered/);
    expect(statusOf(await guestCheckout(form(`neighbour-${kind}@example.org`), "203.0.113.61"))).toBe(303);
  });

  it("a checkout that places nothing does not count", async () => {
    const email = `unlucky-${kind}@example.org`;
    for (let i = 0; i < 8; i++) {
      const result = await guestCheckout(form(email, { phone: "12" }), "203.0.113.70");
      expect(statusOf(result)).toBe(400);
    }
    // Sold out between cart and checkout: refused after counting, and taken back.
    for (let i = 0; i < 6; i++) {
      const sessionId = randomUUID();
      await addToCart({ sessionId }, product, 3);
      await test.db.query("update public.products set stock = 2 where id = $1", [product]);
      try {
        expect(statusOf(await run(checkout(form(email), { sessionId, client: "203.0.113.70" })))).toBe(409);
      } finally {
        await test.db.query("update public.products set stock = 100000 where id = $1", [product]);
      }
    }
    expect(statusOf(await guestCheckout(form(email), "203.0.113.70"))).toBe(303);
  });

  it("a signed-in customer with a confirmed address is not counted; one with an unconfirmed address is", async () => {
    for (const [confirmed, placed] of [[true, 7], [false, 5]] as const) {
      const email = `${confirmed ? "confirmed" : "unconfirmed"}-${kind}@example.org`;
      const { id } = await createAccount(test, { email, confirmed, firstName: "Kai", lastName: "Kunde", country: "DE" });
      const user = { id, cookie: await sessionCookie(id) };
      const statuses = [];
      for (let i = 0; i < 7; i++) {
        await addToCart({ userId: user.id }, product, 1);
        statuses.push(statusOf(await run(checkout(form(email), { cookie: user.cookie, client: "203.0.113.80" }))));
      }
      expect(statuses.filter((status) => status === 303)).toHaveLength(placed);
    }
  });

  it("the order e-mail repeats the order's fields on one line each, long ones shortened", async () => {
    const email = `long-${kind}@example.org`;
    const fields = form(email, { firstName: LONG.slice(0, 100), lastName: LONG.slice(0, 100), "shippingAddress.street": LONG.slice(0, 200) });
    expect(statusOf(await guestCheckout(fields, "203.0.113.90"))).toBe(303);
    const [mail] = await test.db.query<{ text_body: string; html_body: string }>("select text_body, html_body from public.email_outbox where to_address = $1", [email]);
    expect(mail!.text_body).toContain("Bitte sofort anrufen");
    expect(mail!.text_body).not.toContain(LONG.slice(0, 100));
    expect(mail!.html_body).not.toContain(LONG.slice(0, 100));
    const longestLine = Math.max(...mail!.text_body.split("\n").filter((line) => line.includes("Bitte sofort")).map((line) => [...line].length));
    expect(longestLine).toBeLessThanOrEqual(120);
  });
});
