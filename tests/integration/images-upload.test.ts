import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createProduct } from "../factories";
import { badImages, leaksMetadata, phonePhoto } from "../setup/photos";
import { submitProductForm } from "~/services/product-form.server";
import { rebuildImages } from "~/services/image-rebuild.server";
import { getMediaImage } from "~/models/media-image.server";
import { deleteProductWithMedia } from "~/models/product-write.server";
import { getProduct } from "~/models/product.server";
import { processedImage, processedImageFiles } from "~/utils/media";
import { loader as uploadsLoader } from "~/routes/uploads.$";

/**
 * Product photos from the admin's upload to the files pages load, on both databases: processed,
 * stored with their variants, the original kept but not served, bad files refused with nothing
 * stored; deleting the product deletes them all; and `npm run images -- rebuild` for images
 * uploaded before (the command itself, which runs the production build, in tests/e2e/product-images.spec.ts).
 */
const ORIGIN = "http://localhost:3000";
let dataDir: string;
let photo: Buffer;
const uploadsDir = () => path.join(dataDir, "uploads");
const files = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir(), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length : 0);

function productForm(images: File[]): FormData {
  const form = new FormData();
  const fields = { name: "Photo Lamp", nameAr: "مصباح", category: "home-office", priceEUR: "19.90", priceCHF: "21.40", stock: "3", inStock: "on" };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const image of images) form.append("images", image);
  return form;
}
const post = (body: FormData) => new Request(`${ORIGIN}/admin/products?index`, { method: "POST", headers: { Origin: ORIGIN }, body });
const jpeg = (bytes: Uint8Array, name = "IMG_0001.jpg") => new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });

async function serve(url: string) {
  const name = url.slice("/uploads/".length);
  return (await uploadsLoader({ request: new Request(`${ORIGIN}${url}`), params: { "*": name }, context: {} })) as Response;
}

beforeAll(async () => {
  photo = await phonePhoto();
});

