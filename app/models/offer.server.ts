import { getDb } from "~/db/db.server";
import { toCents } from "~/utils/money";

export interface Offer {
  id: string;
  title: string;
  subtitle: string;
  image: string;
  originalPrice: number;
  salePrice: number;
  discount: number;
  timeLeft: string;
  featured: boolean;
  productId: string | null;
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
