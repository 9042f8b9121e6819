import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { checkoutForm, checkoutInput, createProduct, defaultAddress, orderNumberOf, type ProductOverrides } from "../factories";
import { addToCart, countCartItems, type CartOwner } from "~/models/cart.server";
import {
  checkoutSchema,
  EmptyCartError,
  ForeignOrderKeyError,
  getOrderForViewer,
  OutOfStockError,
  placeOrder,
} from "~/models/order.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { getProduct, isAvailable } from "~/models/product.server";
import { changeOrderStatus } from "~/models/order-admin.server";

/** A product at EUR 19.99 / CHF 21.50, in stock while it has stock; its Arabic name is the name + " AR". */
const orderProduct = (stock: number, name = "Order test product"): ProductOverrides => ({ name, nameAr: `${name} AR`, priceEur: "19.99", priceChf: "21.50", stock, inStock: stock > 0 });

function visitorOrder(owner: { sessionId: string }, key?: string, currency: "EUR" | "CHF" = "EUR") {
  return placeOrder({ owner, userId: null, sessionId: owner.sessionId, input: checkoutInput(key === undefined ? {} : { idempotencyKey: key }), currency, locale: "de" });
}

async function stockOf(test: TestDatabase, id: string) {
  const [row] = await test.db.query<{ stock: number; in_stock: boolean }>("select stock, in_stock from public.products where id = $1", [id]);
  return row!;
}

async function countOrders(test: TestDatabase, productId?: string) {
  const [row] = productId
    ? await test.db.query<{ count: number }>(
        "select count(distinct order_id)::int as count from public.order_items where product_id = $1",
        [productId],
      )
    : await test.db.query<{ count: number }>("select count(*)::int as count from public.orders");
  return row!.count;
}

