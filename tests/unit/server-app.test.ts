import fs, { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createRemixRequest } from "@remix-run/express/dist/server";
import type { RequestHandler } from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getTranslator } from "~/i18n/catalogues.server";
import { isLocale } from "~/i18n/config";
import { CLIENT_ADDRESS_HEADER } from "~/utils/client-address.server";
import { createPageCache, isSharedPageRequest, type PageCacheConfig, type PageRender } from "~/page-cache/index.server";
import { connectListener, createApp, type AppRuntime, type PageCache } from "../../server/app";
import { readConfig, type ServerConfig } from "../../server/config";
import { createLogger } from "../../server/log";
import { isSameOriginWrite } from "../../server/middleware/same-origin";
import { refusalFor } from "../../server/middleware/refusals";
import { nonceSource } from "../../server/middleware/security-headers";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

interface Running {
  base: string;
  port: number;
  lines: string[];
  calls: string[];
  request(path: string, options?: http.RequestOptions & { body?: string | Buffer }): Promise<Answer>;
}

const servers: http.Server[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const runtime = (overrides: Partial<AppRuntime> = {}): AppRuntime => ({
  pingDatabase: async () => {},
  runInRequestScope: (work) => work(),
  translator: (locale) => getTranslator(isLocale(locale) ? locale : "de"),
  siteUrl: () => "https://shop.example",
  maxUploadRequestBytes: 5 * 1024 * 1024,
  isSharedPageRequest,
  ...overrides,
});

const CACHE: PageCacheConfig = { enabled: true, ttlMs: 60_000, maxBytes: 1e7, maxEntries: 10 };

/**
 * The stand-in Remix's page as the page cache renders it in-process: the load context's nonce and
 * the client's address the server noted.
 */
const render: PageRender = async (request, { cspNonce }) =>
  new Response(`<p nonce="${cspNonce}">from ${String(request.headers.get(CLIENT_ADDRESS_HEADER))}</p>${"x".repeat(3000)}`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });

/** The app on a real HTTP server, with a stand-in for Remix that echoes what it was given. */
async function start(
  options: {
    config?: Partial<ServerConfig>;
    runtime?: Partial<AppRuntime>;
    handler?: RequestHandler;
    pageCache?: PageCache;
    clientDir?: string;
    shuttingDown?: () => boolean;
    json?: boolean;
  } = {},
): Promise<Running> {
  const lines: string[] = [];
  const calls: string[] = [];
  const config = { ...readConfig({}), ...options.config };
  let server: http.Server | undefined;
  const handler: RequestHandler =
    options.handler ??
    ((req, res) => {
      calls.push(`${req.method} ${req.originalUrl}`);
      res
        .status(200)
        .type("html")
        .send(`<p nonce="${String(res.locals.cspNonce)}">from ${String(req.headers[CLIENT_ADDRESS_HEADER])}</p>${"x".repeat(3000)}`);
    });
  const log = createLogger(options.json ? "json" : "text", (line) => lines.push(line), (line) => lines.push(line));
  const app = createApp({
    config,
    log,
    runtime: runtime(options.runtime),
    handler,
    pageCache: options.pageCache,
    clientDir: options.clientDir,
    isShuttingDown: options.shuttingDown ?? (() => false),
  });
  server = http.createServer(app);
  server.on("checkContinue", app);
  server.on("connect", connectListener(log));
  servers.push(server);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const request = (pathname: string, { body, ...init }: http.RequestOptions & { body?: string | Buffer } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path: pathname, ...init }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end(body);
    });
  return { base: `http://127.0.0.1:${port}`, port, lines, calls, request };
}

const form = (extra: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...extra },
});

