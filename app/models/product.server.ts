import { getDb } from "~/db/db.server";
import type { Queryable } from "~/db/database.server";
import type { Locale } from "~/i18n/config";
import { discountPercent, toCents, type Currency } from "~/utils/money";
import { effectivePrice, referencePrice, type PriceHistoryEntry } from "~/utils/price-reference";

/** A product as the app sees it (camelCase; money in integer cents). */
export interface Product {
  id: string;
  name: string;
  nameAr: string;
  nameFr: string;
  nameDE: string;
  description: string;
  descriptionAr: string;
  descriptionFr: string;
  descriptionDE: string;
  price: number;
  priceEUR: number;
  priceCHF: number;
  /** A reduced price (a sale) per currency; null: none. What is charged is the lower of the two. */
  salePrice: number | null;
  salePriceEUR: number | null;
  salePriceCHF: number | null;
  /** § 11 PAngV: the lowest price of the 30 days before the current reduction, when one may be shown. */
  referencePriceEUR: number | null;
  referencePriceCHF: number | null;
  image: string;
  images: string[];
  additionalImages: string[];
  videoUrl: string | null;
  category: string;
  inStock: boolean;
  stock: number;
  featured: boolean;
  tags: string[];
  createdAt: string;
  /** Product safety (GPSR, EU 2023/988 Art. 19); empty text: not given. */
  manufacturerName: string;
  manufacturerAddress: string;
  manufacturerEmail: string;
  /** The EU responsible person (name and address) when the manufacturer is outside the EU. */
  responsiblePerson: string;
  gtin: string | null;
  safetyInfo: string;
  safetyInfoDE: string;
  safetyInfoFr: string;
  safetyInfoAr: string;
}

/** What a product card or page shows: texts in the shopper's language, prices in their currency. */
export interface ProductView {
  id: string;
  name: string;
  description: string;
  image: string;
  images: string[];
  videoUrl: string | null;
  category: string;
  /** What the shopper pays (the sale price when the product is reduced). */
  price: number;
  /** The 30-day lowest price to show crossed out (§ 11 PAngV), or null: no crossed-out price. */
  referencePrice: number | null;
  discount: number | null;
  currency: Currency;
  stock: number;
  available: boolean;
  featured: boolean;
  tags: string[];
}

/** What the product page's "Product safety" section shows (safety information in the shopper's language). */
export interface ProductSafetyView {
  manufacturerName: string;
  manufacturerAddress: string;
  manufacturerEmail: string;
  responsiblePerson: string;
  gtin: string | null;
  safetyInfo: string;
}

/**
 * What a product card shows (listings, search, favourites, the home page): a listing sends 24 of
 * them with every page and every navigation, so only what the card renders. The description, cut
 * to the two lines the card has room for, only for the list view (the grid shows none: two narrow
 * columns on a phone).
 */
export type ProductCardView = Pick<
  ProductView,
  "id" | "name" | "image" | "price" | "referencePrice" | "discount" | "currency" | "stock" | "available" | "featured"
> & { summary?: string };

