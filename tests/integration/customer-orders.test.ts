import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createOrder, type OrderOverrides } from "../factories";
import { getCustomerOrder, listCustomerOrders } from "~/models/customer-orders.server";
import { changeOrderStatus } from "~/models/order-admin.server";
import { action as loginAction } from "~/routes/login";
import { loader as ordersLoader } from "~/routes/profile.orders._index";
import { loader as orderLoader } from "~/routes/profile.orders.$orderId";

const address = { street: "Hauptstraße 1", city: "Berlin", postalCode: "10115", country: "DE" };

/** An order of `userId` placed `minutesAgo` minutes ago, with one line (2 staplers at 5.00). */
const customerOrder = (userId: string, minutesAgo: number, total = "19.99"): OrderOverrides => ({
  userId,
  total,
  shippingAddress: address,
  createdAt: { minutesAgo },
  lines: [{ name: "Stapler", quantity: 2, unitPrice: "5.00" }],
});

describe.each(testDbKinds)("a customer's orders on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  it("lists only the customer's own orders, newest first, a page at a time", async () => {
    const me = randomUUID();
    const other = randomUUID();
    const mine = [];
    for (let i = 0; i < 12; i++) mine.push(await createOrder(test, customerOrder(me, 100 - i)));
    await createOrder(test, customerOrder(other, 1));
    const first = await listCustomerOrders(me, 1, 5);
    expect(first).toMatchObject({ total: 12, page: 1, pageCount: 3 });
    expect(first.orders.map((o) => o.id)).toEqual(mine.slice().reverse().slice(0, 5));
    expect(first.orders[0]).toMatchObject({ total: 1999, currency: "EUR", status: "pending", itemCount: 2 });
    const last = await listCustomerOrders(me, 3, 5);
    expect(last.orders.map((o) => o.id)).toEqual(mine.slice(0, 2).reverse());
    // A page past the end shows the last one.
    expect((await listCustomerOrders(me, 99, 5)).page).toBe(3);
    expect(await listCustomerOrders(randomUUID(), 1, 5)).toMatchObject({ orders: [], total: 0, pageCount: 1 });
  });

  it("shows an own order with lines and addresses; someone else's, unknown or malformed is null", async () => {
    const me = randomUUID();
    const id = await createOrder(test, customerOrder(me, 5, "10.00"));
    const order = await getCustomerOrder(me, id);
    expect(order).toMatchObject({
      id,
      total: 1000,
      paymentMethod: "bank_transfer",
      shippingAddress: address,
      billingAddress: address,
      items: [{ productName: "Stapler", quantity: 2, unitPrice: 500, totalPrice: 1000 }],
    });
    expect(order).not.toHaveProperty("userId");
    expect(order!.updatedAt).toBe(order!.createdAt);
    expect(await changeOrderStatus(id, "confirmed")).toMatchObject({ ok: true });
    const changed = await getCustomerOrder(me, id);
    expect(changed!.status).toBe("confirmed");
    expect(changed!.updatedAt > changed!.createdAt).toBe(true);
    expect(await getCustomerOrder(randomUUID(), id)).toBeNull();
    expect(await getCustomerOrder(me, randomUUID())).toBeNull();
    expect(await getCustomerOrder(me, "not-a-uuid")).toBeNull();
  });
});

describe("the account's order routes", () => {
  const ORIGIN = "http://localhost:3000";
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase("pglite");
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });
  beforeEach(() => {
    vi.stubEnv("SESSION_SECRET", "customer-orders-test");
    vi.stubEnv("AUTH_PROVIDER", "local");
    vi.stubEnv("SITE_URL", ORIGIN);
  });

  async function signedIn(): Promise<string> {
    const response = (await loginAction({
      request: new Request(`${ORIGIN}/login`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.9.0.1" },
        body: new URLSearchParams({ email: "kunde@example.com", password: "kunde12345" }),
      }),
      params: {},
      context: {},
    })) as Response;
    expect(response.status).toBe(302);
    return response.headers.get("Set-Cookie")!.split(";")[0]!;
  }

  async function answer(fn: () => Promise<unknown>): Promise<unknown> {
    try {
      return await fn();
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  it("a visitor is sent to /login; a customer sees their order and gets 404 for another's", async () => {
    const [kunde] = await test.db.query<{ user_id: string }>("select user_id from public.profiles where email = 'kunde@example.com'");
    const own = await createOrder(test, customerOrder(kunde!.user_id, 3));
    const foreign = await createOrder(test, customerOrder(randomUUID(), 2));

    const visitor = (await answer(() =>
      ordersLoader({ request: new Request(`${ORIGIN}/profile/orders`), params: {}, context: {} }),
    )) as Response;
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile%2Forders");

    const cookie = await signedIn();
    const request = (path: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
    const list = (await ordersLoader({ request: request("/profile/orders"), params: {}, context: {} })) as Awaited<ReturnType<typeof ordersLoader>>;
    expect(list.orders.map((o) => o.id)).toEqual([own]);

    const detail = (await orderLoader({ request: request(`/profile/orders/${own}`), params: { orderId: own }, context: {} })) as Awaited<
      ReturnType<typeof orderLoader>
    >;
    expect(detail.order.id).toBe(own);

    const refused = (await answer(() =>
      orderLoader({ request: request(`/profile/orders/${foreign}`), params: { orderId: foreign }, context: {} }),
    )) as Response;
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe("Bestellung nicht gefunden");
  });
});
