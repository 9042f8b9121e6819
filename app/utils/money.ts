export type Currency = "EUR" | "CHF";

/**
 * Money is handled in integer cents. Postgres numeric arrives as a string ("12.90"), PGlite may
 * give a number: both become cents without floating-point sums.
 */
export function toCents(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === "") return 0;
  if (typeof value === "number") return Math.round(value * 100);
  const match = /^(-)?(\d+)(?:\.(\d{1,}))?$/.exec(value.trim());
  if (!match) return Math.round(Number(value) * 100) || 0;
  const [, minus, whole = "0", fraction = ""] = match;
  const cents = Number(whole) * 100 + Number((fraction + "00").slice(0, 2)) + (Number(fraction[2] ?? 0) >= 5 ? 1 : 0);
  return minus ? -cents : cents;
}

/** Cents as a numeric literal for SQL parameters ("1290" -> "12.90"). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

function group(whole: number, separator: string): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Two decimals, symbol after the amount: "1.234,90 €" for EUR, "1'234.90 CHF" for CHF (the
 * conventions of Germany and Switzerland), the same in every language. Formatted by hand, not Intl,
 * so server and browser can never disagree (no hydration mismatch from different ICU data).
 */
export function formatPrice(cents: number, currency: Currency): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, "0");
  return currency === "CHF"
    ? `${sign}${group(whole, "'")}.${fraction}\u00a0CHF`
    : `${sign}${group(whole, ".")},${fraction}\u00a0€`;
}

/**
 * Text (an amount, a phone number) wrapped in Unicode isolates (LRI … PDI) so it keeps its left-to-right
 * order where it is interpolated into a right-to-left sentence and no element can carry dir="ltr".
 */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}

/** The rounded percentage between an original and a current price, or null when not a discount. */
export function discountPercent(originalCents: number | null, priceCents: number): number | null {
  if (!originalCents || originalCents <= priceCents || priceCents < 0) return null;
  return Math.round(((originalCents - priceCents) / originalCents) * 100);
}
