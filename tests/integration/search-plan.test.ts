import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { queryProducts } from "~/models/product-query.server";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";

/*
 * The search's query plan on a catalogue of the bench's size (scripts/bench.mjs fills the same
 * way): the products are found through the GIN index on search_vector, not by reading every row.
 * SEARCH_PLAN_LOG=1 prints the plans (docs/performance.md, "Search"). (A word that a few per cent
 * of the catalogue or more contain, like the bench's "tag7" or "lamp", is read sequentially: the
 * planner's cost-based choice, and the cheaper one there.)
 */
const SIZE = 10_000;
const FILL = `insert into public.products (name, name_de, name_fr, name_ar, description, description_de, price, price_eur, price_chf, category, in_stock, stock, tags, created_at)
  select 'Bench desk lamp ' || g, 'Test-Schreibtischlampe ' || g, 'Lampe de bureau test ' || g, 'مصباح مكتب تجريبي ' || g,
         'Generated product ' || g || ' for the benchmark.', 'Erzeugter Artikel ' || g || ' für den Benchmark.',
         10, 10, 11, (array['office-gifts','home-office','coffee-tea','kids-teens'])[1 + g % 4], g % 29 <> 0, g % 60,
         array['bench', 'tag' || (g % 50)], now() - make_interval(mins => g)
    from generate_series($1::int, $2::int) g`;

/** Runs `read` and returns the plans of the statements it sent to the products table (the search's, or with `listing` the listing's). */
async function plansOf(db: Database, read: () => Promise<unknown>, listing = false): Promise<string[]> {
  const sent: Array<{ text: string; params?: unknown[] }> = [];
  const query = db.query.bind(db);
  db.query = (async (text: string, params?: unknown[]) => {
    if (/from public\.products/.test(text) && (listing ? /count\(\*\)/.test(text) : /search_vector @@/.test(text))) sent.push({ text, params: params && [...params] });
    return query(text, params);
  }) as Database["query"];
  try {
    await read();
  } finally {
    db.query = query;
  }
  const plans: string[] = [];
  for (const { text, params } of sent) {
    const rows = await db.query<{ "QUERY PLAN": string }>(`explain ${text}`, params);
    plans.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
  }
  return plans;
}

describe.each(testDbKinds)("the search's query plan on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    // In slices: each statement stays within the statement timeout on a busy machine.
    for (let from = 1; from <= SIZE; from += 250) await test.db.query(FILL, [from, Math.min(SIZE, from + 249)]);
    // What autovacuum does on a live shop: besides the statistics, it moves the GIN index's pending
    // list (fastupdate) into the index; a long pending list makes the planner cost the index scan
    // above a sequential scan, which it did now and then right after the fill.
    await test.db.query("vacuum analyze public.products");
    await test.db.query("analyze public.search_words");
    test.install();
  }, 600_000);
  afterAll(async () => {
    await test?.close();
  });

  for (const q of ["kopfhoerer", "schreibtishlampe 77", "stuhl"]) {
    it(`"${q}": counted and sorted from the GIN index, no sequential scan over products`, async () => {
      const plans = await plansOf(test.db, () => queryProducts({ q, inStock: false, sort: "relevance", page: 1, pageSize: 24 }, "de", "EUR"));
      expect(plans.length).toBeGreaterThan(0);
      for (const plan of plans) {
        if (process.env.SEARCH_PLAN_LOG) console.log(`-- ${kind}: ${q}\n${plan}`);
        expect(plan).toMatch(/products_search_vector_idx/);
        expect(plan).not.toMatch(/Seq Scan on products/);
      }
    });
  }

  it(`"lamp" (every product matches): counted up to the limit, its page from the listing's index and the exact names' index`, async () => {
    const plans = await plansOf(test.db, () => queryProducts({ q: "lamp", inStock: false, sort: "relevance", page: 1, pageSize: 24 }, "de", "EUR"));
    expect(plans).toHaveLength(1);
    if (process.env.SEARCH_PLAN_LOG) console.log(`-- ${kind}: lamp\n${plans[0]}`);
    // Read in the listing's order up to the limit and one more, the exact names from their index.
    expect(plans[0]).toMatch(/Limit[\s\S]*Index Scan using products_listing_idx/);
    expect(plans[0]).toMatch(/products_search_names_idx/);
    expect(plans[0]).not.toMatch(/Seq Scan on products/);
  });

  it("the word lookup's kept plan reads each branch through an index, whatever the words", async () => {
    // The function's statement, prepared and explained as its generic plan under its own settings.
    const [fn] = await test.db.query<{ body: string; config: string[] | null }>(
      "select prosrc as body, proconfig as config from pg_proc where proname = 'search_word_matches'",
    );
    expect(fn?.config).toContain("plan_cache_mode=force_generic_plan");
    const statement = /return query([\s\S]*);\s*end/.exec(fn!.body)![1]!.replace(/\bprobes\b/g, "$1").replace(/\bfuzzy\b/g, "$2");
    const plan = await test.db.transaction(async (tx) => {
      for (const setting of fn!.config ?? []) {
        const [name, value] = setting.split(/=(.*)/s);
        await tx.query("select set_config($1, $2, true)", [name, value]);
      }
      await tx.query(`prepare search_word_matches_plan(text[], int[]) as ${statement}`);
      try {
        const rows = await tx.query<{ "QUERY PLAN": string }>("explain execute search_word_matches_plan(array['schreibtishlampe', 'lamp'], array[1, 0])");
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      } finally {
        await tx.query("deallocate search_word_matches_plan");
      }
    });
    if (process.env.SEARCH_PLAN_LOG) console.log(`-- ${kind}: word lookup\n${plan}`);
    expect(plan).toMatch(/search_words_pkey/);
    expect(plan.match(/search_words_trgm_idx/g)).toHaveLength(2);
    expect(plan).not.toMatch(/Seq Scan on search_words/);
  });

  it("the listing's page comes from the index on its order, not from sorting the whole catalogue", async () => {
    for (const sort of ["standard", "relevance"] as const) {
      const plans = await plansOf(test.db, () => queryProducts({ inStock: false, sort, page: 3, pageSize: 24 }, "de", "EUR"), true);
      expect(plans).toHaveLength(1);
      if (process.env.SEARCH_PLAN_LOG) console.log(`-- ${kind}: listing, ${sort}\n${plans[0]}`);
      expect(plans[0]).toMatch(/products_listing_idx/);
      expect(plans[0]).not.toMatch(/Seq Scan on products/);
    }
  });
});
