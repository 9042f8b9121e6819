import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  catalogueChanged,
  catalogueGeneration,
  isCatalogueWrite,
  memoizedCatalogueRead,
  observeCatalogueWrites,
} from "~/db/catalogue-version.server";
import type { Database, Queryable } from "~/db/database.server";
import { preferredEncoding } from "~/page-cache/encoding.server";
import { createPageCache, isSharedPageRequest, pageCacheConfig, type FillContext } from "~/page-cache/index.server";
import { PageStore, type CachedPage } from "~/page-cache/store.server";

describe("which requests the shared page cache may answer", () => {
  it.each([
    ["/", true],
    ["/?lng=ar", true],
    ["/products", true],
    ["/products?category=home-office&sort=price-low&page=3", true],
    ["/products/00000000-0000-4000-8000-000000000001", true],
    ["/products.data", true],
    ["/_root.data", true],
    ["/category/coffee-tea", true],
    ["/search?q=lamp", true],
    ["/impressum", true],
    ["/cart", false],
    ["/checkout", false],
    ["/favorites", false],
    ["/login", false],
    ["/profile", false],
    ["/admin", false],
    ["/order-confirmation/1", false],
    ["/products/1/extra", false],
    ["/uploads/a.png", false],
    [`/search?q=${"x".repeat(2000)}`, false],
  ])("GET %s → %s", (url, expected) => {
    expect(isSharedPageRequest("GET", url, undefined)).toBe(expected);
  });

  it("never for other methods", () => {
    expect(isSharedPageRequest("POST", "/", undefined)).toBe(false);
    expect(isSharedPageRequest("HEAD", "/", undefined)).toBe(false);
  });

  it("never for a visitor with a session or a cart; preference cookies are fine", () => {
    expect(isSharedPageRequest("GET", "/", "__session=abc")).toBe(false);
    expect(isSharedPageRequest("GET", "/", "lng=fr; cart-session-id=4f1c")).toBe(false);
    expect(isSharedPageRequest("GET", "/", "lng=fr; preferred-currency=CHF; preferred-country=CH")).toBe(true);
  });
});

