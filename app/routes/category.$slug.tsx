import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { findCategory, categoryName } from "~/data/categories";
import { catalogueForRequest } from "~/services/catalogue-page.server";
import { useT } from "~/i18n/use-t";
import { pageMeta } from "~/utils/seo";
import { CatalogueListing } from "~/components/catalogue";
import { ArrowIcon, CategoryIcon } from "~/components/icons";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle, PRODUCT_CARD_TEXTS } from "~/i18n/namespaces";

export const handle = { i18n: ["catalogue", ...PRODUCT_CARD_TEXTS] } satisfies I18nHandle;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const category = findCategory(params.slug);
  if (!category) throw new Response("Category not found", { status: 404 });
  // "Office-Gifts" or "office gifts" find the category; its one address is the slug.
  if (params.slug !== category.slug) {
    throw redirect(`/category/${category.slug}${new URL(request.url).search}`, 301);
  }
  const catalogue = await catalogueForRequest({ request, context }, handle, { category: category.slug });
  const { locale } = catalogue;
  return {
    ...catalogue,
    category: {
      slug: category.slug,
      name: categoryName(category, locale),
      description: category.description[locale],
      badges: category.badges.map((badge) => badge[locale]),
      colors: category.colors,
    },
  };
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, (t) =>
    args.data?.category
      ? { title: args.data.category.name, description: args.data.category.description }
      : { title: t("common.pageErrors.categoryNotFound.title"), description: t("common.pageErrors.categoryNotFound.message"), noindex: true },
  );

export default function CategoryPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useT();
  const { category } = data;
  return (
    <>
      <section
        className="text-white"
        style={{ background: `linear-gradient(135deg, ${category.colors.accent}, ${category.colors.to})` }}
        data-testid="category-hero"
      >
        <div className="container-page py-10">
          <Link to="/" className="inline-flex items-center gap-2 text-sm font-semibold text-white/90 hover:text-white hover:underline">
            <ArrowIcon className="h-4 w-4 rtl:rotate-180" />
            {t("catalogue.categoryPage.backHome")}
          </Link>
          <div className="mt-4 flex items-center gap-4">
            <span aria-hidden="true" className="grid h-16 w-16 shrink-0 place-items-center rounded-2xl bg-white/20">
              <CategoryIcon slug={category.slug} className="h-9 w-9" />
            </span>
            <div className="min-w-0">
              <h1 className="text-2xl font-black sm:text-3xl">{category.name}</h1>
              <p className="mt-1 max-w-2xl text-white/90">{category.description}</p>
            </div>
          </div>
          <ul className="mt-5 flex flex-wrap gap-2">
            {category.badges.map((badge) => (
              <li key={badge} className="rounded-full bg-white/20 px-3 py-1 text-sm font-semibold">
                {badge}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CatalogueListing
        catalogue={data}
        heading={<p className="font-semibold" aria-live="polite">{data.totalCapped ? t("catalogue.resultCountMore", { count: data.totalCapped }) : t("catalogue.resultCount", { count: data.total })}</p>}
        fixedCategory
        empty={
          <div className="card p-8 text-center" data-testid="empty-state">
            <p className="text-slate-600">{data.filtered ? t("catalogue.categoryPage.emptyFiltered") : t("catalogue.categoryPage.empty")}</p>
            <Link to="/products" className="btn-primary mt-4">{t("catalogue.categoryPage.allProducts")}</Link>
          </div>
        }
      />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFound={{ title: "common.pageErrors.categoryNotFound.title", message: "common.pageErrors.categoryNotFound.message" }}
      loadError={{ title: "common.pageErrors.catalogueLoad.title", message: "common.pageErrors.catalogueLoad.message" }}
    />
  );
}
