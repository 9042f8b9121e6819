import { getDb } from "~/db/db.server";
import type { Queryable } from "~/db/database.server";
import type { ProcessedImage } from "~/utils/image-processing.server";
import { LEGACY_IMAGE_NAME, VARIANT_FORMATS, processedImage } from "~/utils/media";
import { isShopMediaUrl, mediaStorage } from "~/utils/media-storage.server";

/**
 * The record of processed images (table media_images) and the removal of media files that nothing
 * shows any more. The files themselves: app/utils/media-storage.server.ts.
 */

export interface MediaImageRow {
  url: string;
  width: number;
  height: number;
  dominantColor: string;
  widths: number[];
  formats: string[];
  bytes: number;
  sourceUrl: string | null;
}

/** Records a stored processed image under its address (again: the row is replaced). */
export async function recordImage(url: string, image: ProcessedImage, sourceUrl: string | null = null, db?: Queryable): Promise<void> {
  const q = db ?? (await getDb());
  const ref = processedImage(url);
  await q.query(
    `insert into public.media_images (url, width, height, dominant_color, widths, formats, bytes, source_url)
     values ($1, $2, $3, $4, $5::int[], $6::text[], $7, $8)
     on conflict (url) do update set width = excluded.width, height = excluded.height, dominant_color = excluded.dominant_color,
       widths = excluded.widths, formats = excluded.formats, bytes = excluded.bytes, source_url = excluded.source_url`,
    [
      url,
      image.width,
      image.height,
      image.color,
      ref?.widths ?? [],
      ["jpeg", ...VARIANT_FORMATS],
      image.files.reduce((sum, file) => sum + file.bytes.byteLength, 0),
      sourceUrl,
    ],
  );
}

export async function getMediaImage(url: string, db?: Queryable): Promise<MediaImageRow | null> {
  const q = db ?? (await getDb());
  const [row] = await q.query<{ url: string; width: number; height: number; dominant_color: string; widths: number[]; formats: string[]; bytes: string | number; source_url: string | null }>(
    "select url, width, height, dominant_color, widths, formats, bytes, source_url from public.media_images where url = $1",
    [url],
  );
  if (!row) return null;
  return {
    url: row.url,
    width: row.width,
    height: row.height,
    dominantColor: row.dominant_color,
    widths: row.widths,
    formats: row.formats,
    bytes: Number(row.bytes),
    sourceUrl: row.source_url,
  };
}

/** The addresses among `urls` that a product or an offer still shows. */
async function stillShown(urls: string[], q: Queryable): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await q.query<{ url: string }>(
    `select u.url from unnest($1::text[]) as u(url)
     where exists (select 1 from public.products p where p.image = u.url or u.url = any(p.images) or u.url = any(p.additional_images))
        or exists (select 1 from public.offers o where o.image = u.url)`,
    [urls],
  );
  return new Set(rows.map((row) => row.url));
}

/**
 * Deletes the files (a processed image: all its variants and its original) and records of media
 * that no product and no offer shows any more; media still shown elsewhere (an offer showing its
 * product's image) stay. Call after the change that stopped using them was committed.
 */
export async function removeUnusedMedia(urls: Array<string | null | undefined>, db?: Queryable): Promise<void> {
  const candidates = Array.from(new Set(urls.filter((url): url is string => Boolean(url))));
  if (candidates.length === 0) return;
  const q = db ?? (await getDb());
  const shown = await stillShown(candidates, q);
  const unused = candidates.filter((url) => !shown.has(url));
  if (unused.length === 0) return;
  await mediaStorage().remove(unused);
  await q.query("delete from public.media_images where url = any($1::text[])", [unused]);
}

/** Images uploaded before processing that products or offers still show (`npm run images -- rebuild`). */
export async function legacyImageUrls(db?: Queryable): Promise<string[]> {
  const q = db ?? (await getDb());
  const rows = await q.query<{ url: string }>(
    `select distinct url from (
       select image as url from public.products
       union all select unnest(images) from public.products
       union all select unnest(additional_images) from public.products
       union all select image from public.offers
     ) as shown where url <> '' order by url`,
  );
  return rows.map((row) => row.url).filter((url) => LEGACY_IMAGE_NAME.test(url.slice(url.lastIndexOf("/") + 1)) && isShopMediaUrl(url));
}

/** Points every product and offer that shows `from` at `to` instead (one transaction's part). */
export async function replaceImageUrl(from: string, to: string, q: Queryable): Promise<number> {
  const products = await q.query(
    `update public.products set image = case when image = $1 then $2 else image end,
       images = array_replace(images, $1, $2), additional_images = array_replace(additional_images, $1, $2)
     where image = $1 or $1 = any(images) or $1 = any(additional_images) returning id`,
    [from, to],
  );
  const offers = await q.query("update public.offers set image = $2 where image = $1 returning id", [from, to]);
  return products.length + offers.length;
}
