import type { Locale } from "~/i18n/config";
import type { Currency } from "~/utils/money";
import { PAGE_SIZE, parseCatalogueParams } from "~/utils/catalogue-params";
import { categories, categoryName } from "~/data/categories";
import type { CartOwner } from "./cart.server";
import { queryProducts, toProductCard } from "./product.server";
import { listFavoriteIds } from "./favorite.server";

export interface CatalogueQuery {
  /** The listing URL's parameters (checked for control characters by the route). */
  searchParams: URLSearchParams;
  locale: Locale;
  currency: Currency;
  /** Whose favourites to mark. */
  owner: CartOwner | null;
}

/**
 * Everything a listing page (products, category, search) needs: one page of localized products in
 * the shopper's currency for the URL's parameters, and their favourites.
 */
export async function loadCatalogue({ searchParams, locale, currency, owner }: CatalogueQuery, fixed: { category?: string } = {}) {
  const params = parseCatalogueParams(searchParams);
  if (fixed.category) params.category = fixed.category;
  const [result, favoriteIds] = await Promise.all([queryProducts({ ...params, pageSize: PAGE_SIZE }, locale, currency), listFavoriteIds(owner)]);
  return {
    locale,
    currency,
    params: { ...params, page: result.page },
    products: result.products.map((product) => toProductCard(product, locale, currency, { summary: params.view === "list" })),
    total: result.total,
    pageCount: result.pageCount,
    priceCeiling: result.priceCeiling,
    favoriteIds,
    categoryOptions: categories.map((category) => ({ slug: category.slug, name: categoryName(category, locale) })),
    filtered: Boolean(params.minPrice || params.maxPrice !== undefined || params.inStock || params.q || (!fixed.category && params.category)),
  };
}
