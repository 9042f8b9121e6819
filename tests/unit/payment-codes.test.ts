import sharp from "sharp";
import { isQRReferenceValid, isSCORReferenceValid } from "swissqrbill/utils";
import { SwissQRBill } from "swissqrbill/svg";
import { describe, expect, it, vi } from "vitest";
import { creditorReference, parseCreditorReference } from "~/utils/creditor-reference";
import { epcPayload, PaymentCodeError, type EpcTransfer } from "~/utils/epc-qr";
import { qrBillData, qrBillLanguage, qrBillSvg, type QrBillInput } from "~/utils/qr-bill.server";
import { formatQrReference, orderNumberFromQrReference, qrReference, qrReferenceCheckDigit } from "~/utils/qr-reference";
import { giroCodePayload, paymentCodes, qrBillPlan, qrCodePng, type PayableOrder } from "~/utils/payment-codes.server";
import type { BankDetails } from "~/utils/shop-details.server";
import { decodeQrPng, epcFields, spcFields } from "../e2e/support/qr";

/**
 * The payment codes' payloads, field by field: the GiroCode's text (EPC069-12) as assembled and as
 * read back from the drawn QR code; the Swiss QR-bill's data through the swissqrbill library's own
 * validation, and its QR code read back from the SVG the pages show.
 */

const transfer: EpcTransfer = {
  bic: "COBADEFFXXX",
  name: "OfficeHaus GmbH",
  iban: "DE89 3704 0044 0532 0130 00",
  amount: 12_990,
  currency: "EUR",
  reference: "RF18 5390 0754 7034",
};

