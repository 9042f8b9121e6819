import { Link } from "@remix-run/react";
import type { ProductView } from "~/models/product.server";
import { useT } from "~/i18n/use-t";
import { Price } from "./price";
import { AddToCartForm } from "./add-to-cart-form";
import { FavoriteToggle } from "./favorite-toggle";

export function StockStatus({ stock, available }: { stock: number; available: boolean }) {
  const { t } = useT();
  if (!available) return <span className="text-sm font-semibold text-red-700">{t("product.soldOut")}</span>;
  if (stock < 5) return <span className="text-sm font-semibold text-amber-800">{t("product.lowStock", { count: stock })}</span>;
  return <span className="text-sm font-semibold text-emerald-800">{t("product.inStock")}</span>;
}

/** A product in a grid or list. Texts and prices arrive already localized from the loader. */
export function ProductCard({
  product,
  layout = "grid",
  favorite = false,
  eager = false,
}: {
  product: ProductView;
  layout?: "grid" | "list";
  favorite?: boolean;
  eager?: boolean;
}) {
  const { t } = useT();
  const list = layout === "list";
  return (
    <article
      data-testid="product-card"
      className={`card relative flex overflow-hidden ${list ? "flex-row" : "flex-col"}`}
    >
      <Link to={`/products/${product.id}`} className={`relative block shrink-0 bg-slate-100 ${list ? "w-32 sm:w-48" : ""}`} tabIndex={-1} aria-hidden="true">
        <img
          src={product.image}
          alt=""
          width={600}
          height={600}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-square w-full object-cover"
        />
      </Link>
      <div className="absolute start-2 top-2 flex flex-col items-start gap-1">
        {product.discount ? (
          <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white" dir="ltr">
            −{product.discount}%
          </span>
        ) : null}
        {product.featured ? (
          <span className="rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-amber-950">{t("product.featured")}</span>
        ) : null}
      </div>
      <div className="absolute end-2 top-2">
        <FavoriteToggle productId={product.id} active={favorite} productName={product.name} />
      </div>
      <div className={`flex min-w-0 flex-1 flex-col gap-2 ${list ? "p-4" : "p-3 sm:p-4"}`}>
        <h3 className="text-sm font-semibold leading-snug sm:text-base">
          <Link to={`/products/${product.id}`} className="hover:text-brand-700 hover:underline">
            {product.name}
          </Link>
        </h3>
        <p className="line-clamp-2 text-xs text-slate-600 sm:text-sm">{product.description}</p>
        <div className="mt-auto flex flex-col gap-2 pt-2">
          <Price cents={product.price} referenceCents={product.referencePrice} currency={product.currency} />
          <StockStatus stock={product.stock} available={product.available} />
          <AddToCartForm productId={product.id} available={product.available} source="card" />
        </div>
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  layout = "grid",
  favoriteIds,
  eagerCount = 0,
}: {
  products: ProductView[];
  layout?: "grid" | "list";
  favoriteIds?: readonly string[];
  eagerCount?: number;
}) {
  return (
    <div
      className={
        layout === "list" ? "flex flex-col gap-4" : "grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4"
      }
    >
      {products.map((product, index) => (
        <ProductCard
          key={product.id}
          product={product}
          layout={layout}
          favorite={favoriteIds?.includes(product.id)}
          eager={index < eagerCount}
        />
      ))}
    </div>
  );
}
