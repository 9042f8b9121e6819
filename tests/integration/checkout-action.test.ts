import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { checkoutForm, createProduct } from "../factories";
import { action as checkoutAction } from "~/routes/checkout";
import { addToCart, countCartItems } from "~/models/cart.server";
import { CONFLICT_RETRIES } from "~/db/transaction-retry.server";
import { allowConsoleErrors } from "../setup/vitest.setup";
import { withOutageAnswer } from "~/services/outage.server";

/*
 * The checkout's answers when an order cannot be placed: never a 500, always a message in the
 * shopper's language, nothing written.
 */
const ORIGIN = "http://localhost:3000";
function checkout(sessionId: string, key: string, language = "en") {
  return new Request(`${ORIGIN}/checkout`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      "Accept-Language": language,
      Cookie: `cart-session-id=${sessionId}`,
    },
    body: new URLSearchParams(checkoutForm({ idempotencyKey: key })),
  });
}

type Reply = { type: "DataWithResponseInit"; data: { result: { error?: Record<string, string[]> } }; init: ResponseInit | null };
// The action as the server entry serves it (a database outage answered 503: app/services/outage.server.ts).
const served = withOutageAnswer(checkoutAction);
async function run(request: Request): Promise<Response | Reply> {
  try {
    return (await served({ request, params: {}, context: {} })) as never;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const statusOf = (result: Response | Reply) => (result instanceof Response ? result.status : (result.init?.status ?? 200));
const formErrors = (result: Response | Reply) => (result instanceof Response ? [] : (result.data.result.error?.[""] ?? []));

describe.each(testDbKinds)("checkout action on %s", (kind) => {
  let test: TestDatabase;
  let product: string;
  const orders = async () => (await test.db.query<{ n: number }>("select count(*)::int as n from public.orders"))[0]!.n;
  const stock = async () => (await test.db.query<{ stock: number }>("select stock from public.products where id = $1", [product]))[0]!.stock;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
    product = await createProduct(test, { name: "Race lamp", nameAr: "Race lamp", stock: 50 });
  });
  afterAll(async () => {
    await test?.close();
  });
  beforeEach(() => {
    vi.stubEnv("SESSION_SECRET", "checkout-action-test");
  });

  /** Every order insert fails as a deadlock victim would, the first `times` attempts (a sequence counts attempts: it is not rolled back). */
  async function deadlockOrders(times: number) {
    await test.db.exec(`
      drop sequence if exists public.test_attempts; create sequence public.test_attempts;
      create or replace function public.test_deadlock() returns trigger language plpgsql as $$
      begin
        if nextval('public.test_attempts') <= ${times} then
          raise exception 'deadlock detected' using errcode = '40P01';
        end if;
        return new;
      end $$;
      drop trigger if exists test_deadlock on public.orders;
      create trigger test_deadlock before insert on public.orders for each row execute function public.test_deadlock();`);
    return async () => (await test.db.query<{ n: number }>("select last_value::int as n from public.test_attempts"))[0]!.n;
  }
  async function undoDeadlocks() {
    await test.db.exec("drop trigger if exists test_deadlock on public.orders; drop function if exists public.test_deadlock();");
  }

  it("a checkout that keeps losing to deadlocks answers 503 with a message in the shopper's language, nothing written", async () => {
    const sessionId = randomUUID();
    await addToCart({ sessionId }, product, 2);
    const attempts = await deadlockOrders(1000);
    const [before, stockBefore] = [await orders(), await stock()];
    try {
      for (const [language, message] of [
        ["en", "Many orders are being placed right now and yours could not be completed."],
        ["de", "Gerade werden sehr viele Bestellungen aufgegeben"],
      ] as const) {
        const result = await run(checkout(sessionId, randomUUID(), language));
        expect(statusOf(result)).toBe(503);
        expect(formErrors(result).join(" ")).toContain(message);
      }
      // Each checkout ran its transaction once and then CONFLICT_RETRIES more times.
      expect(await attempts()).toBe(2 * (1 + CONFLICT_RETRIES));
    } finally {
      await undoDeadlocks();
    }
    expect(await orders()).toBe(before);
    expect(await stock()).toBe(stockBefore);
    expect(await countCartItems({ sessionId })).toBe(2);
  });

  it("a checkout that loses a deadlock race once is run again and placed", async () => {
    const sessionId = randomUUID();
    await addToCart({ sessionId }, product, 1);
    const attempts = await deadlockOrders(1);
    const stockBefore = await stock();
    try {
      const result = await run(checkout(sessionId, randomUUID()));
      expect(statusOf(result)).toBe(303);
      expect((result as Response).headers.get("Location")).toMatch(/^\/order-confirmation\//);
      expect(await attempts()).toBe(2);
    } finally {
      await undoDeadlocks();
    }
    expect(await stock()).toBe(stockBefore - 1);
    expect(await countCartItems({ sessionId })).toBe(0);
  });

  it.skipIf(kind !== "postgres")("a database that goes away during the checkout answers 503, not 500", async () => {
    // The outage is logged for the operator: expected.
    allowConsoleErrors();
    const sessionId = randomUUID();
    await addToCart({ sessionId }, product, 1);
    await test.db.exec(`
      create or replace function public.test_shutdown() returns trigger language plpgsql as $$
      begin raise exception 'terminating connection due to administrator command' using errcode = '57P01'; end $$;
      create trigger test_shutdown before insert on public.orders for each row execute function public.test_shutdown();`);
    try {
      const result = await run(checkout(sessionId, randomUUID()));
      expect(statusOf(result)).toBe(503);
    } finally {
      await test.db.exec("drop trigger if exists test_shutdown on public.orders; drop function if exists public.test_shutdown();");
    }
    expect(await countCartItems({ sessionId })).toBe(1);
  });

  it("another shopper's idempotency key is a 409 with a message; nothing is written and their order is not shown", async () => {
    const first = randomUUID();
    await addToCart({ sessionId: first }, product, 1);
    const key = randomUUID();
    expect(statusOf(await run(checkout(first, key)))).toBe(303);
    const stranger = randomUUID();
    await addToCart({ sessionId: stranger }, product, 3);
    const [before, stockBefore] = [await orders(), await stock()];
    const result = await run(checkout(stranger, key, "fr"));
    expect(statusOf(result)).toBe(409);
    expect(formErrors(result)).toEqual(["Ce formulaire a expiré. Veuillez recharger la page et réessayer."]);
    expect(await orders()).toBe(before);
    expect(await stock()).toBe(stockBefore);
    expect(await countCartItems({ sessionId: stranger })).toBe(3);
  });
});
