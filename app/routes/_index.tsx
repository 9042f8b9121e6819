import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listFeaturedProducts, toProductCard } from "~/models/product.server";
import { getOfferSection } from "~/models/offer.server";
import { categories, categoryName } from "~/data/categories";
import { useT } from "~/i18n/use-t";
import { pageMeta } from "~/utils/seo";
import { ProductGrid } from "~/components/product-card";
import { OffersSection } from "~/components/offers-section";
import { VatNote } from "~/components/price";
import { AwardIcon, CategoryIcon, LockIcon, ShieldIcon, TruckIcon, CheckIcon } from "~/components/icons";
import { requestContext } from "~/services/request-context.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { routeMessages } from "~/i18n/catalogues.server";
import { type I18nHandle, PRODUCT_CARD_TEXTS } from "~/i18n/namespaces";

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("home.meta.title"), description: t("home.meta.description") }));

export const handle = { i18n: ["home", "offers", "pricing.offer", "product.emptyAll", ...PRODUCT_CARD_TEXTS], adminI18n: ["admin"] } satisfies I18nHandle;

export async function loader(args: LoaderFunctionArgs) {
  const ctx = await requestContext(args);
  const { locale, currency, user } = ctx;
  const [featured, offers, favoriteIds] = await Promise.all([
    listFeaturedProducts(8),
    getOfferSection(locale, currency),
    ctx.favoriteIds(),
  ]);
  return {
    featured: featured.map((product) => toProductCard(product, locale, currency)),
    offers,
    favoriteIds,
    categories: categories.map((category) => ({
      slug: category.slug,
      name: categoryName(category, locale),
      description: category.description[locale],
      colors: category.colors,
    })),
    // Admins also get the offers editor's texts (its edit mode is on this page).
    messages: routeMessages(locale, handle, { admin: user?.isAdmin }),
  };
}

export default function Home() {
  const { featured, offers, categories, favoriteIds } = useLoaderData<typeof loader>();
  const { t } = useT();
  const benefits = [
    { icon: TruckIcon, title: t("home.benefits.shipping.title"), text: t("home.benefits.shipping.text") },
    { icon: ShieldIcon, title: t("home.benefits.guarantee.title"), text: t("home.benefits.guarantee.text") },
    { icon: AwardIcon, title: t("home.benefits.certified.title"), text: t("home.benefits.certified.text") },
  ];
  const trust = [
    { icon: LockIcon, text: t("home.trust.ssl") },
    { icon: ShieldIcon, text: t("home.trust.privacy") },
    { icon: CheckIcon, text: t("home.trust.quality") },
  ];
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="container-page grid items-center gap-8 py-12 md:grid-cols-2 md:py-20">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-brand-100">{t("home.hero.eyebrow")}</p>
            <h1 className="mt-3 text-3xl font-black leading-tight sm:text-5xl">{t("home.hero.title")}</h1>
            <p className="mt-4 max-w-xl text-lg text-brand-100">{t("home.hero.text")}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/category/luxury-comfort" className="btn bg-white px-6 py-3 text-base text-brand-800 hover:bg-brand-50">
                {t("home.hero.cta")}
              </Link>
              <Link to="/products" className="btn border border-white/60 px-6 py-3 text-base text-white hover:bg-white/10">
                {t("home.hero.secondary")}
              </Link>
            </div>
          </div>
          <img
            src="/images/hero.svg"
            alt={t("home.hero.imageAlt")}
            width={1200}
            height={600}
            fetchPriority="high"
            className="h-auto w-full rounded-2xl bg-white/10"
          />
        </div>
      </section>

      <section aria-label={t("home.benefits.label")} className="border-b border-slate-200 bg-white">
        <ul className="container-page grid gap-4 py-6 sm:grid-cols-3">
          {benefits.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-start gap-3">
              <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
                <Icon />
              </span>
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="block text-sm text-slate-600">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <OffersSection section={offers} />

      <section className="container-page py-12" aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-2xl font-bold">
          {t("home.categories.title")}
        </h2>
        <p className="mt-1 text-slate-600">{t("home.categories.subtitle")}</p>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {categories.map((category) => (
            <li key={category.slug}>
              <Link
                to={`/category/${category.slug}`}
                className="card flex h-full flex-col gap-2 p-4 transition hover:-translate-y-0.5 hover:shadow-md"
              >
                <span
                  aria-hidden="true"
                  className="grid h-12 w-12 place-items-center rounded-xl text-white"
                  style={{ background: `linear-gradient(135deg, ${category.colors.from}, ${category.colors.to})` }}
                >
                  <CategoryIcon slug={category.slug} className="h-6 w-6" />
                </span>
                <span className="font-semibold">{category.name}</span>
                <span className="line-clamp-2 text-xs text-slate-600">{category.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="container-page py-6" aria-labelledby="featured-heading">
        <div className="mb-6 flex items-end justify-between gap-4">
          <h2 id="featured-heading" className="text-2xl font-bold">
            {t("home.featured.title")}
          </h2>
          <Link to="/products" className="text-sm font-semibold text-brand-700 hover:underline">
            {t("home.featured.all")}
          </Link>
        </div>
        {featured.length > 0 ? (
          <>
            {/* Every product here is featured: no badge saying so on each card. */}
            <ProductGrid products={featured} favoriteIds={favoriteIds} featuredBadges={false} />
            <VatNote className="mt-4" />
          </>
        ) : (
          <p className="text-slate-600">{t("product.emptyAll")}</p>
        )}
      </section>

      <section aria-label={t("home.trust.label")} className="container-page py-10">
        <ul className="grid gap-3 rounded-2xl bg-brand-50 p-6 sm:grid-cols-3">
          {trust.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center justify-center gap-2 font-semibold text-brand-900">
              <Icon />
              {text}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
