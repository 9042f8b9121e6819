import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createCartItem, createProduct } from "../factories";
import { countCartItems, getCart, type CartOwner } from "~/models/cart.server";
import {
  addCartLine,
  cartAddSource,
  cartWriteFailed,
  clearCartLines,
  parseQuantity,
  removeCartLine,
  unknownCartIntent,
  updateCartLine,
} from "~/services/cart-actions.server";

/*
 * POST /cart's writes (app/services/cart-actions.server.ts): each intent's outcome — the status and
 * toast (catalogue keys) the route answers with — and the cart it leaves.
 */

const visitor = (): CartOwner => ({ sessionId: randomUUID() });
const request = (cookie?: string) => new Request("http://shop.test/cart", { method: "POST", headers: cookie ? { Cookie: cookie } : {} });
const errorToast = (description: string, vars?: Record<string, string | number>) => ({ kind: "error", title: "cart.toast.errorTitle", description, vars });

describe("cart action helpers", () => {
  it("reads whole quantities only, and the add's source", () => {
    expect(parseQuantity("3")).toBe(3);
    expect(parseQuantity(" 12 ")).toBe(12);
    expect(parseQuantity("-1")).toBe(-1);
    for (const bad of ["abc", "1e9", "1.5", "", "1234567", null]) expect(parseQuantity(bad)).toBeNull();
    expect([cartAddSource("detail"), cartAddSource("offer"), cartAddSource("card"), cartAddSource("x"), cartAddSource(null)]).toEqual(["detail", "offer", "card", "card", "card"]);
  });

  it("refuses an unknown intent with 400 and names what failed unexpectedly with 500", () => {
    expect(unknownCartIntent()).toEqual({ status: 400, toast: errorToast("cart.toast.invalidRequest") });
    expect(cartWriteFailed("update", "card").toast.description).toBe("cart.toast.updateFailed");
    expect(cartWriteFailed("remove", "offer").toast.description).toBe("cart.toast.removeFailed");
    expect(cartWriteFailed("add", "offer").toast.description).toBe("cart.toast.offerAddFailed");
    expect(cartWriteFailed("clear", "card")).toEqual({ status: 500, toast: errorToast("cart.toast.addFailed") });
  });
});

