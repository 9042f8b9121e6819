import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getProduct, getProductsByIds } from "~/models/product.server";
import { queryProducts, type ProductQuery } from "~/models/product-query.server";
import { updateStock } from "~/models/product-write.server";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createProduct } from "../factories";

/** A small catalogue whose every value a test below relies on. Prices in EUR / CHF. */
const fixtures = [
  { n: 1, name: "Ergonomic Office Chair", de: "Ergonomischer Bürostuhl", fr: "Chaise de bureau ergonomique", ar: "كرسي مكتب مريح",
    category: "home-office", eur: "249.00", chf: "259.00", origEur: "299.00", origChf: "319.00", stock: 12, inStock: true, featured: true, tags: ["ergonomie"], age: 5 },
  { n: 2, name: "Standing Desk", de: "Steh-Sitz-Schreibtisch", fr: "Bureau assis-debout", ar: "مكتب للوقوف والجلوس",
    category: "home-office", eur: "449.00", chf: "469.00", origEur: null, origChf: null, stock: 3, inStock: true, featured: false, tags: ["tisch"], age: 1 },
  { n: 3, name: "Espresso Machine", de: "Espressomaschine", fr: "Machine à expresso", ar: "ماكينة إسبريسو",
    category: "coffee-tea", eur: "149.00", chf: "155.00", origEur: "199.00", origChf: "209.00", stock: 0, inStock: false, featured: true, tags: ["kaffee", "barista"], age: 3 },
  { n: 4, name: "Green Tea Set", de: "Grüntee-Set", fr: "Coffret de thé vert", ar: "طقم الشاي الأخضر",
    category: "coffee-tea", eur: "29.90", chf: "32.50", origEur: null, origChf: null, stock: 40, inStock: true, featured: false, tags: ["tee"], age: 2 },
  { n: 5, name: "Monstera Plant", de: "Monstera-Pflanze", fr: "Plante monstera", ar: "نبتة المونستيرا",
    category: "office-plants", eur: "39.00", chf: "41.00", origEur: null, origChf: null, stock: 8, inStock: true, featured: false, tags: ["grün"], age: 4 },
  { n: 6, name: "Luxury Leather Armchair", de: "Luxus-Ledersessel", fr: "Fauteuil en cuir de luxe", ar: "كرسي جلدي فاخر",
    category: "luxury-comfort", eur: "1249.00", chf: "1299.00", origEur: "1499.00", origChf: "1549.00", stock: 2, inStock: true, featured: true, tags: ["leder"], age: 6 },
  { n: 7, name: "Budget Stapler", de: "Günstiger Hefter", fr: "Agrafeuse économique", ar: "دباسة اقتصادية",
    category: "Budget Deals", eur: "4.90", chf: "5.40", origEur: null, origChf: null, stock: 100, inStock: true, featured: false, tags: ["100% sale", "under_score"], age: 7 },
];
const id = (n: number) => `20000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const base: ProductQuery = { inStock: false, sort: "standard", page: 1, pageSize: 50 };

describe.each(testDbKinds)("catalogue queries on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    for (const f of fixtures) {
      // origEur/origChf: the regular price of a product on sale at eur/chf.
      await createProduct(test, {
        id: id(f.n), name: f.name, nameDe: f.de, nameFr: f.fr, nameAr: f.ar,
        description: `${f.name} for the office`, descriptionDe: `${f.de} fürs Büro`,
        price: f.origEur ?? f.eur, priceEur: f.origEur ?? f.eur, priceChf: f.origChf ?? f.chf,
        salePriceEur: f.origEur === null ? null : f.eur, salePriceChf: f.origChf === null ? null : f.chf,
        category: f.category, inStock: f.inStock, stock: f.stock, featured: f.featured, tags: f.tags, createdAt: { daysAgo: f.age },
      });
    }
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  const names = async (query: Partial<ProductQuery>, locale: "de" | "en" | "fr" | "ar" = "en", currency: "EUR" | "CHF" = "EUR") =>
    (await queryProducts({ ...base, ...query }, locale, currency)).products.map((p) => p.name);

  it("lists everything with the total", async () => {
    const page = await queryProducts(base, "en", "EUR");
    expect(page.total).toBe(fixtures.length);
    expect(page.products).toHaveLength(fixtures.length);
  });

  it("filters by category, also for non-normalized input", async () => {
    expect((await names({ category: "home-office" })).sort()).toEqual(["Ergonomic Office Chair", "Standing Desk"]);
    expect((await names({ category: "Home Office" })).sort()).toEqual(["Ergonomic Office Chair", "Standing Desk"]);
    expect((await names({ category: "HOME-OFFICE" })).sort()).toEqual(["Ergonomic Office Chair", "Standing Desk"]);
    // A product stored with a non-normalized category is found by the slug.
    expect(await names({ category: "budget-deals" })).toEqual(["Budget Stapler"]);
    expect(await names({ category: "no-such-category" })).toEqual([]);
  });

  it("filters by the regular price (the spec's original price of a reduced product), in the shopper's currency", async () => {
    // The chair costs 249 but was 299: a 260-300 range finds it by its original price.
    expect(await names({ minPrice: 260, maxPrice: 300 })).toEqual(["Ergonomic Office Chair"]);
    expect(await names({ minPrice: 240, maxPrice: 250 })).toEqual([]);
    // In CHF the chair's original price is 319.
    expect(await names({ minPrice: 310, maxPrice: 320 }, "en", "CHF")).toEqual(["Ergonomic Office Chair"]);
    expect((await names({ maxPrice: 40 })).sort()).toEqual(["Budget Stapler", "Green Tea Set", "Monstera Plant"]);
    expect(await names({ maxPrice: 40, category: "coffee-tea" })).toEqual(["Green Tea Set"]);
    expect(await names({ maxPrice: 0 })).toEqual([]);
  });

  it("the price ceiling is the highest original-or-regular price, at least 1000, in steps of 10", async () => {
    expect((await queryProducts(base, "en", "EUR")).priceCeiling).toBe(1500);
    expect((await queryProducts(base, "en", "CHF")).priceCeiling).toBe(1550);
    expect((await queryProducts({ ...base, category: "coffee-tea" }, "en", "EUR")).priceCeiling).toBe(1000);
  });

  it("the in-stock filter leaves out products not in stock or with no stock", async () => {
    const all = await names({ inStock: true });
    expect(all).not.toContain("Espresso Machine");
    expect(all).toHaveLength(fixtures.length - 1);
  });

  it("sorts by price both ways, by name in the shopper's language, by newest and standard", async () => {
    expect(await names({ sort: "price-low" })).toEqual([
      "Budget Stapler", "Green Tea Set", "Monstera Plant", "Espresso Machine", "Ergonomic Office Chair", "Standing Desk", "Luxury Leather Armchair",
    ]);
    expect(await names({ sort: "price-high" })).toEqual([
      "Luxury Leather Armchair", "Standing Desk", "Ergonomic Office Chair", "Espresso Machine", "Monstera Plant", "Green Tea Set", "Budget Stapler",
    ]);
    expect(await names({ sort: "name" })).toEqual([
      "Budget Stapler", "Ergonomic Office Chair", "Espresso Machine", "Green Tea Set", "Luxury Leather Armchair", "Monstera Plant", "Standing Desk",
    ]);
    // German names sort differently: "Ergonomischer …" < "Espressomaschine" < "Grüntee-Set" < "Günstiger Hefter".
    expect((await queryProducts({ ...base, sort: "name" }, "de", "EUR")).products.map((p) => p.nameDE).slice(0, 4)).toEqual([
      "Ergonomischer Bürostuhl", "Espressomaschine", "Grüntee-Set", "Günstiger Hefter",
    ]);
    expect(await names({ sort: "newest" })).toEqual([
      "Standing Desk", "Green Tea Set", "Espresso Machine", "Monstera Plant", "Ergonomic Office Chair", "Luxury Leather Armchair", "Budget Stapler",
    ]);
    // Standard: featured first, each group newest first.
    expect(await names({ sort: "standard" })).toEqual([
      "Espresso Machine", "Ergonomic Office Chair", "Luxury Leather Armchair", "Standing Desk", "Green Tea Set", "Monstera Plant", "Budget Stapler",
    ]);
  });

  it("paginates with the page size, the total and a clamp to the last page", async () => {
    const first = await queryProducts({ ...base, sort: "price-low", pageSize: 3 }, "en", "EUR");
    expect(first).toMatchObject({ total: 7, page: 1, pageCount: 3 });
    expect(first.products.map((p) => p.name)).toEqual(["Budget Stapler", "Green Tea Set", "Monstera Plant"]);
    const second = await queryProducts({ ...base, sort: "price-low", pageSize: 3, page: 2 }, "en", "EUR");
    expect(second.products.map((p) => p.name)).toEqual(["Espresso Machine", "Ergonomic Office Chair", "Standing Desk"]);
    const beyond = await queryProducts({ ...base, sort: "price-low", pageSize: 3, page: 99_999 }, "en", "EUR");
    expect(beyond).toMatchObject({ page: 3, pageCount: 3 });
    expect(beyond.products.map((p) => p.name)).toEqual(["Luxury Leather Armchair"]);
    const none = await queryProducts({ ...base, q: "nothing-matches-this", page: 5 }, "en", "EUR");
    expect(none).toMatchObject({ total: 0, page: 1, pageCount: 1, products: [] });
  });

  it("searches names, descriptions and tags in every language, ignoring case", async () => {
    expect(await names({ q: "bürostuhl" })).toEqual(["Ergonomic Office Chair"]);
    expect(await names({ q: "BÜROSTUHL" })).toEqual(["Ergonomic Office Chair"]);
    expect(await names({ q: "expresso" })).toEqual(["Espresso Machine"]);
    expect(await names({ q: "Thé vert" })).toEqual(["Green Tea Set"]);
    expect(await names({ q: "مونستيرا" })).toEqual(["Monstera Plant"]);
    expect(await names({ q: "barista" })).toEqual(["Espresso Machine"]);
    expect(await names({ q: "fürs Büro" })).toHaveLength(fixtures.length);
    expect(await names({ q: "Monstera", category: "home-office" })).toEqual([]);
  });

  it("a query naming a category in any language (or its slug) finds that category's products", async () => {
    for (const q of ["Kaffee & Tee", "Coffee & Tea", "café & thé", "القهوة والشاي", "coffee-tea"]) {
      expect((await names({ q })).sort(), q).toEqual(["Espresso Machine", "Green Tea Set"]);
    }
    expect(await names({ q: "Schnäppchen" })).toEqual(["Budget Stapler"]);
    // Text matches still count beside the category: "Homeoffice" names home-office only.
    expect((await names({ q: "Homeoffice" })).sort()).toEqual(["Ergonomic Office Chair", "Standing Desk"]);
  });

  it("treats SQL-looking and LIKE-special input as plain text", async () => {
    expect(await names({ q: "' OR 1=1 --" })).toEqual([]);
    expect(await names({ q: "'; drop table products; --" })).toEqual([]);
    // LIKE's wildcards are no words: nothing is searched (the page says so: tests/integration/search.test.ts).
    expect(await names({ q: "%" })).toEqual([]);
    expect(await names({ q: "_" })).toEqual([]);
    expect(await names({ q: "\\" })).toEqual([]);
    expect(await names({ q: "100% sale" })).toEqual(["Budget Stapler"]);
    expect(await names({ q: "under_score" })).toEqual(["Budget Stapler"]);
    expect(await names({ category: "' OR 1=1 --" })).toEqual([]);
    expect((await queryProducts(base, "en", "EUR")).total).toBe(fixtures.length);
  });

  it("a listing read again after a stock change shows the change (no stale listing is kept)", async () => {
    const inStock = async () => (await queryProducts({ ...base, inStock: true }, "en", "EUR")).products.map((p) => p.name);
    expect(await inStock()).not.toContain("Espresso Machine");
    expect(await inStock()).not.toContain("Espresso Machine");
    await test.db.transaction(async (tx) => {
      await tx.query("update public.products set in_stock = true where id = $1", [id(3)]);
      expect(await updateStock(id(3), 5, tx)).toBe(true);
    });
    expect(await inStock()).toContain("Espresso Machine");
    await updateStock(id(3), 0);
    await test.db.query("update public.products set in_stock = false where id = $1", [id(3)]);
    expect(await inStock()).not.toContain("Espresso Machine");
  });

  it("finds one product by id; an unknown or malformed id is null, not an error", async () => {
    expect((await getProduct(id(3)))?.name).toBe("Espresso Machine");
    expect((await getProduct(id(3)))).toMatchObject({ priceEUR: 19900, salePriceEUR: 14900 });
    expect(await getProduct("20000000-0000-4000-8000-999999999999")).toBeNull();
    expect(await getProduct("not-a-uuid")).toBeNull();
    expect(await getProduct("' OR 1=1 --")).toBeNull();
    expect((await getProductsByIds([id(1), "bad", id(2)])).map((p) => p.name).sort()).toEqual(["Ergonomic Office Chair", "Standing Desk"]);
  });
});
