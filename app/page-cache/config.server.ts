import { env, parseEnv, type RawEnv } from "~/utils/env.server";

/** The page cache's settings (PAGE_CACHE, PAGE_CACHE_TTL, PAGE_CACHE_MAX_MB) and its fixed limits. */
export type PageCacheConfig = { enabled: boolean; ttlMs: number; maxBytes: number; maxEntries: number };

export function pageCacheConfig(source?: RawEnv): PageCacheConfig {
  const settings = source ? parseEnv(source) : env();
  const ttlMs = settings.PAGE_CACHE_TTL * 1000;
  const maxMb = settings.PAGE_CACHE_MAX_MB;
  return {
    enabled: settings.PAGE_CACHE !== "off" && ttlMs > 0 && maxMb > 0,
    ttlMs,
    maxBytes: maxMb * 1024 * 1024,
    maxEntries: 5_000,
  };
}

/** Longer addresses are never cached (they would only fill the store). */
export const MAX_URL_LENGTH = 1024;
/** Bigger pages are sent but not kept. */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** A render that takes longer is abandoned: its visitors get the page from the app instead. */
export const FILL_TIMEOUT_MS = 15_000;
