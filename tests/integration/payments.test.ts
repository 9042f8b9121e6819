import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createOrder, orderNumberOf } from "../factories";
import { markPaid, ordersByReference, paymentReference, recordRefund } from "~/models/payment.server";
import { changeOrderStatus, getAdminOrder, listOrders } from "~/models/order-admin.server";
import { formatCreditorReference } from "~/utils/creditor-reference";
import { getOrderTrends } from "~/models/admin-trends.server";

async function paymentOf(test: TestDatabase, id: string) {
  const [row] = await test.db.query<{ payment_status: string; paid_at: Date | null; amount_received: string | null; amount_refunded: string; payment_source: string | null }>(
    "select payment_status, paid_at, amount_received::text, amount_refunded::text, payment_source from public.orders where id = $1",
    [id],
  );
  return row!;
}

describe.each(testDbKinds)("payments on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  it("places orders unpaid and records a payment with its date and amount", async () => {
    const id = await createOrder(test, { total: "49.90" });
    expect(await paymentOf(test, id)).toMatchObject({ payment_status: "unpaid", paid_at: null, amount_received: null });
    const paidAt = new Date("2026-11-20T00:00:00Z");
    const result = await markPaid(id, { amount: 4990, paidAt });
    expect(result).toEqual({ ok: true, orderId: id, total: 4990, amount: 4990, status: "paid" });
    const row = await paymentOf(test, id);
    expect(row).toMatchObject({ payment_status: "paid", amount_received: "49.90", payment_source: "admin" });
    expect(new Date(row.paid_at!).toISOString()).toBe(paidAt.toISOString());
    const view = await getAdminOrder(id);
    expect(view).toMatchObject({ paymentStatus: "paid", amountReceived: 4990, paidAt: paidAt.toISOString() });
  });

  it("keeps a wrong amount as received, not rounded to the total", async () => {
    const id = await createOrder(test, { total: "100.00" });
    expect(await markPaid(id, { amount: 9_999, paidAt: new Date() })).toMatchObject({ ok: true, total: 10_000, amount: 9_999 });
    expect((await paymentOf(test, id)).amount_received).toBe("99.99");
  });

  it("refuses a payment for a cancelled order, a second payment, an unknown order and bad amounts, changing nothing", async () => {
    const cancelled = await createOrder(test, { status: "cancelled" });
    expect(await markPaid(cancelled, { amount: 1000, paidAt: new Date() })).toEqual({ ok: false, reason: "cancelled" });
    expect((await paymentOf(test, cancelled)).payment_status).toBe("unpaid");

    const paid = await createOrder(test, { paymentStatus: "paid", amountReceived: "10.00" });
    expect(await markPaid(paid, { amount: 5000, paidAt: new Date() })).toMatchObject({ ok: false, reason: "alreadyPaid", amount: 1000 });
    expect((await paymentOf(test, paid)).amount_received).toBe("10.00");

    expect(await markPaid("00000000-0000-4000-8000-000000000000", { amount: 1000, paidAt: new Date() })).toEqual({ ok: false, reason: "notFound" });
    expect(await markPaid("not-an-id", { amount: 1000, paidAt: new Date() })).toEqual({ ok: false, reason: "notFound" });
    const open = await createOrder(test);
    for (const amount of [0, -100, 1.5, Number.NaN, 10_000_000_000]) {
      expect(await markPaid(open, { amount, paidAt: new Date() })).toEqual({ ok: false, reason: "invalidAmount" });
    }
    expect((await paymentOf(test, open)).payment_status).toBe("unpaid");
  });

  it("lets exactly one of two admins marking the same order at once record the payment", async () => {
    const id = await createOrder(test, { total: "20.00" });
    const results = await Promise.all([
      markPaid(id, { amount: 2000, paidAt: new Date() }),
      markPaid(id, { amount: 1500, paidAt: new Date() }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "alreadyPaid")).toHaveLength(1);
    const winner = results.find((r) => r.ok)!;
    expect((await paymentOf(test, id)).amount_received).toBe(winner.ok ? (winner.amount / 100).toFixed(2) : "");
  });

  it("makes cash on delivery paid when delivered, and leaves a bank transfer unpaid", async () => {
    const cod = await createOrder(test, { paymentMethod: "cash_on_delivery", status: "shipped", total: "30.00" });
    const transfer = await createOrder(test, { paymentMethod: "bank_transfer", status: "shipped" });
    expect(await changeOrderStatus(cod, "delivered")).toMatchObject({ ok: true });
    expect(await changeOrderStatus(transfer, "delivered")).toMatchObject({ ok: true });
    expect(await paymentOf(test, cod)).toMatchObject({ payment_status: "paid", amount_received: "30.00", payment_source: "delivery" });
    expect(await paymentOf(test, transfer)).toMatchObject({ payment_status: "unpaid", amount_received: null });
  });

  it("moves a paid order to partially refunded, then refunded, and never refunds more than was received", async () => {
    const id = await createOrder(test, { paymentStatus: "paid", amountReceived: "50.00" });
    const refund = (amount: number) => test.db.transaction((tx) => recordRefund(tx, id, amount));
    expect(await refund(2000)).toEqual({ ok: true, status: "partially_refunded", refunded: 2000 });
    expect(await refund(3001)).toEqual({ ok: false, reason: "tooMuch" });
    expect(await refund(3000)).toEqual({ ok: true, status: "refunded", refunded: 5000 });
    expect(await paymentOf(test, id)).toMatchObject({ payment_status: "refunded", amount_refunded: "50.00" });
    const unpaid = await createOrder(test);
    expect(await test.db.transaction((tx) => recordRefund(tx, unpaid, 100))).toEqual({ ok: false, reason: "unpaid" });
  });

  it("finds an order by its RF reference, grouped or not, and nothing by a tampered one", async () => {
    const id = await createOrder(test);
    const number = await orderNumberOf(test, id);
    const reference = paymentReference({ number });
    expect(reference).toMatch(new RegExp(`^RF\\d{2}${number}$`));
    expect(await ordersByReference(test.db, reference)).toEqual([id]);
    expect(await ordersByReference(test.db, formatCreditorReference(reference).toLowerCase())).toEqual([id]);
    const tampered = reference.slice(0, 2) + (reference[2] === "9" ? "1" : "9") + reference.slice(3);
    expect(await ordersByReference(test.db, tampered)).toEqual([]);
    expect(await ordersByReference(test.db, "RF' or 1=1 --")).toEqual([]);
  });

  it("lists the orders still waiting for their money, without the cancelled ones", async () => {
    const waiting = await createOrder(test, { customerName: "Waiting Payer" });
    const paid = await createOrder(test, { paymentStatus: "paid" });
    const cancelled = await createOrder(test, { status: "cancelled" });
    const { orders, total } = await listOrders(1, 500, { unpaid: true });
    const ids = orders.map((o) => o.id);
    expect(ids).toContain(waiting);
    expect(ids).not.toContain(paid);
    expect(ids).not.toContain(cancelled);
    expect(total).toBe(orders.length);
    expect(orders.every((o) => o.paymentStatus === "unpaid")).toBe(true);
    const all = await listOrders(1, 500);
    expect(all.orders.map((o) => o.id)).toEqual(expect.arrayContaining([waiting, paid, cancelled]));
  });

  it("never lets the database hold a paid order without a date", async () => {
    const id = await createOrder(test);
    await expect(test.db.query("update public.orders set payment_status = 'paid' where id = $1", [id])).rejects.toThrow();
  });

  it("counts the dashboard's revenue when the money arrives, not when the order is placed", async () => {
    const before = await getOrderTrends();
    const id = await createOrder(test, { total: "70.00" });
    const placed = await getOrderTrends();
    expect(placed.current.orders).toBe(before.current.orders + 1);
    expect(placed.current.revenueEur).toBe(before.current.revenueEur);
    await markPaid(id, { amount: 7000, paidAt: new Date() });
    expect((await getOrderTrends()).current.revenueEur).toBe(before.current.revenueEur + 7000);
    // The admin's form dates a payment at noon of its day: today's counts even before noon.
    const today = await createOrder(test, { total: "5.00" });
    await markPaid(today, { amount: 500, paidAt: new Date(Date.now() + 6 * 3_600_000) });
    expect((await getOrderTrends()).current.revenueEur).toBe(before.current.revenueEur + 7500);
  });

  it("counts an order placed within the millisecond the dashboard reads (the database stamps microseconds)", async () => {
    const id = await createOrder(test);
    await test.db.query("update public.orders set created_at = '2026-11-25T22:36:52.123456Z' where id = $1", [id]);
    const at = new Date("2026-11-25T22:36:52.123Z");
    const withIt = await getOrderTrends(at);
    await test.db.query("update public.orders set status = 'cancelled' where id = $1", [id]);
    expect(withIt.current.orders).toBe((await getOrderTrends(at)).current.orders + 1);
  });
});
