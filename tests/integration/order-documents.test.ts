import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { checkoutInput, createAccount, createOrder, createProduct, sessionCookie } from "../factories";
import { addToCart } from "~/models/cart.server";
import { OutOfStockError, placeOrder } from "~/models/order.server";
import { changeOrderStatus } from "~/models/order-admin.server";
import { issueCreditNote, listOrderDocuments, readOrderDocument, splitByRate } from "~/models/order-documents.server";
import { markPaid } from "~/models/payment.server";
import { loader as documentLoader } from "~/routes/order-confirmation.$orderId_.documents.$number";
import { loader as deliveryNoteLoader } from "~/routes/admin_.orders.$id.delivery-note";
import { action as adminOrderAction } from "~/routes/admin.orders.$id";

/*
 * An order's documents (docs/payments.md): gap-free invoice numbers from a counter row taken in the
 * checkout's transaction; the cancellation invoice (ST) of a cancelled order and credit notes (GS)
 * with negative amounts by VAT rate; who may see them.
 */

const ORIGIN = "http://localhost:3000";

type RouteFn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;
async function run(fn: RouteFn, request: Request, params: Record<string, string>): Promise<any> {
  try {
    return await fn({ request, params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "type" in thrown && (thrown as { type: string }).type === "DataWithResponseInit") return thrown;
    throw thrown;
  }
}
const statusOf = (result: any) => (result instanceof Response ? result.status : result?.init ? (result.init.status ?? 200) : 200);
const get = (path: string, cookie = "") => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie, "Accept-Language": "en" } });
const post = (path: string, fields: Record<string, string>, cookie: string) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "Accept-Language": "en" },
    body: new URLSearchParams(fields),
  });

/** A paid order with a 19 % line (2 × 11.90) and a 7 % line (1 × 10.70): 34.50 in all. */
const mixedLines = (productA?: string, productB?: string) => [
  { name: "Ordner", quantity: 2, unitPrice: "11.90", vatRate: 19, productId: productA ?? null },
  { name: "Buch", quantity: 1, unitPrice: "10.70", vatRate: 7, productId: productB ?? null },
];