describe("the access log", () => {
  it("writes one line per request: method, path without the query, status, milliseconds", async () => {
    const app = await start();
    await app.request("/products?token=secret");
    await app.request("/missing", { method: "PUT" });
    expect(app.lines).toHaveLength(2);
    expect(app.lines[0]).toMatch(/^GET \/products 200 \d+\.\d ms$/);
    expect(app.lines[1]).toMatch(/^PUT \/missing 405 \d+\.\d ms$/);
  });

  it("writes JSON lines with LOG_FORMAT=json", async () => {
    expect(readConfig({ LOG_FORMAT: "json" }).logFormat).toBe("json");
    expect(() => readConfig({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
    const app = await start({ json: true });
    await app.request("/about?x=1");
    const entry = JSON.parse(app.lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: "info", method: "GET", path: "/about", status: 200 });
    expect(typeof entry.ms).toBe("number");
    expect(typeof entry.time).toBe("string");
  });
});

describe("health", () => {
  it("/healthz answers without the database, /readyz only when the database answers in time", async () => {
    let database: "up" | "down" | "stuck" = "down";
    const app = await start({
      config: { readyTimeoutMs: 200 },
      runtime: {
        pingDatabase: () =>
          database === "up" ? Promise.resolve() : database === "down" ? Promise.reject(new Error("ECONNREFUSED")) : new Promise(() => {}),
      },
    });
    expect((await app.request("/healthz")).status).toBe(200);
    expect((await app.request("/readyz")).status).toBe(503);
    database = "stuck";
    const started = Date.now();
    expect((await app.request("/readyz")).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(2_000);
    database = "up";
    const ready = await app.request("/readyz");
    expect([ready.status, ready.body.toString(), ready.headers["cache-control"]]).toEqual([200, "ready", "no-store"]);
    expect(app.calls).toEqual([]);
  });

  it("once shutting down, /readyz is 503 and every answer closes its connection", async () => {
    const app = await start({ shuttingDown: () => true });
    const ready = await app.request("/readyz");
    expect(ready.status).toBe(503);
    expect((await app.request("/")).headers.connection).toBe("close");
  });
});

describe("security headers", () => {
  it("nonces are 16 random bytes each, never one twice, also across refills of their pool", () => {
    const nonce = nonceSource(4);
    const made = Array.from({ length: 41 }, () => nonce());
    expect(new Set(made).size).toBe(41);
    for (const value of made) expect(Buffer.from(value, "base64")).toHaveLength(16);
    expect(made.every((value) => /^[A-Za-z0-9+/]{22}==$/.test(value))).toBe(true);
  });

  it("every answer has a CSP whose script nonce is new per request and is the one the app rendered with", async () => {
    const app = await start();
    const nonces = new Set<string>();
    for (const pathname of ["/", "/", "/products"]) {
      const answer = await app.request(pathname);
      const nonce = /nonce="([^"]+)"/.exec(answer.body.toString())?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce!);
      const csp = String(answer.headers["content-security-policy"]);
      const scriptSrc = csp.split(";").find((part) => part.trim().startsWith("script-src"));
      expect(scriptSrc?.trim()).toBe(`script-src 'self' 'nonce-${nonce}'`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["x-frame-options"]).toBe("DENY");
    }
    expect(nonces.size).toBe(3);
    // Refusals carry them too.
    expect((await app.request("/", { method: "DELETE" })).headers["content-security-policy"]).toBeTruthy();
  });

  it("HSTS only over HTTPS, and X-Forwarded-Proto counts only behind a trusted proxy", async () => {
    const direct = await start();
    expect((await direct.request("/")).headers["strict-transport-security"]).toBeUndefined();
    expect((await direct.request("/", { headers: { "X-Forwarded-Proto": "https" } })).headers["strict-transport-security"]).toBeUndefined();
    const proxied = await start({ config: { trustProxy: true } });
    expect((await proxied.request("/")).headers["strict-transport-security"]).toBeUndefined();
    expect((await proxied.request("/", { headers: { "X-Forwarded-Proto": "https" } })).headers["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});

describe("the client's address (for rate limits)", () => {
  it("is the connection's peer; X-Forwarded-For only behind a trusted proxy; a forged header is replaced", async () => {
    const headers = { "X-Forwarded-For": "198.51.100.7, 10.0.0.1", [CLIENT_ADDRESS_HEADER]: "203.0.113.99" };
    const direct = await start();
    expect((await direct.request("/", { headers })).body.toString()).toContain("from 127.0.0.1<");
    const proxied = await start({ config: { trustProxy: true } });
    expect((await proxied.request("/", { headers })).body.toString()).toContain("from 198.51.100.7<");
    expect((await proxied.request("/")).body.toString()).toContain("from 127.0.0.1<");
  });
});

describe("the origin check (the one place for every action)", () => {
  it.each([
    ["POST", { origin: "https://evil.example" }, false],
    ["POST", { origin: "null" }, false],
    ["POST", { origin: "not a url" }, false],
    ["POST", { origin: "http://localhost:3001" }, false],
    ["POST", { referer: "https://evil.example/page" }, false],
    ["POST", { origin: "http://localhost:3000" }, true],
    ["POST", { referer: "http://localhost:3000/cart" }, true],
    ["POST", { origin: "https://shop.example" }, true],
    ["POST", {}, true],
    ["DELETE", { origin: "https://evil.example" }, false],
    ["GET", { origin: "https://evil.example" }, true],
  ] as const)("%s %j → same origin: %s", (method, headers, expected) => {
    expect(isSameOriginWrite(method, headers, ["localhost:3000", undefined, "shop.example"])).toBe(expected);
  });

  it("answers a cross-site post with a 403 page in the visitor's language before the app runs", async () => {
    const app = await start();
    const page = await app.request("/cart", { ...form({ Origin: "https://evil.example", Accept: "text/html", "Accept-Language": "fr" }), body: "intent=clear" });
    expect(page.status).toBe(403);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body.toString()).toContain('<html lang="fr"');
    expect(page.body.toString()).toContain("<h1>Accès refusé</h1>");
    const text = await app.request("/cart", { ...form({ Referer: "https://evil.example/", Cookie: "lng=ar" }), body: "intent=clear" });
    expect([text.status, text.body.toString()]).toEqual([403, "تم رفض الوصول: لم يصدر هذا الطلب من موقعنا وتم رفضه. يرجى إرسال النموذج من داخل المتجر."]);
    expect(app.calls).toEqual([]);
    const own = await app.request("/cart", { ...form({ Origin: app.base }), body: "intent=clear" });
    expect(own.status).toBe(200);
    expect(app.calls).toEqual(["POST /cart"]);
  });

  it("takes X-Forwarded-Host as ours only behind a trusted proxy", async () => {
    const headers = form({ Origin: "https://proxy.example", "X-Forwarded-Host": "proxy.example" });
    expect((await (await start()).request("/cart", { ...headers, body: "a=1" })).status).toBe(403);
    expect((await (await start({ config: { trustProxy: true } })).request("/cart", { ...headers, body: "a=1" })).status).toBe(200);
  });
});

describe("refusals before the app", () => {
  const limits = { form: 1024 * 1024, upload: 5 * 1024 * 1024, takesUploads: (p: string) => /^\/admin(?:\/|\.data$|$)/.test(p) };
  it.each([
    ["PUT", "/cart", { "content-type": "application/x-www-form-urlencoded", "content-length": "3" }, 405],
    ["POST", "/cart", { "content-type": "application/json", "content-length": "2" }, 415],
    ["POST", "/cart", { "content-type": "multipart/form-data; boundary=x", "content-length": "10" }, 415],
    ["POST", "/administrator", { "content-type": "multipart/form-data; boundary=x", "content-length": "10" }, 415],
    ["POST", "/admin/products/1", { "content-type": "multipart/form-data; boundary=x", "content-length": "10" }, null],
    ["POST", "/admin.data?index", { "content-type": "multipart/form-data; boundary=x", "content-length": "10" }, null],
    ["POST", "/admin/products/1", { "content-type": "multipart/form-data; boundary=x", "content-length": String(6 * 1024 * 1024) }, 413],
    ["POST", "/cart", { "content-type": "application/x-www-form-urlencoded", "content-length": String(1024 * 1024) }, null],
    ["POST", "/cart", { "content-type": "application/x-www-form-urlencoded", "content-length": String(1024 * 1024 + 1) }, 413],
    ["POST", "/cart", { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" }, 411],
    ["POST", "/logout", {}, 415],
    ["GET", "/products/%E0%A4%A", {}, 400],
    ["GET", "/search?q=%E0%A4%A", {}, null],
  ] as const)("%s %s %j → %s", (method, url, headers, status) => {
    expect(refusalFor(method, url, headers, limits)?.status ?? null).toBe(status);
  });

  it("a form post over 1 MB gets a 413 page in the visitor's language; the body is not read, the client gets the answer", async () => {
    const app = await start();
    const page = await app.request("/contact", {
      ...form({ Origin: app.base, "Accept-Language": "ar", Accept: "text/html" }),
      body: Buffer.alloc(2 * 1024 * 1024, "a"),
    });
    expect(page.status).toBe(413);
    expect(page.headers.connection).toBe("close");
    expect(page.body.toString()).toContain("<h1>الطلب كبير جداً</h1>");
    expect(page.body.toString()).toContain("1 MB");
    const plain = await app.request("/contact", { ...form({ "Accept-Language": "en" }), body: Buffer.alloc(1024 * 1024 + 1, "a") });
    expect([plain.status, plain.body.toString()]).toEqual([413, "Request too large: What you sent is larger than allowed (at most 1 MB). Please send less at once."]);
    expect(app.calls).toEqual([]);
  });

  it("a client still sending its big body when refused reads the 413, not a reset", async () => {
    const app = await start();
    // 200 MB announced, sent in pieces while the answer is already on its way.
    const outcome = await new Promise<{ status: number; body: string; error?: string }>((resolve) => {
      let status = 0;
      let body = "";
      let error: string | undefined;
      const req = http.request({ host: "127.0.0.1", port: app.port, path: "/contact", ...form({ "Content-Length": String(200 * 1024 * 1024) }) });
      req.on("response", (res) => {
        status = res.statusCode ?? 0;
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("error", (e) => (error = e.message));
      });
      req.on("error", (e) => (error = (e as NodeJS.ErrnoException).code ?? e.message));
      const chunk = Buffer.alloc(256 * 1024, "a");
      let sent = 0;
      const pump = setInterval(() => {
        if (sent++ < 40 && !req.destroyed) req.write(chunk);
        else {
          clearInterval(pump);
          setTimeout(() => resolve({ status, body, ...(error ? { error } : {}) }), 100);
        }
      }, 10);
    });
    expect(outcome.status).toBe(413);
    expect(outcome.body).toContain("Anfrage zu groß");
    expect(outcome.error).toBeUndefined();
  });

  it("an upload over its limit announced with Expect: 100-continue is refused before its body is sent", async () => {
    const app = await start();
    const result = await new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const req = http.request({
        host: "127.0.0.1",
        port: app.port,
        path: "/admin/products/1",
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(50 * 1024 * 1024), Expect: "100-continue" },
      });
      req.on("continue", () => (continued = true));
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, continued }));
      });
      req.on("error", reject);
      req.flushHeaders();
    });
    expect(result).toEqual({ status: 413, continued: false });
    // Within the limit, the client is told to go on.
    const small = await app.request("/admin/products/1", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": "7", Expect: "100-continue" },
      body: "--x--\r\n",
    });
    expect(small.status).toBe(200);
  });
});

