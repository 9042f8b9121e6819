import { SwissQRBill } from "swissqrbill/svg";
import { ValidationError } from "swissqrbill/errors";
import type { Data } from "swissqrbill/types";
import { isIBANValid, isQRIBAN } from "swissqrbill/utils";
import { PaymentCodeError } from "./epc-qr";

/**
 * The Swiss QR-bill (SIX Implementation Guidelines QR-bill 2.3) of a CHF bank transfer: payment
 * part and receipt, drawn as SVG by the `swissqrbill` package, which also validates every field
 * (account, reference and its check digits, lengths). Here: the data put in, the language, and the
 * SVG made to scale on screen and print at its real size (210 × 105 mm).
 */

export type QrBillLanguage = "DE" | "FR" | "EN";

/** SIX defines German, French, Italian and English: the order's language, German for Arabic. */
export function qrBillLanguage(locale: string): QrBillLanguage {
  return locale === "fr" ? "FR" : locale === "en" ? "EN" : "DE";
}

export interface QrBillParty {
  name: string;
  /** Street and house number as one line (the shop's addresses keep them together). */
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166 alpha-2. */
  country: string;
}

export interface QrBillInput {
  /** A Swiss or Liechtenstein IBAN: a QR-IBAN with a QR reference, else with an RF reference. */
  account: string;
  creditor: QrBillParty;
  /** Cents. */
  amount: number;
  currency: string;
  /** The QR reference (27 digits) on a QR-IBAN, the RF creditor reference (SCOR) on any other account. */
  reference: string;
  debtor?: QrBillParty | null;
}

/**
 * The characters a QR-bill may carry (IG 2.3, 4.1.1): Basic Latin, Latin-1 Supplement, Latin
 * Extended-A, Ș ș Ț ț and €. A debtor written in other scripts is left off: the receipt then shows
 * the empty box the payer fills in by hand.
 */
const SIX_TEXT = /^[\u0020-\u007e\u00a0-\u017f\u0218-\u021b\u20ac]*$/;

const field = (value: string, max: number) => [...value.replace(/[\r\n\t]+/g, " ").replace(/\s+/g, " ").trim()].slice(0, max).join("");

function party(input: QrBillParty) {
  return {
    name: field(input.name, 70),
    address: field(input.street, 70),
    zip: field(input.postalCode, 16),
    city: field(input.city, 35),
    country: field(input.country, 2).toUpperCase(),
  };
}

function isWritable(value: ReturnType<typeof party>): boolean {
  return Object.values(value).every((text) => SIX_TEXT.test(text)) && value.name !== "" && value.address !== "" && value.city !== "" && value.zip !== "" && /^[A-Z]{2}$/.test(value.country);
}

/** Whether an account can carry a QR-bill at all: a valid Swiss or Liechtenstein IBAN. */
export function isQrBillAccount(iban: string): boolean {
  const compact = iban.replace(/\s+/g, "").toUpperCase();
  return /^(CH|LI)\d{7}[0-9A-Z]{12}$/.test(compact) && isIBANValid(compact);
}

export { isQRIBAN as isQrIban };

/**
 * The QR-bill's data, checked by the library (it throws what SIX does not allow: a PaymentCodeError
 * here). Only CHF: a EUR order pays by GiroCode.
 */
export function qrBillData(input: QrBillInput): Data {
  if (input.currency !== "CHF") throw new PaymentCodeError(`A QR-bill is made for CHF orders only, not ${input.currency}.`);
  if (!Number.isSafeInteger(input.amount) || input.amount < 1 || input.amount > 99_999_999_999) {
    throw new PaymentCodeError(`A QR-bill amount is 0.01 to 999999999.99 CHF, not ${input.amount} cents.`);
  }
  const creditor = party(input.creditor);
  const debtor = input.debtor ? party(input.debtor) : null;
  const data: Data = {
    currency: "CHF",
    amount: input.amount / 100,
    creditor: { ...creditor, account: input.account.replace(/\s+/g, "").toUpperCase() },
    reference: input.reference.replace(/\s+/g, "").toUpperCase(),
    ...(debtor && isWritable(debtor) ? { debtor } : {}),
  };
  try {
    // The constructor cleans and validates the data (and draws nothing we keep).
    new SwissQRBill(data);
  } catch (error) {
    if (error instanceof ValidationError) throw new PaymentCodeError(`QR-bill: ${error.message}`);
    throw error;
  }
  return data;
}

/** Millimetres in CSS pixels (96 per inch): the SVG's own units. */
const MM = 96 / 25.4;

/**
 * The payment part and receipt as an SVG element's markup: 210 × 105 mm with the separating line
 * and scissors between receipt and payment part, a viewBox so that a page may scale it to its
 * width, and coordinates cut to three decimals (the library writes seventeen; a millimetre's
 * thousandth is far below what a printer or a screen can show).
 */
export function qrBillSvg(data: Data, language: QrBillLanguage): string {
  const svg = new SwissQRBill(data, { language, outlines: true, scissors: true }).toString();
  return svg
    .replace(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="210mm" height="105mm">/,
      `<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="105mm" viewBox="0 0 ${(210 * MM).toFixed(3)} ${(105 * MM).toFixed(3)}" class="qr-bill-svg">`,
    )
    .replace(/(\d+\.\d{3})\d+/g, "$1");
}
