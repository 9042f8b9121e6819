import { recordImage, removeUnusedMedia } from "~/models/media-image.server";
import { ImageRefused, inspectImage, processImage, type ImageRefusal, type ProcessedImage } from "~/utils/image-processing.server";
import { mediaStorage } from "~/utils/media-storage.server";

/**
 * Uploaded product and offer images, from bytes to stored addresses: checked (type by its bytes,
 * pixel count from the header), processed (image-processing.server.ts), stored with their variants
 * (media-storage.server.ts) and recorded (media_images). All or nothing: when one image of a form
 * fails, nothing of the form's images stays stored.
 */

/** The first refusal among the uploads (cheap: headers only), or null when all may be processed. */
export async function checkImages(uploads: Uint8Array[]): Promise<ImageRefusal | null> {
  for (const bytes of uploads) {
    try {
      await inspectImage(bytes);
    } catch (error) {
      if (error instanceof ImageRefused) return error.reason;
      throw error;
    }
  }
  return null;
}

/** Processes the uploads (several at once, as many as the processing queue lets run). */
export async function processImages(uploads: Uint8Array[]): Promise<{ ok: true; images: ProcessedImage[] } | { ok: false; reason: ImageRefusal; index: number }> {
  const results = await Promise.allSettled(uploads.map((bytes) => processImage(bytes)));
  const index = results.findIndex((result) => result.status === "rejected");
  const refused = results[index];
  if (refused?.status === "rejected") {
    if (refused.reason instanceof ImageRefused) return { ok: false, reason: refused.reason.reason, index };
    throw refused.reason;
  }
  return { ok: true, images: results.map((result) => (result as PromiseFulfilledResult<ProcessedImage>).value) };
}

/** Stores and records processed images; returns their addresses in order. On failure none stays. */
export async function storeImages(images: ProcessedImage[]): Promise<string[]> {
  const storage = mediaStorage();
  const urls: string[] = [];
  try {
    for (const image of images) {
      const url = await storage.storeImage(image);
      urls.push(url);
      await recordImage(url, image);
    }
  } catch (error) {
    await discardImages(urls);
    throw error;
  }
  return urls;
}

/** Removes images just stored for a change that was not saved after all (files and records). */
export async function discardImages(urls: string[]): Promise<void> {
  await removeUnusedMedia(urls);
}