describe("compression and static files", () => {
  it("compresses answers, and leaves the page cache's already compressed ones as they are", async () => {
    const cache = createPageCache(CACHE, { render });
    const app = await start({ pageCache: cache });
    // Each answer carries its own CSP nonce (page-cache-hardening.test.ts); otherwise the same page.
    const withoutNonce = (text: string) => text.replace(/nonce="[^"]*"/g, "");
    const original = withoutNonce((await app.request("/faq")).body.toString());
    for (const encoding of ["br", "gzip"] as const) {
      const answer = await app.request("/faq", { headers: { "Accept-Encoding": encoding } });
      expect(answer.headers["x-page-cache"]).toBe("hit");
      expect(answer.headers["content-encoding"]).toBe(encoding);
      const body = encoding === "br" ? brotliDecompressSync(answer.body) : gunzipSync(answer.body);
      expect(withoutNonce(body.toString())).toBe(original);
    }
    // A personal page is rendered each time and compressed by the server.
    const personal = await app.request("/cart", { headers: { "Accept-Encoding": "gzip", Cookie: "cart-session-id=1" } });
    expect(personal.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(personal.body).toString()).toContain("from 127.0.0.1");
  });

  it("serves hashed assets as immutable for a year and other public files for an hour", async () => {
    const clientDir = mkdtempSync(path.join(os.tmpdir(), "shop-client-"));
    dirs.push(clientDir);
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(path.join(clientDir, "assets", "entry-abc123.js"), "console.log(1);");
    writeFileSync(path.join(clientDir, "favicon.svg"), "<svg/>");
    const app = await start({ clientDir });
    const asset = await app.request("/assets/entry-abc123.js");
    expect([asset.status, asset.headers["cache-control"]]).toEqual([200, "public, max-age=31536000, immutable"]);
    const icon = await app.request("/favicon.svg");
    expect([icon.status, icon.headers["cache-control"]]).toEqual([200, "public, max-age=3600"]);
    // Percent-encoded as express.static reads it.
    expect((await app.request("/favicon%2Esvg")).status).toBe(200);
    expect(app.calls).toEqual([]);
  });

  it("looks up no file for a page: only paths under the public folder's own names", async () => {
    const clientDir = mkdtempSync(path.join(os.tmpdir(), "shop-client-"));
    dirs.push(clientDir);
    writeFileSync(path.join(clientDir, "favicon.svg"), "<svg/>");
    const stat = vi.spyOn(fs, "stat");
    try {
      const app = await start({ clientDir });
      for (const page of ["/about", "/products?q=x", "/", "/%E0%A4%A"]) await app.request(page);
      expect(stat.mock.calls.filter(([file]) => String(file).startsWith(clientDir))).toEqual([]);
      // (The malformed path is refused before: 400.)
      expect(app.calls).toEqual(["GET /about", "GET /products?q=x", "GET /"]);
      await app.request("/favicon.svg");
      expect(stat.mock.calls.map(([file]) => String(file))).toContain(path.join(clientDir, "favicon.svg"));
    } finally {
      stat.mockRestore();
    }
  });
});

