/**
 * VAT (docs/CONTRACTS.md): prices are gross; the VAT they contain is shown by rate. Rates are kept in
 * basis points (1900 = 19 %, 810 = 8.1 %) so every sum stays in integer cents.
 */

/** Germany 19 %, Switzerland 8.1 %; Austria is shipped from Germany (German VAT below the EU distance-selling threshold). */
export const VAT_RATES = { DE: 1900, AT: 1900, CH: 810 } as const;
export type VatCountry = keyof typeof VAT_RATES;

export function vatRateFor(country: string): number {
  return VAT_RATES[country as VatCountry] ?? VAT_RATES.DE;
}

/** Basis points as the percent Postgres stores ("8.10") and back. */
export function rateToPercent(basisPoints: number): string {
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, "0")}`;
}
export function percentToRate(percent: string | number): number {
  const text = String(percent).trim();
  const [whole = "0", fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number((fraction + "00").slice(0, 2));
}

/** "19 %", "8,1 %" (de, fr) or "8.1 %" (en, ar). */
export function formatRate(basisPoints: number, decimalComma: boolean): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100).padStart(2, "0").replace(/0+$/, "");
  return `${whole}${fraction ? `${decimalComma ? "," : "."}${fraction}` : ""}\u00a0%`;
}

/**
 * The VAT contained in a gross amount: gross × rate / (100 % + rate), rounded half up to the cent
 * (exact integer arithmetic, no floating point).
 */
export function vatContained(grossCents: number, basisPoints: number): number {
  if (basisPoints <= 0 || grossCents === 0) return 0;
  const sign = grossCents < 0 ? -1 : 1;
  const gross = BigInt(Math.abs(Math.round(grossCents)));
  const rate = BigInt(basisPoints);
  const divisor = 10000n + rate;
  const vat = (2n * gross * rate + divisor) / (2n * divisor);
  return sign * Number(vat);
}

export interface VatLine {
  /** Basis points. */
  rate: number;
  /** Gross sum of the lines at this rate. */
  gross: number;
  vat: number;
  net: number;
}

/**
 * The VAT by rate of a set of gross lines: lines are summed per rate first, and the VAT of each sum
 * is rounded once (so the figures on an invoice add up: net + VAT = gross for every rate). Highest
 * rate first.
 */
export function vatByRate(lines: ReadonlyArray<{ total: number; vatRate: number }>): VatLine[] {
  const sums = new Map<number, number>();
  for (const line of lines) sums.set(line.vatRate, (sums.get(line.vatRate) ?? 0) + line.total);
  return [...sums.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, gross]) => {
      const vat = vatContained(gross, rate);
      return { rate, gross, vat, net: gross - vat };
    });
}
