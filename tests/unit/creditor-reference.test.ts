import { describe, expect, it } from "vitest";
import {
  creditorReference,
  findCreditorReferences,
  formatCreditorReference,
  parseCreditorReference,
} from "~/utils/creditor-reference";

describe("ISO 11649 creditor references", () => {
  it("computes the check digits of the standard's example", () => {
    // ISO 11649's own example: RF18 5390 0754 7034.
    expect(creditorReference("539007547034")).toBe("RF18539007547034");
    expect(formatCreditorReference("RF18539007547034")).toBe("RF18 5390 0754 7034");
  });

  it("makes a reference from an order number (hex, letters and digits) that validates", () => {
    for (const number of ["3F2A9B1C", "00000000", "FFFFFFFF", "A1", "0BADC0DE"]) {
      const reference = creditorReference(number);
      expect(reference).toMatch(/^RF\d{2}/);
      expect(parseCreditorReference(reference)).toBe(number);
      expect(parseCreditorReference(formatCreditorReference(reference).toLowerCase())).toBe(number);
    }
    expect(creditorReference("3f2a9b1c")).toBe(creditorReference("3F2A9B1C"));
  });

  it("refuses bodies ISO 11649 does not allow", () => {
    expect(() => creditorReference("")).toThrow();
    expect(() => creditorReference("ABC-123")).toThrow();
    expect(() => creditorReference("X".repeat(22))).toThrow();
  });

  it("refuses a tampered reference: any changed character, swapped digits, wrong prefix or length", () => {
    const good = creditorReference("3F2A9B1C");
    expect(parseCreditorReference(good)).toBe("3F2A9B1C");
    for (let i = 2; i < good.length; i += 1) {
      const char = good[i]!;
      const other = char === "9" ? "8" : char === "A" ? "B" : /\d/.test(char) ? String((Number(char) + 1) % 10) : "A";
      expect(parseCreditorReference(good.slice(0, i) + other + good.slice(i + 1))).toBeNull();
    }
    expect(parseCreditorReference("RF18539007547043")).toBeNull(); // last two digits swapped
    expect(parseCreditorReference("RX18539007547034")).toBeNull();
    expect(parseCreditorReference("RF18")).toBeNull();
    expect(parseCreditorReference(`RF18${"1".repeat(22)}`)).toBeNull();
    expect(parseCreditorReference("RF18 5390 0754 7034 ; drop")).toBeNull();
    expect(parseCreditorReference("")).toBeNull();
  });

  it("finds references in a statement's free text, grouped or not, and ignores invalid ones", () => {
    const a = creditorReference("3F2A9B1C");
    const b = creditorReference("0BADC0DE");
    expect(findCreditorReferences(`Bestellung ${formatCreditorReference(a)}, danke`)).toEqual(["3F2A9B1C"]);
    expect(findCreditorReferences(`${a.toLowerCase()} and ${b} and ${a}`)).toEqual(["3F2A9B1C", "0BADC0DE"]);
    expect(findCreditorReferences("RF18539007547043 nothing valid")).toEqual([]);
    expect(findCreditorReferences("no reference at all")).toEqual([]);
    // Run into the next word: the valid reading is among the results.
    expect(findCreditorReferences(`${a}THANKS`)).toContain("3F2A9B1C");
  });
});
