import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../setup/test-db";
import { checkoutInput, createOrder, createProduct } from "../factories";
import { addToCart, countCartItems, setCartQuantity } from "~/models/cart.server";
import { EmptyCartError, OutOfStockError, placeOrder } from "~/models/order.server";
import { changeOrderStatus } from "~/models/order-admin.server";

/*
 * Checkouts racing on the real Postgres (row locks, deadlock detection): PGlite runs one statement
 * at a time and cannot deadlock, so these run only with TEST_DATABASE_URL.
 */

const SHOPPERS = 20;

async function stockOf(test: TestDatabase, id: string) {
  const [row] = await test.db.query<{ stock: number }>("select stock from public.products where id = $1", [id]);
  return row!.stock;
}

/** Half the shoppers put A then B into their carts, the other half B then A; all check out at once. */
async function crossedCheckouts(a: string, b: string) {
  const owners = Array.from({ length: SHOPPERS }, () => ({ sessionId: randomUUID() }));
  for (const [index, owner] of owners.entries()) {
    const [first, second] = index % 2 === 0 ? [a, b] : [b, a];
    await addToCart(owner, first, 1);
    await addToCart(owner, second, 1);
  }
  const results = await Promise.allSettled(
    owners.map((owner) => placeOrder({ owner, userId: null, sessionId: owner.sessionId, input: checkoutInput(), currency: "EUR", locale: "en" })),
  );
  const placed = results.filter((r) => r.status === "fulfilled").length;
  const refused = results.flatMap((r) => (r.status === "rejected" && r.reason instanceof OutOfStockError ? [r.reason] : []));
  const failed = results.flatMap((r) => (r.status === "rejected" && !(r.reason instanceof OutOfStockError) ? [r.reason as unknown] : []));
  return { owners, placed, refused, failed };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("checkouts racing on postgres", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase("postgres", { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  it(`${SHOPPERS} concurrent checkouts with crossed carts and plenty of stock: every order placed, no error, stock exact`, async () => {
    const a = await createProduct(test, { name: "Crossed lamp", nameAr: "Crossed lamp", stock: 100 });
    const b = await createProduct(test, { name: "Crossed chair", nameAr: "Crossed chair", stock: 100 });
    const { placed, refused, failed } = await crossedCheckouts(a, b);
    expect(failed).toEqual([]);
    expect(refused).toEqual([]);
    expect(placed).toBe(SHOPPERS);
    expect(await stockOf(test, a)).toBe(100 - SHOPPERS);
    expect(await stockOf(test, b)).toBe(100 - SHOPPERS);
  });

  it("one cart checked out from two tabs at the same moment (two forms) is ordered once; the other finds it empty", async () => {
    const a = await createProduct(test, { name: "Twice lamp", nameAr: "Twice lamp", stock: 100 });
    const b = await createProduct(test, { name: "Twice chair", nameAr: "Twice chair", stock: 100 });
    const owners = Array.from({ length: 10 }, () => ({ sessionId: randomUUID() }));
    for (const owner of owners) {
      await addToCart(owner, a, 1);
      await addToCart(owner, b, 2);
    }
    const results = await Promise.allSettled(
      owners.flatMap((owner) =>
        [0, 1].map(() => placeOrder({ owner, userId: null, sessionId: owner.sessionId, input: checkoutInput(), currency: "EUR", locale: "en" })),
      ),
    );
    const failed = results.flatMap((r) => (r.status === "rejected" && !(r.reason instanceof EmptyCartError) ? [r.reason as unknown] : []));
    expect(failed).toEqual([]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(owners.length);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(owners.length);
    expect(await stockOf(test, a)).toBe(100 - owners.length);
    expect(await stockOf(test, b)).toBe(100 - 2 * owners.length);
  });

  it("checkouts racing changes to their own carts (another tab) never deadlock with them", async () => {
    // A cart change locks the product, then the cart line; the checkout takes the stock, then the
    // cart lines. The other way round, the two waited on each other and Postgres aborted one after
    // its deadlock timeout (a second each: a checkout took several).
    const a = await createProduct(test, { name: "Tab lamp", nameAr: "Tab lamp", stock: 1000 });
    const b = await createProduct(test, { name: "Tab chair", nameAr: "Tab chair", stock: 1000 });
    const deadlocks = async () =>
      (await test.db.query<{ n: number }>("select deadlocks::int as n from pg_stat_database where datname = current_database()"))[0]!.n;
    const before = await deadlocks();
    for (let round = 0; round < 10; round++) {
      const owner = { sessionId: randomUUID() };
      await addToCart(owner, a, 1);
      await addToCart(owner, b, 1);
      const changes = Array.from({ length: 6 }, (_, i) => setCartQuantity(owner, i % 2 ? a : b, 1 + (i % 3)).catch((e: unknown) => e));
      const placed = await placeOrder({ owner, userId: null, sessionId: owner.sessionId, input: checkoutInput(), currency: "EUR", locale: "en" }).catch((e: unknown) => e);
      for (const change of await Promise.all(changes)) expect(change).not.toBeInstanceOf(Error);
      expect(placed).not.toBeInstanceOf(Error);
    }
    expect(await deadlocks()).toBe(before);
  });

  it("stock for fewer orders than shoppers: the others are refused naming the product, nothing else fails, stock exact", async () => {
    const a = await createProduct(test, { name: "Scarce lamp", nameAr: "Scarce lamp", stock: 6 });
    const b = await createProduct(test, { name: "Scarce chair", nameAr: "Scarce chair", stock: 9 });
    const { owners, placed, refused, failed } = await crossedCheckouts(a, b);
    expect(failed).toEqual([]);
    expect(placed).toBe(6);
    expect(refused).toHaveLength(SHOPPERS - 6);
    for (const error of refused) {
      expect([a, b]).toContain(error.productId);
      expect(error.productName).toBe(error.productId === a ? "Scarce lamp" : "Scarce chair");
    }
    expect(await stockOf(test, a)).toBe(0);
    expect(await stockOf(test, b)).toBe(9 - 6);
    const [items] = await test.db.query<{ a: number; b: number }>(
      `select coalesce(sum(quantity) filter (where product_id = $1), 0)::int as a,
              coalesce(sum(quantity) filter (where product_id = $2), 0)::int as b from public.order_items`,
      [a, b],
    );
    expect(items).toEqual({ a: 6, b: 6 });
    // The refused shoppers keep their carts.
    const left = await Promise.all(owners.map((owner) => countCartItems(owner)));
    expect(left.filter((n) => n === 2)).toHaveLength(SHOPPERS - 6);
  });

  it("cancelling an order locks its products in id order, as a checkout does", async () => {
    // Written in the opposite of id order, so a scan in storage order would meet the higher id first.
    const [high, low] = ["ffffffff-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000001"];
    for (const id of [high, low]) await createProduct(test, { id, name: id, nameAr: id, stock: 5 });
    const order = await createOrder(test, {
      total: 20,
      shippingAddress: {},
      billingAddress: {},
      lines: [high, low].map((id) => ({ productId: id, name: "x", quantity: 1, unitPrice: 10 })),
    });
    // A checkout holding the higher id: the cancellation must already hold the lower one while it waits.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const checkout = test.db.transaction(async (tx) => {
      await tx.query("select id from public.products where id = $1 for no key update", [high]);
      locked();
      await held;
    });
    await holding;
    const cancel = changeOrderStatus(order, "cancelled");
    try {
      for (let waited = 0; ; waited += 1) {
        const [row] = await test.db.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like '%public.products%'`,
        );
        if (row!.waiting > 0) break;
        if (waited > 400) throw new Error("the cancellation never waited for the held product");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const probe = await test.db
        .transaction((tx) => tx.query("select id from public.products where id = $1 for update nowait", [low]))
        .then(() => "free", (error: { code?: string }) => error.code);
      expect(probe).toBe("55P03"); // lock_not_available: the cancellation holds it
    } finally {
      release();
      await checkout;
    }
    expect(await cancel).toMatchObject({ ok: true });
    expect(await stockOf(test, low)).toBe(6);
    expect(await stockOf(test, high)).toBe(6);
  });
});
