import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, migrations } from "~/db/migrate.server";
import { assignCredit, importStatement, listOpenCredits } from "~/models/bank-statement.server";
import { addToCart } from "~/models/cart.server";
import { findOrderIdByNumber } from "~/models/message.server";
import { getOrderForViewer, placeOrder } from "~/models/order.server";
import { ordersByReference } from "~/models/payment.server";
import { findOrderForGuest } from "~/models/withdrawal.server";
import { creditorReference } from "~/utils/creditor-reference";
import { qrBillPlan } from "~/utils/payment-codes.server";
import { qrReference } from "~/utils/qr-reference";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { checkoutInput, createOrder, createProduct, orderNumberOf } from "../factories";

/*
 * Order numbers (issue 32, docs/payments.md): stored in orders.order_number, drawn from a sequence for
 * new orders, kept for old ones (the id's first segment), never derived from an id when read.
 */

const MIGRATION = "20261206000000_order_numbers";

/** A camt.054 with one credit per (amount, structured reference). */
function notification(credits: Array<{ amount: string; currency: "EUR" | "CHF"; reference: string; ref: string }>): Uint8Array {
  const entries = credits.map(
    (c) =>
      `<Ntry><Amt Ccy="${c.currency}">${c.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-12-01</Dt></BookgDt>` +
      `<AcctSvcrRef>${c.ref}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Kunde</Nm></Dbtr></RltdPties>` +
      `<RmtInf><Strd><CdtrRefInf><Ref>${c.reference}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>`,
  );
  return new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04"><BkToCstmrDbtCdtNtfctn>` +
      `<GrpHdr><MsgId>N-${randomUUID()}</MsgId><CreDtTm>2026-12-01T06:00:00</CreDtTm></GrpHdr><Ntfctn><Id>N1</Id>` +
      `<Acct><Id><IBAN>CH4431999123000889012</IBAN></Id></Acct>${entries.join("")}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`,
  );
}

/** The number the sequence hands out next (without taking it). */
async function nextSequenceValue(test: TestDatabase): Promise<number> {
  const [row] = await test.db.query<{ last_value: string | number; is_called: boolean }>("select last_value, is_called from public.order_number_seq");
  return Number(row!.last_value) + (row!.is_called ? 1 : 0);
}

const pad = (value: number) => String(value).padStart(8, "0");

