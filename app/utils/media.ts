/**
 * What a product image or video may be: its types, its size limits, and how its real type is told
 * from its first bytes (never from the file name or the browser's MIME type). Pure functions, no I/O.
 */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Images with more pixels than this (width × height) are refused before they are decoded. */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const MAX_IMAGES = 10;
/** The largest multipart body the upload forms accept: every image, a video and the text fields. */
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

/**
 * A path of the shop's own images (browser-safe): a public file under /images/ or an upload under
 * /uploads/, in plain segments (no "..", no query, no escapes), so the browser asks for exactly that
 * file of this site (what the Content-Security-Policy's img-src 'self' allows).
 */
export function isShopImagePath(url: string): boolean {
  return url.length <= 500 && /^\/(?:images|uploads)(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/.test(url);
}

/**
 * The names stored media get: a random UUID and the extension of their sniffed type (videos, and
 * images uploaded before images were processed), or a processed image's file (PROCESSED_IMAGE_NAME).
 */
export const STORED_MEDIA_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-[1-9]\d{0,4}x[1-9]\d{0,4}-[0-9a-f]{6}(?:-[1-9]\d{0,4})?)?\.(jpg|png|webp|avif|gif|mp4|webm)$/;
/** A name from before processing: UUID + extension (the shop's uploads up to this change). */
export const LEGACY_IMAGE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp|avif|gif)$/;

/**
 * A processed product image is a set of files named after one key, `<uuid>-<W>x<H>-<rrggbb>`: the
 * intrinsic size (after EXIF orientation) and the dominant colour travel in the name, so every page
 * and e-mail can draw `srcset`, `width`/`height` and the placeholder from the address alone (no
 * lookup). `<key>.jpg` is the JPEG fallback (at most JPEG_FALLBACK_WIDTH wide) and the address the
 * database stores; `<key>-<w>.avif` / `<key>-<w>.webp` are the variants, one per width of
 * imageWidths(W). Names never change content (a new image gets a new UUID), hence immutable caching.
 */
export const PROCESSED_IMAGE_NAME =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([1-9]\d{0,4})x([1-9]\d{0,4})-([0-9a-f]{6})(?:-([1-9]\d{0,4}))?\.(jpg|webp|avif)$/;
// 360 rather than 320: a card on a 375–390 px phone is 165–175 CSS px, 330–350 device pixels at DPR 2.
export const IMAGE_WIDTHS = [160, 360, 640, 960, 1280, 1920] as const;
export const JPEG_FALLBACK_WIDTH = 960;
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** The widths made of an image `width` pixels wide: the standard ones below it, and its own (never upscaled). */
export function imageWidths(width: number): number[] {
  const below = IMAGE_WIDTHS.filter((w) => w < width);
  return width <= IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]! ? [...below, width] : [...IMAGE_WIDTHS];
}

export interface ProcessedImageRef {
  /** Everything before the file name (`/uploads/` or a Storage bucket's public URL). */
  base: string;
  id: string;
  key: string;
  width: number;
  height: number;
  /** The dominant colour, `#rrggbb`. */
  color: string;
  widths: number[];
  /** The JPEG fallback's address. */
  src: string;
  srcset(format: VariantFormat): string;
}

/** A processed image's parts from its address (the fallback's, or any variant's), else null. */
export function processedImage(url: string): ProcessedImageRef | null {
  const slash = url.lastIndexOf("/");
  const match = PROCESSED_IMAGE_NAME.exec(url.slice(slash + 1));
  if (!match) return null;
  const [, id, w, h, color] = match;
  const base = url.slice(0, slash + 1);
  const width = Number(w);
  const key = `${id}-${w}x${h}-${color}`;
  const widths = imageWidths(width);
  return {
    base,
    id: id!,
    key,
    width,
    height: Number(h),
    color: `#${color}`,
    widths,
    src: `${base}${key}.jpg`,
    srcset: (format) => widths.map((size) => `${base}${key}-${size}.${format} ${size}w`).join(", "),
  };
}

/** What a page draws of a processed image: a lean reading of its fallback's address (the page's JavaScript carries only this). */
export interface DisplayImage {
  src: string;
  width: number;
  height: number;
  color: string;
  srcset(format: VariantFormat): string;
}

const DISPLAY_NAME = /\/[0-9a-f-]{36}-([1-9]\d{0,4})x([1-9]\d{0,4})-([0-9a-f]{6})\.jpg$/;

/** A processed image's fallback address read for drawing (its `<picture>`), else null (SVG drawings, old uploads). */
export function displayImage(url: string): DisplayImage | null {
  const match = DISPLAY_NAME.exec(url);
  if (!match) return null;
  const width = Number(match[1]);
  const stem = url.slice(0, -4);
  const widths = imageWidths(width);
  return {
    src: url,
    width,
    height: Number(match[2]),
    color: `#${match[3]}`,
    srcset: (format) => widths.map((size) => `${stem}-${size}.${format} ${size}w`).join(", "),
  };
}

/** Every file name of a processed image (fallback and variants), for removal (a function of its own: pages never need it). */
export function processedImageFiles(image: ProcessedImageRef): string[] {
  return [`${image.key}.jpg`, ...VARIANT_FORMATS.flatMap((format) => image.widths.map((size) => `${image.key}-${size}.${format}`))];
}

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
