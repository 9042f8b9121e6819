import { randomUUID } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { env } from "./env.server";
import { IMAGE_MAX_PIXELS, JPEG_FALLBACK_WIDTH, imageWidths, sniffImage, type MediaType } from "./media";

/**
 * Turns an uploaded photo into what pages show (sharp, on libvips' own threads, off the request's
 * event loop): decoded with a pixel limit, turned upright by its EXIF orientation, converted to
 * sRGB, every metadata block dropped (EXIF, GPS, XMP, IPTC, the colour profile: sharp writes none
 * unless asked, and the pixels are sRGB), resized to imageWidths() (never upscaled), each width as
 * AVIF and WebP, and one JPEG fallback; plus the intrinsic size and the dominant colour. An
 * animated GIF (or WebP) keeps its first frame. At most IMAGE_PROCESSING_CONCURRENCY images are
 * processed at once in this process, so ten uploaded photos do not take every core from shoppers.
 *
 * Pure transformation: nothing is stored here (media-storage.server.ts does that).
 */

export type ImageRefusal =
  /** Not an image type the shop takes (by its bytes), or empty. */
  | "imageType"
  /** More than IMAGE_MAX_PIXELS. */
  | "imagePixels"
  /** Looks like an image but does not decode (cut off, corrupt). */
  | "imageDamaged";

export class ImageRefused extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(`image refused: ${reason}`);
    this.name = "ImageRefused";
  }
}

export interface ImageFile {
  /** The file's name under the image's key, e.g. `<key>-320.avif`. */
  name: string;
  bytes: Uint8Array;
  mime: string;
}

export interface ProcessedImage {
  id: string;
  /** `<id>-<W>x<H>-<rrggbb>`: every file's name starts with it. */
  key: string;
  width: number;
  height: number;
  /** `#rrggbb` */
  color: string;
  /** The JPEG fallback first, then the variants. */
  files: ImageFile[];
  /** The upload as it came (kept, never served), with its sniffed type. */
  original: { bytes: Uint8Array; type: MediaType };
}

// Lower efforts than the defaults: about half the encoding time for files as small (measured on 3000×2000 photos).
const AVIF = { quality: 50, effort: 1 } as const;
const WEBP = { quality: 76, effort: 2 } as const;
const JPEG = { quality: 80, mozjpeg: true, progressive: true } as const;

/** Checks an upload's type and size from its header only (no pixels decoded); throws ImageRefused. */
export async function inspectImage(bytes: Uint8Array): Promise<{ type: MediaType; width: number; height: number }> {
  const type = bytes.length > 0 ? sniffImage(bytes) : null;
  if (!type) throw new ImageRefused("imageType");
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused("imageDamaged");
  }
  if (!meta.width || !meta.height) throw new ImageRefused("imageDamaged");
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new ImageRefused("imagePixels");
  // EXIF orientations 5–8 swap the sides.
  const swap = (meta.orientation ?? 1) >= 5;
  return { type, width: swap ? meta.height : meta.width, height: swap ? meta.width : meta.height };
}

/** Processes one upload (waits for a free slot first). Throws ImageRefused for bad input. */
export async function processImage(bytes: Uint8Array, id: string = randomUUID()): Promise<ProcessedImage> {
  const { type, width, height } = await inspectImage(bytes);
  return withSlot(async () => {
    try {
      return await encode(bytes, type, id, width, height);
    } catch (error) {
      if (error instanceof ImageRefused) throw error;
      // libvips' words for a file it cannot read (truncated, corrupt data, unsupported inside).
      throw new ImageRefused("imageDamaged");
    }
  });
}

async function encode(bytes: Uint8Array, type: MediaType, id: string, width: number, height: number): Promise<ProcessedImage> {
  const widths = imageWidths(width);
  const largest = widths[widths.length - 1]!;
  // Decode once, upright, sRGB, at the largest width needed; every output is made from these pixels.
  // failOn "error": a truncated file is refused rather than shown half grey.
  const { data, info } = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error", animated: false })
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const from = () => sharp(data, { raw });

  const stats = await from().resize({ width: 64 }).stats();
  const { r, g, b } = stats.dominant;
  const hex = [r, g, b].map((value) => value.toString(16).padStart(2, "0")).join("");
  const key = `${id}-${width}x${height}-${hex}`;

  const files: ImageFile[] = [];
  const fallbackWidth = Math.min(JPEG_FALLBACK_WIDTH, largest);
  files.push({
    name: `${key}.jpg`,
    mime: "image/jpeg",
    bytes: await from().resize({ width: fallbackWidth }).flatten({ background: "#ffffff" }).jpeg(JPEG).toBuffer(),
  });
  for (const size of widths) {
    const resized = () => (size === info.width ? from() : from().resize({ width: size }));
    files.push({ name: `${key}-${size}.avif`, mime: "image/avif", bytes: await resized().avif(AVIF).toBuffer() });
    files.push({ name: `${key}-${size}.webp`, mime: "image/webp", bytes: await resized().webp(WEBP).toBuffer() });
  }
  return { id, key, width, height, color: `#${hex}`, files, original: { bytes, type } };
}

// A small queue: IMAGE_PROCESSING_CONCURRENCY images at a time in this process.
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finished image hands its slot straight to the next waiting one (running stays counted).
  if (running >= env().IMAGE_PROCESSING_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** How many images are being processed or waiting (for tests and logs). */
export function imageQueue(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
