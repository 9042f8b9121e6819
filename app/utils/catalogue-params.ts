/** Reading and writing the catalogue's URL parameters (filters, sort, page, view). */

/** "relevance" only with a search text, where it is the default (and listed first). */
export const SORTS = ["relevance", "standard", "price-low", "price-high", "name", "newest"] as const;
export type Sort = (typeof SORTS)[number];
export const PAGE_SIZE = 24;
export const MAX_QUERY_LENGTH = 200;
const MAX_PAGE = 10_000;
const MAX_PRICE = 10_000_000;

export interface CatalogueParams {
  category?: string;
  q?: string;
  minPrice?: number;
  maxPrice?: number;
  inStock: boolean;
  sort: Sort;
  page: number;
  view: "grid" | "list";
}

function wholeNumber(value: string | null, max: number): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (!/^\d{1,12}(\.\d+)?$/.test(value.trim())) return undefined;
  const number = Math.floor(Number(value));
  return Number.isFinite(number) && number >= 0 && number <= max ? number : undefined;
}

/** Control characters (a NUL byte would make Postgres fail) become spaces; runs of space collapse. */
function cleanText(value: string | null): string {
  return (value ?? "").replace(/[\p{Cc}\p{Cs}]/gu, " ").replace(/\s+/g, " ").trim();
}

/**
 * Absurd values fall back to the defaults instead of failing: a negative or non-numeric price is
 * ignored, an unknown sort is "standard", a page beyond the end shows the last page, a very long
 * search text is cut.
 */
export function parseCatalogueParams(searchParams: URLSearchParams): CatalogueParams {
  const sort = searchParams.get("sort");
  let minPrice = wholeNumber(searchParams.get("minPrice"), MAX_PRICE);
  let maxPrice = wholeNumber(searchParams.get("maxPrice"), MAX_PRICE);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  const q = cleanText(searchParams.get("q")).slice(0, MAX_QUERY_LENGTH).trim();
  const category = cleanText(searchParams.get("category")).slice(0, 100).trim();
  const page = /^\d{1,30}$/.test((searchParams.get("page") ?? "").trim()) ? Number(searchParams.get("page")) : 1;
  return {
    category: category || undefined,
    q: q || undefined,
    minPrice: minPrice || undefined,
    maxPrice,
    inStock: ["1", "true", "on"].includes(searchParams.get("inStock") ?? ""),
    sort: !(SORTS as readonly string[]).includes(sort ?? "") || (sort === "relevance" && !q) ? (q ? "relevance" : "standard") : (sort as Sort),
    // A page beyond the end is clamped to the last page by the query; here only to a sane number.
    page: Math.min(Math.max(1, page), MAX_PAGE),
    view: searchParams.get("view") === "list" ? "list" : "grid",
  };
}

/** A URL for the same listing with some parameters changed (page reset unless given). */
export function catalogueHref(
  pathname: string,
  current: URLSearchParams,
  changes: Record<string, string | number | null | undefined>,
): string {
  const next = new URLSearchParams(current);
  if (!("page" in changes)) next.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}
