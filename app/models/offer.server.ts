import { getDb } from "~/db/db.server";
import { centsToDecimal, toCents } from "~/utils/money";

/** An offer as the admin saves it (prices in cents, EUR as the spec's offers are). */
export interface OfferInput {
  title: string;
  subtitle: string;
  image: string;
  originalPrice: number;
  salePrice: number;
  discount: number;
  timeLeft: string;
  featured: boolean;
  productId: string | null;
}

/** An offer as the shop shows it: what the admin saved, plus its id and whether it can be bought. */
export interface Offer extends OfferInput {
  id: string;
  /** Whether the linked product can be bought now (the offer's add-to-cart shows only then). */
  productAvailable: boolean;
}

export interface OfferSection {
  /** Null: the translated default title / subtitle is shown. */
  title: string | null;
  subtitle: string | null;
  offers: Offer[];
}

export async function getOfferSection(): Promise<OfferSection> {
  const db = await getDb();
  const [section] = await db.query<{ title: string | null; subtitle: string | null }>(
    "select title, subtitle from public.offer_section where id = 1",
  );
  const rows = await db.query<{
    id: string;
    title: string;
    subtitle: string;
    image: string;
    original_price: string | number;
    sale_price: string | number;
    discount: number;
    time_left: string;
    featured: boolean;
    product_id: string | null;
    product_available: boolean | null;
  }>(
    `select o.id, o.title, o.subtitle, o.image, o.original_price, o.sale_price, o.discount, o.time_left,
            o.featured, o.product_id, (p.in_stock and p.stock > 0) as product_available
       from public.offers o left join public.products p on p.id = o.product_id
      order by o.position, o.created_at`,
  );
  return {
    title: section?.title ?? null,
    subtitle: section?.subtitle ?? null,
    offers: rows.map((row) => ({
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      image: row.image,
      originalPrice: toCents(row.original_price),
      salePrice: toCents(row.sale_price),
      discount: row.discount,
      timeLeft: row.time_left,
      featured: row.featured,
      productId: row.product_id,
      productAvailable: Boolean(row.product_available),
    })),
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
      const found = await tx.query<{ id: string }>("select id from public.products where id = any($1::uuid[]) for share", [linked]);
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
        `insert into public.offers (title, subtitle, image, original_price, sale_price, discount, time_left, featured, product_id, position)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          offer.title,
          offer.subtitle,
          offer.image,
          centsToDecimal(offer.originalPrice),
          centsToDecimal(offer.salePrice),
          offer.discount,
          offer.timeLeft,
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
