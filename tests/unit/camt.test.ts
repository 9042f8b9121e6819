import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { amountCents, MAX_STATEMENT_ENTRIES, orderNumbersOf, parseCamt, type ParsedStatement } from "~/utils/camt.server";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/camt/${name}`, import.meta.url)));
const text = (xml: string) => new TextEncoder().encode(xml);

async function parsed(name: string): Promise<ParsedStatement> {
  const result = await parseCamt(fixture(name));
  if (!result.ok) throw new Error(`${name}: ${result.reason}`);
  return result.statement;
}

/** A minimal statement around some entries, for the limits. */
function statement(entries: string, namespace = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.02") {
  return `<?xml version="1.0"?><Document xmlns="${namespace}"><BkToCstmrStmt><GrpHdr><MsgId>T</MsgId><CreDtTm>2026-11-24T06:00:00</CreDtTm></GrpHdr><Stmt><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>${entries}</Stmt></BkToCstmrStmt></Document>`;
}
const credit = (amount: string, extra = "") =>
  `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-23</Dt></BookgDt>${extra}</Ntry>`;

const sparkasse = await parsed("camt053-sparkasse-001.02.xml");
const postfinance = await parsed("camt053-postfinance-001.08.xml");

describe("camt.053.001.02 as a German savings bank sends it", () => {
  const result = sparkasse;

  it("knows the message and counts every entry, reading only the booked credits (no debit, no reversal)", async () => {
    expect(result).toMatchObject({ kind: "camt.053", version: "001.02", messageId: "camt053_20261124_0532013000", entries: 7 });
    // 1 single + 2 of the batch + partial + no reference + tampered = 6 credits.
    expect(result.credits.map((c) => c.amount)).toEqual([4990, 11900, 2550, 4000, 150000, 1000]);
    expect(result.credits.every((c) => c.currency === "EUR" && c.account === "DE89370400440532013000" && c.bookingDate === "2026-11-23")).toBe(true);
  });

  it("reads a single transfer: bank reference, debtor, free text with its entities decoded, and the RF in it", async () => {
    const [single] = result.credits;
    expect(single).toMatchObject({
      entryRef: "2026112300012345",
      valueDate: "2026-11-23",
      reference: null,
      debtorName: "Erika Mustermann",
    });
    expect(single!.remittance).toContain("RF16 3F2A 9B1C Bestellung Buero & Co");
    expect(orderNumbersOf(single!)).toEqual(["3F2A9B1C"]);
  });

  it("splits a batch booking into one credit per transaction, each with its own reference and a reference of its own", async () => {
    const batch = result.credits.slice(1, 3);
    expect(batch.map((c) => c.entryRef)).toEqual(["2026112300012346#1", "2026112300012346#2"]);
    expect(batch[0]).toMatchObject({ amount: 11900, reference: "RF205B7C1D20", debtorName: "Max Beispiel" });
    expect(batch[1]).toMatchObject({ amount: 2550, debtorName: "Anna Schmidt-Özdemir" });
    expect(batch[1]!.remittance).toContain("Zahlung fuer RF406C8D2E31 Danke!");
    expect(batch.map((c) => orderNumbersOf(c))).toEqual([["5B7C1D20"], ["6C8D2E31"]]);
  });

  it("uses the bank's entry number where it gives no other reference, and a stable hash where it gives none", async () => {
    expect(result.credits[3]!.entryRef).toBe("0003");
    const hashed = result.credits[4]!.entryRef;
    expect(hashed).toMatch(/^hash:[0-9a-f]{40}$/);
    expect((await parsed("camt053-sparkasse-001.02.xml")).credits[4]!.entryRef).toBe(hashed);
    expect(orderNumbersOf(result.credits[4]!)).toEqual([]);
  });

  it("finds no order in a reference with a wrong check digit", async () => {
    expect(result.credits[5]!.remittance).toBe("RF17 3F2A 9B1C");
    expect(orderNumbersOf(result.credits[5]!)).toEqual([]);
  });
});

describe("camt.053.001.08 as a Swiss bank (PostFinance) sends it", () => {
  const result = postfinance;

  it("reads booked credits only (<Sts><Cd>BOOK</Cd></Sts>), with the transaction's own bank reference", async () => {
    expect(result).toMatchObject({ kind: "camt.053", version: "001.08", entries: 6 });
    expect(result.credits.map((c) => [c.entryRef, c.amount, c.currency])).toEqual([
      ["1123002PF0000001-0001", 8950, "CHF"],
      ["1123002PF0000002-0001", 12000, "CHF"],
      ["1123002PF0000003", 5000, "EUR"],
      ["1123002PF0000004", 3500, "CHF"],
      ["1123002PF0000005", 6490, "CHF"],
    ]);
    expect(result.credits[0]).toMatchObject({ debtorName: "Hans Muster", reference: "000000000000000027128473169", remittance: "Bestellung Bürobedarf" });
    expect(result.credits[2]).toMatchObject({ valueDate: "2026-11-24", bookingDate: "2026-11-23" });
  });

  it("reads the order number from a QR reference (QRR) and from an RF reference (SCOR)", async () => {
    expect(result.credits.map((c) => orderNumbersOf(c))).toEqual([["A1B2C3D4"], ["B2C3D4E5"], ["C3D4E5F6"], ["D4E5F607"], ["E5F60718"]]);
  });
});

describe("other shapes", () => {
  it("reads a camt.054 notification (UBS style) with a grouped RF reference, skipping an INFO entry", async () => {
    const result = await parsed("camt054-ubs-001.04.xml");
    expect(result).toMatchObject({ kind: "camt.054", version: "001.04", entries: 2 });
    expect(result.credits).toHaveLength(1);
    // The same booking as in the PostFinance statement: the same key, so the statement skips it later.
    expect(result.credits[0]).toMatchObject({ entryRef: "1123002PF0000002-0001", account: "CH4431999123000889012", reference: "RF34B2C3D4E5", amount: 12000 });
  });

  it("reads a document whose namespace has a prefix (ns2:), a date-time booking date, and the valid reference among a tampered one", async () => {
    const result = await parsed("camt053-prefixed-001.04.xml");
    expect(result).toMatchObject({ kind: "camt.053", version: "001.04" });
    expect(result.credits[0]).toMatchObject({ amount: 123456, bookingDate: "2026-11-23", entryRef: "DB-000471100001", debtorName: "Deutsche Kunde KG" });
    expect(orderNumbersOf(result.credits[0]!)).toEqual(["8EAF4053"]);
  });

  it("refuses ISO 20022 that is not a statement, and a look-alike in another namespace", async () => {
    expect(await parseCamt(fixture("pain001-not-camt.xml"))).toEqual({ ok: false, reason: "notCamt" });
    expect(await parseCamt(fixture("wrong-namespace-camt053.xml"))).toEqual({ ok: false, reason: "notCamt" });
    expect(await parseCamt(text(statement(credit("1.00"), "urn:iso:std:iso:20022:tech:xsd:camt.054.001.02")))).toEqual({ ok: false, reason: "notCamt" });
  });
});

describe("hostile and broken files", () => {
  it("refuses a DOCTYPE outright: no billion laughs, no external entity", async () => {
    expect(await parseCamt(fixture("hostile-billion-laughs.xml"))).toEqual({ ok: false, reason: "doctype" });
    expect(await parseCamt(fixture("hostile-external-entity.xml"))).toEqual({ ok: false, reason: "doctype" });
    expect(await parseCamt(text(`<?xml version="1.0"?>\n<!doctype Document SYSTEM "http://example.com/x.dtd">${statement(credit("1.00")).replace(/^<\?xml[^>]*>/, "")}`))).toEqual({ ok: false, reason: "doctype" });
  });

  it("never expands an entity reference in a statement without DOCTYPE", async () => {
    const result = await parseCamt(text(statement(credit("1.00", "<AcctSvcrRef>&xxe;</AcctSvcrRef>"))));
    expect(result.ok && result.statement.credits[0]!.entryRef).toBe("&xxe;");
  });

  it("refuses broken XML, text that is not XML, binary and an empty file", async () => {
    expect(await parseCamt(fixture("broken-truncated.xml"))).toEqual({ ok: false, reason: "broken" });
    expect(await parseCamt(text(statement(credit("1.00")).replace("</Stmt>", "</Stmnt>")))).toEqual({ ok: false, reason: "broken" });
    expect(await parseCamt(text("Buchungstag;Betrag;Verwendungszweck\n23.11.2026;49,90;RF16 3F2A 9B1C\n"))).toEqual({ ok: false, reason: "notXml" });
    expect(await parseCamt(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]))).toEqual({ ok: false, reason: "notXml" });
    expect(await parseCamt(new Uint8Array())).toEqual({ ok: false, reason: "notXml" });
  });

  it("refuses a credit whose amount, currency or date cannot be read, naming the entry", async () => {
    for (const bad of ["-5.00", "1,50", "0.00", "12.345", "99999999999.00", ""]) {
      expect(await parseCamt(text(statement(credit("1.00") + credit(bad))))).toEqual({ ok: false, reason: "invalidEntry", entry: 2 });
    }
    const noCurrency = `<Ntry><Amt>1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-23</Dt></BookgDt></Ntry>`;
    expect(await parseCamt(text(statement(noCurrency)))).toMatchObject({ ok: false, reason: "invalidEntry", entry: 1 });
    expect(await parseCamt(text(statement(credit("1.00").replace("2026-11-23", "2026-02-30"))))).toEqual({ ok: false, reason: "invalidEntry", entry: 1 });
    const noBookingDate = `<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><ValDt><Dt>2026-11-20</Dt></ValDt></Ntry>`;
    expect(await parseCamt(text(statement(noBookingDate)))).toMatchObject({ ok: true, statement: { credits: [{ bookingDate: "2026-11-20" }] } });
  });

  it("refuses more than 100 000 entries before building anything from them", async () => {
    const entry = `<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd></Ntry>`;
    expect(await parseCamt(text(statement(entry.repeat(MAX_STATEMENT_ENTRIES + 1))))).toEqual({ ok: false, reason: "tooManyEntries", max: MAX_STATEMENT_ENTRIES });
    expect(await parseCamt(text(statement(entry.repeat(1000))))).toMatchObject({ ok: true, statement: { entries: 1000, credits: [] } });
  });

  it("reads a Latin-1 file that says so, and refuses invalid UTF-8", async () => {
    const latin = statement(credit("1.00", "<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>J\u00fcrgen M\u00fcller</Nm></Dbtr></RltdPties></TxDtls></NtryDtls>")).replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="ISO-8859-1"?>');
    const bytes = new Uint8Array([...latin].map((char) => char.charCodeAt(0)));
    const result = await parseCamt(bytes);
    expect(result.ok && result.statement.credits[0]!.debtorName).toBe("Jürgen Müller");
    const utf8Declared = new Uint8Array([...new TextEncoder().encode(statement("")).slice(0, 30), 0xff, 0xfe, ...new TextEncoder().encode(statement("")).slice(30)]);
    expect(await parseCamt(utf8Declared)).toEqual({ ok: false, reason: "notXml" });
  });
});

describe("amounts and references", () => {
  it("reads amounts to the cent, never through floating point", async () => {
    expect(amountCents("0.1")).toBe(10);
    expect(amountCents("1234.56")).toBe(123456);
    expect(amountCents("1234.560")).toBe(123456);
    expect(amountCents("1234.561")).toBeNull();
    expect(amountCents("9999999999.99")).toBeNull();
    expect(amountCents("99999999.99")).toBe(9_999_999_999);
  });

  it("reads an order number from a QR reference only when its check digit is right", async () => {
    expect(orderNumbersOf({ reference: "000000000000000027128473169", remittance: null })).toEqual(["A1B2C3D4"]);
    expect(orderNumbersOf({ reference: "000000000000000027128473168", remittance: null })).toEqual([]);
    // SIX's example: a valid QR reference, but a number no order has.
    expect(orderNumbersOf({ reference: "210000000003139471430009017", remittance: null })).toEqual([]);
  });
});

describe("statements as banks really send them (second round)", () => {
  it("reads each transaction of a Swiss batch as its own credit, although all carry the entry's AcctSvcrRef", async () => {
    const result = await parsed("camt053-cantonal-batch-001.04.xml");
    expect(result).toMatchObject({ kind: "camt.053", version: "001.04", entries: 1 });
    expect(result.credits.map((c) => [c.entryRef, c.amount, c.unbalanced])).toEqual([
      ["231123CH0A6F3K2M#1", 8990, false],
      ["231123CH0A6F3K2M#2", 25000, false],
      ["231123CH0A6F3K2M#3", 7250, false],
    ]);
    expect(result.credits.map((c) => orderNumbersOf(c))).toEqual([["1A2B3C4D"], ["2B3C4D5E"], ["3C4D5E6F"]]);
  });

  it("keeps two identical credits without bank references as two, the same in a later file version", async () => {
    const v2019 = await parsed("camt054-double-no-refs-001.08.xml");
    const v2009 = await parsed("camt054-double-no-refs-001.02.xml");
    expect(v2019.credits).toHaveLength(2);
    const [first, second] = v2019.credits.map((c) => c.entryRef);
    expect(first).toMatch(/^hash:[0-9a-f]{40}$/);
    expect(second).toBe(`${first}:2`);
    // The same bookings in the 2009 schema are known by the same references: imported once only.
    expect(v2009.credits.map((c) => c.entryRef)).toEqual([first, second]);
  });

  it("reads RvslInd 1 as a reversal, as true is (xs:boolean)", async () => {
    for (const value of ["1", "true", "TRUE"]) {
      const result = await parseCamt(text(statement(credit("10.00", `<RvslInd>${value}</RvslInd>`) + credit("2.00"))));
      expect(result).toMatchObject({ ok: true, statement: { entries: 2, credits: [{ amount: 200 }] } });
    }
    for (const value of ["0", "false"]) {
      const result = await parseCamt(text(statement(credit("10.00", `<RvslInd>${value}</RvslInd>`))));
      expect(result).toMatchObject({ ok: true, statement: { credits: [{ amount: 1000 }] } });
    }
  });

  it("marks the transactions of a batch that do not add up to the entry as unbalanced", async () => {
    const tx = (amount: string, ref: string) =>
      `<TxDtls><Amt Ccy="EUR">${amount}</Amt><RmtInf><Strd><CdtrRefInf><Ref>${ref}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>`;
    const cheap = credit("0.01", `<AcctSvcrRef>B1</AcctSvcrRef><NtryDtls>${tx("500.00", "RF824D5E6F70")}${tx("700.00", "RF865E6F7081")}</NtryDtls>`);
    const fair = credit("1200.00", `<AcctSvcrRef>B2</AcctSvcrRef><NtryDtls>${tx("500.00", "RF824D5E6F70")}${tx("700.00", "RF865E6F7081")}</NtryDtls>`);
    const result = await parseCamt(text(statement(cheap + fair)));
    if (!result.ok) throw new Error(result.reason);
    expect(result.statement.credits.map((c) => [c.entryRef, c.amount, c.unbalanced])).toEqual([
      ["B1#1", 50000, true],
      ["B1#2", 70000, true],
      ["B2#1", 50000, false],
      ["B2#2", 70000, false],
    ]);
  });

  it("lets the root element decide what the file is: a <Document in a comment before it is not the root", async () => {
    // The root is a Document in another namespace, shaped like a statement; a comment before it names camt.053.
    const camtInComment = `<?xml version="1.0"?>\n<!-- <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"> -->\n` +
      statement(credit("3.00"), "urn:example:not-camt").replace(/^<\?xml[^>]*>/, "");
    expect(await parseCamt(text(camtInComment))).toEqual({ ok: false, reason: "notCamt" });
    expect(await parseCamt(fixture("pain001-not-camt.xml"))).toEqual({ ok: false, reason: "notCamt" });
    // A real statement with a comment before its root is read.
    const commented = `<?xml version="1.0"?>\n<!-- exported 2026-11-24 --><?bank x="1"?>\n${statement(credit("3.00")).replace(/^<\?xml[^>]*>/, "")}`;
    expect(await parseCamt(text(commented))).toMatchObject({ ok: true, statement: { credits: [{ amount: 300 }] } });
  });

  it("reads a large file in steps, telling its progress, with the event loop turning between steps", async () => {
    const entries = Array.from({ length: 2500 }, (_, i) => credit(`${1 + i}.00`, `<AcctSvcrRef>S${i}</AcctSvcrRef>`)).join("");
    const steps: Array<{ read: number; total: number }> = [];
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 0);
    const result = await parseCamt(text(statement(entries)), { onProgress: (progress) => void steps.push(progress) });
    clearInterval(ticker);
    expect(result).toMatchObject({ ok: true, statement: { entries: 2500 } });
    expect(steps).toEqual([{ read: 1000, total: 2500 }, { read: 2000, total: 2500 }, { read: 2500, total: 2500 }]);
    expect(turns).toBeGreaterThan(0);
  });
});