/** A card's description: at most SUMMARY_CHARS characters, cut at a word, with an ellipsis. */
const SUMMARY_CHARS = 120;
function summaryOf(text: string): string {
  const characters = Array.from(text.trim());
  if (characters.length <= SUMMARY_CHARS) return text.trim();
  const cut = characters.slice(0, SUMMARY_CHARS).join("");
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > SUMMARY_CHARS / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/u, "")}…`;
}

export function toProductCard(product: ProductCard, locale: Locale, currency: Currency, options: { summary?: boolean } = {}): ProductCardView {
  const { price, referencePrice } = priceIn(product, currency);
  return {
    id: product.id,
    name: localizedName(product, locale),
    ...(options.summary ? { summary: summaryOf(localizedDescription(product, locale)) } : {}),
    image: product.image,
    price,
    referencePrice,
    // The badge compares with the price that may be named (never with an unchecked one).
    discount: discountPercent(referencePrice, price),
    currency,
    stock: product.stock,
    available: isAvailable(product),
    featured: product.featured,
  };
}

export interface ProductRow {
  id: string;
  name: string;
  name_ar: string;
  name_fr: string;
  name_de: string;
  description: string;
  description_ar: string;
  description_fr: string;
  description_de: string;
  price: string | number;
  price_eur: string | number;
  price_chf: string | number;
  sale_price: string | number | null;
  sale_price_eur: string | number | null;
  sale_price_chf: string | number | null;
  /** The price history of a reduced product (both currencies), oldest first; null otherwise. */
  price_history?: Array<{ currency: Currency; price: string | number; sale_price: string | number | null; valid_from: string }> | null;
  image: string;
  /** Absent where a query reads only what a card shows (productCardColumns), read as none. */
  images?: string[];
  additional_images?: string[];
  video_url?: string | null;
  category: string;
  in_stock: boolean;
  stock: number;
  featured: boolean;
  tags?: string[];
  created_at: Date | string;
  /** Product safety: absent where a query does not read it (the cart's), read as not given. */
  manufacturer_name?: string;
  manufacturer_address?: string;
  manufacturer_email?: string;
  responsible_person?: string;
  gtin?: string | null;
  safety_info?: string;
  safety_info_de?: string;
  safety_info_fr?: string;
  safety_info_ar?: string;
}

const optionalCents = (value: string | number | null) => (value === null ? null : toCents(value));

function referenceFrom(history: ProductRow["price_history"], currency: Currency): number | null {
  if (!history) return null;
  const rows: PriceHistoryEntry[] = history
    .filter((entry) => entry.currency === currency)
    .map((entry) => ({ validFrom: entry.valid_from, price: toCents(entry.price), salePrice: optionalCents(entry.sale_price) }));
  return referencePrice(rows);
}

export function productFromRow(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    nameAr: row.name_ar,
    nameFr: row.name_fr,
    nameDE: row.name_de,
    description: row.description,
    descriptionAr: row.description_ar,
    descriptionFr: row.description_fr,
    descriptionDE: row.description_de,
    price: toCents(row.price),
    priceEUR: toCents(row.price_eur),
    priceCHF: toCents(row.price_chf),
    salePrice: optionalCents(row.sale_price),
    salePriceEUR: optionalCents(row.sale_price_eur),
    salePriceCHF: optionalCents(row.sale_price_chf),
    referencePriceEUR: referenceFrom(row.price_history, "EUR"),
    referencePriceCHF: referenceFrom(row.price_history, "CHF"),
    image: row.image,
    images: row.images ?? [],
    additionalImages: row.additional_images ?? [],
    videoUrl: row.video_url ?? null,
    category: row.category,
    inStock: row.in_stock,
    stock: row.stock,
    featured: row.featured,
    tags: row.tags ?? [],
    createdAt: new Date(row.created_at).toISOString(),
    manufacturerName: row.manufacturer_name ?? "",
    manufacturerAddress: row.manufacturer_address ?? "",
    manufacturerEmail: row.manufacturer_email ?? "",
    responsiblePerson: row.responsible_person ?? "",
    gtin: row.gtin ?? null,
    safetyInfo: row.safety_info ?? "",
    safetyInfoDE: row.safety_info_de ?? "",
    safetyInfoFr: row.safety_info_fr ?? "",
    safetyInfoAr: row.safety_info_ar ?? "",
  };
}

export function localizedName(product: Pick<Product, "name" | "nameAr" | "nameFr" | "nameDE">, locale: Locale) {
  const byLocale = { de: product.nameDE, fr: product.nameFr, ar: product.nameAr, en: product.name }[locale];
  return byLocale || product.name;
}

export function localizedDescription(
  product: Pick<Product, "description" | "descriptionAr" | "descriptionFr" | "descriptionDE">,
  locale: Locale,
) {
  const byLocale = {
    de: product.descriptionDE,
    fr: product.descriptionFr,
    ar: product.descriptionAr,
    en: product.description,
  }[locale];
  return byLocale || product.description;
}

/** Safety information in the shopper's language, else German (the shop's first language), else English. */
export function localizedSafetyInfo(
  product: Pick<Product, "safetyInfo" | "safetyInfoAr" | "safetyInfoFr" | "safetyInfoDE">,
  locale: Locale,
) {
  const byLocale = { de: product.safetyInfoDE, fr: product.safetyInfoFr, ar: product.safetyInfoAr, en: product.safetyInfo }[locale];
  return byLocale || product.safetyInfoDE || product.safetyInfo;
}

/**
 * A product's prices in one currency: what is charged (the sale price when below the regular
 * price), the regular price, and the § 11 PAngV reference (null: show no crossed-out price).
 */
export function priceIn(
  product: Pick<Product, "priceEUR" | "priceCHF" | "salePriceEUR" | "salePriceCHF" | "referencePriceEUR" | "referencePriceCHF">,
  currency: Currency,
) {
  const regularPrice = currency === "CHF" ? product.priceCHF : product.priceEUR;
  const salePrice = currency === "CHF" ? product.salePriceCHF : product.salePriceEUR;
  const referencePrice = currency === "CHF" ? product.referencePriceCHF : product.referencePriceEUR;
  const price = effectivePrice({ price: regularPrice, salePrice });
  return { price, regularPrice, referencePrice: referencePrice !== null && referencePrice > price ? referencePrice : null };
}

/** A product is for sale when it is marked in stock and has stock left. */
export function isAvailable(product: Pick<Product, "inStock" | "stock">) {
  return product.inStock && product.stock > 0;
}

export function toProductView(product: Product, locale: Locale, currency: Currency): ProductView {
  return {
    ...toProductCard(product, locale, currency),
    description: localizedDescription(product, locale),
    images: product.images.length > 0 ? product.images : product.image ? [product.image] : [],
    videoUrl: product.videoUrl,
    category: product.category,
    tags: product.tags,
  };
}

/** The product page's "Product safety" section (only the product page sends it). */
export function toProductSafetyView(product: Product, locale: Locale): ProductSafetyView {
  return {
    manufacturerName: product.manufacturerName,
    manufacturerAddress: product.manufacturerAddress,
    manufacturerEmail: product.manufacturerEmail,
    responsiblePerson: product.responsiblePerson,
    gtin: product.gtin,
    safetyInfo: localizedSafetyInfo(product, locale),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/**
 * The price history a reduced product's reference price is computed from (public.products must be
 * the outer table, unaliased or aliased `p` as given).
 */
export function priceHistoryColumn(table = "public.products"): string {
  return `case when ${table}.sale_price_eur is not null or ${table}.sale_price_chf is not null then (
    select json_agg(json_build_object('currency', h.currency, 'price', h.price, 'sale_price', h.sale_price, 'valid_from', h.valid_from)
                    order by h.valid_from, h.id)
      from public.product_price_history h where h.product_id = ${table}.id) end as price_history`;
}

/**
 * What a product card is made from (toProductCard): the listing, category and search pages read
 * only these columns for their 24 products, not the gallery, tags, video and product-safety texts
 * of the product page (0.25–0.4 ms less per page on the embedded database).
 */
export type ProductCard = Pick<
  Product,
  | "id"
  | "name"
  | "nameAr"
  | "nameFr"
  | "nameDE"
  | "description"
  | "descriptionAr"
  | "descriptionFr"
  | "descriptionDE"
  | "priceEUR"
  | "priceCHF"
  | "salePriceEUR"
  | "salePriceCHF"
  | "referencePriceEUR"
  | "referencePriceCHF"
  | "image"
  | "category"
  | "inStock"
  | "stock"
  | "featured"
  | "createdAt"
>;

export const CARD_COLUMNS = [
  ...["id", "name", "name_ar", "name_fr", "name_de", "description", "description_ar", "description_fr", "description_de"],
  ...["price", "price_eur", "price_chf", "sale_price", "sale_price_eur", "sale_price_chf"],
  ...["image", "category", "in_stock", "stock", "featured", "created_at"],
];

/** The product page's gallery, video and tags (the cart reads them too). */
export const MEDIA_COLUMNS = ["images", "additional_images", "video_url", "tags"];

/** What the product page (and the admin, the export) reads besides a card's columns. */
const DETAIL_COLUMNS = [
  ...MEDIA_COLUMNS,
  ...["manufacturer_name", "manufacturer_address", "manufacturer_email", "responsible_person", "gtin"],
  ...["safety_info", "safety_info_de", "safety_info_fr", "safety_info_ar"],
];

/** `names` as columns of `table` (an alias in a join). */
export function columnList(names: string[], table: string): string {
  return names.map((column) => `${table}.${column}`).join(", ");
}

function columnsOf(names: string[], table: string): string {
  return `${columnList(names, table)}, ${priceHistoryColumn(table)}`;
}

const PRODUCT_CARD_COLUMNS = columnsOf(CARD_COLUMNS, "public.products");

/** The columns of a ProductCard from `table` (an alias in a join); productFromRow reads the others as absent. */
export function productCardColumns(table = "public.products"): string {
  return table === "public.products" ? PRODUCT_CARD_COLUMNS : columnsOf(CARD_COLUMNS, table);
}

/** Every column a Product is read from (productFromRow), from public.products. */
export const PRODUCT_COLUMNS = columnsOf([...CARD_COLUMNS, ...DETAIL_COLUMNS], "public.products");

/** One product, or null for an unknown or malformed id (never an error). */
export async function getProduct(id: string, db?: Queryable): Promise<Product | null> {
  if (!isUuid(id)) return null;
  const q = db ?? (await getDb());
  const [row] = await q.query<ProductRow>(`select ${PRODUCT_COLUMNS} from public.products where id = $1`, [id]);
  return row ? productFromRow(row) : null;
}

export async function getProductsByIds(ids: string[], db?: Queryable): Promise<Product[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const q = db ?? (await getDb());
  const rows = await q.query<ProductRow>(`select ${PRODUCT_COLUMNS} from public.products where id = any($1::uuid[])`, [valid]);
  return rows.map(productFromRow);
}

export async function listFeaturedProducts(limit: number): Promise<ProductCard[]> {
  const db = await getDb();
  const rows = await db.query<ProductRow>(
    `select ${productCardColumns()} from public.products where featured order by created_at desc, id limit $1`,
    [limit],
  );
  return rows.map(productFromRow);
}

export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Ids and change dates for the sitemap (no texts, no prices). */
export async function listProductSitemapEntries(): Promise<Array<{ id: string; updatedAt: string }>> {
  const db = await getDb();
  const rows = await db.query<{ id: string; updated_at: Date | string }>(
    "select id, updated_at from public.products order by created_at desc limit 50000",
  );
  return rows.map((row) => ({ id: row.id, updatedAt: new Date(row.updated_at).toISOString() }));
}
