/**
 * The QR reference (QRR) of the Swiss QR-bill on a QR-IBAN: 27 digits, the last a check digit
 * computed modulo 10, recursively (SIX Implementation Guidelines QR-bill 2.3, annex B). An order's
 * QR reference is its order number (eight hexadecimal digits) written as a decimal number, padded
 * with zeros to 26 digits, and the check digit: so a statement's QRR names the order again
 * (orderNumberFromQrReference). Browser-safe.
 */

const TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5] as const;

/** The check digit of a string of digits (modulo 10, recursive). */
export function qrReferenceCheckDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error(`not digits: ${digits}`);
  let carry = 0;
  for (const digit of digits) carry = TABLE[(carry + Number(digit)) % 10]!;
  return String((10 - carry) % 10);
}

/** The 27-digit QR reference of an order number ("5390A75F" → "000000000000000001400022303" + check). */
export function qrReference(orderNumber: string): string {
  if (!/^[0-9A-F]{8}$/i.test(orderNumber)) throw new Error(`not an order number: ${orderNumber}`);
  const body = String(Number.parseInt(orderNumber, 16)).padStart(26, "0");
  return `${body}${qrReferenceCheckDigit(body)}`;
}

/** The order number a valid QR reference carries, or null (wrong length, check digit, or not one of ours). */
export function orderNumberFromQrReference(text: string): string | null {
  const clean = text.replace(/\s+/g, "");
  if (!/^\d{27}$/.test(clean)) return null;
  const body = clean.slice(0, 26);
  if (qrReferenceCheckDigit(body) !== clean[26]) return null;
  const value = Number(body.replace(/^0+(?=\d)/, ""));
  if (!Number.isSafeInteger(value) || value > 0xffffffff) return null;
  return value.toString(16).toUpperCase().padStart(8, "0");
}

/** A QR reference as printed: "00 00000 00000 00001 40002 23039" (two digits, then groups of five). */
export function formatQrReference(reference: string): string {
  return `${reference.slice(0, 2)} ${reference.slice(2).replace(/(.{5})(?=.)/g, "$1 ")}`;
}