describe("the page cache behind the server", () => {
  it("renders a cached page in-process with the visitor's address, not through the server a second time", async () => {
    const cache = createPageCache(CACHE, { render });
    const app = await start({ pageCache: cache });
    // The visitor connects from 127.0.0.2 (any 127.x address is loopback).
    const answer = await app.request("/about", { localAddress: "127.0.0.2" });
    expect(answer.headers["x-page-cache"]).toBe("miss");
    expect(answer.body.toString()).toContain("from 127.0.0.2<");
    // One log line for the visitor's request, none for the cache's own render; the server's own
    // handler was not asked (the cache called the app's handler itself).
    expect(app.lines).toHaveLength(1);
    expect(app.lines[0]).toMatch(/^GET \/about 200 .* cache=miss$/);
    expect(app.calls).toEqual([]);
  });

  it("hands the render the address Remix's Express adapter gives the app (scheme and host as trust proxy allows)", async () => {
    for (const trustProxy of [true, false]) {
      const rendered: string[] = [];
      const adapted: string[] = [];
      const app = await start({
        config: { trustProxy },
        pageCache: createPageCache(CACHE, { render: async (request, fill) => (rendered.push(request.url), render(request, fill)) }),
        // What the server's own Remix handler would be given (a personal request passes the cache).
        handler: (req, res) => res.send(adapted.push(createRemixRequest(req, res).url)),
      });
      for (const headers of [{}, { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "shop.example" }, { "X-Forwarded-Host": "shop.example:8443" }]) {
        // Each set of headers is a page of its own (the cache key has them): rendered once.
        expect((await app.request("/search?q=lamp", { headers })).headers["x-page-cache"]).toBe("miss");
        await app.request("/search?q=lamp", { headers: { ...headers, Cookie: "cart-session-id=1" } });
      }
      expect(rendered, String(trustProxy)).toEqual(adapted);
      expect(rendered, String(trustProxy)).toHaveLength(3);
    }
  });
});

