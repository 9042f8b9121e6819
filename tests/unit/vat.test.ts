import { describe, expect, it } from "vitest";
import { formatRate, percentToRate, rateToPercent, vatByRate, vatContained, vatRateFor } from "~/utils/vat";

describe("VAT contained in gross prices", () => {
  it("19 % and 8.1 %, rounded half up to the cent", () => {
    expect(vatContained(11900, 1900)).toBe(1900);
    expect(vatContained(19900, 1900)).toBe(3177); // 31.773…
    expect(vatContained(1000, 1900)).toBe(160); // 1.596…
    expect(vatContained(10810, 810)).toBe(810);
    expect(vatContained(21190, 810)).toBe(1588); // 15.878…
    expect(vatContained(0, 1900)).toBe(0);
    expect(vatContained(500, 0)).toBe(0);
  });

  it("a half cent rounds up", () => {
    // At 25 % a gross of 1252.5 cents would hold 250.5: 1252 holds 250.4, 1253 holds 250.6.
    expect(vatContained(1252, 2500)).toBe(250);
    expect(vatContained(1253, 2500)).toBe(251);
    // 5 %: 2205 cents gross hold exactly 105; 21 cents hold exactly 1.
    expect(vatContained(2205, 500)).toBe(105);
    // 10 %: 55 cents hold exactly 5; 1 cent and 5.5 cents … 6 cents hold 0.545 → 1.
    expect(vatContained(6, 1000)).toBe(1);
    expect(vatContained(5, 1000)).toBe(0);
  });

  it("large amounts stay exact", () => {
    expect(vatContained(99_999_999_99, 1900)).toBe(1_596_638_655); // 1'596'638'655.30…
  });

  it("sums lines per rate, then rounds once; net + VAT = gross", () => {
    const lines = vatByRate([
      { total: 999, vatRate: 1900 },
      { total: 999, vatRate: 1900 },
      { total: 2190, vatRate: 810 },
    ]);
    expect(lines).toEqual([
      { rate: 1900, gross: 1998, vat: 319, net: 1679 },
      { rate: 810, gross: 2190, vat: 164, net: 2026 },
    ]);
    // Rounding each line would give 160 + 160 = 320: the sum is rounded once.
    expect(vatContained(999, 1900) * 2).toBe(320);
    expect(vatByRate([])).toEqual([]);
  });

  it("rates by country, as percent text and formatted", () => {
    expect(vatRateFor("DE")).toBe(1900);
    expect(vatRateFor("CH")).toBe(810);
    expect(vatRateFor("AT")).toBe(1900);
    expect(rateToPercent(810)).toBe("8.10");
    expect(percentToRate("8.10")).toBe(810);
    expect(percentToRate(19)).toBe(1900);
    expect(percentToRate("8.1")).toBe(810);
    expect(formatRate(810, true)).toBe("8,1\u00a0%");
    expect(formatRate(810, false)).toBe("8.1\u00a0%");
    expect(formatRate(1900, true)).toBe("19\u00a0%");
  });
});
