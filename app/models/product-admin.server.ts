import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { getDb } from "~/db/db.server";
import type { Queryable } from "~/db/database.server";
import { categorySlugs, findCategory, normalizeCategoryKey } from "~/data/categories";
import { centsToDecimal } from "~/utils/money";
import {
  IMAGE_MAX_BYTES,
  MAX_IMAGES,
  RequestTooLargeError,
  VIDEO_MAX_BYTES,
  readMultipartForm,
  removeMedia,
  sniffImage,
  sniffVideo,
  storeMedia,
  type MediaType,
} from "~/utils/uploads.server";
import { escapeLike, isUuid, productFromRow, type Product, type ProductRow } from "./product.server";
import { clampPage } from "./paging";

/**
 * The write side of the catalogue (the admin area): the product form's validation, create,
 * update, delete and stock changes. Reads for the shop are in product.server.ts.
 */

export const MAX_MONEY_CENTS = 9_999_999_999; // 99 999 999.99, the numeric(10, 2) columns' limit
export const MAX_STOCK = 1_000_000;
const MAX_TAGS = 30;
const MAX_TAG_LENGTH = 50;

/** Error messages are catalogue keys (translated by the form's Field components). */
const E = "admin.product.errors";

export type MoneyParse = { ok: true; cents: number | undefined } | { ok: false; error: string };

/**
 * A money field: empty → undefined; otherwise a decimal with at most two places (a comma is read
 * as the decimal point), 0 … 99 999 999.99, as integer cents. Negative, non-finite (1e400) and
 * too large values get their own message (catalogue keys).
 */
export function parseMoneyInput(value: string | undefined | null): MoneyParse {
  const text = (value ?? "").trim().replace(",", ".");
  if (text === "") return { ok: true, cents: undefined };
  if (/^-/.test(text)) return { ok: false, error: `${E}.negative` };
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return { ok: false, error: `${E}.${/^(\d+\.?\d*|\.\d+)e[+-]?\d+$|^\+?inf(inity)?$/i.test(text) ? "tooLarge" : "money"}` };
  const whole = match[1]!.replace(/^0+(?=\d)/, "");
  if (whole.length > 8) return { ok: false, error: `${E}.tooLarge` };
  const cents = Number(whole) * 100 + Number(((match[2] ?? "") + "00").slice(0, 2));
  if (cents > MAX_MONEY_CENTS) return { ok: false, error: `${E}.tooLarge` };
  return { ok: true, cents };
}

function money() {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseMoneyInput(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.cents;
    });
}

// (No .pipe() here: Conform would read the piped z.string() as "empty means missing".)
const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\u0000/g, "").trim())
    .refine((value) => value.length <= max, `${E}.${max === 200 ? "nameTooLong" : "descriptionTooLong"}`);

const requiredText = (max: number, requiredKey: string) =>
  z
    .string({ required_error: `${E}.${requiredKey}` })
    .transform((value) => value.replace(/\u0000/g, "").trim())
    .superRefine((value, ctx) => {
      if (value.length === 0) ctx.addIssue({ code: "custom", message: `${E}.${requiredKey}` });
      else if (value.length > max) ctx.addIssue({ code: "custom", message: `${E}.nameTooLong` });
    });

/** Without JavaScript one text field split on commas; with it, one field per chip. Trimmed, no duplicates. */
export function parseTags(value: string | string[] | undefined): string[] {
  const raw = (Array.isArray(value) ? value : [value ?? ""]).flatMap((item) => (item ?? "").split(","));
  const tags: string[] = [];
  for (const tag of raw) {
    const clean = tag.replace(/[\p{Cc}]/gu, " ").trim();
    if (clean && !tags.some((t) => t.toLowerCase() === clean.toLowerCase())) tags.push(clean);
  }
  return tags;
}

export const productFormSchema = z.object({
  name: requiredText(200, "nameRequired"),
  nameDE: text(200),
  nameFr: text(200),
  nameAr: requiredText(200, "nameArRequired"),
  description: text(5000),
  descriptionDE: text(5000),
  descriptionFr: text(5000),
  descriptionAr: text(5000),
  price: money(),
  priceEUR: money(),
  priceCHF: money(),
  originalPrice: money(),
  originalPriceEUR: money(),
  originalPriceCHF: money(),
  stock: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? "").trim();
      if (text === "") return undefined;
      if (!/^-?\d+$/.test(text)) {
        ctx.addIssue({ code: "custom", message: `${E}.stock` });
        return z.NEVER;
      }
      const stock = Number(text);
      if (stock < 0 || stock > MAX_STOCK) {
        ctx.addIssue({ code: "custom", message: `${E}.stock` });
        return z.NEVER;
      }
      return stock;
    }),
  category: z
    .string({ required_error: `${E}.categoryRequired` })
    .refine((value) => categorySlugs.includes(value), `${E}.category`),
  featured: z.boolean().optional().default(false),
  inStock: z.boolean().optional().default(false),
  tags: z
    .union([z.string(), z.array(z.string().optional())])
    .optional()
    .transform((value) => parseTags(value as string | string[] | undefined))
    .refine((tags) => tags.length <= MAX_TAGS && tags.every((tag) => tag.length <= MAX_TAG_LENGTH), `${E}.tags`),
  removeVideo: z.boolean().optional().default(false),
});

