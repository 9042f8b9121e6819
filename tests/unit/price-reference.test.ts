import { describe, expect, it } from "vitest";
import { effectivePrice, referencePrice, type PriceHistoryEntry } from "~/utils/price-reference";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
const row = (at: number, price: number, salePrice: number | null = null): PriceHistoryEntry => ({ validFrom: day(at), price, salePrice });

describe("§ 11 PAngV reference price", () => {
  it("a reduction after 30 days or more at the regular price names the regular price", () => {
    expect(referencePrice([row(0, 29900), row(60, 29900, 19900)])).toBe(29900);
  });

  it("no reduction, no reference (a sale price at or above the price is no reduction)", () => {
    expect(referencePrice([row(0, 29900)])).toBeNull();
    expect(referencePrice([row(0, 29900), row(40, 29900, 29900)])).toBeNull();
    expect(referencePrice([])).toBeNull();
  });

  it("nothing known before the reduction: no reference", () => {
    expect(referencePrice([row(0, 29900, 19900)])).toBeNull();
  });

  it("the same reduction earlier within the 30 days: the lowest price equals today's, no reference", () => {
    // 149 → 99 (day 66) → 149 (day 76) → 99 again (day 86): the 30 days before day 86 include 99.
    expect(referencePrice([row(0, 14900), row(66, 14900, 9900), row(76, 14900), row(86, 14900, 9900)])).toBeNull();
  });

  it("the lowest price of the 30 days is named, not the regular price", () => {
    // 299 for long, 249 from day 50 (a smaller reduction), 299 again on day 55, 199 from day 60.
    expect(referencePrice([row(0, 29900), row(50, 29900, 24900), row(55, 29900), row(60, 29900, 19900)])).toBe(24900);
  });

  it("a price in force when the window opened counts; one that ended before it does not", () => {
    // 99 ended on day 20; the reduction began on day 60, its window opens on day 30.
    expect(referencePrice([row(0, 14900, 9900), row(20, 14900), row(60, 14900, 11900)])).toBe(14900);
    // The regular price was raised on day 45 (within the window): the lower old price is the reference.
    expect(referencePrice([row(0, 12900), row(45, 14900), row(60, 14900, 11900)])).toBe(12900);
  });

  it("a run of rows at the same reduced price is one reduction (its start decides the window)", () => {
    // Reduced on day 60; on day 85 only the regular price changed, the sale price stayed.
    expect(referencePrice([row(0, 29900), row(60, 29900, 19900), row(85, 31900, 19900)])).toBe(29900);
  });

  it("rows in any order are read in time order", () => {
    expect(referencePrice([row(60, 29900, 19900), row(0, 29900)])).toBe(29900);
  });

  it("the effective price is the sale price only below the regular price", () => {
    expect(effectivePrice({ price: 1000, salePrice: 800 })).toBe(800);
    expect(effectivePrice({ price: 1000, salePrice: 1200 })).toBe(1000);
    expect(effectivePrice({ price: 1000, salePrice: null })).toBe(1000);
  });
});
