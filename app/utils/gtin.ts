/**
 * GS1 product identifiers (GTIN-8, GTIN-12/UPC, GTIN-13/EAN, GTIN-14): digits only, one of those
 * lengths, and the last digit the GS1 check digit (weights 3 and 1 from the right, before it).
 * Browser-safe: the admin form's schema checks with it, the product page names the kind.
 */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidGtin(value: string): boolean {
  if (!/^\d+$/.test(value) || !(GTIN_LENGTHS as readonly number[]).includes(value.length)) return false;
  return gtinCheckDigit(value.slice(0, -1)) === Number(value[value.length - 1]);
}