describe.each(testDbKinds)("product photos on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "images-test-"));
    vi.stubEnv("DATA_DIR", dataDir);
    vi.stubEnv("SUPABASE_STORAGE_BUCKET", "");
    return () => rmSync(dataDir, { recursive: true, force: true });
  });
  const count = async () => (await test.db.query<{ n: number }>("select count(*)::int as n from public.products"))[0]!.n;

  it("processes a 3000×2000 phone photo on upload: upright, recorded, every variant served without metadata and cached for a year", async () => {
    // An originals folder an older version made 0755, under the usual umask: the owner's only after the upload.
    const umask = process.umask(0o022);
    mkdirSync(path.join(dataDir, "uploads", "originals"), { recursive: true });
    chmodSync(path.join(dataDir, "uploads", "originals"), 0o755);
    const result = await submitProductForm(post(productForm([jpeg(photo)]))).finally(() => process.umask(umask));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const product = (await getProduct(result.id))!;
    const ref = processedImage(product.image)!;
    expect(ref).not.toBeNull();
    expect([ref.width, ref.height]).toEqual([2000, 3000]);
    expect(await getMediaImage(product.image)).toMatchObject({ width: 2000, height: 3000, dominantColor: ref.color, widths: ref.widths, formats: ["jpeg", "avif", "webp"] });
    for (const name of processedImageFiles(ref)) {
      const answer = await serve(`/uploads/${name}`);
      expect(answer.status, name).toBe(200);
      expect(answer.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.get("Content-Type")).toBe(name.endsWith(".avif") ? "image/avif" : name.endsWith(".webp") ? "image/webp" : "image/jpeg");
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(leaksMetadata(bytes), name).toEqual([]);
      expect((await sharp(bytes).metadata()).exif, name).toBeUndefined();
    }
    // The original (with its GPS position) is kept under originals/, and no address reaches it.
    const [original] = readdirSync(path.join(uploadsDir(), "originals"));
    expect(original).toMatch(new RegExp(`^${ref.id}-[0-9a-f]{24}\\.jpg$`));
    expect(statSync(path.join(uploadsDir(), "originals")).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(uploadsDir(), "originals", original!)).mode & 0o777).toBe(0o600);
    expect((await serve(`/uploads/originals/${original}`)).status).toBe(404);
    expect((await serve(`/uploads/${ref.id}.jpg`)).status).toBe(404);
    expect(files()).toBe(processedImageFiles(ref).length + 1);

    // Deleting the product deletes every variant and the original.
    expect(await deleteProductWithMedia(result.id)).toBe(true);
    expect(files()).toBe(0);
    expect(await getMediaImage(product.image)).toBeNull();
  });

  it.each([
    ["a zero-byte file", () => badImages.empty(), "imageType"],
    ["a HEIC photo renamed .jpg", () => badImages.heicAsJpg(), "imageType"],
    ["a cut-off JPEG", () => badImages.truncatedJpeg(), "imageDamaged"],
    ["a PNG bomb (50 000 × 50 000 in a few bytes)", () => badImages.pngBomb(), "imagePixels"],
  ])("refuses %s with 400 and its message; no product, no file", async (_label, make, reason) => {
    const before = await count();
    // A good photo beside it: it must not stay stored either.
    const result = await submitProductForm(post(productForm([jpeg(photo, "good.jpg"), jpeg(await make(), "bad.jpg")])));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.reply.error?.images).toEqual([`admin.product.errors.${reason}`]);
    expect(await count()).toBe(before);
    expect(files()).toBe(0);
  });

  it("takes an animated GIF (its first frame), a CMYK JPEG and a 16-bit PNG as ordinary images", async () => {
    for (const make of [badImages.animatedGif, badImages.cmykJpeg, badImages.png16]) {
      const result = await submitProductForm(post(productForm([new File([await make()], "x.bin")])));
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      expect(processedImage((await getProduct(result.id))!.image)).not.toBeNull();
      await deleteProductWithMedia(result.id);
    }
  });

  it("rebuild: processes images uploaded before, points products and offers at them, and a second run does nothing", async () => {
    const legacyId = "0b0e7a52-8a61-4c5e-9a63-1c0d1f3f3c11";
    const legacy = `/uploads/${legacyId}.jpg`;
    mkdirSync(uploadsDir(), { recursive: true });
    writeFileSync(path.join(uploadsDir(), `${legacyId}.jpg`), photo);
    const id = await createProduct(test.db, { name: "Legacy photo", images: [legacy, "/images/products/desk.svg"] });
    await test.db.query("insert into public.offers (title, image, position) values ('Legacy offer', $1, 99)", [legacy]);
    const missing = `/uploads/${"1".repeat(8)}-1111-4111-8111-${"1".repeat(12)}.png`;
    const other = await createProduct(test.db, { name: "Missing file", images: [missing] });
    expect((await serve(legacy)).status).toBe(200);

    const first = await rebuildImages();
    expect(first.found).toBe(2);
    expect(first.failed).toEqual([{ url: missing, reason: "file missing" }]);
    expect(first.processed).toHaveLength(1);
    const to = first.processed[0]!.to;
    expect(first.processed[0]).toMatchObject({ from: legacy, references: 2 });
    expect(to).toMatch(new RegExp(`^/uploads/${legacyId}-2000x3000-[0-9a-f]{6}\\.jpg$`));
    const product = (await getProduct(id))!;
    expect(product.images).toEqual([to, "/images/products/desk.svg"]);
    expect(product.image).toBe(to);
    expect((await test.db.query<{ image: string }>("select image from public.offers where title = 'Legacy offer'"))[0]!.image).toBe(to);
    expect(await getMediaImage(to)).toMatchObject({ sourceUrl: legacy, width: 2000 });
    // The old address is no longer served (its bytes are the kept original); the new files are, stripped.
    expect((await serve(legacy)).status).toBe(404);
    const webp = Buffer.from(await (await serve(to.replace(/\.jpg$/, "-360.webp"))).arrayBuffer());
    expect(leaksMetadata(webp)).toEqual([]);
    expect((await getProduct(other))!.image).toBe(missing);

    const second = await rebuildImages();
    expect(second).toEqual({ found: 1, processed: [], failed: [{ url: missing, reason: "file missing" }] });
    await test.db.query("delete from public.offers where title = 'Legacy offer'");
  });
});
