import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createOrder, orderNumberOf } from "../factories";
import { creditorReference } from "~/utils/creditor-reference";
import { assignCredit, dismissCredit, getImport, importStatement, listOpenCredits } from "~/models/bank-statement.server";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/camt/${name}`, import.meta.url)));

/** An order id whose number (first segment) is `number`: the fixtures' references name these. */
const idOf = (number: string, n = 1) => `${number.toLowerCase()}-0000-4000-8000-${String(n).padStart(12, "0")}`;

async function paymentOf(test: TestDatabase, id: string) {
  const [row] = await test.db.query<{ payment_status: string; paid_at: Date | string | null; amount_received: string | null; payment_source: string | null }>(
    "select payment_status, paid_at, amount_received::text, payment_source from public.orders where id = $1",
    [id],
  );
  return row!;
}

async function counts(test: TestDatabase) {
  const [row] = await test.db.query<{ imports: number; transactions: number; paid: number }>(
    `select (select count(*)::int from public.bank_statement_imports where state = 'done') as imports,
            (select count(*)::int from public.bank_transactions) as transactions,
            (select count(*)::int from public.orders where payment_status <> 'unpaid') as paid`,
  );
  return row!;
}

describe.each(testDbKinds)("bank statement import on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  it("matches the German statement's credits by reference and amount, batch included, and lists the rest", async () => {
    const single = await createOrder(test, { id: idOf("3F2A9B1C"), total: "49.90" });
    const batchA = await createOrder(test, { id: idOf("5B7C1D20"), total: "119.00" });
    const batchB = await createOrder(test, { id: idOf("6C8D2E31"), total: "25.50" });
    const partial = await createOrder(test, { id: idOf("7D9E3F42"), total: "45.00" });

    const result = await importStatement(fixture("camt053-sparkasse-001.02.xml"), { fileName: "Umsaetze.xml" });
    expect(result).toMatchObject({ ok: true, status: "imported" });
    const view = await getImport(result.ok ? result.importId : "");
    expect(view).toMatchObject({ fileName: "Umsaetze.xml", kind: "camt.053", version: "001.02", entries: 7, credits: 6, duplicates: 0 });
    const byAmount = Object.fromEntries(view!.transactions.map((t) => [t.amount, t]));
    expect(byAmount[4990]).toMatchObject({ outcome: "matched", orderId: single, applied: true });
    expect(byAmount[11900]).toMatchObject({ outcome: "matched", orderId: batchA, applied: true });
    expect(byAmount[2550]).toMatchObject({ outcome: "matched", orderId: batchB, applied: true });
    expect(byAmount[4000]).toMatchObject({ outcome: "amountDiffers", orderId: partial, orderTotal: 4500, applied: false });
    expect(byAmount[150000]).toMatchObject({ outcome: "noOrder", orderId: null, debtorName: "Finanzamt Koeln-Mitte" });
    expect(byAmount[1000]).toMatchObject({ outcome: "noOrder", orderId: null });

    for (const [id, amount] of [[single, "49.90"], [batchA, "119.00"], [batchB, "25.50"]] as const) {
      const payment = await paymentOf(test, id);
      expect(payment).toMatchObject({ payment_status: "paid", amount_received: amount, payment_source: "statement" });
      expect(new Date(payment.paid_at!).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    }
    // A partial payment is not marked paid automatically.
    expect(await paymentOf(test, partial)).toMatchObject({ payment_status: "unpaid", amount_received: null });

    const open = await listOpenCredits();
    expect(open.credits.map((c) => c.amount).sort((a, b) => a - b)).toEqual([1000, 4000, 150000]);
    expect(open.total).toBe(3);
  });

  it("changes nothing when the same file comes again, and says it was imported already", async () => {
    const before = await counts(test);
    const again = await importStatement(fixture("camt053-sparkasse-001.02.xml"), { fileName: "again.xml" });
    expect(again).toMatchObject({ ok: true, status: "alreadyImported" });
    expect(await counts(test)).toEqual(before);
  });

  it("lets the admin assign an open credit by hand: a different amount is recorded as received", async () => {
    const partial = idOf("7D9E3F42");
    const open = await listOpenCredits();
    const credit = open.credits.find((c) => c.amount === 4000)!;
    expect(await assignCredit(credit.id, "not an order", null)).toEqual({ ok: false, reason: "orderNotFound" });
    expect(await assignCredit(credit.id, "RF617D9E3F42", null)).toEqual({ ok: false, reason: "orderNotFound" }); // tampered
    expect(await assignCredit(credit.id, "RF60 7D9E 3F42", null)).toEqual({ ok: true, orderId: partial, number: "7D9E3F42", amount: 4000, total: 4500, currency: "EUR" });
    expect(await paymentOf(test, partial)).toMatchObject({ payment_status: "paid", amount_received: "40.00", payment_source: "statement" });
    // Once booked, the credit is off the list and cannot be booked again.
    expect(await assignCredit(credit.id, "7D9E3F42", null)).toEqual({ ok: false, reason: "creditClosed" });
    expect((await listOpenCredits()).credits.map((c) => c.id)).not.toContain(credit.id);

    // An order already paid, a cancelled one, another currency: refused, the credit stays open.
    const other = open.credits.find((c) => c.amount === 1000)!;
    expect(await assignCredit(other.id, "7d9e3f42", null)).toEqual({ ok: false, reason: "alreadyPaid", orderId: partial });
    const cancelled = await createOrder(test, { status: "cancelled", total: "10.00" });
    expect(await assignCredit(other.id, await orderNumberOf(test, cancelled), null)).toEqual({ ok: false, reason: "cancelled" });
    const swiss = await createOrder(test, { currency: "CHF", total: "10.00" });
    const swissNumber = await orderNumberOf(test, swiss);
    expect(await assignCredit(other.id, swissNumber, null)).toEqual({ ok: false, reason: "otherCurrency", orderCurrency: "CHF", creditCurrency: "EUR" });
    expect(await assignCredit("00000000-0000-4000-8000-000000000000", swissNumber, null)).toEqual({ ok: false, reason: "creditNotFound" });
    expect(await assignCredit("'; drop table orders; --", swissNumber, null)).toEqual({ ok: false, reason: "creditNotFound" });
    expect((await paymentOf(test, swiss)).payment_status).toBe("unpaid");
    expect((await listOpenCredits()).credits.map((c) => c.id)).toContain(other.id);

    // "Not an order payment": off the list.
    expect(await dismissCredit(other.id)).toBe(true);
    expect(await dismissCredit(other.id)).toBe(false);
    expect((await listOpenCredits()).credits.map((c) => c.id)).not.toContain(other.id);
  });

  it("matches a Swiss statement by QR and RF reference, and lists another currency, an order already paid and a cancelled one", async () => {
    const qrr = await createOrder(test, { id: idOf("A1B2C3D4"), currency: "CHF", total: "89.50" });
    const scor = await createOrder(test, { id: idOf("B2C3D4E5"), currency: "CHF", total: "120.00" });
    const chf = await createOrder(test, { id: idOf("C3D4E5F6"), currency: "CHF", total: "50.00" });
    const paid = await createOrder(test, { id: idOf("D4E5F607"), currency: "CHF", total: "35.00", paymentStatus: "paid", amountReceived: "35.00", paidAt: new Date("2026-11-01T00:00:00Z") });
    const cancelled = await createOrder(test, { id: idOf("E5F60718"), currency: "CHF", total: "64.90", status: "cancelled" });

    const result = await importStatement(fixture("camt053-postfinance-001.08.xml"));
    const view = await getImport(result.ok ? result.importId : "");
    const outcome = Object.fromEntries(view!.transactions.map((t) => [t.orderId, t.outcome]));
    // The paid order's credit is its total once more: a possible double payment.
    expect(outcome).toEqual({ [qrr]: "matched", [scor]: "matched", [chf]: "otherCurrency", [paid]: "doublePayment", [cancelled]: "cancelled" });
    expect(await paymentOf(test, qrr)).toMatchObject({ payment_status: "paid", amount_received: "89.50" });
    expect(await paymentOf(test, scor)).toMatchObject({ payment_status: "paid", amount_received: "120.00" });
    expect(await paymentOf(test, chf)).toMatchObject({ payment_status: "unpaid" });
    // The earlier payment of the paid order stays as it was.
    const before = await paymentOf(test, paid);
    expect(before.amount_received).toBe("35.00");
    expect(new Date(before.paid_at!).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(await paymentOf(test, cancelled)).toMatchObject({ payment_status: "unpaid" });
  });

  it("skips a credit a notification brought before: the statement's booking of it changes nothing", async () => {
    const notification = await importStatement(fixture("camt054-ubs-001.04.xml"));
    // The PostFinance statement above already held this booking (same account and bank reference).
    expect(notification).toMatchObject({ ok: true, status: "imported" });
    const view = await getImport(notification.ok ? notification.importId : "");
    expect(view).toMatchObject({ kind: "camt.054", credits: 1, duplicates: 1, transactions: [] });
    expect(view!.skipped).toEqual([expect.objectContaining({ reason: "importedBefore", entryRef: "1123002PF0000002-0001", amount: 12000, earlier: expect.objectContaining({ id: expect.any(String) }) })]);
    expect(await paymentOf(test, idOf("B2C3D4E5"))).toMatchObject({ amount_received: "120.00" });
  });

  it("applies nothing of a file that is broken, hostile or not camt", async () => {
    await createOrder(test, { total: "49.90" });
    const before = await counts(test);
    for (const [name, reason] of [
      ["broken-truncated.xml", "broken"],
      ["hostile-billion-laughs.xml", "doctype"],
      ["hostile-external-entity.xml", "doctype"],
      ["pain001-not-camt.xml", "notCamt"],
      ["wrong-namespace-camt053.xml", "notCamt"],
    ] as const) {
      expect(await importStatement(fixture(name))).toEqual({ ok: false, reason });
    }
    const badLast = new TextDecoder().decode(fixture("camt053-prefixed-001.04.xml")).replace("</ns2:Ntry>", `</ns2:Ntry><ns2:Ntry><ns2:Amt Ccy="EUR">abc</ns2:Amt><ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd></ns2:Ntry>`);
    expect(await importStatement(new TextEncoder().encode(badLast))).toEqual({ ok: false, reason: "invalidEntry", entry: 2 });
    expect(await counts(test)).toEqual(before);
  });

  it("undoes the whole file when one of its writes fails: nothing half-applied", async () => {
    const order = await createOrder(test, { id: idOf("8EAF4053"), total: "1234.56" });
    const before = await counts(test);
    // A trigger that refuses the file's last write (the import marked done, after its payments) stands in for any failure half-way.
    await test.db.exec(`create or replace function public.test_refuse_import() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$;
      create trigger test_refuse_import before update on public.bank_statement_imports for each row
        when (new.state = 'done') execute function public.test_refuse_import();`);
    const fail = new TextDecoder().decode(fixture("camt053-prefixed-001.04.xml")).replace("</ns2:Stmt>", `<ns2:Ntry><ns2:Amt Ccy="EUR">1.00</ns2:Amt><ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd><ns2:BookgDt><ns2:Dt>2026-11-23</ns2:Dt></ns2:BookgDt><ns2:AcctSvcrRef>2026112300012345</ns2:AcctSvcrRef></ns2:Ntry></ns2:Stmt>`);
    // Its last entry repeats a booking of the German statement (same account and bank reference): the file's count of
    // duplicates is written last, and the trigger refuses that write, after the first credit was recorded as paid.
    // Nothing of it stays: no credit, no skipped credit, no payment.
    const withDuplicate = fail.replace("DE44500105175407324931", "DE89370400440532013000");
    try {
      await expect(importStatement(new TextEncoder().encode(withDuplicate))).rejects.toThrow(/refused for the test/);
    } finally {
      await test.db.exec("drop trigger test_refuse_import on public.bank_statement_imports; drop function public.test_refuse_import();");
    }
    expect(await counts(test)).toEqual(before);
    expect(await paymentOf(test, order)).toMatchObject({ payment_status: "unpaid" });
  });

  it("applies one of two imports of the same file at once", async () => {
    // The file's reference names this order (its number drawn from the sequence) instead of 8EAF4053.
    const order = await createOrder(test, { total: "77.00" });
    const xml = new TextDecoder().decode(fixture("camt053-prefixed-001.04.xml"))
      .replace("RF388EAF4053", creditorReference(await orderNumberOf(test, order)))
      .replace("1234.56", "77.00")
      .replace("DB-000471100001", "DB-000471100002")
      .replace("DB-STMT-4711", "DB-STMT-4712");
    const bytes = new TextEncoder().encode(xml);
    const results = await Promise.all([importStatement(bytes), importStatement(bytes)]);
    // The second finds the first running, or (on a fast database) done already.
    const statuses = results.map((r) => (r.ok ? r.status : r.reason));
    expect(statuses.filter((status) => status === "imported")).toHaveLength(1);
    expect(statuses.filter((status) => status !== "imported")).toEqual([expect.stringMatching(/^(running|alreadyImported)$/)]);
    const [imported] = await test.db.query<{ n: number }>("select count(*)::int as n from public.bank_transactions where entry_ref = 'DB-000471100002'");
    expect(imported!.n).toBe(1);
    expect(await paymentOf(test, order)).toMatchObject({ payment_status: "paid", amount_received: "77.00" });
  });
});
