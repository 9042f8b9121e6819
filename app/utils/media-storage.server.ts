import { randomBytes, randomUUID } from "node:crypto";
import { chmod, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { dataDir } from "./env.server";
import type { ProcessedImage } from "./image-processing.server";
import { isShopImagePath, mediaTypes, processedImage, processedImageFiles, STORED_MEDIA_NAME, type MediaType } from "./media";
import { createServerSupabaseClient } from "./supabase-client.server";
import { env } from "./env.server";

/**
 * Where uploaded product media live, behind one interface: files under DATA_DIR/uploads (served
 * under /uploads/ by app/routes/uploads.$.tsx), or a public Supabase Storage bucket when
 * SUPABASE_STORAGE_BUCKET is set (with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY), so several
 * servers behind a load balancer share them. Media are stored only after they were validated,
 * under random names; nothing here looks at their content.
 *
 * A processed image (image-processing.server.ts) is stored as its files (the JPEG fallback and the
 * AVIF/WebP variants, named after the image's key: media.ts) beside one another, and its original
 * under `originals/<uuid>-<random>.<ext>`: kept (to process again), never served (the uploads route
 * serves no sub-folder, and in a public bucket its random part is known to nobody). Removing the
 * image's address removes all of them.
 */
export interface MediaItem {
  bytes: Uint8Array;
  type: MediaType;
}

export interface MediaStorage {
  /** Stores the items under new random names and returns their public URLs, in order. All or nothing. */
  store(items: MediaItem[]): Promise<string[]>;
  /** Stores a processed image's files and original; returns the address pages use (the JPEG fallback's). Same names are overwritten. */
  storeImage(image: ProcessedImage): Promise<string>;
  /** The bytes of a file this storage holds at that URL, or null (for processing earlier uploads). */
  read(url: string): Promise<Uint8Array | null>;
  /** Deletes stored media by URL (a processed image: every file and its original). URLs this storage did not write (seed images, other sites) are left alone. */
  remove(urls: Array<string | null | undefined>): Promise<void>;
}

const originalName = (image: ProcessedImage) => `originals/${image.id}-${randomBytes(12).toString("hex")}.${image.original.type.ext}`;

/** The file names behind an address of this storage (after its prefix): a processed image's files, or the one file. */
function storedNames(name: string): string[] {
  const image = processedImage(name);
  if (image) return processedImageFiles(image);
  return STORED_MEDIA_NAME.test(name) ? [name] : [];
}

const newName = (type: MediaType) => `${randomUUID()}.${type.ext}`;

/** Stores one item after another; when one fails, the ones already stored are removed again. */
async function storeAll(items: MediaItem[], put: (name: string, item: MediaItem) => Promise<string>, remove: MediaStorage["remove"]) {
  const urls: string[] = [];
  try {
    for (const item of items) urls.push(await put(newName(item.type), item));
  } catch (error) {
    await remove(urls);
    throw error;
  }
  return urls;
}

export const UPLOADS_PREFIX = "/uploads/";

/**
 * Whether an image address is one of the shop's own, which pages may show: a path of this site
 * (/images/…, /uploads/…), or a public Storage object of the Supabase project (SUPABASE_URL's
 * origin: the one other host the Content-Security-Policy lets images come from,
 * server/middleware/security-headers.ts). Anything else (another site, javascript:, data:,
 * //host) the browser would refuse or must not load.
 */
export function isShopMediaUrl(url: string): boolean {
  if (isShopImagePath(url)) return true;
  const supabase = env().SUPABASE_URL;
  if (!supabase || url.length > 500 || /[\s\p{Cc}"'<>\\%?#]/u.test(url)) return false;
  try {
    const origin = new URL(supabase).origin;
    const parsed = new URL(url);
    return url.startsWith(`${origin}/storage/v1/object/public/`) && parsed.origin === origin && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

/** The uploads folder (DATA_DIR is read each time, so tests can point it elsewhere). */
export function uploadsDir(): string {
  return path.join(dataDir(), "uploads");
}

/** The file on disk behind a stored upload's name, or null for anything the disk storage did not write. */
export function uploadPath(name: string): { file: string; mime: string } | null {
  const match = STORED_MEDIA_NAME.exec(name);
  if (!match) return null;
  return { file: path.join(uploadsDir(), name), mime: mediaTypes[match[1]!]! };
}

/** Files under DATA_DIR/uploads, never overwritten (random names, exclusive create). */
export function localDiskStorage(): MediaStorage {
  const originalsDir = () => path.join(uploadsDir(), "originals");
  const storage: MediaStorage = {
    async store(items) {
      if (items.length === 0) return [];
      await mkdir(uploadsDir(), { recursive: true });
      return storeAll(
        items,
        async (name, item) => {
          await writeFile(path.join(uploadsDir(), name), item.bytes, { flag: "wx", mode: 0o644 });
          return UPLOADS_PREFIX + name;
        },
        storage.remove,
      );
    },
    async storeImage(image) {
      // The originals keep their metadata (EXIF, GPS): files 0600 in a folder that is the owner's
      // only (0700, also when an older version made it 0755). The renditions beside them are
      // published under /uploads/ anyway and stay 0644.
      await mkdir(originalsDir(), { recursive: true, mode: 0o700 });
      await chmod(originalsDir(), 0o700);
      const written: string[] = [];
      try {
        for (const file of image.files) {
          await writeFile(path.join(uploadsDir(), file.name), file.bytes, { mode: 0o644 });
          written.push(file.name);
        }
        const original = originalName(image);
        await writeFile(path.join(uploadsDir(), original), image.original.bytes, { flag: "wx", mode: 0o600 });
      } catch (error) {
        await Promise.all(written.map((name) => rm(path.join(uploadsDir(), name), { force: true })));
        throw error;
      }
      return `${UPLOADS_PREFIX}${image.key}.jpg`;
    },
    async read(url) {
      const target = url.startsWith(UPLOADS_PREFIX) ? uploadPath(url.slice(UPLOADS_PREFIX.length)) : null;
      if (!target) return null;
      try {
        return await readFile(target.file);
      } catch {
        return null;
      }
    },
    async remove(urls) {
      for (const url of urls) {
        if (!url?.startsWith(UPLOADS_PREFIX)) continue;
        const name = url.slice(UPLOADS_PREFIX.length);
        for (const file of storedNames(name)) await rm(path.join(uploadsDir(), file), { force: true });
        const image = processedImage(name);
        if (image) {
          const originals = await readdir(originalsDir()).catch(() => [] as string[]);
          for (const file of originals.filter((entry) => entry.startsWith(`${image.id}-`))) await rm(path.join(originalsDir(), file), { force: true });
        }
      }
    },
  };
  return storage;
}

export interface SupabaseStorageConfig {
  url: string;
  bucket: string;
  serviceKey: string;
}

/**
 * A public Supabase Storage bucket, through supabase-js. The service-role key stays on the server;
 * the bucket must be public, since the images are shown to everyone.
 */
export function supabaseMediaStorage(config: SupabaseStorageConfig): MediaStorage {
  const bucket = createServerSupabaseClient(config.url, config.serviceKey, { timeoutMs: 60_000 }).storage.from(config.bucket);
  // getPublicUrl only builds the address; the prefix tells our objects' URLs from any other.
  const publicPrefix = bucket.getPublicUrl("").data.publicUrl.replace(/\/*$/, "/");
  const storage: MediaStorage = {
    async store(items) {
      return storeAll(
        items,
        async (name, item) => {
          const { error } = await bucket.upload(name, item.bytes, { contentType: item.type.mime, upsert: false, cacheControl: "31536000" });
          if (error) throw new Error(`Supabase Storage refused the upload (${describe(error)}).`);
          return bucket.getPublicUrl(name).data.publicUrl;
        },
        storage.remove,
      );
    },
    async storeImage(image) {
      const written: string[] = [];
      const put = async (name: string, bytes: Uint8Array, mime: string, upsert: boolean) => {
        const { error } = await bucket.upload(name, bytes, { contentType: mime, upsert, cacheControl: "31536000" });
        if (error) throw new Error(`Supabase Storage refused the upload (${describe(error)}).`);
        written.push(name);
      };
      try {
        for (const file of image.files) await put(file.name, file.bytes, file.mime, true);
        await put(originalName(image), image.original.bytes, image.original.type.mime, false);
      } catch (error) {
        if (written.length > 0) await bucket.remove(written);
        throw error;
      }
      return bucket.getPublicUrl(`${image.key}.jpg`).data.publicUrl;
    },
    async read(url) {
      if (!url.startsWith(publicPrefix) || !STORED_MEDIA_NAME.test(url.slice(publicPrefix.length))) return null;
      const { data, error } = await bucket.download(url.slice(publicPrefix.length));
      if (error || !data) return null;
      return new Uint8Array(await data.arrayBuffer());
    },
    async remove(urls) {
      const mine = urls.filter((url): url is string => Boolean(url?.startsWith(publicPrefix))).map((url) => url.slice(publicPrefix.length));
      const names = mine.flatMap(storedNames);
      for (const image of mine.map((name) => processedImage(name)).filter((image) => image !== null)) {
        const { data } = await bucket.list("originals", { search: `${image.id}-` });
        names.push(...(Array.isArray(data) ? data : []).filter((entry) => entry.name.startsWith(`${image.id}-`)).map((entry) => `originals/${entry.name}`));
      }
      if (names.length === 0) return;
      const { error } = await bucket.remove(names);
      // The product is already gone or changed; an orphaned file is only logged.
      if (error) console.error(`Supabase Storage did not delete ${names.join(", ")} (${describe(error)}).`);
    },
  };
  return storage;
}

function describe(error: Error): string {
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return status ? `HTTP ${String(status)}: ${error.message}` : error.message;
}

let cached: { key: string; storage: MediaStorage } | undefined;

/**
 * The storage the settings choose. With a bucket, files written to disk before it was configured
 * are still removed from disk when their product changes.
 */
export function mediaStorage(): MediaStorage {
  const { SUPABASE_STORAGE_BUCKET: bucket, SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: serviceKey } = env();
  const key = [bucket, url, serviceKey].join("\n");
  if (cached?.key === key) return cached.storage;
  let storage: MediaStorage;
  if (!bucket) {
    storage = localDiskStorage();
  } else {
    if (!url || !serviceKey) throw new Error("SUPABASE_STORAGE_BUCKET needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.");
    const remote = supabaseMediaStorage({ url, bucket, serviceKey });
    const disk = localDiskStorage();
    storage = {
      store: remote.store,
      storeImage: remote.storeImage,
      read: async (url) => (await remote.read(url)) ?? disk.read(url),
      remove: async (urls) => {
        await Promise.all([remote.remove(urls), disk.remove(urls)]);
      },
    };
  }
  cached = { key, storage };
  return storage;
}