describe.each(testDbKinds)("order documents on %s", (kind) => {
  let test: TestDatabase;
  const invoiceOf = async (id: string) =>
    Number((await test.db.query<{ n: string }>("select invoice_number::text as n from public.orders where id = $1", [id]))[0]!.n);
  const stockOf = async (id: string) => (await test.db.query<{ stock: number }>("select stock from public.products where id = $1", [id]))[0]!.stock;
  const itemIds = async (orderId: string) =>
    (await test.db.query<{ id: string; product_name: string }>("select id, product_name from public.order_items where order_id = $1", [orderId])).reduce(
      (map, row) => ({ ...map, [row.product_name]: row.id }),
      {} as Record<string, string>,
    );

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });
  beforeEach(() => {
    vi.stubEnv("SESSION_SECRET", "documents-test-secret");
  });

  it("numbers invoices from the counter row: consecutive across a checkout that fails after taking its number", async () => {
    const product = await createProduct(test, { name: "Counter lamp", nameAr: "Counter lamp", stock: 10 });
    const shopper = () => ({ sessionId: randomUUID() });
    const order = async (owner: { sessionId: string }) =>
      placeOrder({ owner, userId: null, sessionId: owner.sessionId, input: checkoutInput(), currency: "EUR", locale: "de" });

    const first = shopper();
    await addToCart(first, product, 1);
    const a = (await order(first)).orderId;

    // The stock is gone by the time the checkout takes it (another checkout won): a trigger skips
    // the stock update, so the order fails with "out of stock" after its invoice number was taken.
    await test.db.exec(`create or replace function public.test_stock_gone() returns trigger language plpgsql as $$ begin return null; end $$;
      create trigger test_stock_gone before update on public.products for each row execute function public.test_stock_gone();`);
    const failing = shopper();
    await addToCart(failing, product, 1);
    await expect(order(failing)).rejects.toBeInstanceOf(OutOfStockError);
    await test.db.exec("drop trigger test_stock_gone on public.products; drop function public.test_stock_gone();");

    const third = shopper();
    await addToCart(third, product, 1);
    const c = (await order(third)).orderId;
    expect(await invoiceOf(c)).toBe((await invoiceOf(a)) + 1);
    const [counter] = await test.db.query<{ last_number: string }>("select last_number::text from public.document_counters where kind = 'RE'");
    expect(Number(counter!.last_number)).toBe(await invoiceOf(c));
    // Rows written without a number (the seed, tests' factories) take theirs from the same counter.
    const d = await createOrder(test);
    expect(await invoiceOf(d)).toBe((await invoiceOf(c)) + 1);
  });

  it("gives concurrent checkouts consecutive, distinct invoice numbers", async () => {
    const product = await createProduct(test, { name: "Race lamp", nameAr: "Race lamp", stock: 100 });
    const owners = Array.from({ length: 8 }, () => ({ sessionId: randomUUID() }));
    for (const owner of owners) await addToCart(owner, product, 1);
    const before = Number((await test.db.query<{ n: string }>("select last_number::text as n from public.document_counters where kind = 'RE'"))[0]!.n);
    const placed = await Promise.all(
      owners.map((owner) => placeOrder({ owner, userId: null, sessionId: owner.sessionId, input: checkoutInput(), currency: "EUR", locale: "de" })),
    );
    const numbers = (await Promise.all(placed.map((p) => invoiceOf(p.orderId)))).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: owners.length }, (_, i) => before + 1 + i));
  });

  it("cancelling an order issues a cancellation invoice naming its invoice, negative by VAT rate, stock back, linked in the e-mail", async () => {
    const a = await createProduct(test, { name: "Ordner", stock: 5 });
    const b = await createProduct(test, { name: "Buch", stock: 5 });
    const id = await createOrder(test, { lines: mixedLines(a, b), locale: "de" });
    const st = Number((await test.db.query<{ n: string }>("select last_number::text as n from public.document_counters where kind = 'ST'"))[0]!.n);
    expect(await changeOrderStatus(id, "cancelled")).toMatchObject({ ok: true });
    const [link] = await listOrderDocuments(id);
    expect(link).toMatchObject({ kind: "ST", number: `ST-${String(st + 1).padStart(6, "0")}`, total: -3450 });
    const document = (await readOrderDocument(id, link!.number))!;
    expect(document.refersTo).toBe(`RE-${String(await invoiceOf(id)).padStart(6, "0")}`);
    expect(document.amounts).toEqual([
      { rate: 1900, gross: -2380, vat: -380, net: -2000 },
      { rate: 700, gross: -1070, vat: -70, net: -1000 },
    ]);
    expect(document.lines.map((line) => line.total)).toEqual(expect.arrayContaining([-2380, -1070]));
    expect(await stockOf(a)).toBe(7);
    expect(await stockOf(b)).toBe(6);
    const [mail] = await test.db.query<{ text_body: string }>(
      "select text_body from public.email_outbox where kind = 'order_status' and text_body like $1",
      [`%${link!.number}%`],
    );
    expect(mail?.text_body).toContain(`/order-confirmation/${id}/documents/${link!.number}`);
    // The next cancellation takes the next number.
    const other = await createOrder(test);
    await changeOrderStatus(other, "cancelled");
    expect((await listOrderDocuments(other))[0]!.number).toBe(`ST-${String(st + 2).padStart(6, "0")}`);
  });

  it("credit notes of lines and of an amount move the payment state; refusals write nothing", async () => {
    const id = await createOrder(test, { lines: mixedLines(), paymentStatus: "paid" });
    const items = await itemIds(id);
    const lines = await issueCreditNote(id, { quantities: { [items.Ordner!]: 1 }, amount: 0 });
    expect(lines).toMatchObject({ ok: true, paymentStatus: "partially_refunded", document: { kind: "GS", total: -1190 } });
    const first = (await readOrderDocument(id, lines.ok ? lines.document.number : ""))!;
    expect(first.amounts).toEqual([{ rate: 1900, gross: -1190, vat: -190, net: -1000 }]);

    // An amount is split over the rates in proportion to the invoice's gross (23.80 : 10.70).
    expect(splitByRate(1000, [{ rate: 1900, gross: 2380 }, { rate: 700, gross: 1070 }])).toEqual([
      { rate: 1900, amount: 690 },
      { rate: 700, amount: 310 },
    ]);
    const amount = await issueCreditNote(id, { quantities: {}, amount: 1000 });
    expect(amount).toMatchObject({ ok: true, document: { total: -1000 } });

    const documents = async () => (await listOrderDocuments(id)).length;
    expect(await issueCreditNote(id, { quantities: { [items.Ordner!]: 2 }, amount: 0 })).toEqual({ ok: false, reason: "tooMany" });
    expect(await issueCreditNote(id, { quantities: { [randomUUID()]: 1 }, amount: 0 })).toEqual({ ok: false, reason: "unknownLine" });
    expect(await issueCreditNote(id, { quantities: {}, amount: 0 })).toEqual({ ok: false, reason: "empty" });
    expect(await issueCreditNote(id, { quantities: {}, amount: 5000 })).toEqual({ ok: false, reason: "tooMuch" });
    expect(await issueCreditNote(id, { quantities: {}, amount: -1 })).toEqual({ ok: false, reason: "invalidAmount" });
    expect(await documents()).toBe(2);

    // The rest (34.50 − 11.90 − 10.00 = 12.60) brings it to refunded.
    expect(await issueCreditNote(id, { quantities: {}, amount: 1260 })).toMatchObject({ ok: true, paymentStatus: "refunded" });
    const [row] = await test.db.query<{ payment_status: string; amount_refunded: string }>(
      "select payment_status, amount_refunded::text from public.orders where id = $1",
      [id],
    );
    expect(row).toEqual({ payment_status: "refunded", amount_refunded: "34.50" });

    const unpaid = await createOrder(test, { lines: mixedLines() });
    expect(await issueCreditNote(unpaid, { quantities: {}, amount: 100 })).toEqual({ ok: false, reason: "unpaid" });
    const cancelled = await createOrder(test, { status: "cancelled", paymentStatus: "paid" });
    expect(await issueCreditNote(cancelled, { quantities: {}, amount: 100 })).toEqual({ ok: false, reason: "cancelled" });
    expect(await listOrderDocuments(unpaid)).toEqual([]);
  });

  it("a cancellation after a credit note takes back only the rest", async () => {
    const id = await createOrder(test, { lines: mixedLines(), paymentStatus: "paid" });
    const items = await itemIds(id);
    await issueCreditNote(id, { quantities: { [items.Buch!]: 1 }, amount: 0 });
    await changeOrderStatus(id, "cancelled");
    const st = (await listOrderDocuments(id)).find((d) => d.kind === "ST")!;
    const document = (await readOrderDocument(id, st.number))!;
    expect(document.amounts).toEqual([{ rate: 1900, gross: -2380, vat: -380, net: -2000 }]);
  });

  it("shows documents to the order's customer and an admin, 404 to another customer and for unknown numbers", async () => {
    const owner = await createAccount(test, { email: `owner-${randomUUID()}@example.com` });
    const stranger = await createAccount(test, { email: `stranger-${randomUUID()}@example.com` });
    const admin = await createAccount(test, { email: `admin-${randomUUID()}@example.com`, admin: true });
    const id = await createOrder(test, { userId: owner.id, lines: mixedLines() });
    await changeOrderStatus(id, "cancelled");
    const number = (await listOrderDocuments(id))[0]!.number;
    const path = `/order-confirmation/${id}/documents/${number}`;
    const params = { orderId: id, number };
    const ok = await run(documentLoader as RouteFn, get(path, await sessionCookie(owner.id)), params);
    expect(statusOf(ok)).toBe(200);
    expect(ok.document).toMatchObject({ number, total: -3450 });
    expect(statusOf(await run(documentLoader as RouteFn, get(path, await sessionCookie(admin.id)), params))).toBe(200);
    expect(statusOf(await run(documentLoader as RouteFn, get(path, await sessionCookie(stranger.id)), params))).toBe(404);
    expect(statusOf(await run(documentLoader as RouteFn, get(path), params))).toBe(404);
    expect(statusOf(await run(documentLoader as RouteFn, get(path, await sessionCookie(owner.id)), { orderId: id, number: "ST-999999" }))).toBe(404);
    expect(statusOf(await run(documentLoader as RouteFn, get(path, await sessionCookie(owner.id)), { orderId: id, number: "RE-000001" }))).toBe(404);
    // Another order's document is not this order's.
    const other = await createOrder(test, { userId: owner.id });
    expect(statusOf(await run(documentLoader as RouteFn, get(path, await sessionCookie(owner.id)), { orderId: other, number }))).toBe(404);

    // The delivery note: admins only, no prices.
    const note = await run(deliveryNoteLoader as RouteFn, get(`/admin/orders/${id}/delivery-note`, await sessionCookie(admin.id)), { id });
    expect(note.lines).toEqual(expect.arrayContaining([{ name: "Ordner", quantity: 2 }, { name: "Buch", quantity: 1 }]));
    expect(JSON.stringify(note)).not.toMatch(/11[.,]90|10[.,]70|34[.,]50/);
    expect(statusOf(await run(deliveryNoteLoader as RouteFn, get(`/admin/orders/${id}/delivery-note`, await sessionCookie(owner.id)), { id }))).toBe(403);
  });

  it("the admin's markPaid form: records, refuses a second admin (409), a cancelled order (409), bad amounts and future dates (400)", async () => {
    const admin = await createAccount(test, { email: `admin-${randomUUID()}@example.com`, admin: true });
    const cookie = await sessionCookie(admin.id);
    const id = await createOrder(test, { total: "49.90", lines: [{ unitPrice: "49.90" }] });
    const path = `/admin/orders/${id}`;
    const send = (fields: Record<string, string>) => run(adminOrderAction as RouteFn, post(path, { intent: "markPaid", ...fields }, cookie), { id });
    expect(statusOf(await send({ amount: "abc", paidAt: "2026-11-01" }))).toBe(400);
    expect(statusOf(await send({ amount: "0", paidAt: "2026-11-01" }))).toBe(400);
    expect(statusOf(await send({ amount: "1".repeat(12), paidAt: "2026-11-01" }))).toBe(400);
    expect(statusOf(await send({ amount: "49.90", paidAt: "2999-01-01" }))).toBe(400);
    expect(statusOf(await send({ amount: "49.90", paidAt: "2026-02-31" }))).toBe(400);
    expect(statusOf(await send({ amount: "49.90" }))).toBe(400);
    const [unpaid] = await test.db.query<{ payment_status: string }>("select payment_status from public.orders where id = $1", [id]);
    expect(unpaid!.payment_status).toBe("unpaid");

    // Two admins at once: one records it, the other is told (409) and nothing changes.
    const [a, b] = await Promise.all([send({ amount: "49,50", paidAt: "2026-11-02" }), send({ amount: "49.90", paidAt: "2026-11-03" })]);
    expect([statusOf(a), statusOf(b)].sort()).toEqual([302, 409]);
    const refused = [a, b].find((r) => statusOf(r) === 409);
    expect(JSON.stringify(refused.data.result.error)).toMatch(/marked paid already/);
    const [row] = await test.db.query<{ payment_status: string; amount_received: string }>(
      "select payment_status, amount_received::text from public.orders where id = $1",
      [id],
    );
    expect(row!.payment_status).toBe("paid");
    expect(["49.50", "49.90"]).toContain(row!.amount_received);

    const cancelled = await createOrder(test, { status: "cancelled" });
    const result = await run(adminOrderAction as RouteFn, post(`/admin/orders/${cancelled}`, { intent: "markPaid", amount: "10.00", paidAt: "2026-11-01" }, cookie), { id: cancelled });
    expect(statusOf(result)).toBe(409);
  });

  it("the admin's refund form issues a credit note for a paid order and refuses an unpaid one (409)", async () => {
    const admin = await createAccount(test, { email: `admin-${randomUUID()}@example.com`, admin: true });
    const cookie = await sessionCookie(admin.id);
    const paid = await createOrder(test, { lines: mixedLines() });
    await markPaid(paid, { amount: 3450, paidAt: new Date() });
    const items = await itemIds(paid);
    const ok = await run(adminOrderAction as RouteFn, post(`/admin/orders/${paid}`, { intent: "refund", [`qty.${items.Ordner}`]: "2", amount: "" }, cookie), { id: paid });
    expect(statusOf(ok)).toBe(302);
    expect((await listOrderDocuments(paid))[0]).toMatchObject({ kind: "GS", total: -2380 });
    const bad = await run(adminOrderAction as RouteFn, post(`/admin/orders/${paid}`, { intent: "refund", [`qty.${items.Buch}`]: "-1" }, cookie), { id: paid });
    expect(statusOf(bad)).toBe(400);
    const unpaid = await createOrder(test);
    const refused = await run(adminOrderAction as RouteFn, post(`/admin/orders/${unpaid}`, { intent: "refund", amount: "5.00" }, cookie), { id: unpaid });
    expect(statusOf(refused)).toBe(409);
    expect(await listOrderDocuments(unpaid)).toEqual([]);
  });
});
