import { getDb } from "~/db/db.server";
import { memoizedCatalogueRead } from "~/db/catalogue-version.server";
import type { Locale } from "~/i18n/config";
import { toCents, type Currency } from "~/utils/money";
import { categoriesNamedBy, normalizeCategoryKey } from "~/data/categories";
import type { CatalogueParams, Sort } from "~/utils/catalogue-params";
import { clampPage } from "./paging";
import { productCardColumns, productFromRow, type ProductCard, type ProductRow } from "./product.server";
import { correctedQuery, planSearch, type SearchKind } from "./product-search.server";

/*
 * The catalogue's listing, category and search query: one page of products for the shopper's
 * filters, sort and page, with the total and the price filter's bound.
 */

export type ProductQuery = Omit<CatalogueParams, "view"> & { pageSize: number };

export interface ProductPage {
  /** What the page's cards show (the product page reads the rest). */
  products: ProductCard[];
  /** The matches, or for a search with more than `countLimit` of them that limit (`totalCapped`). */
  total: number;
  /** A search matched more products than it counts: the page says "more than {total}". */
  totalCapped: boolean;
  page: number;
  pageCount: number;
  /** The upper bound of the price filter: the highest price listed, at least 1000. */
  priceCeiling: number;
  /** With a search text: how it was read, and a better query when nothing was found. */
  search?: SearchInfo;
}

export interface SearchInfo {
  /** "noWords": no letters or digits to search for; "stopWords": only words like "und", "the". */
  kind: SearchKind;
  /** Words left out as stop words. */
  ignored: string[];
  /** Words beyond MAX_QUERY_WORDS were left out. */
  tooManyWords: boolean;
  /** "Meinten Sie …?": a query with the catalogue's closest words, which finds something. */
  didYouMean?: string;
}

/**
 * A search counts its matches up to this many. Beyond it the page says "more than 1 000", and the
 * page is taken from the first 1 000 matches in the sort's own order (read through that order's
 * index): exact for every sort; for relevance, the first 1 000 in the listing's order and every
 * product named exactly as the query, ranked (docs/performance.md, "Search").
 */
export const SEARCH_COUNT_LIMIT = 1000;

export interface QueryOptions {
  /** Tests on a small catalogue: SEARCH_COUNT_LIMIT by default. */
  countLimit?: number;
}

interface Stats {
  total: number;
  /** A search's matches read, up to the count limit and one more (more: the count is capped). */
  matched?: number;
  ceiling: string | number | null;
  /** The page's product ids, in order. */
  ids: string[];
}

const nameColumn: Record<Locale, string> = {
  de: "coalesce(nullif(name_de, ''), name)",
  fr: "coalesce(nullif(name_fr, ''), name)",
  ar: "coalesce(nullif(name_ar, ''), name)",
  en: "name",
};

/**
 * The listing, category and search pages: filters, sort and pagination run in SQL on indexed
 * columns, so a page never loads more rows than it shows. The price filter compares the regular
 * price (the spec's "original price when there is one"), the sort what is paid, in the shopper's currency.
 */
export function queryProducts(query: ProductQuery, locale: Locale, currency: Currency, options: QueryOptions = {}): Promise<ProductPage> {
  // Counting and sorting every match is the costly part on a large catalogue: the same listing is
  // read from the database once per catalogue change.
  const key = JSON.stringify(["queryProducts", query, locale, currency, options]);
  return memoizedCatalogueRead(key, () => readProductPage(query, locale, currency, options));
}