const GERMAN: BankDetails = { holder: "OfficeHaus GmbH", iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX", bankName: "Commerzbank", qrIban: null };
const SWISS: BankDetails = { holder: "OfficeHaus GmbH", iban: "CH93 0076 2011 6238 5295 7", bic: "POFICHBEXXX", bankName: "PostFinance", qrIban: null };
const SWISS_QR: BankDetails = { ...SWISS, qrIban: "CH4431999123000889012" };

const order = (overrides: Partial<PayableOrder> = {}): PayableOrder => ({
  number: "5390A75F",
  total: 264_790,
  currency: "CHF",
  paymentMethod: "bank_transfer",
  paymentReference: creditorReference("5390A75F"),
  locale: "fr",
  customerName: "Erika Muster",
  billingAddress: { street: "Bahnhofstrasse 1", postalCode: "8001", city: "Zürich", country: "CH" },
  ...overrides,
});

/** The QR code in an SVG, as a scanner sees it: drawn at 128 dpi (sharp's density counts from 72), read with jsQR. */
async function decodeSvg(svg: string, density = 96): Promise<string | null> {
  return decodeQrPng(await sharp(Buffer.from(svg), { density }).flatten({ background: "#ffffff" }).png().toBuffer());
}

describe("GiroCode payload (EPC069-12)", () => {
  it("has every field in its line", () => {
    const fields = epcFields(epcPayload(transfer));
    expect(fields).toEqual({
      serviceTag: "BCD",
      version: "002",
      charset: "1",
      identification: "SCT",
      bic: "COBADEFFXXX",
      name: "OfficeHaus GmbH",
      iban: "DE89370400440532013000",
      amount: "EUR129.90",
      purpose: "",
      reference: "RF18539007547034",
      remittance: "",
      lineCount: 10,
    });
    expect(parseCreditorReference(fields.reference!)).toBe("539007547034");
  });

  it("writes amounts with a point and two decimals, from one cent to 999 999 999.99", () => {
    expect(epcFields(epcPayload({ ...transfer, amount: 1 })).amount).toBe("EUR0.01");
    expect(epcFields(epcPayload({ ...transfer, amount: 100_000 })).amount).toBe("EUR1000.00");
    expect(epcFields(epcPayload({ ...transfer, amount: 99_999_999_999 })).amount).toBe("EUR999999999.99");
  });

  it("leaves the BIC empty when none is configured (allowed in version 002)", () => {
    expect(epcFields(epcPayload({ ...transfer, bic: "" })).bic).toBe("");
  });

  it("refuses what EPC069-12 does not allow", () => {
    const refused = (change: Partial<EpcTransfer>) => expect(() => epcPayload({ ...transfer, ...change })).toThrow(PaymentCodeError);
    refused({ currency: "CHF" });
    refused({ amount: 0 });
    refused({ amount: -500 });
    refused({ amount: 100_000_000_000 });
    refused({ amount: 12.5 });
    refused({ name: "x".repeat(71) });
    refused({ name: " " });
    refused({ iban: "not an iban" });
    refused({ bic: "BIC!" });
    refused({ reference: "5390A75F" });
  });

  it("draws a QR code that reads back to the same text (PNG for the e-mail, SVG for the pages)", async () => {
    const payload = epcPayload(transfer);
    expect(decodeQrPng(await qrCodePng(payload))).toBe(payload);
    const codes = await paymentCodes(order({ currency: "EUR", total: 12_990, paymentReference: "RF18539007547034" }), GERMAN);
    expect(codes.qrBill).toBeNull();
    expect(codes.giroCode!.payload).toBe(epcPayload({ ...transfer, bic: GERMAN.bic }));
    // The GiroCode's SVG has a viewBox of one unit a module (the page gives it its width): drawn at 6 pixels a module.
    expect(codes.giroCode!.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(await decodeSvg(codes.giroCode!.svg, 72 * 6)).toBe(codes.giroCode!.payload);
  });
});

describe("QR reference (QRR) of an order", () => {
  it("is 27 digits with the modulo 10 recursive check digit SIX defines", () => {
    // SIX's example reference: 21 00000 00003 13947 14300 0901 + check digit 7.
    expect(qrReferenceCheckDigit("21000000000313947143000901")).toBe("7");
    const reference = qrReference("5390A75F");
    expect(reference).toMatch(/^\d{27}$/);
    expect(reference.slice(0, 26)).toBe(String(0x5390a75f).padStart(26, "0"));
    expect(isQRReferenceValid(reference)).toBe(true);
    expect(formatQrReference(reference)).toMatch(/^\d{2}( \d{5}){5}$/);
  });

  it("names its order again; a tampered digit or another shape names none", () => {
    expect(orderNumberFromQrReference(qrReference("5390A75F"))).toBe("5390A75F");
    expect(orderNumberFromQrReference(formatQrReference(qrReference("0000000A")))).toBe("0000000A");
    const reference = qrReference("5390A75F");
    const tampered = `${reference.slice(0, 20)}${(Number(reference[20]) + 1) % 10}${reference.slice(21)}`;
    expect(orderNumberFromQrReference(tampered)).toBeNull();
    expect(orderNumberFromQrReference("210000000003139471430009017")).toBeNull(); // valid, but larger than any order number
    expect(orderNumberFromQrReference("12345")).toBeNull();
    expect(() => qrReference("5390A75")).toThrow();
  });
});

describe("Swiss QR-bill data (through swissqrbill's validation)", () => {
  const input = (change: Partial<QrBillInput> = {}): QrBillInput => ({
    account: "CH93 0076 2011 6238 5295 7",
    creditor: { name: "OfficeHaus GmbH", street: "Friedrichstraße 123", postalCode: "10117", city: "Berlin", country: "DE" },
    amount: 264_790,
    currency: "CHF",
    reference: creditorReference("5390A75F"),
    debtor: { name: "Erika Muster", street: "Bahnhofstrasse 1", postalCode: "8001", city: "Zürich", country: "ch" },
    ...change,
  });

  it("carries account, creditor, amount, currency, reference and debtor", () => {
    const data = qrBillData(input());
    expect(data).toEqual({
      currency: "CHF",
      amount: 2647.9,
      creditor: { account: "CH9300762011623852957", name: "OfficeHaus GmbH", address: "Friedrichstraße 123", zip: "10117", city: "Berlin", country: "DE" },
      reference: "RF185390A75F".replace("RF18", creditorReference("5390A75F").slice(0, 4)),
      debtor: { name: "Erika Muster", address: "Bahnhofstrasse 1", zip: "8001", city: "Zürich", country: "CH" },
    });
    expect(isSCORReferenceValid(data.reference!)).toBe(true);
    // The library accepts it as it is (it throws on anything SIX does not allow).
    expect(() => new SwissQRBill(data)).not.toThrow();
  });

  it("takes the QR reference on a QR-IBAN, and the library refuses a mix", () => {
    const data = qrBillData(input({ account: "CH44 3199 9123 0008 8901 2", reference: qrReference("5390A75F") }));
    expect(data.reference).toBe(qrReference("5390A75F"));
    expect(() => qrBillData(input({ account: "CH44 3199 9123 0008 8901 2" }))).toThrow(PaymentCodeError);
    expect(() => qrBillData(input({ reference: qrReference("5390A75F") }))).toThrow(PaymentCodeError);
    expect(() => qrBillData(input({ reference: "210000000003139471430009018" , account: "CH44 3199 9123 0008 8901 2" }))).toThrow(PaymentCodeError);
  });

  it("refuses another currency, a German account, an amount out of range", () => {
    expect(() => qrBillData(input({ currency: "EUR" }))).toThrow(/CHF orders only/);
    expect(() => qrBillData(input({ account: "DE89 3704 0044 0532 0130 00" }))).toThrow(PaymentCodeError);
    expect(() => qrBillData(input({ account: "CH94 0076 2011 6238 5295 7" }))).toThrow(PaymentCodeError);
    expect(() => qrBillData(input({ amount: 0 }))).toThrow(PaymentCodeError);
    expect(() => qrBillData(input({ amount: 100_000_000_000 }))).toThrow(PaymentCodeError);
  });

  it("cuts fields to SIX's lengths and leaves off a debtor SIX's character set cannot write", () => {
    const long = qrBillData(input({ debtor: { name: "N".repeat(90), street: "S".repeat(90), postalCode: "8001", city: "C".repeat(50), country: "CH" } }));
    expect(long.debtor).toMatchObject({ name: "N".repeat(70), address: "S".repeat(70), city: "C".repeat(35) });
    const arabic = qrBillData(input({ debtor: { name: "ليلى حداد", street: "Bahnhofstrasse 1", postalCode: "8001", city: "Zürich", country: "CH" } }));
    expect(arabic.debtor).toBeUndefined();
  });

  it("is drawn in the order's language (German for Arabic) with a QR code that reads back field by field", async () => {
    expect(["de", "fr", "en", "ar"].map(qrBillLanguage)).toEqual(["DE", "FR", "EN", "DE"]);
    const svg = qrBillSvg(qrBillData(input()), "FR");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="210mm" height="105mm" viewBox="0 0 793.701 396.850"/);
    expect(svg).toContain("Section paiement");
    expect(svg).toContain("Récépissé");
    const fields = spcFields((await decodeSvg(svg))!);
    expect(fields).toMatchObject({
      qrType: "SPC",
      version: "0200",
      coding: "1",
      iban: "CH9300762011623852957",
      creditor: { addressType: "S", name: "OfficeHaus GmbH", street: "Friedrichstraße 123", postalCode: "10117", city: "Berlin", country: "DE" },
      amount: "2647.90",
      currency: "CHF",
      debtor: { addressType: "S", name: "Erika Muster", street: "Bahnhofstrasse 1", postalCode: "8001", city: "Zürich", country: "CH" },
      referenceType: "SCOR",
      reference: creditorReference("5390A75F"),
      trailer: "EPD",
    });
  });
});

describe("which code an order gets", () => {
  it("EUR bank transfer: a GiroCode; CHF: a QR-bill; cash on delivery: none", async () => {
    const eur = await paymentCodes(order({ currency: "EUR" }), SWISS);
    expect(eur.giroCode).not.toBeNull();
    expect(eur.qrBill).toBeNull();
    const chf = await paymentCodes(order(), SWISS);
    expect(chf.giroCode).toBeNull();
    expect(chf.qrBill).toMatchObject({ referenceType: "SCOR", reference: creditorReference("5390A75F") });
    for (const currency of ["EUR", "CHF"] as const) {
      expect(await paymentCodes(order({ currency, paymentMethod: "cash_on_delivery" }), SWISS)).toEqual({ giroCode: null, qrBill: null });
    }
  });

  it("an order in a currency no code has gets none", async () => {
    const odd = order({ currency: "USD" as never });
    expect(giroCodePayload(odd, GERMAN)).toBeNull();
    expect(await paymentCodes(odd, SWISS)).toEqual({ giroCode: null, qrBill: null });
  });

  it("QR-IBAN configured: the QR reference on it; else SHOP_IBAN with the RF reference; no Swiss account: no QR-bill", async () => {
    expect(qrBillPlan(order(), SWISS_QR)).toMatchObject({ account: "CH4431999123000889012", referenceType: "QRR", reference: qrReference("5390A75F") });
    expect(qrBillPlan(order(), SWISS)).toMatchObject({ account: SWISS.iban, referenceType: "SCOR" });
    expect(qrBillPlan(order(), GERMAN)).toBeNull();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await paymentCodes(order(), GERMAN)).qrBill).toBeNull();
    warn.mockRestore();
    const qrr = (await paymentCodes(order(), SWISS_QR)).qrBill!;
    const fields = spcFields((await decodeSvg(qrr.svg))!);
    expect(fields).toMatchObject({ iban: "CH4431999123000889012", referenceType: "QRR", reference: qrReference("5390A75F") });
  });
});