describe("Cache-Control of the app's answers", () => {
  /** A stand-in for Remix: sets what the query asks for (a cookie, a policy of its own). */
  const handler: RequestHandler = (req, res) => {
    if (req.query.cookie) res.append("Set-Cookie", "lng=en; Path=/");
    if (req.query.own) res.set("Cache-Control", String(req.query.own));
    if (req.query.redirect) return res.redirect(303, "/");
    res.status(200).type("html").send("<p>page</p>");
  };

  it("is private, no-store for whatever depends on the visitor; the shared pages keep theirs", async () => {
    const app = await start({ handler });
    const cacheControl = async (path: string, init: http.RequestOptions & { body?: string } = {}) =>
      (await app.request(path, init)).headers["cache-control"] ?? "(none)";
    // The page every visitor without cart or account gets (the page cache keeps only such answers).
    expect(await cacheControl("/about")).toBe("(none)");
    expect(await cacheControl("/products.data")).toBe("(none)");
    expect(await cacheControl("/about", { method: "HEAD" })).toBe("(none)");
    expect(await cacheControl("/about", { headers: { Cookie: "lng=en; preferred-currency=CHF" } })).toBe("(none)");
    // With the session or cart cookie, on a personal address, posted, or setting a cookie: the visitor's own.
    for (const cookie of ["__session=abc", "cart-session-id=abc"]) {
      expect(await cacheControl("/about", { headers: { Cookie: `lng=en; ${cookie}` } }), cookie).toBe("private, no-store");
      expect(await cacheControl("/_root.data", { headers: { Cookie: cookie } }), cookie).toBe("private, no-store");
    }
    for (const path of ["/cart", "/checkout", "/profile/orders", "/order-confirmation/1/invoice", "/admin/orders.data", "/login", "/nowhere"]) {
      expect(await cacheControl(path), path).toBe("private, no-store");
    }
    expect(await cacheControl("/about?cookie=1")).toBe("private, no-store");
    expect(await cacheControl("/cart?redirect=1", { ...form({ Origin: app.base }), body: "intent=add" })).toBe("private, no-store");
    expect(await cacheControl("/about?redirect=1&cookie=1")).toBe("private, no-store");
    // A route's own policy stands.
    expect(await cacheControl("/robots.txt?own=public,%20max-age=3600")).toBe("public, max-age=3600");
  });

  it("leaves the page cache able to keep the shared pages", async () => {
    const cache = createPageCache(CACHE, { render });
    const app = await start({ handler, pageCache: cache });
    expect((await app.request("/faq")).headers["x-page-cache"]).toBe("miss");
    const hit = await app.request("/faq");
    expect([hit.headers["x-page-cache"], hit.headers["cache-control"]]).toEqual(["hit", undefined]);
    const personal = await app.request("/faq", { headers: { Cookie: "cart-session-id=1" } });
    expect([personal.headers["x-page-cache"], personal.headers["cache-control"]]).toEqual([undefined, "private, no-store"]);
  });

  it("keeps a render the cache does not keep (it sets a cookie) the visitor's own", async () => {
    const cache = createPageCache(CACHE, {
      render: async () => new Response("<p>page</p>", { headers: { "Content-Type": "text/html", "Set-Cookie": "lng=en; Path=/" } }),
    });
    const app = await start({ handler, pageCache: cache });
    const answer = await app.request("/about?lng=en");
    expect([answer.headers["set-cookie"], answer.headers["cache-control"]]).toEqual([["lng=en; Path=/"], "private, no-store"]);
  });
});

