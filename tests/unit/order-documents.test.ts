import { describe, expect, it } from "vitest";
import { documentNumber, parseDocumentNumber } from "~/models/order-document";
import { splitByRate } from "~/models/order-documents.server";
import { EnvError, parseEnv } from "~/utils/env.server";

describe("order documents' numbers and amounts", () => {
  it("formats and reads document numbers, refusing anything else", () => {
    expect(documentNumber("ST", 1)).toBe("ST-000001");
    expect(documentNumber("GS", 1234567)).toBe("GS-1234567");
    expect(parseDocumentNumber("st-000012")).toEqual({ kind: "ST", sequence: 12 });
    for (const bad of ["RE-000001", "ST-1", "ST-000000", "ST-0000001x", "GS-9999999999999", "", "ST-00001%00", "../ST-000001"]) {
      expect(parseDocumentNumber(bad), bad).toBeNull();
    }
  });

  it("splits an amount over VAT rates in proportion, in whole cents that add up", () => {
    expect(splitByRate(1, [{ rate: 1900, gross: 100 }, { rate: 700, gross: 100 }])).toEqual([{ rate: 1900, amount: 1 }]);
    const parts = splitByRate(999_999, [{ rate: 1900, gross: 333 }, { rate: 700, gross: 333 }, { rate: 810, gross: 334 }]);
    expect(parts.reduce((sum, part) => sum + part.amount, 0)).toBe(999_999);
    expect(splitByRate(500, [])).toEqual([]);
  });
});

describe("payment reminder settings", () => {
  it("default to 7 and 14 days and refuse a cancellation before the reminder", () => {
    expect(parseEnv({})).toMatchObject({ PAYMENT_REMINDER_DAYS: 7, PAYMENT_CANCEL_DAYS: 14 });
    expect(() => parseEnv({ PAYMENT_REMINDER_DAYS: "10", PAYMENT_CANCEL_DAYS: "10" })).toThrow(EnvError);
    expect(() => parseEnv({ PAYMENT_REMINDER_DAYS: "0" })).toThrow(EnvError);
    expect(() => parseEnv({ PAYMENT_CANCEL_DAYS: "soon" })).toThrow(EnvError);
  });
});