async function readProductPage(query: ProductQuery, locale: Locale, currency: Currency, options: QueryOptions, correct = true): Promise<ProductPage> {
  const countLimit = options.countLimit ?? SEARCH_COUNT_LIMIT;
  const db = await getDb();
  // Sorted by what is paid; filtered (as the spec's filter compared the original price) by the regular price.
  const priceCol = currency === "CHF" ? "coalesce(sale_price_chf, price_chf)" : "coalesce(sale_price_eur, price_eur)";
  const comparable = currency === "CHF" ? "price_chf" : "price_eur";
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.category) where.push(`category_key = ${param(normalizeCategoryKey(query.category))}`);
  const plan = query.q ? await planSearch(query.q) : undefined;
  if (query.q && plan) {
    const search: SearchInfo = { kind: plan.kind, ignored: plan.ignored, tooManyWords: plan.tooManyWords };
    // Nothing to search for (only punctuation, emoji, stop words): an answer that says so.
    if (plan.kind !== "words") return { products: [], total: 0, totalCapped: false, page: 1, pageCount: 1, priceCeiling: 1000, search };
    // Every word (in its most tolerant form: product-search.server.ts) in a name, tag, category
    // name or description of any language; and a query that names a category (a search chip, or
    // typed) also finds that category's products.
    const text = `search_vector @@ ${param(plan.tsquery)}::tsquery`;
    const named = categoriesNamedBy(query.q).map((c) => normalizeCategoryKey(c.slug));
    where.push(named.length > 0 ? `(${text} or category_key = any(${param(named)}::text[]))` : text);
  }
  if (query.inStock) where.push("in_stock and stock > 0");
  const baseWhere = where.length > 0 ? `where ${where.join(" and ")}` : "";
  const min = query.minPrice !== undefined ? param(query.minPrice) : undefined;
  const max = query.maxPrice !== undefined ? param(query.maxPrice) : undefined;
  /** The price filter on a column (the product's, or the search's matches'). */
  const priceWhere = (column: string) => [...(min ? [`${column} >= ${min}`] : []), ...(max ? [`${column} <= ${max}`] : [])];
  const priceFilter = (column: string) => (min || max ? `filter (where ${priceWhere(column).join(" and ")})` : "");
  const allWhere = [...where, ...priceWhere(comparable)];
  const fullWhere = allWhere.length > 0 ? `where ${allWhere.join(" and ")}` : "";

  // Relevance: an exact name first, then by how well (ts_rank with weights: names 1, tags and
  // category 0.4, descriptions 0.1), in stock before sold out. (A second rank of the words as
  // typed, against typos, doubled the time of a search that matches the whole catalogue.)
  const weights = "'{0.1, 0.2, 0.4, 1.0}'::float4[]";
  // (Functions: a key's parameters are only added when the order uses it.)
  const keys: Record<string, () => string> = {
    paid: () => priceCol,
    label: () => nameColumn[locale],
    available: () => "(in_stock and stock > 0)",
    exact: () => (plan?.kind === "words" ? `(${param(plan.phrase)} = any(search_names))` : "false"),
    rank: () => (plan?.kind === "words" ? `ts_rank(${weights}, search_vector, ${param(plan.tsquery)}::tsquery)` : "0"),
  };
  const order: Record<Sort, string> = {
    relevance: plan?.kind === "words" ? "exact desc, rank desc, available desc, featured desc, created_at desc, id" : "featured desc, created_at desc, id",
    standard: "featured desc, created_at desc, id",
    "price-low": "paid asc, id",
    "price-high": "paid desc, id",
    name: "label asc, id",
    newest: "created_at desc, id",
  };
  const limit = param(query.pageSize);
  const offsetParam = param(0);
  const offsetAt = params.length - 1;
  /** The sort keys the page's order uses (a search computes them for each of up to 1 001 matches). */
  const keyColumns = `${Object.entries(keys)
    .filter(([name]) => new RegExp(`\\b${name}\\b`).test(order[query.sort]))
    .map(([name, sql]) => `${sql()} as ${name}, `)
    .join("")}featured, created_at`;
  /** The statement that reads the count, the price filter's bound and the page's ids (built once: a page past the end reads again at another offset). */
  const statsSql = (): string => {
    // The listing: counted from the primary key's index, its page sorted on narrow keys.
    if (!plan) {
      return `select count(*) ${priceFilter(comparable)} ::int as total, max(${comparable}) as ceiling,
                array(select id from (select id, ${keyColumns} from public.products ${fullWhere}) listed
                       order by ${order[query.sort]} limit ${limit} offset ${offsetParam}) as ids
           from public.products ${baseWhere}`;
    }
    // A search reads its matches in the sort's own order through that order's index, up to the
    // count limit and one more: when there are no more than that, they are all the matches, counted
    // and ranked exactly; with more, the page comes from the first of them (for relevance the
    // listing's order and, besides, every product named exactly as the query). The price filter's
    // bound is over the matches without the price filter, or the catalogue's beyond the limit.
    const columns = `${comparable} as comparable, ${keyColumns}`;
    const relevance = query.sort === "relevance";
    // For relevance, the exact names not listed already (added with union all: a union would hash
    // every listed row to drop duplicates); the listed rows are read from their one copy.
    const named = relevance
      ? `, named as materialized (select id, ${columns} from public.products
           where ${[...allWhere, `search_names @> array[${param(plan.phrase)}]::text[]`, "id not in (select id from listed)"].join(" and ")})`
      : "";
    const candidates = relevance ? "(select * from listed union all select * from named) candidates" : "listed";
    const counted = param(countLimit);
    const read = param(countLimit + 1);
    const catalogueBound = `(select max(${comparable}) from public.products)`;
    // Without a price filter the bound is over the listed matches: counted in the same pass.
    const ceiling =
      min || max
        ? `(select case when count(*) > ${counted} then ${catalogueBound} else max(comparable) end
              from (select ${comparable} as comparable from public.products ${baseWhere} limit ${read}) unfiltered)`
        : `case when matched > ${counted} then ${catalogueBound} else bound end`;
    return `with listed as materialized (
         select id, ${columns} from public.products ${fullWhere}
          order by ${relevance ? order.standard : order[query.sort]} limit ${read})${named}
       select matched, ${relevance ? "(matched + (select count(*) from named))::int" : "matched"} as total, ${ceiling} as ceiling,
              array(select id from ${candidates} order by ${order[query.sort]} limit ${limit} offset ${offsetParam}) as ids
         from (select count(*)::int as matched, max(comparable) as bound from listed) counted`;
  };
  const sql = statsSql();
  const readIds = async (offset: number) => {
    params[offsetAt] = offset;
    const [stats] = await db.query<Stats>(sql, params);
    return stats!;
  };
  let stats = await readIds((Math.max(1, query.page) - 1) * query.pageSize);
  // The matches (with the price filter) were more than are counted.
  const totalCapped = (stats.matched ?? 0) > countLimit;
  const total = totalCapped ? countLimit : stats.total;
  const { page, pageCount, offset } = clampPage(total, query.page, query.pageSize);
  // A page past the end (an old link, a typed address) shows the last page.
  if (offset !== (Math.max(1, query.page) - 1) * query.pageSize) stats = await readIds(offset);
  const rows =
    stats.ids.length === 0
      ? []
      : // Only the page's own rows are read, with what their cards show (sorting whole rows carried every product's texts through the sort).
        await db.query<ProductRow>(
          `select ${productCardColumns()}
             from unnest($1::uuid[]) with ordinality as pick(pick_id, position)
             join public.products on public.products.id = pick.pick_id
            order by pick.position`,
          [stats.ids],
        );
  const ceiling = Math.ceil(toCents(stats.ceiling ?? 0) / 100);
  let search: SearchInfo | undefined;
  if (plan && query.q) {
    search = { kind: plan.kind, ignored: plan.ignored, tooManyWords: plan.tooManyWords };
    if (total === 0 && correct) {
      search.didYouMean = await correctedQuery(plan, query.q, async (corrected) =>
        (await readProductPage({ ...query, q: corrected, page: 1, pageSize: 1 }, locale, currency, options, false)).total > 0,
      );
    }
  }
  return {
    products: rows.map(productFromRow),
    total,
    totalCapped,
    page,
    pageCount,
    priceCeiling: Math.max(1000, Math.ceil(ceiling / 10) * 10),
    ...(search ? { search } : {}),
  };
}

