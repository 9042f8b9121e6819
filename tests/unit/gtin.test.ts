import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gtinCheckDigit, isValidGtin } from "~/utils/gtin";
import { productFormSchema } from "~/components/admin/product-form.schema";

describe("GTIN check (GS1 check digit)", () => {
  it.each([
    ["GTIN-8", "96385074"],
    ["GTIN-12 (UPC-A)", "036000291452"],
    ["GTIN-13 (EAN)", "4006381333931"],
    ["GTIN-14", "10614141000415"],
  ])("accepts a valid %s and refuses it with any other check digit", (_kind, gtin) => {
    expect(isValidGtin(gtin)).toBe(true);
    const body = gtin.slice(0, -1);
    expect(gtinCheckDigit(body)).toBe(Number(gtin.at(-1)));
    for (let digit = 0; digit <= 9; digit++) {
      if (String(digit) !== gtin.at(-1)) expect(isValidGtin(body + digit)).toBe(false);
    }
  });

  it("refuses wrong lengths, letters and signs", () => {
    for (const value of ["", "0", "1234567", "123456789", "12345678901", "123456789012345", "400638133393X", "40063813339 1", "-4006381333931", "４００６３８１３３３９３１"]) {
      expect(isValidGtin(value)).toBe(false);
    }
    // 9, 10, 11 digits with a "valid" check digit are still not a GTIN length.
    for (const body of ["12345678", "123456789", "1234567890"]) expect(isValidGtin(body + gtinCheckDigit(body))).toBe(false);
  });

  it("the product form drops spaces and hyphens, keeps an empty GTIN as none and names a wrong one", () => {
    const base = { name: "Lamp", nameAr: "مصباح", category: "home-office" };
    const parse = (gtin: string) => productFormSchema.safeParse({ ...base, gtin });
    expect(parse("400 6381 33393-1")).toMatchObject({ success: true, data: { gtin: "4006381333931" } });
    expect(parse("")).toMatchObject({ success: true, data: { gtin: null } });
    const wrong = parse("4006381333932");
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["gtin", "admin.product.errors.gtin"]]);
    expect(parse("ABCDEFGH").success).toBe(false);
  });
});

describe("demo product safety defaults", () => {
  it("the seed ends with the migration's block, so new and existing databases get the same", () => {
    const root = path.resolve(__dirname, "../..");
    const migration = readFileSync(path.join(root, "supabase/migrations/20261127000100_product_safety.sql"), "utf8");
    const seed = readFileSync(path.join(root, "supabase/seed.sql"), "utf8");
    const block = /-- demo product safety: begin\n[\s\S]*?-- demo product safety: end\n/.exec(migration)?.[0];
    expect(block).toBeTruthy();
    expect(seed.endsWith(block!)).toBe(true);
  });
});
