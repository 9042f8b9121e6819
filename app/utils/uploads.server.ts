import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { unstable_parseMultipartFormData } from "@remix-run/node";
import { dataDir } from "./env.server";

/**
 * Product media are files, never data URLs in the database: validated by their first bytes (not
 * by the name or the browser's MIME type), written under DATA_DIR/uploads with random names, and
 * served under /uploads/ (app/routes/uploads.$.tsx).
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const MAX_IMAGES = 10;
/** Text fields are cut here; anything longer fails its length check anyway. */
const TEXT_MAX_BYTES = 100 * 1024;
const MAX_PARTS = 300;
export const MAX_REQUEST_BYTES = MAX_IMAGES * IMAGE_MAX_BYTES + VIDEO_MAX_BYTES + 2 * 1024 * 1024;

export type MediaKind = "image" | "video";
export interface MediaType {
  ext: string;
  mime: string;
}

export const mediaTypes: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  mp4: "video/mp4",
  webm: "video/webm",
};

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

const IMAGE_BRANDS_IN_FTYP = new Set(["avif", "avis", "heic", "heix", "heim", "heis", "mif1", "msf1"]);

/** The image type the bytes really are (JPEG, PNG, WebP, AVIF, GIF), or null. */
export function sniffImage(bytes: Uint8Array): MediaType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { ext: "jpg", mime: mediaTypes.jpg! };
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) {
    return { ext: "png", mime: mediaTypes.png! };
  }
  const head6 = ascii(bytes, 0, 6);
  if (head6 === "GIF87a" || head6 === "GIF89a") return { ext: "gif", mime: mediaTypes.gif! };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return { ext: "webp", mime: mediaTypes.webp! };
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    const brands = ftypBrands(bytes);
    if (brands.includes("avif") || brands.includes("avis")) return { ext: "avif", mime: mediaTypes.avif! };
  }
  return null;
}

/** The video type the bytes really are (MP4 by its ftyp box, WebM by its EBML header), or null. */
export function sniffVideo(bytes: Uint8Array): MediaType | null {
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return { ext: "webm", mime: mediaTypes.webm! };
  }
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    const major = ascii(bytes, 8, 12);
    if (/^[\x20-\x7e]{4}$/.test(major) && !IMAGE_BRANDS_IN_FTYP.has(major)) return { ext: "mp4", mime: mediaTypes.mp4! };
  }
  return null;
}

function ftypBrands(bytes: Uint8Array): string[] {
  const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(bytes.length, Math.max(16, Math.min(size, 64)));
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

export interface UploadedFile {
  filename: string;
  bytes: Uint8Array;
}

export type UploadProblem = "tooLarge" | "tooMany" | "unexpected";

export interface MultipartResult {
  /** The text fields, as a FormData for the form's schema (files are not in it). */
  fields: FormData;
  files: Record<string, UploadedFile[]>;
  problems: Record<string, UploadProblem>;
}

export class RequestTooLargeError extends Error {}

export interface FileLimit {
  maxBytes: number;
  maxCount: number;
}

/**
 * Reads a multipart form with limits: each file field has a maximum size and count (the rest of an
 * oversized file is read and dropped, so the other fields still arrive and can be shown again),
 * empty file inputs are ignored, text fields are cut at 100 kB, and the whole body at
 * MAX_REQUEST_BYTES (RequestTooLargeError). Nothing is written to disk here.
 */
export async function readMultipartForm(
  request: Request,
  fileLimits: Record<string, FileLimit> | ((field: string) => FileLimit | undefined),
): Promise<MultipartResult> {
  const limitFor = typeof fileLimits === "function" ? fileLimits : (field: string) => fileLimits[field];
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_REQUEST_BYTES) throw new RequestTooLargeError();
  const files: Record<string, UploadedFile[]> = {};
  const problems: Record<string, UploadProblem> = {};
  let total = 0;
  let parts = 0;
  const fields = await unstable_parseMultipartFormData(request, async ({ name, filename, data }) => {
    parts += 1;
    if (parts > MAX_PARTS) throw new RequestTooLargeError();
    const isFile = typeof filename === "string";
    const limit = isFile ? limitFor(name) : undefined;
    const maxBytes = isFile ? (limit?.maxBytes ?? 0) : TEXT_MAX_BYTES;
    const chunks: Uint8Array[] = [];
    let size = 0;
    let overflow = false;
    for await (const chunk of data) {
      total += chunk.byteLength;
      if (total > MAX_REQUEST_BYTES) throw new RequestTooLargeError();
      if (overflow) continue;
      if (size + chunk.byteLength > maxBytes) {
        overflow = true;
        if (!isFile) chunks.push(chunk.subarray(0, maxBytes - size));
        continue;
      }
      size += chunk.byteLength;
      chunks.push(chunk);
    }
    const bytes = concat(chunks);
    if (!isFile) return new TextDecoder().decode(bytes);
    // An empty file input sends a part with no name and no bytes.
    if (filename === "" && bytes.length === 0 && !overflow) return undefined;
    if (!limit) {
      problems[name] = "unexpected";
    } else if (overflow) {
      problems[name] = "tooLarge";
    } else if ((files[name]?.length ?? 0) >= limit.maxCount) {
      problems[name] ??= "tooMany";
    } else {
      (files[name] ??= []).push({ filename: filename ?? "", bytes });
    }
    return undefined;
  });
  return { fields, files, problems };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Where uploads live: DATA_DIR/uploads (DATA_DIR is read each time, so tests can point it elsewhere). */
export function uploadsDir(): string {
  return path.join(dataDir(), "uploads");
}

export const UPLOADS_PREFIX = "/uploads/";
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|avif|gif|mp4|webm)$/;

