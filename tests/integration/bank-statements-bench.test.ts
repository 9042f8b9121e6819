import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createOrder, orderNumberOf } from "../factories";
import { importStatement } from "~/models/bank-statement.server";
import { parseCamt } from "~/utils/camt.server";
import { creditorReference } from "~/utils/creditor-reference";

/*
 * The import time of a camt.053 with 5 000 credits (docs/performance.md): 2 500 name an open order
 * with its amount (matched, marked paid), 2 500 name none. Measures, asserts no time. Runs only with
 * CAMT_BENCH=1: CAMT_BENCH=1 npx vitest run tests/integration/bank-statements-bench.test.ts
 */

const ENTRIES = 5_000;

function statement(orders: Array<{ number: string }>, prefix = "BENCH"): Uint8Array {
  const entries: string[] = [];
  for (let i = 0; i < ENTRIES; i += 1) {
    const order = orders[i];
    const text = order ? `${creditorReference(order.number)} Bestellung` : `Gutschrift ${i}`;
    entries.push(`<Ntry><Amt Ccy="EUR">12.34</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-23</Dt></BookgDt><ValDt><Dt>2026-11-23</Dt></ValDt><AcctSvcrRef>${prefix}${i}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Kunde ${i}</Nm></Dbtr></RltdPties><RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`);
  }
  return new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-11-24T06:00:00</CreDtTm></GrpHdr><Stmt><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>${entries.join("\n")}</Stmt></BkToCstmrStmt></Document>`,
  );
}

describe.skipIf(!process.env.CAMT_BENCH).each(testDbKinds)("import time of 5 000 credits on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  it("imports them in one transaction", async () => {
    const orders: Array<{ number: string }> = [];
    for (let i = 0; i < ENTRIES / 2; i += 1) {
      const id = await createOrder(test, { total: "12.34" });
      orders.push({ number: await orderNumberOf(test, id) });
    }
    const bytes = statement(orders);
    const parseStart = performance.now();
    const parsed = await parseCamt(bytes);
    const parseMs = performance.now() - parseStart;
    expect(parsed.ok && parsed.statement.credits.length).toBe(ENTRIES);
    const start = performance.now();
    const result = await importStatement(bytes);
    const importMs = performance.now() - start;
    expect(result).toMatchObject({ ok: true, status: "imported" });
    const [paid] = await test.db.query<{ n: number }>("select count(*)::int as n from public.orders where payment_status = 'paid'");
    expect(paid!.n).toBe(ENTRIES / 2);
    console.log(`[camt bench ${kind}] ${(bytes.length / 1024 / 1024).toFixed(2)} MB, ${ENTRIES} credits (${ENTRIES / 2} matched): parse ${parseMs.toFixed(0)} ms, import (parse + match + write) ${importMs.toFixed(0)} ms`);
    // The same size naming no order: what the payments themselves cost is the difference.
    const unmatched = statement([], "NOMATCH");
    const again = performance.now();
    expect(await importStatement(unmatched)).toMatchObject({ ok: true, status: "imported" });
    console.log(`[camt bench ${kind}] ${ENTRIES} credits (none matched): import ${(performance.now() - again).toFixed(0)} ms`);
  }, 600_000);
});
