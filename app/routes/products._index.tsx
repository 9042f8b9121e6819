import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { catalogueForRequest } from "~/services/catalogue-page.server";
import { useT } from "~/i18n/use-t";
import { pageMeta } from "~/utils/seo";
import { FilterPanel, ProductResults, ViewSwitch } from "~/components/catalogue";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle, PRODUCT_CARD_TEXTS } from "~/i18n/namespaces";

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("catalogue.meta.title"), description: t("catalogue.meta.description") }));

export const handle = { i18n: ["catalogue", "product.emptyFiltered", "product.emptyAll", ...PRODUCT_CARD_TEXTS] } satisfies I18nHandle;

export async function loader(args: LoaderFunctionArgs) {
  return catalogueForRequest(args, handle);
}

export default function Products() {
  const data = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="container-page py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("catalogue.title", { count: data.total })}</h1>
        <ViewSwitch view={data.params.view} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <FilterPanel params={data.params} categories={data.categoryOptions} currency={data.currency} priceCeiling={data.priceCeiling} />
        <div>
          {data.products.length > 0 ? (
            <>
              <ProductResults
                products={data.products}
                view={data.params.view}
                favoriteIds={data.favoriteIds}
                page={data.params.page}
                pageCount={data.pageCount}
              />
            </>
          ) : (
            <p className="card p-8 text-center text-slate-600" data-testid="empty-state">
              {data.filtered || data.params.category ? t("product.emptyFiltered") : t("product.emptyAll")}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary loadError={{ title: "common.pageErrors.catalogueLoad.title", message: "common.pageErrors.catalogueLoad.message" }} />;
}