describe("odd request lines", () => {
  /** Sends a raw request line over TCP (no client library would send most of these). */
  function raw(port: number, requestLine: string, host = `127.0.0.1:${port}`): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(`${requestLine}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
      let text = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => (text += chunk));
      socket.on("error", reject);
      socket.on("close", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    });
  }

  it("answer 405 for methods the shop does not serve and 400 for a target that is no path, never 500", async () => {
    // What Remix's Express adapter does first (createRemixRequest): it throws on TRACE, CONNECT and
    // any target that is not a path, which used to make a 500 with a stack trace.
    const app = await start({
      handler: (req, res, next) => {
        try {
          new Request(new URL(`${req.protocol}://${req.get("host")}${req.originalUrl}`), { method: req.method });
        } catch (error) {
          return next(error);
        }
        app.calls.push(`${req.method} ${req.originalUrl}`);
        res.status(200).type("text").send("page");
      },
    });
    const cases: Array<[string, number]> = [
      ["TRACE / HTTP/1.1", 405],
      ["TRACE /products HTTP/1.1", 405],
      ["TRACE http://evil.example/ HTTP/1.1", 405],
      ["CONNECT evil.example:443 HTTP/1.1", 405],
      ["OPTIONS * HTTP/1.1", 405],
      ["OPTIONS / HTTP/1.1", 405],
      ["PROPFIND / HTTP/1.1", 405],
      ["GET * HTTP/1.1", 400],
      ["POST * HTTP/1.1", 400],
      ["GET http://evil.example/ HTTP/1.1", 400],
      ["GET https://evil.example/cart HTTP/1.1", 400],
      ["GET ftp://127.0.0.1:PORT/about HTTP/1.1", 400],
      ["GET http://user@127.0.0.1:PORT/about HTTP/1.1", 400],
      ["GET foo HTTP/1.1", 400],
      // Our own host in absolute form (RFC 9112 §3.2.2): the same request as its path.
      ["GET http://127.0.0.1:PORT/about?x=1 HTTP/1.1", 200],
      ["GET / HTTP/1.1", 200],
    ];
    const seen: Array<[string, number]> = [];
    for (const [line] of cases) {
      const answer = await raw(app.port, line.replace("PORT", String(app.port)));
      seen.push([line, answer.status]);
      if (answer.status === 405) expect(answer.text, line).toMatch(/\r\nAllow: GET, HEAD, POST\r\n/);
    }
    expect(seen).toEqual(cases);
    expect(app.calls).toEqual(["GET /about?x=1", "GET /"]);
    expect(app.lines.join("\n")).not.toMatch(/failed|\n\s+at |TypeError| 500 /);
  });
});
