import { getDb } from "~/db/db.server";
import type { Locale } from "~/i18n/config";
import { isShopMediaUrl } from "~/utils/media-storage.server";
import type { Currency } from "~/utils/money";
import { localizedOfferTexts, type OfferTexts } from "./offer-texts";
import { PRODUCT_COLUMNS, productFromRow, toProductView, type ProductRow } from "./product.server";

/**
 * An offer as the admin saves it: texts per language (German is the fallback), an image and the
 * product it advertises. It has no price of its own: it shows its product's (docs/CONTRACTS.md).
 */
export interface OfferInput extends OfferTexts {
  image: string;
  featured: boolean;
  productId: string | null;
}

/** The linked product's name and prices as the shopper sees them (active language and currency). */
export interface OfferProduct {
  name: string;
  price: number;
  /** § 11 PAngV: the 30-day lowest price to show crossed out, or null. */
  referencePrice: number | null;
  discount: number | null;
  currency: Currency;
  available: boolean;
}

/** An offer as the shop shows it: what the admin saved, plus its id and its product's prices. */
export interface Offer extends OfferInput {
  id: string;
  product: OfferProduct | null;
  /** Its title, subtitle and time left in the shopper's language (else German), picked here: pages carry no code for it. */
  shown: { title: string; subtitle: string; timeLeft: string };
}

export interface OfferSection {
  /** Null: the translated default title / subtitle is shown. */
  title: string | null;
  subtitle: string | null;
  offers: Offer[];
}

interface OfferRow {
  id: string;
  title: string;
  title_en: string;
  title_fr: string;
  title_ar: string;
  subtitle: string;
  subtitle_en: string;
  subtitle_fr: string;
  subtitle_ar: string;
  time_left: string;
  time_left_en: string;
  time_left_fr: string;
  time_left_ar: string;
  image: string;
  featured: boolean;
  product_id: string | null;
}

export async function getOfferSection(locale: Locale = "de", currency: Currency = "EUR"): Promise<OfferSection> {
  const db = await getDb();
  const [section] = await db.query<{ title: string | null; subtitle: string | null }>(
    "select title, subtitle from public.offer_section where id = 1",
  );
  const rows = await db.query<OfferRow>(
    `select id, title, title_en, title_fr, title_ar, subtitle, subtitle_en, subtitle_fr, subtitle_ar,
            time_left, time_left_en, time_left_fr, time_left_ar, image, featured, product_id
       from public.offers order by position, created_at`,
  );
  const linked = Array.from(new Set(rows.map((row) => row.product_id).filter((id): id is string => Boolean(id))));
  const products =
    linked.length === 0
      ? []
      : (await db.query<ProductRow>(`select ${PRODUCT_COLUMNS} from public.products where id = any($1::uuid[])`, [linked])).map(productFromRow);
  return {
    title: section?.title ?? null,
    subtitle: section?.subtitle ?? null,
    offers: rows.map((row) => {
      const product = products.find((item) => item.id === row.product_id);
      const view = product ? toProductView(product, locale, currency) : null;
      const texts: OfferTexts = {
        title: row.title,
        titleEn: row.title_en,
        titleFr: row.title_fr,
        titleAr: row.title_ar,
        subtitle: row.subtitle,
        subtitleEn: row.subtitle_en,
        subtitleFr: row.subtitle_fr,
        subtitleAr: row.subtitle_ar,
        timeLeft: row.time_left,
        timeLeftEn: row.time_left_en,
        timeLeftFr: row.time_left_fr,
        timeLeftAr: row.time_left_ar,
      };
      return {
        id: row.id,
        ...texts,
        shown: localizedOfferTexts(texts, locale),
        // An address saved before only the shop's own images were accepted: none (the page would
        // show a broken image the Content-Security-Policy blocked).
        image: isShopMediaUrl(row.image) ? row.image : "",
        featured: row.featured,
        productId: row.product_id,
        product: view
          ? {
              name: view.name,
              price: view.price,
              referencePrice: view.referencePrice,
              discount: view.discount,
              currency: view.currency,
              available: view.available,
            }
          : null,
      };
    }),
  };
}

/**
 * Saves the admin's edit of the offers section in one transaction: the section's title and
 * subtitle (null = the translated default) and the offers in the given order, replacing the old
 * ones. Returns the images no offer uses any more (the caller deletes uploaded ones), or
 * { unknownProduct } when a linked product does not exist (nothing is written then).
 */
export async function saveOfferSection(input: {
  title: string | null;
  subtitle: string | null;
  offers: OfferInput[];
}): Promise<{ ok: true; unusedImages: string[] } | { ok: false; unknownProduct: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const linked = Array.from(new Set(input.offers.map((offer) => offer.productId).filter((id): id is string => Boolean(id))));
    if (linked.length > 0) {
      const found = await tx.query<{ id: string }>("select id from public.products where id = any($1::uuid[]) order by id for share", [linked]);
      const missing = linked.find((id) => !found.some((row) => row.id === id));
      if (missing) return { ok: false, unknownProduct: missing } as const;
    }
    const before = await tx.query<{ image: string }>("select image from public.offers");
    await tx.query(
      `insert into public.offer_section (id, title, subtitle, updated_at) values (1, $1, $2, now())
       on conflict (id) do update set title = excluded.title, subtitle = excluded.subtitle, updated_at = now()`,
      [input.title, input.subtitle],
    );
    await tx.query("delete from public.offers");
    for (const [position, offer] of input.offers.entries()) {
      await tx.query(
        `insert into public.offers (title, title_en, title_fr, title_ar, subtitle, subtitle_en, subtitle_fr, subtitle_ar,
           time_left, time_left_en, time_left_fr, time_left_ar, image, featured, product_id, position)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
          offer.title,
          offer.titleEn,
          offer.titleFr,
          offer.titleAr,
          offer.subtitle,
          offer.subtitleEn,
          offer.subtitleFr,
          offer.subtitleAr,
          offer.timeLeft,
          offer.timeLeftEn,
          offer.timeLeftFr,
          offer.timeLeftAr,
          offer.image,
          offer.featured,
          offer.productId,
          position,
        ],
      );
    }
    const kept = new Set(input.offers.map((offer) => offer.image));
    return { ok: true, unusedImages: Array.from(new Set(before.map((row) => row.image))).filter((image) => !kept.has(image)) } as const;
  });
}
