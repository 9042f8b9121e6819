import { describe, expect, it } from "vitest";
import { centsToDecimal, discountPercent, formatPrice, toCents } from "~/utils/money";

const nbsp = "\u00a0";

describe("formatPrice", () => {
  it("puts the symbol after the amount with two decimals", () => {
    expect(formatPrice(1290, "EUR")).toBe(`12,90${nbsp}€`);
    expect(formatPrice(1290, "CHF")).toBe(`12.90${nbsp}CHF`);
  });
  it("shows whole amounts and small amounts with two decimals", () => {
    expect(formatPrice(0, "EUR")).toBe(`0,00${nbsp}€`);
    expect(formatPrice(5, "EUR")).toBe(`0,05${nbsp}€`);
    expect(formatPrice(10000, "CHF")).toBe(`100.00${nbsp}CHF`);
  });
  it("groups thousands the German and the Swiss way", () => {
    expect(formatPrice(123490, "EUR")).toBe(`1.234,90${nbsp}€`);
    expect(formatPrice(123456789, "EUR")).toBe(`1.234.567,89${nbsp}€`);
    expect(formatPrice(123490, "CHF")).toBe(`1'234.90${nbsp}CHF`);
    expect(formatPrice(99999, "EUR")).toBe(`999,99${nbsp}€`);
  });
  it("shows negative amounts with a leading minus", () => {
    expect(formatPrice(-1290, "EUR")).toBe(`-12,90${nbsp}€`);
    expect(formatPrice(-123490, "CHF")).toBe(`-1'234.90${nbsp}CHF`);
  });
  it("rounds fractional cents", () => {
    expect(formatPrice(1290.4, "EUR")).toBe(`12,90${nbsp}€`);
    expect(formatPrice(1290.6, "EUR")).toBe(`12,91${nbsp}€`);
  });
});

describe("toCents", () => {
  it("reads Postgres numeric strings exactly", () => {
    expect(toCents("12.90")).toBe(1290);
    expect(toCents("0.10")).toBe(10);
    expect(toCents("1234")).toBe(123400);
    expect(toCents("12.9")).toBe(1290);
    expect(toCents(" 7.05 ")).toBe(705);
  });
  it("reads numbers without floating-point drift", () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1.005 * 1000)).toBe(100500);
  });
  it("rounds a third decimal half up", () => {
    expect(toCents("1.005")).toBe(101);
    expect(toCents("1.004")).toBe(100);
    expect(toCents("2.999")).toBe(300);
  });
  it("keeps the sign of negative values", () => {
    expect(toCents("-12.90")).toBe(-1290);
    expect(toCents(-3.5)).toBe(-350);
  });
  it("makes empty values zero", () => {
    expect(toCents(null)).toBe(0);
    expect(toCents(undefined)).toBe(0);
    expect(toCents("")).toBe(0);
    expect(toCents("abc")).toBe(0);
  });
});

describe("centsToDecimal", () => {
  it("writes a numeric literal with two decimals", () => {
    expect(centsToDecimal(1290)).toBe("12.90");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(123456789)).toBe("1234567.89");
    expect(centsToDecimal(-1290)).toBe("-12.90");
  });
  it("round-trips with toCents", () => {
    for (const cents of [0, 1, 99, 100, 1999, 123456, -50]) expect(toCents(centsToDecimal(cents))).toBe(cents);
  });
});

describe("discountPercent", () => {
  it("is the rounded percentage between original and price", () => {
    expect(discountPercent(29900, 19900)).toBe(33);
    expect(discountPercent(59900, 44900)).toBe(25);
    expect(discountPercent(14900, 9900)).toBe(34);
    expect(discountPercent(10000, 8000)).toBe(20);
    expect(discountPercent(300, 200)).toBe(33);
    expect(discountPercent(800, 300)).toBe(63);
  });
  it("is null when there is no discount", () => {
    expect(discountPercent(null, 1000)).toBeNull();
    expect(discountPercent(0, 1000)).toBeNull();
    expect(discountPercent(1000, 1000)).toBeNull();
    expect(discountPercent(900, 1000)).toBeNull();
    expect(discountPercent(1000, -1)).toBeNull();
  });
});
