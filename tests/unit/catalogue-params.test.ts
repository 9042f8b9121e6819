import { describe, expect, it } from "vitest";
import { catalogueHref, MAX_QUERY_LENGTH, parseCatalogueParams } from "~/utils/catalogue-params";

const parse = (query: string) => parseCatalogueParams(new URLSearchParams(query));

describe("parseCatalogueParams", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual({
      category: undefined,
      q: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      inStock: false,
      sort: "standard",
      page: 1,
      view: "grid",
    });
  });
  it("reads valid values", () => {
    expect(parse("category=home-office&q=Stuhl&minPrice=10&maxPrice=200&inStock=1&sort=price-high&page=3&view=list")).toEqual({
      category: "home-office",
      q: "Stuhl",
      minPrice: 10,
      maxPrice: 200,
      inStock: true,
      sort: "price-high",
      page: 3,
      view: "list",
    });
  });
  it("accepts every sort order and falls back to standard for others", () => {
    for (const sort of ["standard", "price-low", "price-high", "name", "newest"]) expect(parse(`sort=${sort}`).sort).toBe(sort);
    expect(parse("sort=drop%20table").sort).toBe("standard");
    expect(parse("sort=PRICE-LOW").sort).toBe("standard");
    expect(parse("sort=").sort).toBe("standard");
  });
  it("ignores negative, non-numeric and huge prices", () => {
    expect(parse("minPrice=-5&maxPrice=-1")).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(parse("minPrice=abc&maxPrice=1e3")).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(parse("minPrice=NaN&maxPrice=Infinity")).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(parse("maxPrice=99999999999999")).toMatchObject({ maxPrice: undefined });
  });
  it("floors decimal prices and swaps a reversed range", () => {
    expect(parse("minPrice=10.99")).toMatchObject({ minPrice: 10 });
    expect(parse("minPrice=500&maxPrice=100")).toMatchObject({ minPrice: 100, maxPrice: 500 });
  });
  it("keeps a maximum of 0 but treats a minimum of 0 as no minimum", () => {
    expect(parse("minPrice=0&maxPrice=0")).toMatchObject({ minPrice: undefined, maxPrice: 0 });
  });
  it("makes absurd pages a sane page number (the query clamps to the last page)", () => {
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=-3").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=99999").page).toBe(10_000);
    expect(parse("page=999999999999999999999999").page).toBe(10_000);
  });
  it("cuts a very long search text and cleans control characters", () => {
    const long = parse(`q=${"a".repeat(10_000)}`).q;
    expect(long).toHaveLength(MAX_QUERY_LENGTH);
    expect(parse("q=%00abc%00").q).toBe("abc");
    expect(parse("q=a%0A%0Db").q).toBe("a b");
    expect(parse("q=%20%20").q).toBeUndefined();
    expect(parse("category=%00").category).toBeUndefined();
  });
  it("keeps SQL-looking text as plain text", () => {
    expect(parse("q=' OR 1=1 --").q).toBe("' OR 1=1 --");
  });
  it("only accepts list as the other view and true-ish values for inStock", () => {
    expect(parse("view=table").view).toBe("grid");
    expect(parse("inStock=yes").inStock).toBe(false);
    expect(parse("inStock=on").inStock).toBe(true);
    expect(parse("inStock=true").inStock).toBe(true);
  });
});

describe("catalogueHref", () => {
  it("changes parameters and resets the page unless given", () => {
    const current = new URLSearchParams("sort=name&page=3&q=x");
    expect(catalogueHref("/products", current, { view: "list" })).toBe("/products?sort=name&q=x&view=list");
    expect(catalogueHref("/products", current, { page: 4 })).toBe("/products?sort=name&page=4&q=x");
    expect(catalogueHref("/products", new URLSearchParams("view=list"), { view: null })).toBe("/products");
  });
});
