import sharp from "sharp";

/**
 * Real-sized test photos, made with sharp: what a phone camera writes (a 3000×2000 JPEG of 2–3 MB
 * with its EXIF orientation, camera make, serial number and GPS position, and XMP), and the bad
 * inputs an upload must survive.
 */
export interface PhotoOptions {
  width?: number;
  height?: number;
  /** EXIF orientation; 6 = the camera was turned (the pixels lie on their side). */
  orientation?: number;
  seed?: number;
}

/** Noisy gradients (photo-like: they do not compress to nothing). */
function pixels(width: number, height: number, seed: number): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  let state = seed || 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      const noise = (state / 0x7fffffff) * 40;
      const i = (y * width + x) * 3;
      raw[i] = Math.min(255, (x * 200) / width + noise + seed * 7) | 0;
      raw[i + 1] = Math.min(255, (y * 200) / height + noise) | 0;
      raw[i + 2] = Math.min(255, 120 + 40 * Math.sin(x / 50) + noise) | 0;
    }
  }
  return raw;
}

export const CAMERA = { make: "TestCam", serial: "SN-4711-SERIAL", xmp: "XMP-SECRET-LOCATION" };

export async function phonePhoto({ width = 3000, height = 2000, orientation = 6, seed = 1 }: PhotoOptions = {}): Promise<Buffer> {
  return sharp(pixels(width, height, seed), { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation })
    .withExifMerge({
      IFD0: { Make: CAMERA.make, Model: "X1" },
      IFD2: { BodySerialNumber: CAMERA.serial },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "13/1 24/1 0/1" },
    })
    .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>${CAMERA.xmp}</rdf:Description></rdf:RDF></x:xmpmeta>`)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The tag numbers in an EXIF block's IFD0 (0x8825 = the GPS block's pointer), or [] without EXIF. */
export function exifTags(exif: Buffer | undefined): number[] {
  if (!exif) return [];
  const tiff = exif.indexOf("II") >= 0 && exif.indexOf("II") < 10 ? exif.indexOf("II") : exif.indexOf("MM");
  if (tiff < 0) return [];
  const little = exif[tiff] === 0x49;
  const u16 = (at: number) => (little ? exif.readUInt16LE(at) : exif.readUInt16BE(at));
  const u32 = (at: number) => (little ? exif.readUInt32LE(at) : exif.readUInt32BE(at));
  const ifd = tiff + u32(tiff + 4);
  return Array.from({ length: u16(ifd) }, (_, index) => u16(ifd + 2 + index * 12));
}

/** Bytes that betray metadata: an EXIF/XMP block or the camera's strings. */
export function leaksMetadata(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes);
  return ["Exif\0\0", "http://ns.adobe.com/xap", CAMERA.make, CAMERA.serial, CAMERA.xmp, "Photoshop 3.0"].filter((marker) => buffer.includes(marker));
}

export const badImages = {
  empty: () => Buffer.alloc(0),
  truncatedJpeg: async () => (await phonePhoto({ width: 800, height: 600 })).subarray(0, 40_000),
  /** A PNG that claims 50 000 × 50 000 pixels in a few kilobytes. */
  pngBomb: async () => sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } }).png().toBuffer().then((png) => {
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(50_000, 16);
    bomb.writeUInt32BE(50_000, 20);
    return bomb;
  }),
  animatedGif: async () =>
    sharp(Buffer.concat([Buffer.alloc(40 * 40 * 4, 0xff), Buffer.from(new Uint8Array(40 * 40 * 4).fill(0x20))]), {
      raw: { width: 40, height: 80, channels: 4, pageHeight: 40 },
    })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer(),
  cmykJpeg: async () => sharp(pixels(400, 300, 3), { raw: { width: 400, height: 300, channels: 3 } }).toColourspace("cmyk").jpeg().toBuffer(),
  png16: async () => sharp(pixels(400, 300, 4), { raw: { width: 400, height: 300, channels: 3 } }).toColourspace("rgb16").png().toBuffer(),
  /** A HEIC file's start (ftyp heic) under a .jpg name. */
  heicAsJpg: () => Buffer.concat([Buffer.from("00000018667479706865696300000000686569636d696631", "hex"), Buffer.alloc(64)]),
};
