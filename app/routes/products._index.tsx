import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { catalogueForRequest } from "~/services/catalogue-page.server";
import { useT } from "~/i18n/use-t";
import { pageMeta } from "~/utils/seo";
import { CatalogueListing } from "~/components/catalogue";
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
    <CatalogueListing
      catalogue={data}
      heading={<h1 className="text-2xl font-bold sm:text-3xl">{data.totalCapped ? t("catalogue.titleMore", { count: data.totalCapped }) : t("catalogue.title", { count: data.total })}</h1>}
      categories={data.categoryOptions}
      empty={
        <p className="card p-8 text-center text-slate-600" data-testid="empty-state">
          {data.filtered || data.params.category ? t("product.emptyFiltered") : t("product.emptyAll")}
        </p>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary loadError={{ title: "common.pageErrors.catalogueLoad.title", message: "common.pageErrors.catalogueLoad.message" }} />;
}
