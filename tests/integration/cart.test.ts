import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createProduct, type ProductOverrides } from "../factories";
import {
  addToCart,
  clearCart,
  countCartItems,
  getCart,
  mergeVisitorCart,
  removeFromCart,
  setCartQuantity,
  type CartOwner,
} from "~/models/cart.server";
import { readCartSessionId } from "~/auth/cart-session.server";
import { listFavoriteProducts, toggleFavorite } from "~/models/favorite.server";

/** The product of these tests: its German name and prices show in the carts below. */
const cartProduct = { nameDe: "Testprodukt DE", priceEur: "12.90", priceChf: "13.50" } satisfies ProductOverrides;

const visitor = (): CartOwner => ({ sessionId: randomUUID() });
const request = (cookie?: string) => new Request("http://shop.test/", { headers: cookie ? { Cookie: cookie } : {} });

describe.each(testDbKinds)("cart on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  it("adds a product, and adding it again raises the quantity", async () => {
    const owner = visitor();
    const id = await createProduct(test, { ...cartProduct, stock: 10 });
    expect(await addToCart(owner, id, 2)).toMatchObject({ ok: true, quantity: 2, previous: 0, limited: false });
    expect(await addToCart(owner, id, 3)).toMatchObject({ ok: true, quantity: 5, previous: 2 });
    expect(await countCartItems(owner)).toBe(5);
    const cart = await getCart(owner, "de", "EUR");
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ name: "Testprodukt DE", unitPrice: 1290, quantity: 5, lineTotal: 6450 });
    expect(cart.subtotal).toBe(6450);
    expect(cart.total).toBe(6450);
    expect((await getCart(owner, "en", "CHF")).subtotal).toBe(6750);
  });

  it("never holds more than the stock and refuses adds beyond it", async () => {
    const owner = visitor();
    const id = await createProduct(test, { ...cartProduct, stock: 3 });
    expect(await addToCart(owner, id, 5)).toMatchObject({ ok: true, quantity: 3, limited: true });
    expect(await addToCart(owner, id, 1)).toMatchObject({ ok: false, reason: "stock_limit" });
    expect(await setCartQuantity(owner, id, 50)).toMatchObject({ ok: true, quantity: 3, limited: true });
    expect(await countCartItems(owner)).toBe(3);
  });

  it("refuses sold-out, withdrawn, unknown and malformed products on the server", async () => {
    const owner = visitor();
    const soldOut = await createProduct(test, { ...cartProduct, stock: 0 });
    const withdrawn = await createProduct(test, { ...cartProduct, stock: 10, inStock: false });
    expect(await addToCart(owner, soldOut, 1)).toMatchObject({ ok: false, reason: "sold_out" });
    expect(await addToCart(owner, withdrawn, 1)).toMatchObject({ ok: false, reason: "sold_out" });
    expect(await addToCart(owner, randomUUID(), 1)).toMatchObject({ ok: false, reason: "not_found" });
    expect(await addToCart(owner, "'; drop table products; --", 1)).toMatchObject({ ok: false, reason: "not_found" });
    expect(await countCartItems(owner)).toBe(0);
  });

  it("removes a line when its quantity is set to 0 or less, and removes and clears on request", async () => {
    const owner = visitor();
    const a = await createProduct(test, { ...cartProduct, stock: 10 });
    const b = await createProduct(test, { ...cartProduct, stock: 10 });
    const c = await createProduct(test, { ...cartProduct, stock: 10 });
    await addToCart(owner, a, 2);
    await addToCart(owner, b, 2);
    await addToCart(owner, c, 2);
    expect(await setCartQuantity(owner, a, 0)).toMatchObject({ ok: true, quantity: 0, previous: 2 });
    expect(await setCartQuantity(owner, b, -1)).toMatchObject({ ok: true, quantity: 0 });
    expect(await countCartItems(owner)).toBe(2);
    expect(await removeFromCart(owner, a)).toMatchObject({ ok: false, reason: "not_in_cart" });
    expect(await setCartQuantity(owner, a, 4)).toMatchObject({ ok: false, reason: "not_in_cart" });
    expect(await removeFromCart(owner, c)).toMatchObject({ ok: true, previous: 2 });
    await addToCart(owner, a, 1);
    expect(await clearCart(owner)).toBe(1);
    expect(await countCartItems(owner)).toBe(0);
  });

  it("keeps carts apart: another session or a session id equal to a user id sees nothing", async () => {
    const userId = randomUUID();
    const id = await createProduct(test, { ...cartProduct, stock: 10 });
    await addToCart({ userId }, id, 4);
    const mine = visitor();
    await addToCart(mine, id, 1);
    expect(await countCartItems({ sessionId: userId })).toBe(0);
    expect(await countCartItems(visitor())).toBe(0);
    expect(await removeFromCart(visitor(), id)).toMatchObject({ ok: false, reason: "not_in_cart" });
    expect(await clearCart({ sessionId: userId })).toBe(0);
    expect(await countCartItems({ userId })).toBe(4);
    expect(await countCartItems(mine)).toBe(1);
  });

  it("only trusts a random UUID v4 in the cart-session-id cookie", () => {
    const id = randomUUID();
    expect(readCartSessionId(request(`cart-session-id=${id}`))).toBe(id);
    expect(readCartSessionId(request(`cart-session-id=${id.toUpperCase()}`))).toBe(id);
    expect(readCartSessionId(request("cart-session-id=00000000-0000-1000-8000-000000000001"))).toBeNull();
    expect(readCartSessionId(request("cart-session-id=' or 1=1 --"))).toBeNull();
    expect(readCartSessionId(request(`cart-session-id=${id}x`))).toBeNull();
    expect(readCartSessionId(request())).toBeNull();
  });

  it("shows sold-out lines apart and leaves them out of the totals", async () => {
    const owner = visitor();
    const kept = await createProduct(test, { ...cartProduct, stock: 10 });
    const gone = await createProduct(test, { ...cartProduct, stock: 10 });
    await addToCart(owner, kept, 1);
    await addToCart(owner, gone, 2);
    await test.db.query("update public.products set stock = 0, in_stock = false where id = $1", [gone]);
    const cart = await getCart(owner, "de", "EUR");
    expect(cart.itemCount).toBe(2);
    expect(cart.lines.map((line) => line.productId)).toEqual([kept]);
    expect(cart.unavailable.map((line) => line.productId)).toEqual([gone]);
    expect(cart.subtotal).toBe(1290);
  });

  it("mergeVisitorCart adds the visitor's quantities to the user's, capped by stock, and empties the session", async () => {
    const userId = randomUUID();
    const session = visitor();
    const both = await createProduct(test, { ...cartProduct, stock: 5 });
    const onlyVisitor = await createProduct(test, { ...cartProduct, stock: 10 });
    const soldOutLater = await createProduct(test, { ...cartProduct, stock: 10 });
    const plenty = await createProduct(test, { ...cartProduct, stock: 100 });
    await addToCart({ userId }, both, 3);
    await addToCart({ userId }, plenty, 1);
    await addToCart(session, both, 4);
    await addToCart(session, onlyVisitor, 2);
    await addToCart(session, soldOutLater, 1);
    await addToCart(session, plenty, 2);
    await test.db.query("update public.products set stock = 0, in_stock = false where id = $1", [soldOutLater]);
    await toggleFavorite(session, onlyVisitor);

    expect(await mergeVisitorCart(session.sessionId!, userId)).toBe(5 + 2 + 3);
    const lines = new Map((await getCart({ userId }, "en", "EUR")).lines.map((line) => [line.productId, line.quantity]));
    expect(lines.get(both)).toBe(5);
    expect(lines.get(onlyVisitor)).toBe(2);
    expect(lines.get(plenty)).toBe(3);
    expect(lines.has(soldOutLater)).toBe(false);
    expect(await countCartItems(session)).toBe(0);
    expect((await listFavoriteProducts({ userId })).map((p) => p.id)).toEqual([onlyVisitor]);
    expect(await listFavoriteProducts(session)).toEqual([]);
    // Nothing to merge twice, and bad ids are ignored.
    expect(await mergeVisitorCart(session.sessionId!, userId)).toBe(10);
    expect(await mergeVisitorCart("not-a-session", userId)).toBe(0);
  });

  it("toggles favourites per owner and refuses unknown products", async () => {
    const owner = visitor();
    const other = visitor();
    const id = await createProduct(test, { ...cartProduct, stock: 1 });
    expect(await toggleFavorite(owner, id)).toMatchObject({ ok: true, active: true });
    expect((await listFavoriteProducts(owner)).map((p) => p.id)).toEqual([id]);
    expect(await listFavoriteProducts(other)).toEqual([]);
    expect(await toggleFavorite(owner, id)).toMatchObject({ ok: true, active: false });
    expect(await listFavoriteProducts(owner)).toEqual([]);
    expect(await toggleFavorite(owner, randomUUID())).toEqual({ ok: false, reason: "not_found" });
    expect(await toggleFavorite(owner, "nope")).toEqual({ ok: false, reason: "not_found" });
  });
});
