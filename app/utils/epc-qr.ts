/**
 * The GiroCode (EPC069-12 "Quick Response Code: guidelines to enable data capture for the
 * initiation of a SEPA credit transfer", version 002): the text a German banking app reads from the
 * QR code of a EUR bank transfer. Only the text is assembled here; the QR code is drawn by the
 * `qrcode` package (app/services/payment-codes.server.ts, the mail worker). Browser-safe.
 *
 * Lines, separated by LF: service tag BCD, version 002, character set 1 (UTF-8), identification
 * SCT, the BIC (optional in 002), the beneficiary's name (≤ 70), the IBAN, the amount ("EUR12.90",
 * 0.01–999999999.99), the purpose code (empty), the structured reference (an ISO 11649 RF
 * reference); the unstructured remittance line stays away because the structured one is given.
 */

export const EPC_MIN_CENTS = 1;
export const EPC_MAX_CENTS = 99_999_999_999;
/** EPC069-12: the whole payload may not exceed 331 bytes. */
export const EPC_MAX_BYTES = 331;

export interface EpcTransfer {
  bic: string;
  name: string;
  iban: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** An ISO 11649 creditor reference ("RF18 5390 0754 7034", spaces allowed). */
  reference: string;
}

export class PaymentCodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentCodeError";
  }
}

const compact = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/** The GiroCode's text for a transfer; a PaymentCodeError for what EPC069-12 does not allow. */
export function epcPayload(transfer: EpcTransfer): string {
  if (transfer.currency !== "EUR") throw new PaymentCodeError(`A GiroCode is for euro transfers only, not ${transfer.currency}.`);
  if (!Number.isSafeInteger(transfer.amount) || transfer.amount < EPC_MIN_CENTS || transfer.amount > EPC_MAX_CENTS) {
    throw new PaymentCodeError(`A GiroCode amount is 0.01 to 999999999.99 EUR, not ${transfer.amount} cents.`);
  }
  const name = transfer.name.replace(/[\r\n]+/g, " ").trim();
  if (!name || [...name].length > 70) throw new PaymentCodeError("The beneficiary's name must have 1 to 70 characters.");
  const iban = compact(transfer.iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) throw new PaymentCodeError(`Not an IBAN: ${transfer.iban}`);
  const bic = compact(transfer.bic);
  if (bic && !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) throw new PaymentCodeError(`Not a BIC: ${transfer.bic}`);
  const reference = compact(transfer.reference);
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(reference)) throw new PaymentCodeError(`Not a creditor reference: ${transfer.reference}`);
  const whole = Math.floor(transfer.amount / 100);
  const amount = `EUR${whole}.${String(transfer.amount % 100).padStart(2, "0")}`;
  const payload = ["BCD", "002", "1", "SCT", bic, name, iban, amount, "", reference].join("\n");
  if (new TextEncoder().encode(payload).length > EPC_MAX_BYTES) throw new PaymentCodeError("The GiroCode's text is longer than 331 bytes.");
  return payload;
}
