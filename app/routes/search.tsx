import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { catalogueForRequest } from "~/services/catalogue-page.server";
import { useT } from "~/i18n/use-t";
import { pageMeta } from "~/utils/seo";
import { Pagination } from "~/components/pagination";
import { ProductGrid } from "~/components/product-card";
import { VatNote } from "~/components/price";
import { SearchIcon } from "~/components/icons";
import { SearchSuggestions } from "~/components/search-suggest-box";
import { MAX_QUERY_LENGTH, MAX_QUERY_WORDS } from "~/utils/search-text";
import { SORTS } from "~/utils/catalogue-params";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle, PRODUCT_CARD_TEXTS } from "~/i18n/namespaces";

const DEBOUNCE_MS = 300;

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("catalogue.search.meta.title"), description: t("catalogue.search.meta.description"), noindex: true }));

export const handle = { i18n: ["catalogue", ...PRODUCT_CARD_TEXTS] } satisfies I18nHandle;

export async function loader(args: LoaderFunctionArgs) {
  const catalogue = await catalogueForRequest(args, handle);
  // Longer text than the form takes (typed into the address) is cut to it, and the page says so.
  const typed = (new URL(args.request.url).searchParams.get("q") ?? "").trim();
  const truncated = [...typed].length > MAX_QUERY_LENGTH;
  // An empty query shows no results block (the search has not started yet).
  if (!catalogue.params.q) return { ...catalogue, products: [], total: 0, totalCapped: null, pageCount: 1, truncated };
  return { ...catalogue, truncated };
}

export default function Search() {
  const data = useLoaderData<typeof loader>();
  const { t } = useT();
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const inputRef = useRef<HTMLInputElement>(null);
  const query = data.params.q ?? "";
  useEffect(() => () => clearTimeout(timer.current), []);
  // When a chip or the back button changes the URL, the box shows the query of the page.
  useEffect(() => {
    if (inputRef.current && document.activeElement !== inputRef.current) inputRef.current.value = query;
  }, [query]);
  // Filters narrowed the results (the panel stays, to widen them again).
  const narrowed = Boolean(data.params.category || data.params.minPrice || data.params.maxPrice !== undefined || data.params.inStock);
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/search";
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("catalogue.search.title")}</h1>
      <Form method="get" action="/search" role="search" className="mt-6 flex gap-2">
        <label htmlFor="search-q" className="sr-only">
          {t("catalogue.search.label")}
        </label>
        <div className="relative flex-1">
          <input
            ref={inputRef}
            id="search-q"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={MAX_QUERY_LENGTH}
            placeholder={t("catalogue.search.placeholder")}
            className="input w-full"
            autoComplete="off"
            aria-describedby="search-q-hint"
            onChange={(event) => {
              const form = event.currentTarget.form;
              clearTimeout(timer.current);
              timer.current = setTimeout(() => form && submit(form, { replace: true }), DEBOUNCE_MS);
            }}
          />
          <SearchSuggestions input={inputRef} />
        </div>
        <button type="submit" className="btn-primary">
          <SearchIcon className="h-4 w-4" />
          {t("catalogue.search.submit")}
        </button>
      </Form>
      <p id="search-q-hint" className="mt-1 text-xs text-slate-600">
        {t("catalogue.search.lengthHint", { max: MAX_QUERY_LENGTH })}
      </p>
      {data.truncated ? (
        <p role="status" className="mt-2 text-sm text-amber-800" data-testid="search-truncated">
          {t("catalogue.search.truncated", { max: MAX_QUERY_LENGTH })}
        </p>
      ) : null}
      <section aria-labelledby="search-categories" className="mt-4">
        <h2 id="search-categories" className="mb-2 text-sm font-semibold text-slate-700">
          {t("catalogue.search.categories")}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {data.categoryOptions.map((category) => (
            <li key={category.slug}>
              <Link
                to={`/search?q=${encodeURIComponent(category.name)}`}
                className={`rounded-full border px-3 py-1 text-sm ${
                  query === category.name ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white hover:bg-slate-100"
                }`}
              >
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {query ? (
        <section aria-live="polite" aria-busy={searching} className={`mt-8 ${searching ? "opacity-60" : ""}`} data-testid="search-results">
          {data.search?.ignored.length ? (
            <p className="mb-2 text-sm text-slate-600" data-testid="search-ignored">
              {t("catalogue.search.ignored", { words: data.search.ignored.join(", ") })}
            </p>
          ) : null}
          {data.search?.tooManyWords ? (
            <p className="mb-2 text-sm text-slate-600">{t("catalogue.search.tooManyWords", { max: MAX_QUERY_WORDS })}</p>
          ) : null}
          {data.search?.kind === "noWords" || data.search?.kind === "stopWords" ? (
            <p className="card p-8 text-center text-slate-600" data-testid="empty-state">
              {t(data.search.kind === "noWords" ? "catalogue.search.noWords" : "catalogue.search.stopWords", { query })}
            </p>
          ) : data.total > 0 || narrowed ? (
            <>
              <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
                <p className="font-semibold">{data.totalCapped ? t("catalogue.search.resultsMore", { count: data.totalCapped, query }) : t("catalogue.search.results", { count: data.total, query })}</p>
                {/* Sort and category facet as a GET form (the search page stays light; every filter is on /products?q=…). */}
                <Form
                  method="get"
                  action="/search"
                  className="flex flex-wrap items-end gap-2"
                  aria-label={t("catalogue.filters")}
                  onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
                >
                  <input type="hidden" name="q" value={query} />
                  <label className="text-sm">
                    <span className="label">{t("catalogue.category")}</span>
                    <select name="category" defaultValue={data.params.category ?? ""} className="input">
                      <option value="">{t("catalogue.allCategories")}</option>
                      {data.categoryOptions.map((category) => (
                        <option key={category.slug} value={category.slug}>
                          {category.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="text-sm">
                    <span className="label">{t("catalogue.sort")}</span>
                    <select name="sort" defaultValue={data.params.sort} className="input">
                      {SORTS.map((sort) => (
                        <option key={sort} value={sort}>
                          {t(`catalogue.sorts.${sort}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="submit" className="btn-secondary">
                    {t("catalogue.apply")}
                  </button>
                </Form>
              </div>
              {data.total > 0 ? (
                <>
                  <ProductGrid products={data.products} favoriteIds={data.favoriteIds} />
                  <VatNote className="mt-4" />
                  <Pagination page={data.params.page} pageCount={data.pageCount} />
                </>
              ) : (
                <p className="card p-8 text-center text-slate-600" data-testid="empty-state">
                  {t("catalogue.search.noResults", { query })}
                </p>
              )}
            </>
          ) : (
            <div className="card p-8 text-center text-slate-600" data-testid="empty-state">
              <p>{t("catalogue.search.noResults", { query })}</p>
              {data.search?.didYouMean ? (
                <p className="mt-3 font-semibold">
                  <Link to={`/search?q=${encodeURIComponent(data.search.didYouMean)}`} className="text-brand-700 underline" data-testid="did-you-mean">
                    {t("catalogue.search.didYouMean", { suggestion: data.search.didYouMean })}
                  </Link>
                </p>
              ) : null}
            </div>
          )}
        </section>
      ) : (
        <p className="mt-8 text-slate-600">{t("catalogue.search.hint")}</p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary loadError={{ title: "common.pageErrors.catalogueLoad.title", message: "common.pageErrors.catalogueLoad.message" }} />;
}
