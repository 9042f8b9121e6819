import { getLocale } from "~/i18n/i18n.server";
import { getPreferences } from "~/utils/preferences.server";
import { PAGE_SIZE, parseCatalogueParams } from "~/utils/catalogue-params";
import { categories, categoryName } from "~/data/categories";
import { getUserId } from "~/auth/user.server";
import { queryProducts, toProductView } from "./product.server";
import { listFavoriteIds } from "./favorite.server";

/**
 * Everything a listing page (products, category, search) needs from one request: its URL
 * parameters, one page of localized products in the shopper's currency, and their favourites.
 */
export async function loadCatalogue(request: Request, fixed: { category?: string } = {}) {
  const url = new URL(request.url);
  const params = parseCatalogueParams(url.searchParams);
  if (fixed.category) params.category = fixed.category;
  const [locale, { currency }, userId] = await Promise.all([
    getLocale(request),
    getPreferences(request),
    getUserId(request),
  ]);
  const [result, favoriteIds] = await Promise.all([
    queryProducts({ ...params, pageSize: PAGE_SIZE }, locale, currency),
    listFavoriteIds(userId, request),
  ]);
  return {
    locale,
    currency,
    params: { ...params, page: result.page },
    products: result.products.map((product) => toProductView(product, locale, currency)),
    total: result.total,
    pageCount: result.pageCount,
    priceCeiling: result.priceCeiling,
    favoriteIds,
    categoryOptions: categories.map((category) => ({ slug: category.slug, name: categoryName(category, locale) })),
    filtered: Boolean(params.minPrice || params.maxPrice !== undefined || params.inStock || params.q || (!fixed.category && params.category)),
  };
}
