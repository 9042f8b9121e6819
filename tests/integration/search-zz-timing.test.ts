import { it } from "vitest";
import { queryProducts } from "~/models/product-query.server";
import { createTestDatabase } from "../setup/test-db";
const FILL = `insert into public.products (name, name_de, name_fr, name_ar, description, description_de, description_fr, description_ar, price, price_eur, price_chf, category, in_stock, stock, tags, created_at)
  select 'Bench desk lamp ' || g, 'Test-Schreibtischlampe ' || g, 'Lampe de bureau test ' || g, 'مصباح مكتب تجريبي ' || g,
         'Generated product ' || g || ' for the benchmark.', 'Erzeugter Artikel ' || g || ' für den Benchmark.', 'Article généré ' || g || ' pour le benchmark.', 'منتج مُولَّد ' || g || ' لاختبار الأداء.',
         10, 10, 11, (array['office-gifts','home-office','coffee-tea','kids-teens'])[1 + g % 4], g % 29 <> 0, g % 60,
         array['bench', 'tag' || (g % 50)], now() - make_interval(mins => g)
    from generate_series($1::int, $2::int) g`;
it("timing", async () => {
  const test = await createTestDatabase((process.env.KIND as "pglite") ?? "pglite");
  let t = Date.now();
  for (let from = 1; from <= 10000; from += 1000) await test.db.query(FILL, [from, from + 999]);
  console.log("fill", Date.now() - t);
  await test.db.query("analyze public.products");
  console.log(await test.db.query("select avg(pg_column_size(search_vector))::int as vec, avg(pg_column_size(p.*))::int as row from products p"));
  test.install();
  for (const [label, q] of [["listing", undefined], ["lamp", "lamp"], ["typo", "schreibtishlampe"], ["two", "bench tag7"], ["kopfhoerer", "kopfhoerer"]] as const) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      await queryProducts({ q, inStock: false, sort: q ? "relevance" : "standard", page: 1, pageSize: 24 }, "de", "EUR");
      times.push(Math.round(performance.now() - s));
    }
    console.log(label, times.join(" "));
  }
  await test.close();
}, 600000);
