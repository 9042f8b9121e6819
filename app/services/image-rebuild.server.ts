import { getDb } from "~/db/db.server";
import { legacyImageUrls, recordImage, replaceImageUrl } from "~/models/media-image.server";
import { ImageRefused, processImage } from "~/utils/image-processing.server";
import { LEGACY_IMAGE_NAME } from "~/utils/media";
import { mediaStorage } from "~/utils/media-storage.server";

/**
 * `npm run images -- rebuild` (scripts/images.mjs): processes the images uploaded before uploads
 * were processed, which products and offers still show. One image at a time, each to the end: its
 * processed files and original stored (named after the old upload's UUID, so a run that stopped
 * half-way writes the same names again), then in one transaction recorded and every product and
 * offer pointed at the new address, then the old file removed (its bytes are kept as the
 * original). Running it again finds nothing left to do; images that cannot be read are reported
 * and left as they are.
 */
export interface RebuildReport {
  found: number;
  processed: Array<{ from: string; to: string; references: number; bytesBefore: number; bytesAfter: number }>;
  failed: Array<{ url: string; reason: string }>;
}

export async function rebuildImages(log: (line: string) => void = () => {}): Promise<RebuildReport> {
  const db = await getDb();
  const storage = mediaStorage();
  const urls = await legacyImageUrls(db);
  const report: RebuildReport = { found: urls.length, processed: [], failed: [] };
  log(urls.length === 0 ? "No images uploaded before processing: nothing to do." : `${urls.length} image(s) uploaded before processing.`);
  for (const [index, url] of urls.entries()) {
    const prefix = `[${index + 1}/${urls.length}] ${url}`;
    const bytes = await storage.read(url);
    if (!bytes) {
      report.failed.push({ url, reason: "file missing" });
      log(`${prefix}: file missing, left as it is`);
      continue;
    }
    const id = LEGACY_IMAGE_NAME.exec(url.slice(url.lastIndexOf("/") + 1))![1]!;
    let image;
    try {
      image = await processImage(bytes, id);
    } catch (error) {
      if (!(error instanceof ImageRefused)) throw error;
      report.failed.push({ url, reason: error.reason });
      log(`${prefix}: ${error.reason}, left as it is`);
      continue;
    }
    // Leftovers of a run that stopped after storing this image's files (same names; its original).
    await storage.remove([`${url.slice(0, url.lastIndexOf("/") + 1)}${image.key}.jpg`]);
    const to = await storage.storeImage(image);
    const references = await db.transaction(async (tx) => {
      await recordImage(to, image, url, tx);
      return replaceImageUrl(url, to, tx);
    });
    await storage.remove([url]);
    const bytesAfter = image.files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
    report.processed.push({ from: url, to, references, bytesBefore: bytes.byteLength, bytesAfter });
    log(`${prefix} -> ${to} (${image.width}x${image.height}, ${image.files.length} files, ${references} reference(s))`);
  }
  log(`Done: ${report.processed.length} processed, ${report.failed.length} left as they were.`);
  return report;
}
