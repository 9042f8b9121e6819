import { getDb } from "~/db/db.server";
import type { Queryable } from "~/db/database.server";
import { centsToDecimal } from "~/utils/money";
import { removeUnusedMedia } from "./media-image.server";
import { isUuid } from "./product.server";
import { MAX_STOCK } from "./product-limits";

/**
 * The write side of the catalogue (the admin area): create, update, delete and stock changes.
 * Plain values in (money in cents); the forms that produce them live with the admin routes.
 * Reads for the shop are in product.server.ts, the admin's lists in admin-products.server.ts.
 */

export interface ProductMedia {
  image: string;
  images: string[];
  additionalImages: string[];
  videoUrl: string | null;
}

/** What is written to the products table (money in cents; undefined stock = keep / default). */
export interface ProductInput {
  name: string;
  nameDE: string;
  nameFr: string;
  nameAr: string;
  description: string;
  descriptionDE: string;
  descriptionFr: string;
  descriptionAr: string;
  price: number;
  priceEUR: number;
  priceCHF: number;
  salePrice: number | null;
  salePriceEUR: number | null;
  salePriceCHF: number | null;
  stock?: number;
  category: string;
  featured: boolean;
  inStock: boolean;
  tags: string[];
  /** Product safety (GPSR): empty text = not given; gtin null = none. */
  manufacturerName: string;
  manufacturerAddress: string;
  manufacturerEmail: string;
  responsiblePerson: string;
  gtin: string | null;
  safetyInfo: string;
  safetyInfoDE: string;
  safetyInfoFr: string;
  safetyInfoAr: string;
}

const optionalMoney = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

const WRITE_COLUMNS = `name, name_de, name_fr, name_ar, description, description_de, description_fr, description_ar,
  price, price_eur, price_chf, sale_price, sale_price_eur, sale_price_chf, category, featured, in_stock, tags,
  manufacturer_name, manufacturer_address, manufacturer_email, responsible_person, gtin,
  safety_info, safety_info_de, safety_info_fr, safety_info_ar`;

function writeParams(input: ProductInput): unknown[] {
  return [
    input.name,
    input.nameDE,
    input.nameFr,
    input.nameAr,
    input.description,
    input.descriptionDE,
    input.descriptionFr,
    input.descriptionAr,
    centsToDecimal(input.price),
    centsToDecimal(input.priceEUR),
    centsToDecimal(input.priceCHF),
    optionalMoney(input.salePrice),
    optionalMoney(input.salePriceEUR),
    optionalMoney(input.salePriceCHF),
    input.category,
    input.featured,
    input.inStock,
    input.tags,
    input.manufacturerName,
    input.manufacturerAddress,
    input.manufacturerEmail,
    input.responsiblePerson,
    input.gtin,
    input.safetyInfo,
    input.safetyInfoDE,
    input.safetyInfoFr,
    input.safetyInfoAr,
  ];
}

/** Inserts a product; a new product is the newest (it comes first in the lists). Returns its id. */
export async function createProduct(input: ProductInput, media: ProductMedia, db?: Queryable): Promise<string> {
  const q = db ?? (await getDb());
  const params = [...writeParams(input), media.image, media.images, media.additionalImages, media.videoUrl];
  const stock = input.stock === undefined ? "default" : `$${params.push(input.stock)}`;
  const [row] = await q.query<{ id: string }>(
    `insert into public.products (${WRITE_COLUMNS}, image, images, additional_images, video_url, stock)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18::text[],
             $19, $20, $21, $22, $23, $24, $25, $26, $27,
             $28, $29::text[], $30::text[], $31, ${stock})
     returning id`,
    params,
  );
  if (!row) throw new Error("product not created");
  return row.id;
}

/**
 * Updates a product's fields; media only when given (images kept unless replaced). Returns the
 * media that were replaced (to delete their files after the commit), or null for an unknown id.
 */
export async function updateProduct(
  id: string,
  input: ProductInput,
  media: Partial<ProductMedia> = {},
  db?: Queryable,
): Promise<{ replaced: string[] } | null> {
  if (!isUuid(id)) return null;
  const run = async (tx: Queryable) => {
    const [before] = await tx.query<{ image: string; images: string[]; video_url: string | null }>(
      "select image, images, video_url from public.products where id = $1 for update",
      [id],
    );
    if (!before) return null;
    const params = writeParams(input);
    const sets = WRITE_COLUMNS.split(",").map((column, index) => `${column.trim()} = $${index + 1}${index === 17 ? "::text[]" : ""}`);
    const replaced: string[] = [];
    if (media.images !== undefined) {
      sets.push(`image = $${params.push(media.image ?? media.images[0] ?? "")}`);
      sets.push(`images = $${params.push(media.images)}::text[]`);
      sets.push(`additional_images = $${params.push(media.additionalImages ?? media.images.slice(1))}::text[]`);
      replaced.push(...[before.image, ...before.images].filter((url) => !media.images!.includes(url)));
    }
    if (media.videoUrl !== undefined) {
      sets.push(`video_url = $${params.push(media.videoUrl)}`);
      if (before.video_url && before.video_url !== media.videoUrl) replaced.push(before.video_url);
    }
    if (input.stock !== undefined) sets.push(`stock = $${params.push(input.stock)}`);
    await tx.query(`update public.products set ${sets.join(", ")} where id = $${params.push(id)}`, params);
    return { replaced: Array.from(new Set(replaced)) };
  };
  if (db) return run(db);
  return (await getDb()).transaction(run);
}

/** Deletes a product (cart lines and favourites go with it; order lines keep their copy). */
export async function deleteProduct(id: string, db?: Queryable): Promise<{ media: string[] } | null> {
  if (!isUuid(id)) return null;
  const q = db ?? (await getDb());
  const [row] = await q.query<{ image: string; images: string[]; video_url: string | null }>(
    "delete from public.products where id = $1 returning image, images, video_url",
    [id],
  );
  if (!row) return null;
  return { media: Array.from(new Set([row.image, ...row.images, row.video_url].filter((url): url is string => Boolean(url)))) };
}

/** Deletes a product and then its uploaded files. False for an unknown id. */
export async function deleteProductWithMedia(id: string): Promise<boolean> {
  const deleted = await deleteProduct(id);
  if (!deleted) return false;
  await removeUnusedMedia(deleted.media);
  return true;
}

/** Sets a product's stock; false for an unknown id. */
export async function updateStock(id: string, stock: number, db?: Queryable): Promise<boolean> {
  if (!isUuid(id) || !Number.isInteger(stock) || stock < 0 || stock > MAX_STOCK) return false;
  const q = db ?? (await getDb());
  const rows = await q.query("update public.products set stock = $2 where id = $1 returning id", [id, stock]);
  return rows.length > 0;
}
