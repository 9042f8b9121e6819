import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { processImage, type ProcessedImage } from "~/utils/image-processing.server";
import { mediaStorage } from "~/utils/media-storage.server";
import { phonePhoto } from "../setup/photos";

/**
 * A processed image in a Supabase Storage bucket (through supabase-js, against a stand-in that
 * records the REST calls): every variant beside the fallback with a year-long cache, the original
 * under originals/ with a random part; removing the address removes them all.
 */
interface Seen {
  method: string;
  url: string;
  type: string | undefined;
  cache: string | undefined;
  upsert: string | undefined;
  body: Buffer;
}
const seen: Seen[] = [];
let originals: string[] = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    seen.push({ method: req.method!, url: req.url!, type: req.headers["content-type"], cache: req.headers["cache-control"], upsert: req.headers["x-upsert"] as string | undefined, body });
    if (req.url!.startsWith("/storage/v1/object/list/")) {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(originals.map((name) => ({ name }))));
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
  });
});
let base = "";
let image: ProcessedImage;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.SUPABASE_URL = base;
  process.env.SUPABASE_SERVICE_ROLE_KEY = "service-role-test-key";
  process.env.SUPABASE_STORAGE_BUCKET = "product-media";
  image = await processImage(await phonePhoto({ width: 1000, height: 600, orientation: 1 }));
});
afterEach(() => {
  seen.length = 0;
  originals = [];
});
afterAll(async () => {
  delete process.env.SUPABASE_STORAGE_BUCKET;
  delete process.env.SUPABASE_SERVICE_ROLE_KEY;
  delete process.env.SUPABASE_URL;
  await new Promise((resolve) => server.close(resolve));
});

describe("processed images in a Supabase Storage bucket", () => {
  it("stores every variant beside the fallback, cached for a year, and the original under a name nobody can guess", async () => {
    const url = await mediaStorage().storeImage(image);
    expect(url).toBe(`${base}/storage/v1/object/public/product-media/${image.key}.jpg`);
    const uploads = seen.filter((s) => s.method === "POST" || s.method === "PUT");
    expect(uploads.map((s) => s.url.split("/product-media/")[1]).slice(0, image.files.length)).toEqual(image.files.map((file) => file.name));
    expect(uploads.every((s) => s.cache === "max-age=31536000")).toBe(true);
    expect(uploads.find((s) => s.url.endsWith("-360.avif"))!.type).toBe("image/avif");
    const original = uploads.at(-1)!;
    expect(original.url).toMatch(new RegExp(`/product-media/originals/${image.id}-[0-9a-f]{24}\\.jpg$`));
    expect(original.upsert).toBe("false");
  });

  it("removes every file of the image and its original by its address", async () => {
    const url = `${base}/storage/v1/object/public/product-media/${image.key}.jpg`;
    originals = [`${image.id}-0123456789abcdef01234567.jpg`, "someone-else.jpg"];
    await mediaStorage().remove([url]);
    const deleted = seen.find((s) => s.method === "DELETE")!;
    const prefixes = JSON.parse(deleted.body.toString()).prefixes as string[];
    expect(prefixes.sort()).toEqual([...image.files.map((file) => file.name), `originals/${image.id}-0123456789abcdef01234567.jpg`].sort());
  });
});