describe.each(testDbKinds)("orders on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  it("places an order in one go: pending row, items priced from the database, stock taken, cart cleared", async () => {
    const owner = { sessionId: randomUUID() };
    const a = await createProduct(test, orderProduct(10));
    const b = await createProduct(test, orderProduct(2));
    await addToCart(owner, a, 3);
    await addToCart(owner, b, 2);
    const { orderId, created } = await visitorOrder(owner, undefined, "CHF");
    expect(created).toBe(true);
    const [order] = await test.db.query<Record<string, unknown>>("select * from public.orders where id = $1", [orderId]);
    expect(order).toMatchObject({
      status: "pending",
      customer_name: "Erika Muster",
      currency: "CHF",
      payment_method: "bank_transfer",
      user_id: null,
      session_id: owner.sessionId,
      locale: "de",
    });
    expect(String(order!.total_amount)).toBe("107.50");
    expect(order!.billing_address).toEqual(defaultAddress);
    const items = await test.db.query<{ product_id: string; quantity: number; unit_price: string; total_price: string; currency: string }>(
      "select product_id, quantity, unit_price::text, total_price::text, currency from public.order_items where order_id = $1 order by quantity desc",
      [orderId],
    );
    expect(items).toEqual([
      { product_id: a, quantity: 3, unit_price: "21.50", total_price: "64.50", currency: "CHF" },
      { product_id: b, quantity: 2, unit_price: "21.50", total_price: "43.00", currency: "CHF" },
    ]);
    expect(await stockOf(test, a)).toEqual({ stock: 7, in_stock: true });
    expect(await stockOf(test, b)).toEqual({ stock: 0, in_stock: true });
    expect(isAvailable((await getProduct(b))!)).toBe(false);
    expect(await countCartItems(owner)).toBe(0);
  });

  it("20 concurrent checkouts for a product with stock 5 give exactly 5 orders and stock 0", async () => {
    const id = await createProduct(test, orderProduct(5, "Scarce lamp"));
    const owners = Array.from({ length: 20 }, () => ({ sessionId: randomUUID() }));
    for (const owner of owners) await addToCart(owner, id, 1);
    const results = await Promise.allSettled(owners.map((owner) => visitorOrder(owner)));
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.reason).toBeInstanceOf(OutOfStockError);
    expect(await stockOf(test, id)).toEqual({ stock: 0, in_stock: true });
    expect(await countOrders(test, id)).toBe(5);
    const [orphans] = await test.db.query<{ count: number }>(
      "select count(*)::int as count from public.orders o where not exists (select 1 from public.order_items i where i.order_id = o.id)",
    );
    expect(orphans!.count).toBe(0);
    const [negative] = await test.db.query<{ count: number }>("select count(*)::int as count from public.products where stock < 0");
    expect(negative!.count).toBe(0);
    // The refused shoppers keep their carts.
    const left = await Promise.all(owners.map((owner) => countCartItems(owner)));
    expect(left.filter((n) => n === 1)).toHaveLength(15);
  });

  it("a product sold out by an order is buyable again when that order is cancelled", async () => {
    const owner = { sessionId: randomUUID() };
    const id = await createProduct(test, orderProduct(2, "Last two chairs"));
    await addToCart(owner, id, 2);
    const { orderId } = await visitorOrder(owner);
    expect(isAvailable((await getProduct(id))!)).toBe(false);
    expect(await changeOrderStatus(orderId, "cancelled")).toMatchObject({ ok: true });
    expect(await stockOf(test, id)).toEqual({ stock: 2, in_stock: true });
    expect(isAvailable((await getProduct(id))!)).toBe(true);
  });

  it("writes nothing when a line asks for more than is in stock, and names the product", async () => {
    const owner = { sessionId: randomUUID() };
    const fine = await createProduct(test, orderProduct(10, "Plenty pens"));
    const scarce = await createProduct(test, orderProduct(3, "Rare desk"));
    await addToCart(owner, fine, 2);
    await addToCart(owner, scarce, 3);
    await test.db.query("update public.products set stock = 1 where id = $1", [scarce]);
    const before = await countOrders(test);
    const error = await visitorOrder(owner).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutOfStockError);
    expect((error as OutOfStockError).productName).toBe("Rare desk");
    expect((error as OutOfStockError).available).toBe(1);
    expect(await countOrders(test)).toBe(before);
    expect((await stockOf(test, fine)).stock).toBe(10);
    expect((await stockOf(test, scarce)).stock).toBe(1);
    expect(await countCartItems(owner)).toBe(5);
  });

  it("a failure between the order row and its items leaves nothing behind", async () => {
    const owner = { sessionId: randomUUID() };
    const id = await createProduct(test, orderProduct(4));
    await addToCart(owner, id, 2);
    const before = await countOrders(test);
    // Every new order item now fails, after the order row was written and the stock taken.
    await test.db.exec("alter table public.order_items add constraint fail_items check (quantity < 0) not valid");
    try {
      await expect(visitorOrder(owner)).rejects.toThrow();
    } finally {
      await test.db.exec("alter table public.order_items drop constraint fail_items");
    }
    expect(await countOrders(test)).toBe(before);
    expect(await stockOf(test, id)).toEqual({ stock: 4, in_stock: true });
    expect(await countCartItems(owner)).toBe(2);
  });

  it("the same idempotency key gives one order, sequentially and at the same time", async () => {
    const id = await createProduct(test, orderProduct(10));
    const owner = { sessionId: randomUUID() };
    await addToCart(owner, id, 1);
    const key = randomUUID();
    const first = await visitorOrder(owner, key);
    const again = await visitorOrder(owner, key);
    expect(again).toEqual({ orderId: first.orderId, created: false });

    const racer = { sessionId: randomUUID() };
    await addToCart(racer, id, 2);
    const raceKey = randomUUID();
    const [x, y] = await Promise.all([visitorOrder(racer, raceKey), visitorOrder(racer, raceKey)]);
    expect(x.orderId).toBe(y.orderId);
    expect([x.created, y.created].sort()).toEqual([false, true]);
    const [row] = await test.db.query<{ count: number }>("select count(*)::int as count from public.orders where idempotency_key = $1", [raceKey]);
    expect(row!.count).toBe(1);
    expect((await stockOf(test, id)).stock).toBe(10 - 1 - 2);

    // Someone else replaying that key gets no order of theirs and no access to the other one.
    const stranger = { sessionId: randomUUID() };
    await addToCart(stranger, id, 1);
    await expect(visitorOrder(stranger, raceKey)).rejects.toBeInstanceOf(ForeignOrderKeyError);
    expect(await countCartItems(stranger)).toBe(1);
  });

  it("refuses an empty cart", async () => {
    await expect(visitorOrder({ sessionId: randomUUID() })).rejects.toBeInstanceOf(EmptyCartError);
  });

  it("shows an order only to its user, its browser session or an admin", async () => {
    const id = await createProduct(test, orderProduct(10));
    const userId = randomUUID();
    const session = randomUUID();
    const owner: CartOwner = { userId };
    await addToCart(owner, id, 1);
    const { orderId } = await placeOrder({ owner, userId, sessionId: session, input: checkoutInput(), currency: "EUR", locale: "ar" });
    const nobody = { userId: null, sessionId: null, isAdmin: false };
    const view = await getOrderForViewer(orderId, { ...nobody, userId });
    expect(view).toMatchObject({ number: await orderNumberOf(test, orderId), total: 1999, currency: "EUR", email: "erika@example.com" });
    expect(view!.items).toEqual([{ productId: id, name: "Order test product AR", quantity: 1, unitPrice: 1999, total: 1999, vatRate: 1900 }]);
    expect(await getOrderForViewer(orderId, { ...nobody, sessionId: session })).not.toBeNull();
    expect(await getOrderForViewer(orderId, { ...nobody, isAdmin: true })).not.toBeNull();
    expect(await getOrderForViewer(orderId, nobody)).toBeNull();
    expect(await getOrderForViewer(orderId, { ...nobody, userId: randomUUID(), sessionId: randomUUID() })).toBeNull();
    expect(await getOrderForViewer("not-an-id", { ...nobody, isAdmin: true })).toBeNull();
    expect(await getOrderForViewer(randomUUID(), { ...nobody, isAdmin: true })).toBeNull();
  });
});