export type ProductFormValues = z.infer<typeof productFormSchema>;

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
  originalPrice: number | null;
  originalPriceEUR: number | null;
  originalPriceCHF: number | null;
  stock?: number;
  category: string;
  featured: boolean;
  inStock: boolean;
  tags: string[];
}

export function toProductInput(values: ProductFormValues): ProductInput {
  return {
    name: values.name,
    nameDE: values.nameDE,
    nameFr: values.nameFr,
    nameAr: values.nameAr,
    description: values.description,
    descriptionDE: values.descriptionDE,
    descriptionFr: values.descriptionFr,
    descriptionAr: values.descriptionAr,
    // Prices default to 0 when empty; original prices are kept only when filled.
    price: values.price ?? 0,
    priceEUR: values.priceEUR ?? 0,
    priceCHF: values.priceCHF ?? 0,
    originalPrice: values.originalPrice ?? null,
    originalPriceEUR: values.originalPriceEUR ?? null,
    originalPriceCHF: values.originalPriceCHF ?? null,
    stock: values.stock,
    category: findCategory(values.category)?.slug ?? values.category,
    featured: values.featured,
    inStock: values.inStock,
    tags: values.tags,
  };
}

const optionalMoney = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

const WRITE_COLUMNS = `name, name_de, name_fr, name_ar, description, description_de, description_fr, description_ar,
  price, price_eur, price_chf, original_price, original_price_eur, original_price_chf, category, featured, in_stock, tags`;

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
    optionalMoney(input.originalPrice),
    optionalMoney(input.originalPriceEUR),
    optionalMoney(input.originalPriceCHF),
    input.category,
    input.featured,
    input.inStock,
    input.tags,
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
             $19, $20::text[], $21::text[], $22, ${stock})
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

/** Sets a product's stock; false for an unknown id. */
export async function updateStock(id: string, stock: number, db?: Queryable): Promise<boolean> {
  if (!isUuid(id) || !Number.isInteger(stock) || stock < 0 || stock > MAX_STOCK) return false;
  const q = db ?? (await getDb());
  const rows = await q.query("update public.products set stock = $2 where id = $1 returning id", [id, stock]);
  return rows.length > 0;
}

/** Deletes a product and then its uploaded files. Null for an unknown id. */
export async function deleteProductWithMedia(id: string): Promise<boolean> {
  const deleted = await deleteProduct(id);
  if (!deleted) return false;
  await removeMedia(deleted.media);
  return true;
}

export type ProductFormResult =
  | { ok: true; id: string }
  | { ok: false; status: number; reply: SubmissionResult<string[]> };

const fileLimits = {
  images: { maxBytes: IMAGE_MAX_BYTES, maxCount: MAX_IMAGES },
  video: { maxBytes: VIDEO_MAX_BYTES, maxCount: 1 },
};

/**
 * The add / edit form from request to database: read the multipart body with limits, validate the
 * fields and the files' real types, then write the files, then the row. Files are written only
 * after everything is valid, and removed again if the database write fails, so nothing is left
 * half-done. On edit, images are replaced only when new ones are sent (and the old files go).
 */
