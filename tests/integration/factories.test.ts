import { randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { parseWithZod } from "@conform-to/zod";
import { checkoutForm, checkoutInput, createAccount, createCartItem, createOrder, createProduct, defaultAddress, sessionCookie } from "../factories";
import { getAuthState } from "~/auth/user.server";
import { checkoutSchema } from "~/models/checkout.schema";

/** The test data factories write what they say, with their defaults and overrides. */
describe.each(testDbKinds)("test data factories on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  it("makes a product with defaults, or with the values given", async () => {
    const plain = await createProduct(test);
    const [row] = await test.db.query("select name, category, price::text, price_eur::text, price_chf::text, stock, in_stock from public.products where id = $1", [plain]);
    expect(row).toEqual({ name: "Test product", category: "office-gifts", price: "10.00", price_eur: "10.00", price_chf: "11.00", stock: 10, in_stock: true });
    const id = randomUUID();
    expect(await createProduct(test, { id, name: "Lamp", priceEur: "12.90", salePriceEur: "9.90", tags: ["light"], stock: 0, inStock: false, createdAt: { daysAgo: 3 } })).toBe(id);
    const [lamp] = await test.db.query<Record<string, unknown>>(
      "select price_eur::text, sale_price_eur::text, tags, stock, in_stock, created_at < now() - interval '2 days' as old from public.products where id = $1",
      [id],
    );
    expect(lamp).toEqual({ price_eur: "12.90", sale_price_eur: "9.90", tags: ["light"], stock: 0, in_stock: false, old: true });
  });

  it("makes an account with its profile, confirmed or not, optionally admin and with a password", async () => {
    const account = await createAccount(test, { password: "secret-123", admin: true, firstName: "Kai" });
    const [user] = await test.db.query<{ encrypted_password: string; confirmed: boolean; first_name: string; email: string; admin: boolean }>(
      `select u.encrypted_password, u.email_confirmed_at is not null as confirmed, p.first_name, p.email,
              exists (select 1 from public.user_roles r where r.user_id = u.id) as admin
         from auth.users u join public.profiles p on p.user_id = u.id where u.id = $1`,
      [account.id],
    );
    expect(user).toMatchObject({ confirmed: true, first_name: "Kai", email: account.email, admin: true });
    expect(await bcrypt.compare("secret-123", user!.encrypted_password)).toBe(true);
    const [unconfirmed] = await test.db.query("select email_confirmed_at from auth.users where id = $1", [(await createAccount(test, { confirmed: false })).id]);
    expect(unconfirmed).toEqual({ email_confirmed_at: null });
  });

  it("makes a cart line and an order with lines, totals summed", async () => {
    const product = await createProduct(test);
    const sessionId = randomUUID();
    await createCartItem(test, { sessionId }, product, 3);
    expect(await test.db.query("select quantity, user_id from public.cart_items where session_id = $1", [sessionId])).toEqual([{ quantity: 3, user_id: null }]);
    const order = await createOrder(test, { currency: "CHF", createdAt: { minutesAgo: 5 }, lines: [{ productId: product, quantity: 2, unitPrice: "4.50" }, { name: "Gone" }] });
    const [row] = await test.db.query<Record<string, unknown>>(
      "select total_amount::text, currency, status, shipping_address, billing_address, created_at = updated_at as same from public.orders where id = $1",
      [order],
    );
    expect(row).toEqual({ total_amount: "19.00", currency: "CHF", status: "pending", shipping_address: defaultAddress, billing_address: defaultAddress, same: true });
    const lines = await test.db.query("select product_id, product_name, quantity, total_price::text, currency, vat_rate::text from public.order_items where order_id = $1 order by quantity desc", [order]);
    expect(lines).toEqual([
      { product_id: product, product_name: "Test product", quantity: 2, total_price: "9.00", currency: "CHF", vat_rate: "19.00" },
      { product_id: null, product_name: "Gone", quantity: 1, total_price: "10.00", currency: "CHF", vat_rate: "19.00" },
    ]);
  });

  it("signs an account in: the cookie carries its session", async () => {
    vi.stubEnv("SESSION_SECRET", "factories-test");
    try {
      const account = await createAccount(test);
      const cookie = await sessionCookie(account.id);
      expect(cookie).toMatch(/^__session=/);
      const state = await getAuthState(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));
      expect(state.user?.id).toBe(account.id);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("checkout factories", () => {
  it("give a checkout the schema accepts, as placeOrder takes it and as the form posts it, each with its own key", () => {
    const input = checkoutInput();
    expect(checkoutSchema.parse(input)).toEqual(input);
    expect(input.billingAddress).toEqual(defaultAddress);
    const form = new FormData();
    for (const [name, value] of Object.entries(checkoutForm({ idempotencyKey: input.idempotencyKey }))) form.set(name, value);
    const posted = parseWithZod(form, { schema: checkoutSchema });
    expect(posted.status === "success" ? posted.value : posted.error).toEqual(input);
    expect(checkoutInput().idempotencyKey).not.toBe(input.idempotencyKey);
    // Billing follows a shipping address given.
    const swiss = { street: "Bahnhofstrasse 1", city: "Zürich", postalCode: "8001", country: "CH" as const };
    expect(checkoutInput({ shippingAddress: swiss }).billingAddress).toEqual(swiss);
  });
});
