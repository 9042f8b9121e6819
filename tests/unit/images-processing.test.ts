import sharp from "sharp";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { ProductImage } from "~/components/product-image";
import { ImageRefused, processImage, type ProcessedImage } from "~/utils/image-processing.server";
import { IMAGE_WIDTHS, imageWidths, processedImage } from "~/utils/media";
import { badImages, CAMERA, exifTags, leaksMetadata, phonePhoto } from "../setup/photos";

/**
 * Uploaded photos as a phone writes them (3000×2000 JPEG, EXIF orientation 6, GPS, camera serial,
 * XMP): what processing makes of them, and of bad input.
 */
let photo: Buffer;
let image: ProcessedImage;

beforeAll(async () => {
  photo = await phonePhoto();
  image = await processImage(photo);
});

describe("processing an uploaded photo", () => {
  it("starts from a real phone photo: megabytes, turned by EXIF, with GPS and the camera's serial", async () => {
    expect(photo.byteLength).toBeGreaterThan(2_000_000);
    const meta = await sharp(photo).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([3000, 2000, 6]);
    expect(exifTags(meta.exif)).toContain(0x8825); // the GPS block
    expect(leaksMetadata(photo)).toEqual(expect.arrayContaining([CAMERA.make, CAMERA.xmp]));
  });

  it("turns it upright and records its intrinsic size and dominant colour", () => {
    expect([image.width, image.height]).toEqual([2000, 3000]);
    expect(image.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(image.key).toBe(`${image.id}-2000x3000-${image.color.slice(1)}`);
  });

  it("makes every width up to 1920 as AVIF and WebP, plus one JPEG fallback, each upright and the size its name says", async () => {
    const names = image.files.map((file) => file.name);
    expect(names[0]).toBe(`${image.key}.jpg`);
    for (const width of IMAGE_WIDTHS) {
      expect(names).toContain(`${image.key}-${width}.avif`);
      expect(names).toContain(`${image.key}-${width}.webp`);
    }
    expect(names).toHaveLength(1 + IMAGE_WIDTHS.length * 2);
    for (const file of image.files) {
      const meta = await sharp(file.bytes).metadata();
      const expected = file.name.endsWith(".jpg") ? { format: "jpeg", width: 960 } : { format: file.name.endsWith(".avif") ? "heif" : "webp", width: Number(/-(\d+)\.\w+$/.exec(file.name)![1]) };
      expect({ format: meta.format, width: meta.width }).toEqual(expected);
      // Upright: portrait, in the photo's proportions (2:3).
      expect(Math.abs(meta.height! - Math.round((meta.width! * 3) / 2))).toBeLessThanOrEqual(1);
    }
    // A phone loads a phone-sized image: the 360 px WebP is a small part of the upload.
    expect(image.files.find((file) => file.name.endsWith("-360.webp"))!.bytes.byteLength).toBeLessThan(photo.byteLength / 20);
  });

  it("drops every metadata block: no EXIF, GPS, XMP, IPTC or camera strings in any file", async () => {
    for (const file of image.files) {
      expect(leaksMetadata(file.bytes), file.name).toEqual([]);
      const meta = await sharp(file.bytes).metadata();
      expect([meta.exif, meta.xmp, meta.iptc, meta.orientation], file.name).toEqual([undefined, undefined, undefined, undefined]);
    }
  });

  it("never upscales: a small image gets the widths below its own and its own", async () => {
    expect(imageWidths(500)).toEqual([160, 360, 500]);
    expect(imageWidths(3000)).toEqual([...IMAGE_WIDTHS]);
    const small = await processImage(await phonePhoto({ width: 500, height: 400, orientation: 1 }));
    const widths = await Promise.all(small.files.map(async (file) => (await sharp(file.bytes).metadata()).width));
    expect(Math.max(...widths)).toBe(500);
  });
});

describe("bad input", () => {
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => "processed",
      (error: unknown) => (error instanceof ImageRefused ? error.reason : `unexpected: ${String(error)}`),
    );

  it("refuses images over 40 megapixels from the header, before decoding (a PNG bomb)", async () => {
    expect(await refusal(badImages.pngBomb().then((bytes) => processImage(bytes)))).toBe("imagePixels");
    // 7000 × 6000 = 42 MP, a real file.
    const large = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: "#abc" } }).jpeg().toBuffer();
    expect(await refusal(processImage(large))).toBe("imagePixels");
  });

  it("refuses an empty file, a HEIC named .jpg and a cut-off JPEG with their own reasons", async () => {
    expect(await refusal(processImage(badImages.empty()))).toBe("imageType");
    expect(await refusal(processImage(badImages.heicAsJpg()))).toBe("imageType");
    expect(await refusal(badImages.truncatedJpeg().then((bytes) => processImage(bytes)))).toBe("imageDamaged");
  });

  it("keeps an animated GIF's first frame, and turns CMYK and 16-bit images into ordinary sRGB", async () => {
    const gif = await processImage(await badImages.animatedGif());
    expect([gif.width, gif.height]).toEqual([40, 40]);
    const first = await sharp(gif.files.find((file) => file.name.endsWith("-40.webp"))!.bytes).raw().toBuffer();
    expect(first[0]).toBeGreaterThan(200); // the first frame is white, the second dark
    for (const make of [badImages.cmykJpeg, badImages.png16]) {
      const processed = await processImage(await make());
      const meta = await sharp(processed.files[0]!.bytes).metadata();
      expect([meta.space, meta.depth, meta.width]).toEqual(["srgb", "uchar", 400]);
    }
  });
});

describe("the picture element", () => {
  const render = (props: Parameters<typeof ProductImage>[0]) => renderToStaticMarkup(createElement(ProductImage, props));

  it("draws a processed image with AVIF and WebP srcset, sizes, its size, its colour, lazily", () => {
    const url = `/uploads/${image.key}.jpg`;
    const html = render({ src: url, width: 600, height: 600, sizes: "50vw" });
    const ref = processedImage(url)!;
    // Hidden sources: in a flex row (the picture is display: contents) they would be items with gaps of their own.
    expect(html).toContain(`<source type="image/avif" srcSet="${ref.srcset("avif")}" sizes="50vw" class="hidden"/>`);
    expect(html).toContain(`srcSet="/uploads/${image.key}-160.webp 160w, /uploads/${image.key}-360.webp 360w`);
    expect(html).toContain('width="2000" height="3000"');
    expect(html).toContain(`background-color:${image.color}`);
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain("fetchpriority");
  });

  it("loads the page's main image first, and leaves the demo's SVG drawings as they are", () => {
    expect(render({ src: `/uploads/${image.key}.jpg`, width: 600, height: 600, sizes: "100vw", priority: true })).toMatch(/loading="eager" fetchpriority="high"/);
    const svg = render({ src: "/images/products/desk.svg", width: 600, height: 600, sizes: "50vw" });
    expect(svg).toBe('<img src="/images/products/desk.svg" alt="" width="600" height="600" loading="lazy"/>');
  });
});
