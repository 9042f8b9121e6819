import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryProducts, type ProductQuery } from "~/models/product-query.server";
import { planSearch, searchSuggestions } from "~/models/product-search.server";
import { loader as suggestLoader } from "~/routes/search_.suggest";
import { categories } from "~/data/categories";
import { foldSearchText } from "~/utils/search-text";
import { migrations } from "~/db/migrate.server";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createProduct } from "../factories";

/*
 * The search (issue 20) beyond the query set: ranking, "Meinten Sie …?", suggestions, the index
 * kept in the product write's transaction, and bad input. A small catalogue of its own.
 */
const id = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const base: ProductQuery = { inStock: false, sort: "relevance", page: 1, pageSize: 50 };

describe.each(testDbKinds)("search on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    // Ranking: "Schreibtischlampe" is one product's exact name, a word of another's name, a tag
    // of a third, only in the description of a fourth; a sold-out twin of the tag product.
    await createProduct(test, { id: id(1), name: "Reading light", nameDe: "Leselicht", descriptionDe: "Passt neben jede Schreibtischlampe.", createdAt: { daysAgo: 1 } });
    await createProduct(test, { id: id(2), name: "Clamp light", nameDe: "Klemmleuchte", tags: ["schreibtischlampe"], createdAt: { daysAgo: 2 } });
    await createProduct(test, { id: id(3), name: "LED desk lamp", nameDe: "LED-Schreibtischlampe Pro", createdAt: { daysAgo: 3 } });
    await createProduct(test, { id: id(4), name: "Desk lamp", nameDe: "Schreibtischlampe", createdAt: { daysAgo: 4 } });
    await createProduct(test, { id: id(5), name: "Clamp light sold out", nameDe: "Klemmleuchte", tags: ["schreibtischlampe"], stock: 0, createdAt: { daysAgo: 0 } });
    // Filters and pages.
    await createProduct(test, { id: id(6), name: "Office chair", nameDe: "Bürostuhl Comfort", category: "home-office", priceEur: 200, createdAt: { daysAgo: 5 } });
    await createProduct(test, { id: id(7), name: "Kids chair", nameDe: "Kinderstuhl", category: "kids-teens", priceEur: 80, createdAt: { daysAgo: 6 } });
    await createProduct(test, { id: id(8), name: "Leather chair", nameDe: "Lederstuhl", category: "luxury-comfort", priceEur: 900, stock: 0, createdAt: { daysAgo: 7 } });
    await createProduct(test, { id: id(9), name: "Coffee beans", nameDe: "Kaffeebohnen", nameAr: "حبوب القهوة", category: "coffee-tea", createdAt: { daysAgo: 8 } });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  const ids = async (query: Partial<ProductQuery>, locale: "de" | "en" | "fr" | "ar" = "de") =>
    (await queryProducts({ ...base, ...query }, locale, "EUR")).products.map((p) => p.id);

  it("ranks the exact name first, then name words, then tags, then descriptions; in stock before sold out", async () => {
    expect(await ids({ q: "Schreibtischlampe" })).toEqual([id(4), id(3), id(2), id(5), id(1)]);
    // Typed without the capital and with a typo: the same order.
    expect(await ids({ q: "schreibtischlampe" })).toEqual([id(4), id(3), id(2), id(5), id(1)]);
  });

  it("the other sorts still apply to a search", async () => {
    expect(await ids({ q: "Schreibtischlampe", sort: "newest" })).toEqual([id(5), id(1), id(2), id(3), id(4)]);
  });

  it("filters, pagination and the category facet keep working with a search", async () => {
    expect(await ids({ q: "stuhl" })).toHaveLength(3);
    expect(await ids({ q: "stuhl", category: "kids-teens" })).toEqual([id(7)]);
    expect(await ids({ q: "stuhl", inStock: true })).not.toContain(id(8));
    expect(await ids({ q: "stuhl", minPrice: 100, maxPrice: 500 })).toEqual([id(6)]);
    const first = await queryProducts({ ...base, q: "stuhl", pageSize: 2 }, "de", "EUR");
    expect(first).toMatchObject({ total: 3, pageCount: 2, page: 1 });
    const second = await queryProducts({ ...base, q: "stuhl", pageSize: 2, page: 2 }, "de", "EUR");
    expect(second.products).toHaveLength(1);
    expect([...first.products, ...second.products].map((p) => p.id).sort()).toEqual([id(6), id(7), id(8)].sort());
    // A page past the end (an old link) shows the last one.
    const beyond = await queryProducts({ ...base, q: "stuhl", pageSize: 2, page: 999 }, "de", "EUR");
    expect(beyond).toMatchObject({ total: 3, pageCount: 2, page: 2 });
    expect(beyond.products.map((p) => p.id)).toEqual(second.products.map((p) => p.id));
    expect((await queryProducts({ ...base, q: "stuhl", minPrice: 100 }, "de", "EUR")).total).toBe(2);
  });

  it("every word must match", async () => {
    expect(await ids({ q: "leder stuhl" })).toEqual([id(8)]);
    expect(await ids({ q: "leder kaffee" })).toEqual([]);
  });

  it("offers the closest catalogue word when nothing matches (Meinten Sie …?), only when that finds something", async () => {
    const missed = await queryProducts({ ...base, q: "kafe" }, "de", "EUR");
    expect(missed.total).toBe(0);
    // "Kaffee" is the closest word (from the category "Kaffee & Tee"), and finds the beans.
    expect(missed.search?.didYouMean).toBe("kaffee");
    expect(await ids({ q: missed.search!.didYouMean! })).toEqual([id(9)]);
    const nothing = await queryProducts({ ...base, q: "xyzzyq" }, "de", "EUR");
    expect(nothing.total).toBe(0);
    expect(nothing.search?.didYouMean).toBeUndefined();
    // A query that finds something offers nothing.
    expect((await queryProducts({ ...base, q: "kaffeebohnen" }, "de", "EUR")).search?.didYouMean).toBeUndefined();
  });

  it("answers input without words with a clear kind, never an error", async () => {
    for (const q of ["%", "_", "\\", "'\"", "🪑💡", "'; drop table products; --"]) {
      const page = await queryProducts({ ...base, q }, "de", "EUR");
      expect(page.total, q).toBe(q.includes("drop") ? 0 : 0);
      if (!q.includes("drop")) expect(page.search?.kind, q).toBe("noWords");
    }
    expect((await queryProducts({ ...base, q: "und the de" }, "de", "EUR")).search).toMatchObject({ kind: "stopWords", ignored: ["und", "the", "de"] });
    const long = await queryProducts({ ...base, q: "stuhl ".repeat(2_000) }, "de", "EUR");
    expect(long.total).toBe(3);
    const words = await queryProducts({ ...base, q: "a1 b2 c3 d4 e5 f6 g7 h8 i9 stuhl" }, "de", "EUR");
    expect(words.search?.tooManyWords).toBe(true);
    expect(await ids({ q: "حُبُوب" }, "ar")).toEqual([id(9)]);
    expect(await ids({ q: "القهوة Kaffeebohnen" }, "ar")).toEqual([id(9)]);
  });

  it("suggests categories and product names for a prefix, in the shopper's language, at most eight", async () => {
    const de = await searchSuggestions("schreibtischl", "de");
    expect(de.map((s) => s.label)).toEqual(expect.arrayContaining(["Schreibtischlampe", "LED-Schreibtischlampe Pro"]));
    expect(de[0]).toEqual({ kind: "product", label: "Schreibtischlampe", href: `/products/${id(4)}` });
    const en = await searchSuggestions("kaff", "en");
    expect(en).toContainEqual({ kind: "category", label: "Coffee & Tea", href: "/category/coffee-tea" });
    expect(en).toContainEqual({ kind: "product", label: "Coffee beans", href: `/products/${id(9)}` });
    expect(await searchSuggestions("", "de")).toEqual([]);
    expect(await searchSuggestions("%_", "de")).toEqual([]);
    expect((await searchSuggestions("l", "de")).length).toBe(0);
    expect((await searchSuggestions("le", "de")).length).toBeLessThanOrEqual(8);
  });

  it("the suggestion route answers JSON, and refuses text longer than the form takes with a message (400)", async () => {
    const call = (url: string, language = "de") =>
      suggestLoader({ request: new Request(`http://localhost${url}`, { headers: { "Accept-Language": language } }), params: {}, context: {} }) as Promise<Response>;
    const ok = await call("/search/suggest?q=B%C3%BCrostuhl");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/application\/json/);
    expect(await ok.json()).toEqual({ query: "Bürostuhl", suggestions: [{ kind: "product", label: "Bürostuhl Comfort", href: `/products/${id(6)}` }] });
    const tooLong = await call(`/search/suggest?q=${"a".repeat(201)}`, "fr");
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).error).toBe("Le terme de recherche ne doit pas dépasser 200 caractères.");
    expect(await (await call("/search/suggest")).json()).toEqual({ query: "", suggestions: [] });
  });

  it("keeps the index in the product write's transaction: found inside it, gone with a rollback, found by every reader after the commit", async () => {
    // (Planned outside: PGlite runs one transaction at a time.)
    const fusshocker = (await planSearch("fusshocker")).tsquery;
    await expect(
      test.db.transaction(async (tx) => {
        await createProduct(tx, { id: id(20), name: "Ottoman", nameDe: "Fußhocker Zürich", tags: ["sitzwürfel"] });
        const [inside] = await tx.query<{ n: number }>(
          "select count(*)::int as n from public.products where search_vector @@ $1::tsquery",
          [fusshocker],
        );
        expect(inside?.n).toBe(1);
        const [word] = await tx.query<{ n: number }>("select count(*)::int as n from public.search_words where word = 'sitzwurfel'");
        expect(word?.n).toBe(1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await ids({ q: "Fusshocker" })).toEqual([]);
    const [gone] = await test.db.query<{ n: number }>("select count(*)::int as n from public.search_words where word = 'sitzwurfel'");
    expect(gone?.n).toBe(0);

    await test.db.transaction(async (tx) => {
      await createProduct(tx, { id: id(21), name: "Ottoman", nameDe: "Fußhocker Zürich", tags: ["sitzwürfel"] });
    });
    expect(await ids({ q: "Fusshocker" })).toEqual([id(21)]);
    expect(await ids({ q: "sitzwuerfel" })).toEqual([id(21)]);
    // A renamed product is found by its new name only.
    await test.db.query("update public.products set name_de = 'Hocker Basel', tags = '{}' where id = $1", [id(21)]);
    expect(await ids({ q: "Fusshocker" })).toEqual([]);
    expect(await ids({ q: "hocker basel" })).toEqual([id(21)]);
  });

  it("asks the database for a word's stems once: searched again, only its catalogue words are looked up, to the same plan", async () => {
    const sent: string[] = [];
    const query = test.db.query.bind(test.db);
    test.db.query = (async (text: string, params?: unknown[]) => {
      sent.push(text);
      return query(text, params);
    }) as typeof test.db.query;
    try {
      // Words no other test searches for (the kept stems are the process's, for both databases),
      // each a catalogue word with a typo: no lookup of compound parts besides.
      const q = kind === "pglite" ? "Klemmleuchten" : "Leselichter";
      const first = await planSearch(q);
      const stemmed = sent.filter((text) => text.includes("plainto_tsquery"));
      expect(stemmed).toHaveLength(1);
      sent.length = 0;
      expect(await planSearch(q)).toEqual(first);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.filter((text) => text.includes("plainto_tsquery"))).toEqual([]);
      // A stop word stays one, known or not; a new word next to a known one is stemmed.
      expect((await planSearch(`und ${q}`)).ignored).toEqual(["und"]);
      expect((await planSearch(`und ${q}`)).ignored).toEqual(["und"]);
    } finally {
      test.db.query = query;
    }
  });

  it("folds text in the browser-safe code exactly as the database does", async () => {
    const samples = ["Bürostühle", "Fußstütze GROSS", "Étagère à café", "مُونْسْتِيرَا", "Œuvre", "Søren", "Kopfhörer-Set 3er", "naïve façade"];
    for (const sample of samples) {
      const [row] = await test.db.query<{ folded: string }>("select public.search_fold($1) as folded", [sample]);
      expect(row?.folded, sample).toBe(foldSearchText(sample));
    }
  });

  it("the database's category names are the app's (app/data/categories.ts)", async () => {
    const rows = await test.db.query<{ category_key: string; name_de: string; name_en: string; name_fr: string; name_ar: string }>(
      "select * from public.search_category_names order by category_key",
    );
    const expected = categories
      .map((c) => ({ category_key: c.slug.replace(/-/g, ""), name_de: c.name.de, name_en: c.name.en, name_fr: c.name.fr, name_ar: c.name.ar }))
      .sort((a, b) => a.category_key.localeCompare(b.category_key));
    expect(rows).toEqual(expected);
  });

  it("keeps every GIN index of the search without a pending list (the embedded database has no autovacuum to merge one)", async () => {
    const rows = await test.db.query<{ name: string; options: string[] | null }>(
      `select c.relname as name, c.reloptions as options
         from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
        where a.amname = 'gin' and i.indrelid in ('public.products'::regclass, 'public.search_words'::regclass)
        order by 1`,
    );
    expect(rows.map((row) => row.name)).toEqual(["products_search_names_idx", "products_search_trgm_idx", "products_search_vector_idx", "search_words_trgm_idx"]);
    for (const row of rows) expect(row.options, row.name).toContain("fastupdate=off");
  });

  it("keeps a product's search vector and folded names in its row, also for a product written before the migration", async () => {
    // Both are read for every candidate of a search (the match, ts_rank, the exact name): fetched
    // from the TOAST table, a search over the whole bench catalogue spent most of its time there.
    const storage = await test.db.query<{ name: string; storage: string }>(
      `select attname as name, attstorage as storage from pg_attribute
        where attrelid = 'public.products'::regclass and attname in ('search_vector', 'search_names') order by 1`,
    );
    expect(storage).toEqual([
      { name: "search_names", storage: "m" },
      { name: "search_vector", storage: "m" },
    ]);
    // Where the database can say where a value lives (Postgres 17 and later, PGlite): a product with
    // long descriptions, whose row is over the 2 kB at which values move out.
    const [server] = await test.db.query<{ version: number }>("select current_setting('server_version_num')::int as version");
    if (server!.version < 170000) return;
    const words = (lang: string) => Array.from({ length: 40 }, (_, n) => `${lang}wort${n}x${(n * 7919) % 1000}`).join(" ");
    const long = { description: words("en"), descriptionDe: words("de"), descriptionFr: words("fr"), descriptionAr: words("ar") };
    const inRow = async (productId: string) =>
      (
        await test.db.query<{ vector: string | null; names: string | null; size: number }>(
          `select pg_column_toast_chunk_id(search_vector)::text as vector, pg_column_toast_chunk_id(search_names)::text as names,
                  pg_column_size(p.*) as size
             from public.products p where id = $1`,
          [productId],
        )
      )[0]!;
    await createProduct(test, { id: id(40), name: "Long described lamp", ...long });
    const described = await inRow(id(40));
    expect(described).toMatchObject({ vector: null, names: null });
    expect(described.size).toBeGreaterThan(2100);
    // Written with Postgres's default storage (as before the migration), the vector moves out …
    await test.db.exec("alter table public.products alter column search_vector set storage extended");
    await createProduct(test, { id: id(41), name: "Long described chair", ...long });
    expect((await inRow(id(41))).vector).not.toBeNull();
    // … and the migration moves it back into the row.
    const migration = migrations.find((m) => m.version === "20261204000000_search_vector_in_row");
    expect(migration).toBeDefined();
    await test.db.exec(migration!.sql);
    expect(await inRow(id(41))).toMatchObject({ vector: null, names: null });
    expect((await ids({ q: "dewort7x553" })).sort()).toEqual([id(40), id(41)]);
  });
});
