import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mediaStorage } from "~/utils/media-storage.server";

// The bucket goes through supabase-js; this stand-in answers its REST calls and records them.
const storeMedia: ReturnType<typeof mediaStorage>["store"] = (items) => mediaStorage().store(items);
const removeMedia: ReturnType<typeof mediaStorage>["remove"] = (urls) => mediaStorage().remove(urls);

/** A stand-in for Supabase Storage's object API that records what it is asked. */
interface Seen {
  method: string;
  url: string;
  auth: string | undefined;
  type: string | undefined;
  cache: string | undefined;
  body: Buffer;
}
const seen: Seen[] = [];
let failUploadsAfter = Infinity;
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, type: req.headers["content-type"], cache: req.headers["cache-control"], body: Buffer.concat(chunks) });
    const uploads = seen.filter((s) => s.method === "POST").length;
    if (req.method === "POST" && uploads > failUploadsAfter) {
      res.writeHead(500).end("{}");
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
  });
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.SUPABASE_URL = base;
  process.env.SUPABASE_SERVICE_ROLE_KEY = "service-role-test-key";
  process.env.SUPABASE_STORAGE_BUCKET = "product-media";
});
afterEach(() => {
  seen.length = 0;
  failUploadsAfter = Infinity;
});
afterAll(async () => {
  delete process.env.SUPABASE_STORAGE_BUCKET;
  delete process.env.SUPABASE_SERVICE_ROLE_KEY;
  delete process.env.SUPABASE_URL;
  await new Promise((resolve) => server.close(resolve));
});

const png = { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), type: { ext: "png", mime: "image/png" } };
const mp4 = { bytes: new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]), type: { ext: "mp4", mime: "video/mp4" } };

describe("uploads to a Supabase Storage bucket", () => {
  it("puts each file under a random name with the service key and returns its public URL", async () => {
    const [imageUrl, videoUrl] = await storeMedia([png, mp4]);
    expect(imageUrl).toMatch(new RegExp(`^${base}/storage/v1/object/public/product-media/[0-9a-f-]{36}\\.png$`));
    expect(videoUrl).toMatch(/\.mp4$/);
    const uploads = seen.filter((s) => s.method === "POST");
    expect(uploads).toHaveLength(2);
    expect(uploads[0]!.url).toMatch(/^\/storage\/v1\/object\/product-media\/[0-9a-f-]{36}\.png$/);
    expect(uploads[0]!.auth).toBe("Bearer service-role-test-key");
    expect(uploads[0]!.type).toBe("image/png");
    expect(uploads[0]!.cache).toBe("max-age=31536000");
    expect([...uploads[0]!.body]).toEqual([...png.bytes]);
  });

  it("removes what it stored, and only that", async () => {
    const [url] = await storeMedia([png]);
    seen.length = 0;
    await removeMedia([url, "/images/products/desk.svg", "https://elsewhere.example/x.png", `${base}/storage/v1/object/public/product-media/../../etc.png`]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe("DELETE");
    expect(seen[0]!.url).toBe("/storage/v1/object/product-media");
    expect(JSON.parse(seen[0]!.body.toString())).toEqual({ prefixes: [url!.split("/").pop()] });
  });

  it("stores all or nothing: a refused upload removes the files already stored", async () => {
    failUploadsAfter = 1;
    await expect(storeMedia([png, mp4])).rejects.toThrow(/refused the upload/);
    const stored = seen.find((s) => s.method === "POST")!.url.split("/").pop();
    const deleted = seen.find((s) => s.method === "DELETE");
    expect(deleted, "the first file is deleted again").toBeDefined();
    expect(JSON.parse(deleted!.body.toString())).toEqual({ prefixes: [stored] });
  });
});
