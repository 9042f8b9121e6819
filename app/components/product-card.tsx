import { Link } from "@remix-run/react";
import type { ProductCardView } from "~/models/product.server";
import { useT } from "~/i18n/use-t";
import { Price } from "./price";
import { AddToCartForm } from "./add-to-cart-form";
import { FavoriteToggle } from "./favorite-toggle";
import { SharedForm } from "./shared-form";
import { ProductImage } from "./product-image";
import { useId } from "react";

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
  featuredBadge = true,
  forms,
}: {
  product: ProductCardView;
  layout?: "grid" | "list";
  favorite?: boolean;
  eager?: boolean;
  /** The "featured" badge (not in a section of featured products, where every card would carry it). */
  featuredBadge?: boolean;
  /** The ids of the grid's shared favourites and cart forms (ProductGrid). */
  forms: CardForms;
}) {
  const { t } = useT();
  const list = layout === "list";
  const featured = featuredBadge && product.featured;
  return (
    // Classes named once in styles/app.css (pc-*): 24 cards a page.
    <article data-testid="product-card" className={list ? "pc pc-list" : "pc"}>
      {/* The image repeats the title's link for the pointer: hidden from keyboards and screen readers. */}
      <Link to={`/products/${product.id}`} discover="none" className={list ? "pc-media w-32 sm:w-48" : "pc-media"} tabIndex={-1} aria-hidden="true">
        <ProductImage
          src={product.image}
          width={600}
          height={600}
          // Two columns on phones (container padding and gap off), three from lg, four in the 1280 px page.
          sizes={list ? "(min-width: 640px) 192px, 128px" : "(min-width: 1280px) 300px, (min-width: 1024px) calc(33vw - 22px), (min-width: 640px) calc(50vw - 32px), calc(50vw - 22px)"}
          priority={eager}
          className="pc-img"
        />
      </Link>
      {product.discount || featured ? (
        <div className="pc-badges">
          {product.discount ? (
            <span className="badge bg-red-700 text-white" dir="ltr">
              {`−${product.discount}%`}
            </span>
          ) : null}
          {featured ? <span className="badge bg-amber-300 text-amber-950">{t("product.featured")}</span> : null}
        </div>
      ) : null}
      <FavoriteToggle productId={product.id} active={favorite} productName={product.name} form={forms.favorite} className="pc-fav" />
      <div className={list ? "pc-body p-4" : "pc-body p-3 sm:p-4"}>
        <h3 className="pc-title">
          <Link to={`/products/${product.id}`}>{product.name}</Link>
        </h3>
        {product.summary ? <p className="pc-summary">{product.summary}</p> : null}
        <div className="pc-buy">
          <Price cents={product.price} referenceCents={product.referencePrice} currency={product.currency} />
          <StockStatus stock={product.stock} available={product.available} />
          <AddToCartForm productId={product.id} available={product.available} source="card" form={forms.cart} />
        </div>
      </div>
    </article>
  );
}

interface CardForms {
  favorite: string;
  cart: string;
}

export function ProductGrid({
  products,
  layout = "grid",
  favoriteIds,
  eagerCount = 0,
  featuredBadges = true,
}: {
  products: ProductCardView[];
  layout?: "grid" | "list";
  favoriteIds?: readonly string[];
  eagerCount?: number;
  featuredBadges?: boolean;
}) {
  // Each card's heart and add-to-cart button post through these two forms (shared-form.tsx).
  const id = useId();
  const forms = { favorite: `fav${id}`, cart: `cart${id}` };
  return (
    <>
      <SharedForm id={forms.favorite} action="/favorites" fields={{ intent: "toggle" }} />
      <SharedForm id={forms.cart} action="/cart" fields={{ intent: "add", quantity: "1" }} />
      <div className={layout === "list" ? "flex flex-col gap-4" : "grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4"}>
        {products.map((product, index) => (
          <ProductCard
            key={product.id}
            product={product}
            layout={layout}
            favorite={favoriteIds?.includes(product.id)}
            eager={index < eagerCount}
            featuredBadge={featuredBadges}
            forms={forms}
          />
        ))}
      </div>
    </>
  );
}