describe.each(testDbKinds)("order numbers on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  it("concurrent checkouts get distinct, consecutive numbers from the sequence, not from their ids", async () => {
    const product = await createProduct(test, { name: "Numbered pen", nameAr: "Numbered pen", stock: 100 });
    const owners = Array.from({ length: 8 }, () => ({ sessionId: randomUUID() }));
    for (const owner of owners) await addToCart(owner, product, 1);
    const placed = await Promise.all(
      owners.map((owner) => placeOrder({ owner, userId: null, sessionId: owner.sessionId, input: checkoutInput(), currency: "EUR", locale: "de" })),
    );
    const numbers = await Promise.all(placed.map(({ orderId }) => orderNumberOf(test, orderId)));
    expect(new Set(numbers).size).toBe(owners.length);
    for (const number of numbers) expect(number).toMatch(/^\d{8}$/);
    const values = numbers.map(Number).sort((a, b) => a - b);
    expect(values.at(-1)! - values[0]!).toBe(owners.length - 1);
    for (const { orderId } of placed) expect(await orderNumberOf(test, orderId)).not.toBe(orderId.split("-")[0]!.toUpperCase());
    // What the shopper sees is the stored number.
    const view = await getOrderForViewer(placed[0]!.orderId, { userId: null, sessionId: null, isAdmin: true });
    expect(view!.number).toBe(numbers[0]);
  });

  it("skips a number an old order already has, and the unique constraint refuses a second holder", async () => {
    const next = await nextSequenceValue(test);
    // Old orders whose random numbers happen to look like the next sequence values.
    await createOrder(test, { id: `${pad(next)}-0000-4000-8000-000000000001` });
    await createOrder(test, { id: `${pad(next + 1)}-0000-4000-8000-000000000001` });
    const fresh = await createOrder(test);
    expect(await orderNumberOf(test, fresh)).toBe(pad(next + 2));
    const [drawn] = await test.db.query<{ number: string }>("select public.next_order_number() as number");
    expect(drawn!.number).toBe(pad(next + 3));
    await expect(createOrder(test, { orderNumber: pad(next) })).rejects.toThrow();
    await expect(createOrder(test, { orderNumber: "not-hex!" })).rejects.toThrow();
  });

  describe("an order whose id prefix differs from its number is found by its number only", () => {
    // The number a statement names; the decoy's id begins with it, the order's id does not.
    const NUMBER = "3F2A9B1C";
    let order: string;
    let decoy: string;
    beforeAll(async () => {
      order = await createOrder(test, { id: "abcdef01-0000-4000-8000-0000000000a1", orderNumber: NUMBER, total: "49.90", customerEmail: "nummer@example.com" });
      decoy = await createOrder(test, { id: "3f2a9b1c-0000-4000-8000-0000000000a2", orderNumber: "0A0B0C0D", total: "49.90", customerEmail: "nummer@example.com" });
    });

    it("payment references (RF and Swiss QR) carry the stored number", async () => {
      const view = await getOrderForViewer(order, { userId: null, sessionId: null, isAdmin: true });
      expect(view).toMatchObject({ number: NUMBER, paymentReference: creditorReference(NUMBER) });
      const plan = qrBillPlan(view!, { holder: "OfficeHaus GmbH", iban: "CH9300762011623852957", bic: "", bankName: "", qrIban: "CH4431999123000889012" });
      expect(plan).toMatchObject({ referenceType: "QRR", reference: qrReference(NUMBER) });
      expect(await ordersByReference(test.db, creditorReference(NUMBER))).toEqual([order]);
      expect(await ordersByReference(test.db, creditorReference("ABCDEF01"))).toEqual([]);
    });

    it("a bank statement's credit pays the order its reference names (RF or QRR), not the order whose id begins with it", async () => {
      const chf = await createOrder(test, { id: "fedcba98-0000-4000-8000-0000000000a3", orderNumber: "00ABCDEF", currency: "CHF", total: "80.00", lines: [{ unitPrice: "80.00", currency: "CHF" }] });
      await createOrder(test, { id: "00abcdef-0000-4000-8000-0000000000a4", orderNumber: "0A0B0C0E", currency: "CHF", total: "80.00", lines: [{ unitPrice: "80.00", currency: "CHF" }] });
      const result = await importStatement(
        notification([
          { amount: "49.90", currency: "EUR", reference: creditorReference(NUMBER), ref: "ON-1" },
          { amount: "80.00", currency: "CHF", reference: qrReference("00ABCDEF"), ref: "ON-2" },
        ]),
        { fileName: "numbers.xml" },
      );
      expect(result).toMatchObject({ ok: true, status: "imported" });
      const rows = await test.db.query<{ id: string; payment_status: string }>("select id, payment_status from public.orders where id = any($1::uuid[])", [[order, decoy, chf]]);
      const status = Object.fromEntries(rows.map((row) => [row.id, row.payment_status]));
      expect(status).toEqual({ [order]: "paid", [decoy]: "unpaid", [chf]: "paid" });
    });

    it("the admin assigns an open credit by the order's number or RF reference, not by an id prefix", async () => {
      const target = await createOrder(test, { id: "11112222-0000-4000-8000-0000000000a5", orderNumber: "00C0FFEE", total: "12.00" });
      await importStatement(notification([{ amount: "12.00", currency: "EUR", reference: "RF-NONE", ref: "ON-3" }]), { fileName: "open.xml" });
      const credit = (await listOpenCredits()).credits.find((c) => c.amount === 1200)!;
      expect(credit).toBeDefined();
      expect(await assignCredit(credit.id, "11112222", null)).toMatchObject({ ok: false, reason: "orderNotFound" });
      expect(await assignCredit(credit.id, creditorReference("00C0FFEE"), null)).toMatchObject({ ok: true, orderId: target, number: "00C0FFEE" });
    });

    it("the withdrawal form and the support form find the order by its number and e-mail, not by its id prefix", async () => {
      expect((await findOrderForGuest(NUMBER, "nummer@example.com"))?.id).toBe(order);
      expect((await findOrderForGuest(` #${NUMBER.toLowerCase()} `, "nummer@example.com"))?.number).toBe(NUMBER);
      expect(await findOrderForGuest("ABCDEF01", "nummer@example.com")).toBeNull();
      expect(await findOrderIdByNumber(NUMBER)).toBe(order);
      expect(await findOrderIdByNumber("ABCDEF01")).toBeNull();
    });
  });
});

describe.each(testDbKinds)("the order-number migration on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { migrate: false });
    // The schema as it was before: every migration up to this one, recorded as migrate() does.
    await test.db.transaction(async (tx) => {
      await tx.exec("create table if not exists public.schema_migrations (version text primary key, applied_at timestamptz not null default now())");
      for (const migration of migrations.filter((m) => m.version < MIGRATION)) {
        await tx.exec(migration.sql);
        await tx.query("insert into public.schema_migrations (version) values ($1)", [migration.version]);
      }
    });
  });
  afterAll(async () => {
    await test?.close();
  });

  const insertOld = (id: string, daysAgo: number) =>
    test.db.query(
      `insert into public.orders (id, customer_name, customer_email, total_amount, currency, shipping_address, billing_address, payment_method, created_at)
       values ($1, 'Alt Kunde', 'alt@example.com', 10, 'EUR', '{}'::jsonb, '{}'::jsonb, 'bank_transfer', now() - make_interval(days => $2::int))`,
      [id, daysAgo],
    );

  it("keeps existing orders' numbers, gives a shared one to the older order only, and numbers new orders after them", async () => {
    const older = "aaaa0001-0000-4000-8000-000000000001";
    const newer = "aaaa0001-0000-4000-8000-000000000002";
    const plain = "bbbb0002-0000-4000-8000-000000000003";
    // An old number that looks like the sequence's first value.
    const lookalike = "00000001-0000-4000-8000-000000000004";
    await insertOld(newer, 1);
    await insertOld(older, 5);
    await insertOld(plain, 3);
    await insertOld(lookalike, 2);

    expect(await migrate(test.db)).toContain(MIGRATION);

    const rows = await test.db.query<{ id: string; order_number: string }>("select id, order_number from public.orders");
    const number = Object.fromEntries(rows.map((row) => [row.id, row.order_number]));
    expect(number).toEqual({ [older]: "AAAA0001", [plain]: "BBBB0002", [lookalike]: "00000001", [newer]: "00000002" });
    const fresh = await createOrder(test);
    expect(await orderNumberOf(test, fresh)).toBe("00000003");
    await expect(createOrder(test, { orderNumber: "AAAA0001" })).rejects.toThrow();
  });
});
