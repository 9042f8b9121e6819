import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { catalogueHref, SORTS, type CatalogueParams } from "~/utils/catalogue-params";
import type { Currency } from "~/utils/money";
import { FilterIcon, GridIcon, ListIcon } from "./icons";
import { ProductGrid } from "./product-card";
import { VatNote } from "./price";
import { Pagination } from "./pagination";
import type { ProductCardView } from "~/models/product.server";

export interface CategoryOption {
  slug: string;
  name: string;
}

/**
 * The filters as a GET form: the URL holds the state, so it works without JavaScript and can be
 * linked. With JavaScript every change applies at once.
 */
export function FilterForm({
  params,
  categories,
  currency,
  priceCeiling,
  fixedCategory,
}: {
  params: CatalogueParams;
  categories?: CategoryOption[];
  currency: Currency;
  priceCeiling: number;
  fixedCategory?: boolean;
}) {
  const { t } = useT();
  const id = useId();
  const submit = useSubmit();
  const location = useLocation();
  return (
    <Form
      method="get"
      action={location.pathname}
      // The server clamps every value; the browser must not block a price off the 10-step grid.
      noValidate
      className="flex flex-col gap-5"
      onChange={(event) => {
        const target = event.target as HTMLInputElement;
        // Number fields apply when left or confirmed, not at every keystroke.
        if (target.type === "number") return;
        submit(event.currentTarget, { replace: true, preventScrollReset: true });
      }}
    >
      {params.view === "list" ? <input type="hidden" name="view" value="list" /> : null}
      {params.q ? <input type="hidden" name="q" value={params.q} /> : null}
      {!fixedCategory && categories ? (
        <div>
          <label htmlFor={`${id}-category`} className="label">
            {t("catalogue.category")}
          </label>
          <select id={`${id}-category`} name="category" defaultValue={params.category ?? ""} className="input">
            <option value="">{t("catalogue.allCategories")}</option>
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <fieldset>
        <legend className="label">{t("catalogue.priceRange", { currency })}</legend>
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor={`${id}-min`} className="text-xs text-slate-600">
              {t("catalogue.minPrice")}
            </label>
            <input
              id={`${id}-min`}
              type="number"
              name="minPrice"
              min={0}
              max={priceCeiling}
              step={10}
              inputMode="numeric"
              defaultValue={params.minPrice ?? ""}
              placeholder="0"
              className="input"
              onBlur={(event) => event.currentTarget.form?.requestSubmit()}
            />
          </div>
          <div>
            <label htmlFor={`${id}-max`} className="text-xs text-slate-600">
              {t("catalogue.maxPrice")}
            </label>
            <input
              id={`${id}-max`}
              type="number"
              name="maxPrice"
              min={0}
              max={priceCeiling}
              step={10}
              inputMode="numeric"
              defaultValue={params.maxPrice ?? ""}
              placeholder={String(priceCeiling)}
              className="input"
              onBlur={(event) => event.currentTarget.form?.requestSubmit()}
            />
          </div>
        </div>
      </fieldset>
      <div className="flex items-center gap-2">
        <input
          id={`${id}-stock`}
          type="checkbox"
          name="inStock"
          value="1"
          defaultChecked={params.inStock}
          className="h-4 w-4 rounded border-slate-400"
        />
        <label htmlFor={`${id}-stock`} className="text-sm">
          {t("catalogue.inStockOnly")}
        </label>
      </div>
      <div>
        <label htmlFor={`${id}-sort`} className="label">
          {t("catalogue.sort")}
        </label>
        <select id={`${id}-sort`} name="sort" defaultValue={params.sort} className="input">
          {SORTS.filter((sort) => sort !== "relevance" || params.q).map((sort) => (
            <option key={sort} value={sort}>
              {t(`catalogue.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary">
          {t("catalogue.apply")}
        </button>
        <Link
          to={catalogueHref(location.pathname, new URLSearchParams(), { q: params.q, view: params.view === "list" ? "list" : null })}
          className="btn-secondary"
        >
          {t("catalogue.reset")}
        </Link>
      </div>
    </Form>
  );
}

/**
 * The filter panel, rendered once: a side panel on large screens; on small ones folded behind a
 * toggle (a checkbox and its label, so it works without JavaScript).
 */
export function FilterPanel(props: Parameters<typeof FilterForm>[0]) {
  const { t } = useT();
  return (
    <div>
      <input type="checkbox" id="filters-toggle" className="peer sr-only lg:hidden" aria-controls="filters" />
      <label
        htmlFor="filters-toggle"
        className="card flex cursor-pointer items-center gap-2 p-4 font-semibold peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600 lg:hidden"
        data-testid="filter-toggle"
      >
        <FilterIcon className="h-4 w-4" />
        {t("catalogue.showFilters")}
      </label>
      <aside id="filters" className="card mt-2 hidden h-fit p-5 peer-checked:block lg:mt-0 lg:block" aria-label={t("catalogue.filters")}>
        <h2 className="mb-4 text-lg font-bold">{t("catalogue.filters")}</h2>
        <FilterForm {...props} />
      </aside>
    </div>
  );
}

export function ViewSwitch({ view }: { view: "grid" | "list" }) {
  const { t } = useT();
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const item = (value: "grid" | "list", label: string, Icon: typeof GridIcon) => (
    <Link
      to={catalogueHref(location.pathname, current, { view: value === "grid" ? null : value, page: current.get("page") })}
      aria-label={label}
      aria-current={view === value ? "true" : undefined}
      preventScrollReset
      className={`rounded-md p-2 ${view === value ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`}
    >
      <Icon />
    </Link>
  );
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t("catalogue.view")}>
      {item("grid", t("catalogue.grid"), GridIcon)}
      {item("list", t("catalogue.list"), ListIcon)}
    </div>
  );
}

/**
 * A listing's page (products, category) under its hero: the heading row (`heading`, the view
 * switch), then the filter panel beside one page of results — the grid under its own h2 (the filter
 * panel's heading is hidden on small screens, and the cards' h3 needs one), the VAT note and the
 * pages — or `empty` when nothing is listed. `categories`/`fixedCategory` go to the filter panel.
 */
export function CatalogueListing({
  catalogue,
  heading,
  categories,
  fixedCategory,
  empty,
}: {
  catalogue: {
    params: CatalogueParams;
    currency: Currency;
    priceCeiling: number;
    products: ProductCardView[];
    favoriteIds: readonly string[];
    pageCount: number;
  };
  heading: ReactNode;
  categories?: CategoryOption[];
  fixedCategory?: boolean;
  empty: ReactNode;
}) {
  const { t } = useT();
  const { params, products } = catalogue;
  return (
    <div className="container-page py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        {heading}
        <ViewSwitch view={params.view} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <FilterPanel params={params} categories={categories} currency={catalogue.currency} priceCeiling={catalogue.priceCeiling} fixedCategory={fixedCategory} />
        <div>
          {products.length > 0 ? (
            <>
              <h2 className="sr-only">{t("catalogue.listHeading")}</h2>
              <ProductGrid products={products} layout={params.view} favoriteIds={catalogue.favoriteIds} eagerCount={2} />
              <VatNote className="mt-4" />
              <Pagination page={params.page} pageCount={catalogue.pageCount} />
            </>
          ) : (
            empty
          )}
        </div>
      </div>
    </div>
  );
}
