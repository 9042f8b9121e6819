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
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle, PRODUCT_CARD_TEXTS } from "~/i18n/namespaces";

const DEBOUNCE_MS = 300;

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("catalogue.search.meta.title"), description: t("catalogue.search.meta.description"), noindex: true }));

export const handle = { i18n: ["catalogue", ...PRODUCT_CARD_TEXTS] } satisfies I18nHandle;

export async function loader(args: LoaderFunctionArgs) {
  const catalogue = await catalogueForRequest(args, handle);
  // An empty query shows no results block (the search has not started yet).
  if (!catalogue.params.q) return { ...catalogue, products: [], total: 0, pageCount: 1 };
  return catalogue;
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
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/search";
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("catalogue.search.title")}</h1>
      <Form method="get" action="/search" role="search" className="mt-6 flex gap-2">
        <label htmlFor="search-q" className="sr-only">
          {t("catalogue.search.label")}
        </label>
        <input
          ref={inputRef}
          id="search-q"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={200}
          placeholder={t("catalogue.search.placeholder")}
          className="input flex-1"
          autoComplete="off"
          onChange={(event) => {
            const form = event.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => form && submit(form, { replace: true }), DEBOUNCE_MS);
          }}
        />
        <button type="submit" className="btn-primary">
          <SearchIcon className="h-4 w-4" />
          {t("catalogue.search.submit")}
        </button>
      </Form>
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
          {data.total > 0 ? (
            <>
              <p className="mb-4 font-semibold">{t("catalogue.search.results", { count: data.total, query })}</p>
              <ProductGrid products={data.products} favoriteIds={data.favoriteIds} />
              <VatNote className="mt-4" />
              <Pagination page={data.params.page} pageCount={data.pageCount} />
            </>
          ) : (
            <p className="card p-8 text-center text-slate-600" data-testid="empty-state">
              {t("catalogue.search.noResults", { query })}
            </p>
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