export async function submitProductForm(request: Request, existing?: Product): Promise<ProductFormResult> {
  let parsed;
  try {
    parsed = await readMultipartForm(request, fileLimits);
  } catch (error) {
    if (error instanceof RequestTooLargeError) {
      const reply: SubmissionResult<string[]> = { status: "error", error: { "": [`${E}.requestTooLarge`] } };
      return { ok: false, status: 413, reply };
    }
    if (error instanceof TypeError) {
      const reply: SubmissionResult<string[]> = { status: "error", error: { "": [`${E}.badRequest`] } };
      return { ok: false, status: 400, reply };
    }
    throw error;
  }
  const submission = parseWithZod(parsed.fields, { schema: productFormSchema });
  const fieldErrors: Record<string, string[]> = {};
  const images: Array<{ bytes: Uint8Array; type: MediaType }> = [];
  let video: { bytes: Uint8Array; type: MediaType } | undefined;

  const imageProblem = parsed.problems.images;
  if (imageProblem) fieldErrors.images = [`${E}.image${imageProblem === "tooLarge" ? "TooLarge" : imageProblem === "tooMany" ? "TooMany" : "Type"}`];
  for (const file of parsed.files.images ?? []) {
    const type = sniffImage(file.bytes);
    if (!type) fieldErrors.images = [`${E}.imageType`];
    else images.push({ bytes: file.bytes, type });
  }
  const videoProblem = parsed.problems.video;
  if (videoProblem) fieldErrors.video = [`${E}.video${videoProblem === "tooLarge" ? "TooLarge" : "Type"}`];
  const videoFile = parsed.files.video?.[0];
  if (videoFile) {
    const type = sniffVideo(videoFile.bytes);
    if (!type) fieldErrors.video = [`${E}.videoType`];
    else video = { bytes: videoFile.bytes, type };
  }
  for (const [name, problem] of Object.entries(parsed.problems)) {
    if (name !== "images" && name !== "video" && problem === "unexpected") fieldErrors[""] = [`${E}.badRequest`];
  }
  // A new product needs a main image; an edited one keeps its images unless new ones are sent.
  const missingImage = !existing && images.length === 0 && !fieldErrors.images;
  if (missingImage) fieldErrors.images = [`${E}.imageRequired`];

  const invalid = submission.status !== "success" || Object.keys(fieldErrors).length > 0;
  if (invalid) {
    const errors = submission.status === "success" ? {} : (submission.error ?? {});
    const missingRequired =
      missingImage || ["name", "nameAr", "category"].some((field) => errors[field]?.some((m) => m.endsWith("Required")));
    const formErrors = missingRequired ? [`${E}.requiredFields`] : [`${E}.checkFields`];
    return { ok: false, status: 400, reply: submission.reply({ formErrors, fieldErrors }) };
  }
  const values = submission.value;
  const input = toProductInput(values);

  const urls = await storeMedia([...images, ...(video ? [video] : [])]);
  const imageUrls = urls.slice(0, images.length);
  const videoUrl = video ? urls[images.length]! : undefined;
  try {
    if (!existing) {
      const id = await createProduct(input, {
        image: imageUrls[0]!,
        images: imageUrls,
        additionalImages: imageUrls.slice(1),
        videoUrl: videoUrl ?? null,
      });
      return { ok: true, id };
    }
    const media: Partial<ProductMedia> = {};
    if (imageUrls.length > 0) {
      media.images = imageUrls;
      media.image = imageUrls[0];
      media.additionalImages = imageUrls.slice(1);
    }
    if (videoUrl) media.videoUrl = videoUrl;
    else if (values.removeVideo) media.videoUrl = null;
    const result = await updateProduct(existing.id, input, media);
    if (!result) {
      await removeMedia(urls);
      const reply = submission.reply({ formErrors: [`${E}.notFound`] });
      return { ok: false, status: 404, reply };
    }
    await removeMedia(result.replaced);
    return { ok: true, id: existing.id };
  } catch (error) {
    await removeMedia(urls);
    throw error;
  }
}

export interface AdminProductQuery {
  q?: string;
  category?: string;
  page: number;
  pageSize: number;
}

export interface AdminProductPage {
  products: Product[];
  total: number;
  page: number;
  pageCount: number;
}

const COLUMNS = `id, name, name_ar, name_fr, name_de, description, description_ar, description_fr,
  description_de, price, price_eur, price_chf, original_price, original_price_eur, original_price_chf,
  image, images, additional_images, video_url, category, in_stock, stock, featured, tags, created_at`;

async function pageOf(
  where: string,
  params: unknown[],
  order: string,
  page: number,
  pageSize: number,
): Promise<AdminProductPage> {
  const db = await getDb();
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total from public.products ${where}`, params);
  const total = count?.total ?? 0;
  const { page: current, pageCount, offset } = clampPage(total, page, pageSize);
  const rows =
    total === 0
      ? []
      : await db.query<ProductRow>(
          `select ${COLUMNS} from public.products ${where} order by ${order}
           limit $${params.length + 1} offset $${params.length + 2}`,
          [...params, pageSize, offset],
        );
  return { products: rows.map(productFromRow), total, page: current, pageCount };
}

/** The dashboard's product list: search (every language and tags) and category filter in SQL, newest first. */
export function listAdminProducts(query: AdminProductQuery): Promise<AdminProductPage> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.q) {
    params.push(`%${escapeLike(query.q.toLowerCase())}%`);
    where.push(`search_text like $${params.length}`);
  }
  if (query.category) {
    params.push(normalizeCategoryKey(query.category));
    where.push(`category_key = $${params.length}`);
  }
  return pageOf(where.length ? `where ${where.join(" and ")}` : "", params, "created_at desc, id", query.page, query.pageSize);
}

/** The inventory: sold out first, then low stock (1–4), then the rest. */
export function listInventory(page: number, pageSize: number): Promise<AdminProductPage> {
  return pageOf(
    "",
    [],
    "case when stock = 0 then 0 when stock < 5 then 1 else 2 end, stock, name, id",
    page,
    pageSize,
  );
}

/** Every product, a page at a time, for the CSV export (never the whole table in one query). */
export async function* allProductsInBatches(batchSize = 500): AsyncGenerator<Product[]> {
  const db = await getDb();
  let after: { created: string; id: string } | null = null;
  for (;;) {
    const rows: Array<ProductRow & { created_key: string }> = await db.query(
      `select ${COLUMNS}, created_at::text as created_key from public.products
        ${after ? "where (created_at, id) < ($2::timestamptz, $3::uuid)" : ""}
        order by created_at desc, id desc limit $1`,
      after ? [batchSize, after.created, after.id] : [batchSize],
    );
    if (rows.length === 0) return;
    yield rows.map(productFromRow);
    const last = rows[rows.length - 1]!;
    after = { created: last.created_key, id: last.id };
    if (rows.length < batchSize) return;
  }
}