describe("preferredEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["*", "br"],
    ["identity", null],
    ["", null],
    [undefined, null],
  ])("%s → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

function entry(size: number, expires = Infinity, generation = 0): CachedPage {
  const body = Buffer.alloc(0);
  return { kind: "page", headers: {}, identity: body, gzip: body, br: body, etag: '"x"', expires, generation, size };
}

describe("PageStore", () => {
  it("drops the least recently used pages beyond its byte and entry limits", () => {
    const store = new PageStore({ maxBytes: 300, maxEntries: 10 });
    store.set("a", entry(100));
    store.set("b", entry(100));
    store.set("c", entry(100));
    store.get("a", 0, 0);
    store.set("d", entry(100));
    expect(store.get("b", 0, 0)).toBeUndefined();
    expect(store.get("a", 0, 0)).toBeDefined();
    expect(store.size).toEqual({ entries: 3, bytes: 300 });
    const few = new PageStore({ maxBytes: 1e6, maxEntries: 2 });
    for (const key of ["a", "b", "c"]) few.set(key, entry(1));
    expect(few.size.entries).toBe(2);
    expect(few.get("a", 0, 0)).toBeUndefined();
  });

  it("keeps nothing bigger than the whole store", () => {
    const store = new PageStore({ maxBytes: 50, maxEntries: 10 });
    store.set("big", entry(51));
    expect(store.size).toEqual({ entries: 0, bytes: 0 });
  });

  it("forgets expired pages and pages of an older catalogue generation", () => {
    const store = new PageStore({ maxBytes: 1e6, maxEntries: 10 });
    store.set("old", entry(1, 1000, 0));
    expect(store.get("old", 999, 0)).toBeDefined();
    expect(store.get("old", 1000, 0)).toBeUndefined();
    store.set("gen", entry(1, Infinity, 0));
    expect(store.get("gen", 0, 1)).toBeUndefined();
    expect(store.size.entries).toBe(0);
  });
});

describe("pageCacheConfig", () => {
  it("is on by default and off with PAGE_CACHE=off or a zero TTL", () => {
    expect(pageCacheConfig({}).enabled).toBe(true);
    expect(pageCacheConfig({}).ttlMs).toBe(60_000);
    expect(pageCacheConfig({ PAGE_CACHE: "off" }).enabled).toBe(false);
    expect(pageCacheConfig({ PAGE_CACHE_TTL: "0" }).enabled).toBe(false);
    expect(pageCacheConfig({ PAGE_CACHE_MAX_MB: "8" }).maxBytes).toBe(8 * 1024 * 1024);
  });
});

describe("catalogue generation", () => {
  it("recognises writes to the tables the storefront shows", () => {
    expect(isCatalogueWrite("update public.products set stock = $2 where id = $1")).toBe(true);
    expect(isCatalogueWrite("insert into public.offers (title) values ($1)")).toBe(true);
    expect(isCatalogueWrite("DELETE FROM products where id = $1")).toBe(true);
    expect(isCatalogueWrite("insert into public.offer_section (id) values (1)")).toBe(true);
    expect(isCatalogueWrite("select * from public.products")).toBe(false);
    expect(isCatalogueWrite("update public.orders set status = $2")).toBe(false);
    expect(isCatalogueWrite("insert into public.order_items (product_id) values ($1)")).toBe(false);
  });

  function fakeDatabase(): Database {
    const q: Queryable = { query: async () => [], exec: async () => undefined };
    return { ...q, kind: "pglite", close: async () => undefined, transaction: (fn) => fn(q) };
  }

  it("moves after a single write and after a committed transaction, not before the commit", async () => {
    const db = observeCatalogueWrites(fakeDatabase());
    const start = catalogueGeneration();
    await db.query("select 1");
    expect(catalogueGeneration()).toBe(start);
    await db.query("update public.products set stock = 1");
    expect(catalogueGeneration()).toBe(start + 1);
    await db.transaction(async (tx) => {
      await tx.query("update public.products set stock = 2");
      expect(catalogueGeneration()).toBe(start + 1);
    });
    expect(catalogueGeneration()).toBe(start + 2);
  });

  it("does not move for a transaction that rolls back", async () => {
    const db = observeCatalogueWrites(fakeDatabase());
    const start = catalogueGeneration();
    await expect(
      db.transaction(async (tx) => {
        await tx.query("delete from public.products where id = $1", ["x"]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(catalogueGeneration()).toBe(start);
  });
});

describe("memoizedCatalogueRead", () => {
  it("reads once per key until the catalogue changes", async () => {
    let reads = 0;
    const read = async () => ++reads;
    const key = `listing-${Math.random()}`;
    const [a, b] = await Promise.all([memoizedCatalogueRead(key, read), memoizedCatalogueRead(key, read)]);
    expect([a, b, await memoizedCatalogueRead(key, read)]).toEqual([1, 1, 1]);
    expect(await memoizedCatalogueRead(`${key}-other`, read)).toBe(2);
    catalogueChanged();
    expect(await memoizedCatalogueRead(key, read)).toBe(3);
  });

  it("does not keep a failed read", async () => {
    const key = `failing-${Math.random()}`;
    await expect(memoizedCatalogueRead(key, () => Promise.reject(new Error("database away")))).rejects.toThrow("database away");
    expect(await memoizedCatalogueRead(key, async () => "back")).toBe("back");
  });
});

type AppAnswer = { status?: number; headers?: Record<string, string>; delayMs?: number };

/**
 * A server with the page cache in front of a stand-in app that counts its renders: the cache calls
 * its handler in-process for a miss (`render`), the server for what the cache leaves to it (`app`).
 */
describe("the page cache in front of a server", () => {
  let server: http.Server;
  let base: string;
  let renders: string[];
  let answer: () => AppAnswer;
  /** What each in-process render was given. */
  let fills: Array<{ request: Request; fill: FillContext }>;

  const page = (url: string, acceptLanguage: string | null) =>
    `<html lang="${acceptLanguage ?? "de"}">${url} render ${renders.length} ${"x".repeat(2000)}</html>`;

  beforeEach(async () => {
    renders = [];
    fills = [];
    answer = () => ({});
    const render = async (request: Request, fill: FillContext) => {
      const url = new URL(request.url);
      renders.push(url.pathname + url.search);
      fills.push({ request, fill });
      const { status = 200, headers = {}, delayMs = 0 } = answer();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return new Response(page(url.pathname + url.search, request.headers.get("accept-language")), {
        status,
        headers: { "Content-Type": "text/html; charset=utf-8", ...headers },
      });
    };
    const cache = createPageCache({ enabled: true, ttlMs: 60_000, maxBytes: 1e7, maxEntries: 100 }, { render });
    const app = (req: http.IncomingMessage, res: http.ServerResponse) => {
      renders.push(req.url ?? "");
      const { status = 200, headers = {} } = answer();
      res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", ...headers });
      res.end(page(req.url ?? "", req.headers["accept-language"] ?? null));
    };
    server = http.createServer((req, res) => {
      if (!cache.handle(req, res, () => app(req, res))) app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });

  it("renders a shared page once and then answers it from memory, compressed as asked", async () => {
    const first = await get("/products");
    expect(first.headers["x-page-cache"]).toBe("miss");
    const plain = await get("/products");
    expect(plain.headers["x-page-cache"]).toBe("hit");
    expect(plain.body.toString()).toBe(first.body.toString());
    const gz = await get("/products", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(first.body.toString());
    const br = await get("/products", { "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(first.body.toString());
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(renders).toEqual(["/products"]);
  });

  it("renders once for many requests that arrive before the first render is done", async () => {
    answer = () => ({ delayMs: 50 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => get("/search?q=lamp")));
    expect(answers.every((a) => a.status === 200 && a.body.equals(answers[0]!.body))).toBe(true);
    expect(renders).toHaveLength(1);
  });

  it("keeps a page per language, and the render sees the visitor's headers", async () => {
    const de = await get("/", { "accept-language": "de" });
    const en = await get("/", { "accept-language": "en" });
    expect(de.body.toString()).toContain('lang="de"');
    expect(en.body.toString()).toContain('lang="en"');
    await get("/", { "accept-language": "en" });
    await get("/", { cookie: "lng=en", "accept-language": "de" });
    expect(renders).toHaveLength(2);
  });

  it("keeps a page per currency", async () => {
    await get("/");
    await get("/", { cookie: "preferred-country=CH; preferred-currency=CHF" });
    await get("/", { "cf-ipcountry": "CH" });
    expect(renders).toHaveLength(2);
  });

  it("always renders for a visitor with a session or cart cookie", async () => {
    await get("/");
    const personal = await get("/", { cookie: "__session=abc" });
    const cart = await get("/", { cookie: "cart-session-id=0b0e7a52-8a61-4c5e-9a63-1c0d1f3f3c11" });
    expect(personal.headers["x-page-cache"]).toBeUndefined();
    expect(cart.headers["x-page-cache"]).toBeUndefined();
    expect(renders).toHaveLength(3);
  });

  it("never serves a page cached before the catalogue changed", async () => {
    await get("/products/1");
    catalogueChanged();
    const after = await get("/products/1");
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(renders).toHaveLength(2);
  });

  it("answers If-None-Match with 304 and no body", async () => {
    const first = await get("/faq");
    const again = await get("/faq", { "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
  });

  it("passes a not-found page to the visitor as rendered and does not keep it", async () => {
    answer = () => ({ status: 404 });
    const first = await get("/products/unknown");
    expect(first.status).toBe(404);
    expect(first.body.toString()).toContain("/products/unknown render 1");
    const second = await get("/products/unknown");
    expect(second.status).toBe(404);
    expect(second.headers["x-page-cache"]).toBeUndefined();
    expect(renders).toHaveLength(2);
  });

  it("does not keep an answer that sets a cookie", async () => {
    answer = () => ({ headers: { "Set-Cookie": "lng=fr; Path=/" } });
    const first = await get("/?lng=fr");
    expect(first.headers["set-cookie"]).toEqual(["lng=fr; Path=/"]);
    await get("/?lng=fr");
    expect(renders).toHaveLength(2);
  });

  it("does not keep an answer marked no-store", async () => {
    answer = () => ({ headers: { "Cache-Control": "no-store" } });
    await get("/about");
    await get("/about");
    expect(renders).toHaveLength(2);
  });

  it("tries again after a server error instead of remembering it", async () => {
    answer = () => ({ status: 503 });
    expect((await get("/")).status).toBe(503);
    answer = () => ({});
    const recovered = await get("/");
    expect(recovered.status).toBe(200);
    expect(recovered.headers["x-page-cache"]).toBe("miss");
  });

  it("ignores forged page cache headers: a render's persona comes only from the cache itself", async () => {
    const forged = { "x-shop-page-cache-fill": "guess", "x-shop-page-cache-persona": "guess" };
    await get("/blog", forged);
    const again = await get("/blog", forged);
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(renders).toHaveLength(1);
    expect(fills.map(({ fill }) => fill.persona)).toEqual([null]);
  });

  it("renders a miss in-process with the visitor's headers, a nonce of its own, and nothing that would change the body", async () => {
    await get("/search?q=lamp", {
      "accept-language": "fr",
      "accept-encoding": "gzip, br",
      "if-none-match": '"abc"',
      cookie: "lng=fr; preferred-currency=CHF",
      "x-shop-client-address": "203.0.113.9",
    });
    expect(fills).toHaveLength(1);
    const { request, fill } = fills[0]!;
    expect([request.method, new URL(request.url).pathname, new URL(request.url).search]).toEqual(["GET", "/search", "?q=lamp"]);
    expect(request.headers.get("accept-language")).toBe("fr");
    expect(request.headers.get("cookie")).toBe("lng=fr; preferred-currency=CHF");
    expect(request.headers.get("x-shop-client-address")).toBe("203.0.113.9");
    expect(request.headers.get("accept-encoding")).toBeNull();
    expect(request.headers.get("if-none-match")).toBeNull();
    expect(fill.cspNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
