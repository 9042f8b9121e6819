import type { OfferSection } from "~/models/offer.server";
import { useT } from "~/i18n/use-t";
import { Price } from "./price";
import { AddToCartForm } from "./add-to-cart-form";
import { ChevronIcon } from "./icons";
import { lazy, Suspense } from "react";
import { OffersAdminToggle, useOffersAdmin } from "./admin/offers-admin";
import { OffersAdminPanel as ServerOffersAdminPanel } from "./admin/offers-editor";
import { ProductImage } from "./product-image";

/**
 * The editor (and its form library) is for admins in edit mode only: shoppers' first load must not
 * carry it. In the browser it loads on demand; on the server it renders at once (no streamed
 * fallback, which a browser without JavaScript could not swap in), and the browser hydrates it when
 * its code has arrived.
 */
const OffersAdminPanel = import.meta.env.SSR
  ? ServerOffersAdminPanel
  : lazy(() => import("./admin/offers-editor"));

/**
 * The promotional offers: a scroll-snap carousel showing 1, 2 or 3 offers by screen width. Without
 * JavaScript it scrolls by touch, keyboard or the numbered links; with it, the arrows loop.
 * An offer shows its product's own price in the shopper's currency (and its § 11 PAngV reference
 * when there is one), and its texts in the shopper's language (else German).
 */
export function OffersSection({ section }: { section: OfferSection }) {
  const { t } = useT();
  // Admins get an edit mode (?editOffers=1) that saves the section for real (/admin/offers).
  const admin = useOffersAdmin();
  if (admin.editing) {
    return (
      <Suspense fallback={null}>
        <OffersAdminPanel section={section} />
      </Suspense>
    );
  }
  if (section.offers.length === 0 && !admin.isAdmin) return null;
  const scroll = (direction: 1 | -1) => {
    const track = document.getElementById("offers-track");
    if (!track) return;
    const rtl = document.documentElement.dir === "rtl";
    const step = track.clientWidth * direction * (rtl ? -1 : 1);
    const atEnd = Math.abs(track.scrollLeft) + track.clientWidth >= track.scrollWidth - 4;
    const atStart = Math.abs(track.scrollLeft) <= 4;
    if (direction === 1 && atEnd) track.scrollTo({ left: 0 });
    else if (direction === -1 && atStart) track.scrollTo({ left: (rtl ? -1 : 1) * track.scrollWidth });
    else track.scrollBy({ left: step });
  };
  return (
    <section className="container-page py-12" aria-labelledby="offers-heading">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="offers-heading" className="text-2xl font-bold">
            {section.title ?? t("offers.title")}
          </h2>
          <p className="mt-1 text-slate-600">{section.subtitle ?? t("offers.subtitle")}</p>
        </div>
        <div className="flex gap-2">
          {admin.isAdmin ? <OffersAdminToggle editing={false} /> : null}
          <button type="button" className="btn-secondary" onClick={() => scroll(-1)} aria-label={t("offers.previous")}>
            <ChevronIcon className="h-5 w-5 rotate-180 rtl:rotate-0" />
          </button>
          <button type="button" className="btn-secondary" onClick={() => scroll(1)} aria-label={t("offers.next")}>
            <ChevronIcon className="h-5 w-5 rtl:rotate-180" />
          </button>
        </div>
      </div>
      <ul id="offers-track" className="carousel" tabIndex={0} aria-label={t("offers.carouselLabel")}>
        {section.offers.map((offer, index) => {
          const texts = offer.shown;
          return (
          <li key={offer.id} id={`offer-${index + 1}`} className="card flex flex-col overflow-hidden" data-testid="offer">
            <div className="relative">
              {offer.image ? (
                <ProductImage src={offer.image} width={800} height={500} sizes="(min-width: 1024px) 400px, 85vw" className="aspect-[8/5] w-full bg-slate-100 object-cover" />
              ) : (
                <div className="aspect-[8/5] w-full bg-slate-100" data-testid="offer-no-image" />
              )}
              {offer.product?.discount ? (
                <span className="absolute start-3 top-3 rounded-full bg-red-700 px-3 py-1 text-sm font-bold text-white">
                  <span dir="ltr">−{offer.product.discount}%</span>
                </span>
              ) : null}
              {offer.featured ? (
                <span className="absolute end-3 top-3 rounded-full bg-amber-300 px-3 py-1 text-xs font-bold text-amber-950">{t("offers.featured")}</span>
              ) : null}
            </div>
            <div className="flex flex-1 flex-col gap-2 p-4">
              <h3 className="text-lg font-bold">{texts.title}</h3>
              <p className="text-sm text-slate-600">{texts.subtitle}</p>
              {offer.product ? (
                <>
                  <p className="text-sm font-medium" data-testid="offer-product">{t("pricing.offer.product", { name: offer.product.name })}</p>
                  <div data-testid="offer-price">
                    <Price cents={offer.product.price} referenceCents={offer.product.referencePrice} currency={offer.product.currency} />
                  </div>
                </>
              ) : null}
              {texts.timeLeft ? (
                <p className="text-sm font-medium text-amber-800">{t("offers.timeLeft", { time: texts.timeLeft })}</p>
              ) : null}
              {offer.productId && offer.product ? (
                <div className="mt-auto pt-2">
                  <AddToCartForm productId={offer.productId} available={offer.product.available} source="offer" />
                </div>
              ) : null}
            </div>
          </li>
          );
        })}
      </ul>
      <nav aria-label={t("offers.pagination")} className="mt-2 flex justify-center gap-2">
        {section.offers.map((offer, index) => (
          <a key={offer.id} href={`#offer-${index + 1}`} className="grid h-8 w-8 place-items-center rounded-full border border-slate-300 bg-white text-sm" aria-label={t("offers.goTo", { number: index + 1 })}>
            {index + 1}
          </a>
        ))}
      </nav>
    </section>
  );
}