describe("checkout schema", () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(entries)) data.set(k, v);
    return data;
  };
  const valid = checkoutForm({ phone: "030 1234 5678", paymentMethod: "cash_on_delivery" });

  it("gives the spec's Arabic message at every field of an empty form", () => {
    const submission = parseWithZod(form({ idempotencyKey: randomUUID() }), { schema: checkoutSchema });
    expect(submission.status).toBe("error");
    const t = getTranslator("ar");
    const error = submission.status === "error" ? submission.error ?? {} : {};
    const messages = Object.fromEntries(Object.entries(error).map(([k, v]) => [k, t(v![0]!)]));
    expect(messages).toMatchObject({
      firstName: "الاسم الأول مطلوب",
      lastName: "الاسم الأخير مطلوب",
      email: "يرجى إدخال بريدك الإلكتروني.",
      phone: "رقم الهاتف مطلوب",
      "shippingAddress.street": "العنوان مطلوب",
      "shippingAddress.city": "المدينة مطلوبة",
      "shippingAddress.postalCode": "الرمز البريدي مطلوب",
      "shippingAddress.country": "البلد مطلوب",
      "billingAddress.street": "العنوان مطلوب",
      paymentMethod: "طريقة الدفع مطلوبة",
    });
  });

  it("says what is wrong: a missing field is required, a given one too short or malformed is invalid", () => {
    const t = getTranslator("de");
    const messages = (fields: Record<string, string>) => {
      const submission = parseWithZod(form({ ...valid, ...fields }), { schema: checkoutSchema });
      const error = submission.status === "error" ? submission.error ?? {} : {};
      return Object.fromEntries(Object.entries(error).map(([k, v]) => [k, (v ?? []).map((m) => t(m))]));
    };
    expect(messages({ phone: "123", firstName: "E", email: "erika@", "shippingAddress.postalCode": "101" })).toEqual({
      phone: ["Diese Telefonnummer ist ungültig: mindestens 10 Zeichen, nur Ziffern, Leerzeichen und + ( ) / . -"],
      firstName: ["Der Vorname muss mindestens 2 Zeichen haben."],
      email: ["Die E-Mail-Adresse ist ungültig"],
      "shippingAddress.postalCode": ["Die Postleitzahl muss mindestens 4 Zeichen haben."],
    });
    // Blank after trimming is missing, with that one message.
    expect(messages({ phone: "   ", firstName: " ", email: "", "shippingAddress.postalCode": "" })).toEqual({
      phone: ["Telefonnummer ist erforderlich"],
      firstName: ["Vorname ist erforderlich"],
      email: ["Bitte geben Sie Ihre E-Mail-Adresse ein."],
      "shippingAddress.postalCode": ["Postleitzahl ist erforderlich"],
    });
  });

  it("copies shipping to billing while the box is ticked, and validates billing when it is not", () => {
    const same = parseWithZod(form({ ...valid, "billingAddress.street": "x" }), { schema: checkoutSchema });
    expect(same.status).toBe("success");
    if (same.status === "success") expect(same.value.billingAddress).toEqual(same.value.shippingAddress);

    const { useSameAddress: _ignored, ...unticked } = valid;
    const missing = parseWithZod(form(unticked), { schema: checkoutSchema });
    expect(missing.status).toBe("error");
    const separate = parseWithZod(
      form({ ...unticked, "billingAddress.street": "Bahnhofstrasse 5", "billingAddress.city": "Zürich", "billingAddress.postalCode": "8001", "billingAddress.country": "CH" }),
      { schema: checkoutSchema },
    );
    expect(separate.status).toBe("success");
    if (separate.status === "success") expect(separate.value.billingAddress.country).toBe("CH");
  });

  it("rejects countries other than DE, CH and AT, unknown payment methods, huge values and a missing key", () => {
    const bad = parseWithZod(
      form({ ...valid, "shippingAddress.country": "US", paymentMethod: "paypal", firstName: "x".repeat(5000), idempotencyKey: "1" }),
      { schema: checkoutSchema },
    );
    expect(bad.status).toBe("error");
    const error = bad.status === "error" ? bad.error ?? {} : {};
    expect(error["shippingAddress.country"]).toEqual(["checkout.errors.country"]);
    expect(error.paymentMethod).toEqual(["checkout.errors.paymentMethod"]);
    expect(error.firstName).toEqual(["checkout.errors.tooLong"]);
    expect(error.idempotencyKey).toEqual(["checkout.errors.expired"]);
    expect(parseWithZod(form({ ...valid, "shippingAddress.country": "AT" }), { schema: checkoutSchema }).status).toBe("success");
  });
});