describe.each(testDbKinds)("cart actions on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  const product = (stock: number, inStock = true) => createProduct(test, { nameDe: "Testprodukt DE", stock, inStock });

  describe("add", () => {
    it("adds to a new visitor cart and sets its cookie; a second add uses the cart of the cookie", async () => {
      const id = await product(10);
      const first = await addCartLine({ userId: null, request: request(), productId: id, quantity: "2", source: "detail", locale: "de" });
      expect(first).toMatchObject({
        status: 200,
        toast: { kind: "success", title: "cart.toast.added.detail", description: "cart.toast.addedText.detail", vars: { name: "Testprodukt DE" } },
      });
      const sessionId = /cart-session-id=([0-9a-f-]{36})/.exec(first.setCookie ?? "")?.[1];
      expect(sessionId).toBeDefined();
      const again = await addCartLine({ userId: null, request: request(`cart-session-id=${sessionId}`), productId: id, quantity: null, source: "card", locale: "de" });
      expect(again.toast.title).toBe("cart.toast.added.card");
      expect(again.setCookie).toContain(`cart-session-id=${sessionId}`);
      expect(await countCartItems({ sessionId: sessionId! })).toBe(3);
    });

    it("refuses a quantity that is not a whole number from 1 to 999 with 400, without a cookie", async () => {
      const id = await product(10);
      for (const quantity of ["0", "-1", "1000", "abc", "1.5", ""]) {
        const outcome = await addCartLine({ userId: null, request: request(), productId: id, quantity, source: "card", locale: "de" });
        expect(outcome, quantity).toEqual({ status: 400, toast: errorToast("cart.toast.invalidQuantity", { max: 999 }) });
      }
    });

    it("refuses an unknown product (404), a sold-out one (409) and an add beyond the stock (409); caps at the stock with a notice", async () => {
      const sessionId = randomUUID();
      const req = request(`cart-session-id=${sessionId}`);
      const add = (productId: string, quantity: string, source: "card" | "offer" = "card") =>
        addCartLine({ userId: null, request: req, productId, quantity, source, locale: "de" });
      expect(await add(randomUUID(), "1")).toEqual({ status: 404, toast: errorToast("cart.toast.notFound") });
      expect(await add("not-a-uuid", "1", "offer")).toEqual({ status: 404, toast: errorToast("cart.toast.notFound") });
      expect(await add(await product(0), "1")).toEqual({ status: 409, toast: errorToast("cart.toast.soldOut", { name: "Testprodukt DE" }) });
      expect(await add(await product(5, false), "1")).toMatchObject({ status: 409, toast: { description: "cart.toast.soldOut" } });
      const few = await product(3);
      expect(await add(few, "5")).toMatchObject({
        status: 200,
        toast: { kind: "info", title: "cart.toast.limitedTitle", description: "cart.toast.limited", vars: { name: "Testprodukt DE", stock: 3, quantity: 3 } },
      });
      expect(await add(few, "1")).toEqual({ status: 409, toast: errorToast("cart.toast.stockLimit", { name: "Testprodukt DE", stock: 3 }) });
      expect(await countCartItems({ sessionId })).toBe(3);
    });
  });

  describe("update", () => {
    it("sets a line's quantity, caps it at the stock with a notice, and 0 removes the line", async () => {
      const owner = visitor();
      const id = await product(5);
      await createCartItem(test, owner, id, 1);
      expect(await updateCartLine({ owner, productId: id, quantity: "3", locale: "de" })).toEqual({
        status: 200,
        toast: { kind: "success", title: "cart.toast.updated", description: "cart.toast.updatedText", vars: { name: "Testprodukt DE", quantity: 3 } },
      });
      expect(await updateCartLine({ owner, productId: id, quantity: "9", locale: "de" })).toMatchObject({
        status: 200,
        toast: { kind: "info", title: "cart.toast.limitedTitle", vars: { stock: 5, quantity: 5 } },
      });
      expect(await countCartItems(owner)).toBe(5);
      expect(await updateCartLine({ owner, productId: id, quantity: "0", locale: "de" })).toMatchObject({
        status: 200,
        toast: { kind: "success", title: "cart.toast.removed", vars: { name: "Testprodukt DE" } },
      });
      expect(await countCartItems(owner)).toBe(0);
    });

    it("refuses an invalid quantity (400), a missing cart or unknown product (404), a line not in the cart (409), a sold-out product (409)", async () => {
      const owner = visitor();
      const id = await product(5);
      await createCartItem(test, owner, id, 2);
      for (const quantity of ["abc", "-1", "1000", "1.5", "", null]) {
        expect(await updateCartLine({ owner, productId: id, quantity, locale: "de" }), String(quantity)).toEqual({ status: 400, toast: errorToast("cart.toast.updateFailed") });
      }
      expect(await updateCartLine({ owner, productId: "", quantity: "1", locale: "de" })).toMatchObject({ status: 400 });
      expect(await updateCartLine({ owner: null, productId: id, quantity: "1", locale: "de" })).toEqual({ status: 404, toast: errorToast("cart.toast.updateFailed") });
      expect(await updateCartLine({ owner, productId: randomUUID(), quantity: "1", locale: "de" })).toEqual({ status: 404, toast: errorToast("cart.toast.updateFailed") });
      expect(await updateCartLine({ owner, productId: await product(5), quantity: "1", locale: "de" })).toEqual({ status: 409, toast: errorToast("cart.toast.updateFailed") });
      await test.db.query("update public.products set stock = 0 where id = $1", [id]);
      expect(await updateCartLine({ owner, productId: id, quantity: "1", locale: "de" })).toEqual({ status: 409, toast: errorToast("cart.toast.soldOut", { name: "Testprodukt DE" }) });
      expect(await countCartItems(owner)).toBe(2);
    });
  });

  describe("remove and clear", () => {
    it("removes a line, and refuses with 404 when there is nothing to remove", async () => {
      const owner = visitor();
      const id = await product(5);
      await createCartItem(test, owner, id, 2);
      expect(await removeCartLine({ owner, productId: id, locale: "de" })).toEqual({
        status: 200,
        toast: { kind: "success", title: "cart.toast.removed", description: "cart.toast.removedText", vars: { name: "Testprodukt DE" } },
      });
      expect(await removeCartLine({ owner, productId: id, locale: "de" })).toEqual({ status: 404, toast: errorToast("cart.toast.removeFailed") });
      expect(await removeCartLine({ owner: null, productId: id, locale: "de" })).toEqual({ status: 404, toast: errorToast("cart.toast.removeFailed") });
      expect(await removeCartLine({ owner, productId: randomUUID(), locale: "de" })).toMatchObject({ status: 404 });
    });

    it("clears every line and says how many; an absent cart is cleared too", async () => {
      const owner = visitor();
      await createCartItem(test, owner, await product(5), 2);
      await createCartItem(test, owner, await product(5), 1);
      expect(await clearCartLines(owner)).toEqual({
        status: 200,
        toast: { kind: "success", title: "cart.toast.cleared", description: "cart.toast.clearedText", vars: { count: 2 } },
      });
      expect((await getCart(owner, "de", "EUR")).itemCount).toBe(0);
      expect(await clearCartLines(null)).toMatchObject({ status: 200, toast: { vars: { count: 0 } } });
    });
  });
});
