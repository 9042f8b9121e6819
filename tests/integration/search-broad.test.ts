import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryProducts, SEARCH_COUNT_LIMIT, type ProductQuery } from "~/models/product-query.server";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createProduct } from "../factories";

/*
 * A search that matches more products than it counts (SEARCH_COUNT_LIMIT, here a limit of 4 on a
 * small catalogue): the page says "more than 4", and is taken from the first matches in the sort's
 * own order — exact for every sort — or, for relevance, from the newest matches and every product
 * named exactly as the query.
 */
const LIMIT = 4;
const id = (n: number) => `31000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const base: ProductQuery = { inStock: false, sort: "relevance", page: 1, pageSize: 2 };

describe.each(testDbKinds)("a search broader than its count on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    // Ten lamps, newest first by number; the oldest is named exactly "Lampe" and is the cheapest.
    for (let n = 1; n <= 9; n++) {
      await createProduct(test, { id: id(n), name: `Lamp model ${n}`, nameDe: `Lampe Modell ${n}`, priceEur: 20 + n * 10, createdAt: { daysAgo: n } });
    }
    await createProduct(test, { id: id(10), name: "Lamp", nameDe: "Lampe", priceEur: 5, createdAt: { daysAgo: 30 } });
    // A few matches only.
    for (let n = 11; n <= 13; n++) await createProduct(test, { id: id(n), name: `Stool ${n}`, nameDe: `Hocker ${n}`, priceEur: 50, createdAt: { daysAgo: n } });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  const search = (query: Partial<ProductQuery>) => queryProducts({ ...base, ...query }, "de", "EUR", { countLimit: LIMIT });
  const ids = async (query: Partial<ProductQuery>) => (await search(query)).products.map((p) => p.id);

  it("counts up to the limit and says there are more", async () => {
    expect(await search({ q: "lampe" })).toMatchObject({ total: LIMIT, totalCapped: true, pageCount: 2, page: 1 });
    // At the limit or below: the exact count.
    expect(await search({ q: "hocker" })).toMatchObject({ total: 3, totalCapped: false, pageCount: 2 });
    expect(await queryProducts({ ...base, q: "hocker" }, "de", "EUR", { countLimit: 3 })).toMatchObject({ total: 3, totalCapped: false });
  });

  it("ranks the product named exactly as the query first, though it is the oldest of the matches", async () => {
    expect(await ids({ q: "lampe", pageSize: 3 })).toEqual([id(10), id(1), id(2)]);
  });

  it("takes every other sort's page from all matches in that order: the cheapest lamp first, the dearest", async () => {
    expect(await ids({ q: "lampe", sort: "price-low" })).toEqual([id(10), id(1)]);
    expect(await ids({ q: "lampe", sort: "price-high" })).toEqual([id(9), id(8)]);
    expect(await ids({ q: "lampe", sort: "newest" })).toEqual([id(1), id(2)]);
  });

  it("pages within the counted matches, and a page past them shows the last one", async () => {
    expect(await ids({ q: "lampe", sort: "newest", page: 2 })).toEqual([id(3), id(4)]);
    const past = await search({ q: "lampe", sort: "newest", page: 9 });
    expect(past).toMatchObject({ page: 2, pageCount: 2 });
    expect(past.products.map((p) => p.id)).toEqual([id(3), id(4)]);
  });

  it("counts exactly again when a filter leaves no more than the limit, with the catalogue's price bound", async () => {
    const narrowed = await search({ q: "lampe", minPrice: 60, maxPrice: 90 });
    expect(narrowed).toMatchObject({ total: 4, totalCapped: false });
    expect((await search({ q: "lampe", minPrice: 60, maxPrice: 90, pageSize: 10, sort: "price-low" })).products.map((p) => p.id)).toEqual([id(4), id(5), id(6), id(7)]);
    expect(narrowed.priceCeiling).toBe(1000);
  });

  it("counts up to a thousand by default", () => {
    expect(SEARCH_COUNT_LIMIT).toBe(1000);
  });
});
