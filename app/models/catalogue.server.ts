import type { Locale } from "~/i18n/config";
import type { Currency } from "~/utils/money";
import { formatWhole } from "~/utils/numbers";
import { PAGE_SIZE, parseCatalogueParams } from "~/utils/catalogue-params";
import { categories, categoryName } from "~/data/categories";
import { toProductCard } from "./product.server";
import { queryProducts } from "./product-query.server";

export interface CatalogueQuery {
  /** The listing URL's parameters (checked for control characters by the route). */
  searchParams: URLSearchParams;
  locale: Locale;
  currency: Currency;
}

/**
 * Everything a listing page (products, category, search) needs: one page of localized products in
 * the shopper's currency for the URL's parameters (the favourites to mark come from the request context).
 */
export async function loadCatalogue({ searchParams, locale, currency }: CatalogueQuery, fixed: { category?: string } = {}) {
  const params = parseCatalogueParams(searchParams);
  if (fixed.category) params.category = fixed.category;
  const result = await queryProducts({ ...params, pageSize: PAGE_SIZE }, locale, currency);
  return {
    locale,
    currency,
    params: { ...params, page: result.page },
    products: result.products.map((product) => toProductCard(product, locale, currency, { summary: params.view === "list" })),
    total: result.total,
    /** A search that counted only up to its limit: that limit as the page says "more than 1.000". */
    totalCapped: result.totalCapped ? formatWhole(result.total, locale) : null,
    pageCount: result.pageCount,
    priceCeiling: result.priceCeiling,
    search: result.search,
    categoryOptions: categories.map((category) => ({ slug: category.slug, name: categoryName(category, locale) })),
    filtered: Boolean(params.minPrice || params.maxPrice !== undefined || params.inStock || params.q || (!fixed.category && params.category)),
  };
}
