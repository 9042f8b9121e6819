import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getProduct, toProductSafetyView, toProductView } from "~/models/product.server";
import { findCategory, categoryName } from "~/data/categories";
import { requestContext } from "~/services/request-context.server";
import { useT } from "~/i18n/use-t";
import { pageMeta } from "~/utils/seo";
import { centsToDecimal } from "~/utils/money";
import { Price } from "~/components/price";
import { StockStatus } from "~/components/product-card";
import { AddToCartForm } from "~/components/add-to-cart-form";
import { FavoriteToggle } from "~/components/favorite-toggle";
import { ArrowIcon } from "~/components/icons";
import { ProductSafety } from "~/components/product-safety";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { routeMessages } from "~/i18n/catalogues.server";
import { type I18nHandle, PRODUCT_CARD_TEXTS } from "~/i18n/namespaces";
import { ProductImage } from "~/components/product-image";

export const handle = { i18n: ["product", ...PRODUCT_CARD_TEXTS] } satisfies I18nHandle;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await requestContext({ request, context });
  const { locale, currency } = ctx;
  // An unknown or malformed id is a 404, never a 500.
  const product = await getProduct(params.id ?? "");
  if (!product) throw new Response("Not found", { status: 404 });
  const favoriteIds = await ctx.favoriteIds();
  const category = findCategory(product.category);
  return {
    product: toProductView(product, locale, currency),
    safety: toProductSafetyView(product, locale),
    category: category ? { slug: category.slug, name: categoryName(category, locale) } : null,
    favorite: favoriteIds.includes(product.id),
    messages: routeMessages(locale, handle),
  };
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, (t, _locale, { absolute }) => {
    const product = args.data?.product;
    const safety = args.data?.safety;
    if (!product) return { title: t("common.pageErrors.productNotFound.title"), description: t("common.pageErrors.productNotFound.message"), noindex: true };
    return {
      title: product.name,
      description: product.description.slice(0, 160),
      keywords: product.tags.join(", "),
      image: product.image,
      type: "product",
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.name,
        description: product.description,
        image: product.images.map(absolute),
        sku: product.id,
        brand: { "@type": "Brand", name: t("common.brand") },
        ...(safety?.gtin ? { [`gtin${safety.gtin.length}`]: safety.gtin } /* gtin8, gtin12, gtin13 or gtin14 */ : {}),
        ...(safety?.manufacturerName
          ? {
              manufacturer: {
                "@type": "Organization",
                name: safety.manufacturerName,
                ...(safety.manufacturerEmail ? { email: safety.manufacturerEmail } : {}),
                ...(safety.manufacturerAddress ? { address: safety.manufacturerAddress } : {}),
              },
            }
          : {}),
        category: args.data?.category?.name,
        offers: {
          "@type": "Offer",
          url: absolute(`/products/${product.id}`),
          price: centsToDecimal(product.price),
          priceCurrency: product.currency,
          availability: product.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        },
      },
    };
  });

export default function ProductPage() {
  const { product, safety, category, favorite } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="container-page py-8">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/" className="hover:underline">{t("product.home")}</Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/products" className="hover:underline">{t("product.products")}</Link>
          </li>
          {category ? (
            <>
              <li aria-hidden="true">/</li>
              <li>
                <Link to={`/category/${category.slug}`} className="hover:underline">{category.name}</Link>
              </li>
            </>
          ) : null}
        </ol>
      </nav>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-label={t("product.gallery")}>
          <div className="carousel !pb-0" style={{ gap: 0 }} data-testid="gallery" tabIndex={0} role="group" aria-label={t("product.gallery")}>
            {product.images.map((image, index) => (
              <ProductImage
                key={image}
                id={`image-${index + 1}`}
                src={image}
                alt={t("product.imageOf", { number: index + 1, name: product.name })}
                width={600}
                height={600}
                sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
                priority={index === 0}
                className="card aspect-square w-full !w-full object-cover"
              />
            ))}
          </div>
          {product.images.length > 1 ? (
            <ul className="mt-3 flex gap-2">
              {product.images.map((image, index) => (
                <li key={image}>
                  <a
                    href={`#image-${index + 1}`}
                    onClick={(event) => {
                      event.preventDefault();
                      document.getElementById(`image-${index + 1}`)?.scrollIntoView({ block: "nearest", inline: "start", behavior: "smooth" });
                    }}
                    aria-label={t("product.showImage", { number: index + 1 })}
                    className="block overflow-hidden rounded-lg border border-slate-300 hover:border-brand-600"
                  >
                    <ProductImage src={image} width={72} height={72} sizes="72px" className="h-16 w-16 object-cover sm:h-18 sm:w-18" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {product.videoUrl ? (
            <figure className="mt-6">
              <figcaption className="mb-2 font-semibold">{t("product.video")}</figcaption>
              <video controls preload="none" className="w-full rounded-xl bg-black" width={640} height={360}>
                <source src={product.videoUrl} />
                <p>{t("product.videoNotSupported")}</p>
              </video>
            </figure>
          ) : null}
        </section>
        <section className="flex flex-col gap-4">
          <div className="flex items-start justify-between gap-4">
            <div>
              {product.featured ? (
                <span className="mb-2 inline-block rounded-full bg-amber-300 px-3 py-1 text-xs font-bold text-amber-950">{t("product.featured")}</span>
              ) : null}
              <h1 className="text-2xl font-bold sm:text-3xl">{product.name}</h1>
              {category ? (
                <p className="mt-1 text-sm text-slate-600">
                  {t("product.category")}: <Link to={`/category/${category.slug}`} className="text-brand-700 hover:underline">{category.name}</Link>
                </p>
              ) : null}
            </div>
            <FavoriteToggle productId={product.id} active={favorite} productName={product.name} />
          </div>
          <div>
            <Price cents={product.price} referenceCents={product.referencePrice} currency={product.currency} size="lg" />
            <p className="mt-1 text-sm text-slate-600">
              {t("common.price.vatIncluded")} · <Link to="/shipping" className="underline">{t("product.shippingNote")}</Link>
            </p>
            {product.discount ? <p className="mt-1 text-sm font-semibold text-red-700">{t("product.save", { percent: product.discount })}</p> : null}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <StockStatus stock={product.stock} available={product.available} />
            {product.available ? <span className="text-sm text-slate-600">{t("product.stockCount", { count: product.stock })}</span> : null}
          </div>
          <AddToCartForm productId={product.id} available={product.available} source="detail" withQuantity maxQuantity={product.stock} />
          <div>
            <h2 className="mb-2 text-lg font-bold">{t("product.description")}</h2>
            <p className="whitespace-pre-line leading-relaxed text-slate-700">{product.description}</p>
          </div>
          {product.tags.length > 0 ? (
            <div>
              <h2 className="sr-only">{t("product.tags")}</h2>
              <ul className="flex flex-wrap gap-2">
                {product.tags.map((tag) => (
                  <li key={tag}>
                    <Link to={`/search?q=${encodeURIComponent(tag)}`} className="rounded-full bg-slate-200 px-3 py-1 text-xs text-slate-800 hover:bg-slate-300">
                      #{tag}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <ProductSafety safety={safety} articleNumber={product.id} />
          <p className="text-sm text-slate-600">{t("product.guarantee")}</p>
          <Link to="/products" className="btn-secondary w-fit">
            <ArrowIcon className="h-4 w-4 rtl:rotate-180" />
            {t("product.back")}
          </Link>
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFound={{ title: "common.pageErrors.productNotFound.title", message: "common.pageErrors.productNotFound.message", back: { to: "/products", label: "common.pageErrors.productNotFound.back" } }}
    />
  );
}
