import { describe, expect, it } from "vitest";
import { categories, categoriesNamedBy, categoryName, findCategory, normalizeCategoryKey } from "~/data/categories";

describe("the category list", () => {
  it("has the spec's 13 categories in order with ids 1 to 13", () => {
    expect(categories.map((c) => c.slug)).toEqual([
      "office-gifts", "productivity-work", "luxury-comfort", "coffee-tea", "decor-walls", "home-office",
      "audio-ambiance", "office-plants", "sustainable-supplies", "storage-organization", "kids-teens",
      "seasonal-gifts", "budget-deals",
    ]);
    expect(categories.map((c) => c.id)).toEqual(Array.from({ length: 13 }, (_, i) => String(i + 1)));
    expect(categories.map((c) => c.name.en)).toEqual([
      "Office Gifts", "Productivity & Work", "Luxury & Comfort", "Coffee & Tea", "Decor & Walls", "Home Office",
      "Audio & Ambiance", "Office Plants", "Sustainable Supplies", "Storage & Organization", "Kids & Teens",
      "Seasonal & Gifts", "Budget Deals",
    ]);
  });
});

describe("normalizeCategoryKey", () => {
  it("lowercases and drops hyphens and whitespace", () => {
    expect(normalizeCategoryKey("Office-Gifts ")).toBe("officegifts");
    expect(normalizeCategoryKey("office gifts")).toBe("officegifts");
    expect(normalizeCategoryKey(" OFFICE -\tGIFTS")).toBe("officegifts");
    expect(normalizeCategoryKey("")).toBe("");
  });
});

describe("findCategory", () => {
  it("matches the slug exactly", () => {
    expect(findCategory("coffee-tea")?.id).toBe("4");
  });
  it("matches case-insensitively", () => {
    expect(findCategory("Coffee-Tea")?.slug).toBe("coffee-tea");
    expect(findCategory("HOME-OFFICE")?.slug).toBe("home-office");
  });
  it("matches ignoring hyphens and spaces", () => {
    expect(findCategory("coffeetea")?.slug).toBe("coffee-tea");
    expect(findCategory("home office")?.slug).toBe("home-office");
    expect(findCategory(" Office Plants ")?.slug).toBe("office-plants");
    expect(findCategory("Office Gifts")?.slug).toBe("office-gifts");
  });
  it("finds nothing for unknown, empty or non-string values", () => {
    expect(findCategory("office")).toBeUndefined();
    expect(findCategory("coffee-tea-x")).toBeUndefined();
    expect(findCategory("")).toBeUndefined();
    expect(findCategory(" - ")).toBeUndefined();
    expect(findCategory(null)).toBeUndefined();
    expect(findCategory(undefined)).toBeUndefined();
    expect(findCategory("' OR 1=1 --")).toBeUndefined();
  });
});

describe("categoriesNamedBy (search text naming a category)", () => {
  it("matches a name in any language or the slug", () => {
    expect(categoriesNamedBy("Kaffee & Tee").map((c) => c.slug)).toEqual(["coffee-tea"]);
    expect(categoriesNamedBy("coffee & tea").map((c) => c.slug)).toEqual(["coffee-tea"]);
    expect(categoriesNamedBy("Café & thé").map((c) => c.slug)).toEqual(["coffee-tea"]);
    expect(categoriesNamedBy("القهوة والشاي").map((c) => c.slug)).toEqual(["coffee-tea"]);
    expect(categoriesNamedBy("coffee-tea").map((c) => c.slug)).toEqual(["coffee-tea"]);
    expect(categoriesNamedBy("Homeoffice").map((c) => c.slug)).toEqual(["home-office"]);
  });
  it("does not match parts of names", () => {
    expect(categoriesNamedBy("Kaffee")).toEqual([]);
    expect(categoriesNamedBy("")).toEqual([]);
    expect(categoriesNamedBy(undefined)).toEqual([]);
  });
  it("every category's name in every language names that category", () => {
    for (const category of categories) {
      for (const locale of ["de", "en", "fr", "ar"] as const) {
        expect(categoriesNamedBy(categoryName(category, locale)).map((c) => c.slug)).toContain(category.slug);
      }
    }
  });
});
