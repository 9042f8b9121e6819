import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { dataDir } from "./env.server";
import { isShopImagePath, mediaTypes, STORED_MEDIA_NAME, type MediaType } from "./media";
import { createServerSupabaseClient } from "./supabase-client.server";
import { env } from "./env.server";

/**
 * Where uploaded product media live, behind one interface: files under DATA_DIR/uploads (served
 * under /uploads/ by app/routes/uploads.$.tsx), or a public Supabase Storage bucket when
 * SUPABASE_STORAGE_BUCKET is set (with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY), so several
 * servers behind a load balancer share them. Media are stored only after they were validated,
 * under random names; nothing here looks at their content.
 */
export interface MediaItem {
  bytes: Uint8Array;
  type: MediaType;
}

export interface MediaStorage {
  /** Stores the items under new random names and returns their public URLs, in order. All or nothing. */
  store(items: MediaItem[]): Promise<string[]>;
  /** Deletes stored media by URL. URLs this storage did not write (seed images, other sites) are left alone. */
  remove(urls: Array<string | null | undefined>): Promise<void>;
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
    async remove(urls) {
      for (const url of urls) {
        if (!url?.startsWith(UPLOADS_PREFIX)) continue;
        const target = uploadPath(url.slice(UPLOADS_PREFIX.length));
        if (target) await rm(target.file, { force: true });
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
    async remove(urls) {
      const names = urls
        .filter((url): url is string => Boolean(url?.startsWith(publicPrefix)))
        .map((url) => url.slice(publicPrefix.length))
        .filter((name) => STORED_MEDIA_NAME.test(name));
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
      remove: async (urls) => {
        await Promise.all([remote.remove(urls), disk.remove(urls)]);
      },
    };
  }
  cached = { key, storage };
  return storage;
}