/** The file on disk behind a stored upload's name, or null for anything we did not write. */
export function uploadPath(name: string): { file: string; mime: string } | null {
  const match = STORED_NAME.exec(name);
  if (!match) return null;
  return { file: path.join(uploadsDir(), name), mime: mediaTypes[match[1]!]! };
}

/**
 * Where uploads go: files under DATA_DIR/uploads by default; a Supabase Storage bucket when
 * SUPABASE_STORAGE_BUCKET is set (with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY), so several
 * servers behind a load balancer share them. The bucket must be public (images are shown to
 * everyone); the service-role key stays on the server.
 */
export interface SupabaseStorage {
  url: string;
  bucket: string;
  serviceKey: string;
}

export function supabaseStorage(): SupabaseStorage | null {
  const bucket = process.env.SUPABASE_STORAGE_BUCKET;
  const url = process.env.SUPABASE_URL?.replace(/\/+$/, "");
  const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!bucket) return null;
  if (!url || !serviceKey) throw new Error("SUPABASE_STORAGE_BUCKET needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.");
  return { url, bucket, serviceKey };
}

function publicPrefix(storage: SupabaseStorage) {
  return `${storage.url}/storage/v1/object/public/${encodeURIComponent(storage.bucket)}/`;
}

function storageHeaders(storage: SupabaseStorage, contentType?: string): Record<string, string> {
  return {
    Authorization: `Bearer ${storage.serviceKey}`,
    apikey: storage.serviceKey,
    ...(contentType ? { "Content-Type": contentType } : {}),
  };
}

async function putObject(storage: SupabaseStorage, name: string, item: { bytes: Uint8Array; type: MediaType }) {
  const response = await fetch(`${storage.url}/storage/v1/object/${encodeURIComponent(storage.bucket)}/${name}`, {
    method: "POST",
    headers: { ...storageHeaders(storage, item.type.mime), "x-upsert": "false", "Cache-Control": "max-age=31536000" },
    body: new Blob([item.bytes as Uint8Array<ArrayBuffer>], { type: item.type.mime }),
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok) throw new Error(`Supabase Storage refused the upload (HTTP ${response.status}).`);
  return publicPrefix(storage) + name;
}

/** Writes validated media under random names; returns their public URLs. All or nothing. */
export async function storeMedia(items: Array<{ bytes: Uint8Array; type: MediaType }>): Promise<string[]> {
  if (items.length === 0) return [];
  const storage = supabaseStorage();
  if (!storage) await mkdir(uploadsDir(), { recursive: true });
  const urls: string[] = [];
  try {
    for (const item of items) {
      const name = `${randomUUID()}.${item.type.ext}`;
      if (storage) {
        urls.push(await putObject(storage, name, item));
      } else {
        await writeFile(path.join(uploadsDir(), name), item.bytes, { flag: "wx", mode: 0o644 });
        urls.push(UPLOADS_PREFIX + name);
      }
    }
  } catch (error) {
    await removeMedia(urls);
    throw error;
  }
  return urls;
}

/** Deletes stored uploads by URL; URLs that are not our uploads (seed images, external) are left alone. */
export async function removeMedia(urls: Array<string | null | undefined>): Promise<void> {
  const storage = supabaseStorage();
  const remote: string[] = [];
  for (const url of urls) {
    if (storage && url?.startsWith(publicPrefix(storage))) {
      const name = url.slice(publicPrefix(storage).length);
      if (STORED_NAME.test(name)) remote.push(name);
      continue;
    }
    if (!url?.startsWith(UPLOADS_PREFIX)) continue;
    const target = uploadPath(url.slice(UPLOADS_PREFIX.length));
    if (target) await rm(target.file, { force: true });
  }
  if (storage && remote.length > 0) {
    const response = await fetch(`${storage.url}/storage/v1/object/${encodeURIComponent(storage.bucket)}`, {
      method: "DELETE",
      headers: storageHeaders(storage, "application/json"),
      body: JSON.stringify({ prefixes: remote }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) console.error(`Supabase Storage did not delete ${remote.join(", ")} (HTTP ${response.status}).`);
  }
}
