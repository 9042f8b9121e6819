import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../server/middleware/security-headers";
import { hashScripts, withScriptHashes } from "~/page-cache/encoding.server";
import { failureLog } from "~/page-cache/failures.server";
import { databaseUnavailable } from "~/db/database.server";
import { createPageCache, type PageCacheOptions } from "~/page-cache/index.server";
import { PERSONA_TOKENS, type Persona, type VisitorValues } from "~/page-cache/persona.server";

/*
 * Findings of an attack run on the shared page cache (app/page-cache/): a visitor's
 * text must never receive another's (or their own) personal strings, no script nonce is shared by
 * the visitors of a kept page (its scripts are allowed by their hashes, or each answer has a nonce
 * of its own), and an outage is logged once, not per request.
 */

const VISITOR = { id: "11111111-1111-4111-8111-111111111111", email: "kunde@example.com", firstName: "Kunde" };

let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  server = undefined;
});

type Options = Omit<PageCacheOptions, "render">;

/**
 * A server with the page cache in front of a stand-in shop: like the real one it sets a CSP with a
 * fresh nonce on every answer (server/middleware/security-headers.ts), renders its inline script
 * with the nonce of its load context, greets the signed-in user (the persona's placeholders in the
 * cache's renders) and echoes the search. The cache renders a miss through `render` (in-process,
 * with the persona in the load context), the server everything else through `app`.
 */
async function start(options: Options) {
  let renders = 0;
  const shopPage = (url: string, cookie: string | null, nonce: string, persona: Persona | null) => {
    renders += 1;
    const user = persona ? persona.user : cookie?.includes("__session") ? VISITOR : null;
    const q = new URL(url, "http://x").searchParams.get("q") ?? "";
    return (
      `<html><header>${user ? `Hallo ${user.firstName} (${user.email})` : "Anmelden"}</header>` +
      `<main><h1 data-testid="search-text">${q}</h1></main>` +
      `<script nonce="${nonce}">window.__ctx={"q":${JSON.stringify(q)}}</script></html>`
    );
  };
  const render: PageCacheOptions["render"] = async (request, { cspNonce, persona }) =>
    new Response(shopPage(request.url, request.headers.get("cookie"), cspNonce, persona), { headers: { "Content-Type": "text/html; charset=utf-8" } });
  const cache = createPageCache({ enabled: true, ttlMs: 60_000, maxBytes: 1e7, maxEntries: 100 }, { ...options, render });
  const app = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const nonce = String(res.getHeader("content-security-policy")).match(/'nonce-([^']+)'/)![1]!;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(shopPage(req.url ?? "/", req.headers.cookie ?? null, nonce, null));
  };
  server = http.createServer((req, res) => {
    const nonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    if (!cache.handle(req, res, () => app(req, res))) app(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
        })
        .on("error", reject);
    });
  return { get, renders: () => renders };
}

const signedIn = async (): Promise<VisitorValues> => ({ role: "customer", cartCount: 0, favoriteIds: [], user: VISITOR });

describe("a visitor's own text and the placeholders", () => {
  it("never puts personal strings into what the visitor typed, and still where they belong", async () => {
    const shop = await start({ resolveVisitor: signedIn });
    const session = { cookie: "__session=abc" };

    const lamp = await shop.get("/search?q=lamp", session);
    expect(lamp.headers["x-page-cache"]).toBe("miss");
    expect(lamp.text).toContain("Hallo Kunde (kunde@example.com)");
    expect((await shop.get("/search?q=lamp", session)).headers["x-page-cache"]).toBe("hit");

    // Searching for a placeholder (the way it is spelt in this process, and as it once was spelt).
    for (const token of [PERSONA_TOKENS.email, PERSONA_TOKENS.firstName, PERSONA_TOKENS.id, "zqPersonaEmailq7", "zqPersonaFirstNameq7"]) {
      for (const q of [token, encodeURIComponent(`a ${token} b`).replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)]) {
        const answer = await shop.get(`/search?q=${q}`, session);
        const typed = decodeURIComponent(q);
        expect(answer.text, q).toContain(`<h1 data-testid="search-text">${typed}</h1>`);
        expect(answer.text, q).toContain(`{"q":${JSON.stringify(typed)}}`);
        expect(answer.text.match(/kunde@example\.com/g), q).toHaveLength(1);
        expect(answer.text, q).toContain("Hallo Kunde (kunde@example.com)");
      }
    }
  });
});

describe("the Content-Security-Policy of cached pages", () => {
  const nonces = (answer: { headers: http.IncomingHttpHeaders; text: string }) => ({
    header: String(answer.headers["content-security-policy"]).match(/'nonce-([^']+)'/)?.[1],
    body: [...answer.text.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]),
  });
  const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const scriptSrc = (answer: { headers: http.IncomingHttpHeaders }) =>
    String(answer.headers["content-security-policy"]).split(";").find((part) => part.trim().startsWith("script-src"))?.trim();

  it("allows a shared page's inline script by its hash: every visitor gets the kept bytes, and no nonce anyone could reuse", async () => {
    const shop = await start({});
    const answers = [await shop.get("/faq?q=a"), await shop.get("/faq?q=a"), await shop.get("/faq?q=a")];
    expect(answers.map((a) => a.headers["x-page-cache"])).toEqual(["miss", "hit", "hit"]);
    expect(shop.renders()).toBe(1);
    for (const answer of answers) {
      expect(nonces(answer)).toEqual({ header: undefined, body: [] });
      // Exactly the page's one script, and nothing else inline.
      expect(scriptSrc(answer)).toBe(`script-src 'self' ${sha256('window.__ctx={"q":"a"}')}`);
      expect(answer.text).toBe(answers[0]!.text);
      expect(String(answer.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    }
    // Another page: the hash of its own script.
    expect(scriptSrc(await shop.get("/faq?q=b"))).toBe(`script-src 'self' ${sha256('window.__ctx={"q":"b"}')}`);
  });

  it("gives the pages of signed-in visitors (their strings put in per answer), and requests that waited for one render, a nonce of their own", async () => {
    const shop = await start({ resolveVisitor: signedIn });
    const answers = await Promise.all([0, 1, 2, 3].map(() => shop.get("/products", { cookie: "__session=abc" })));
    answers.push(await shop.get("/products", { cookie: "__session=abc" }));
    expect(answers.at(-1)!.headers["x-page-cache"]).toBe("hit");
    const seen = answers.map(nonces);
    for (const { header, body } of seen) expect(body).toEqual([header]);
    expect(new Set(seen.map((n) => n.header)).size).toBe(answers.length);
  });

  it("answers a revalidation with 304 and the same script hashes as the browser's copy", async () => {
    const shop = await start({});
    const first = await shop.get("/about");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await shop.get("/about", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
  });

  it("hashes only the inline scripts the render gave its nonce, as the browser reads them", () => {
    const nonce = "bm9uY2Utb2YtdGhlLXJlbmRlcg==";
    const body =
      `<link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/>` +
      `<script nonce="${nonce}">one()</script>` +
      `<script nonce="${nonce}" type="module" async="">import "/assets/a.js";\r\ntwo()</script>` +
      `<script nonce="${nonce}">one()</script>` +
      `<script nonce="${nonce}" src="/assets/b.js"></script>` +
      `<script type="application/ld+json">{"@type":"Product"}</script>` +
      `<script nonce="someone-elses-nonce-0000">evil()</script>`;
    const { body: kept, sources } = hashScripts(body, nonce);
    expect(sources).toBe(`${sha256("one()")} ${sha256('import "/assets/a.js";\ntwo()')}`);
    expect(kept).not.toContain(nonce);
    expect(kept).toContain('<script>one()</script><script type="module" async="">');
    expect(kept).toContain('nonce="someone-elses-nonce-0000"');
    expect(hashScripts("<p>no scripts</p>", nonce)).toEqual({ body: "<p>no scripts</p>", sources: "" });
  });

  it("puts the hashes in place of the header's nonce, and leaves no inline script allowed when there are none", () => {
    const csp = contentSecurityPolicy("abcdefghijklmnopqrstuv==");
    expect(withScriptHashes(csp, "'sha256-x' 'sha256-y'")).toBe(csp.replace("'nonce-abcdefghijklmnopqrstuv=='", "'sha256-x' 'sha256-y'"));
    expect(withScriptHashes(csp, "")).toContain("script-src 'self'; ");
  });
});

describe("failures of the page cache", () => {
  it("logs one plain line per outage, not one object per request", async () => {
    const lines: unknown[][] = [];
    let down = true;
    const shop = await start({
      log: (...args: unknown[]) => lines.push(args),
      resolveVisitor: async () => {
        if (down) throw new Response("Service Unavailable", { status: 503 });
        return signedIn();
      },
    });
    // An 8-second outage: 70 requests, at once and one after another; each still gets its page.
    const answers = await Promise.all(Array.from({ length: 40 }, () => shop.get("/", { cookie: "__session=abc" })));
    for (let i = 0; i < 30; i++) answers.push(await shop.get("/products", { cookie: "__session=abc" }));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveLength(1);
    expect(typeof lines[0]![0]).toBe("string");
    expect(lines[0]![0]).toMatch(/^Page cache: .*503/);
    expect(lines[0]![0]).not.toMatch(/Response \{/);

    // The database back: one line; a new outage: one more.
    down = false;
    await shop.get("/", { cookie: "__session=abc" });
    await shop.get("/", { cookie: "__session=abc" });
    expect(lines).toHaveLength(2);
    expect(lines[1]![0]).toMatch(/^Page cache: working again after 70 failed requests/);
    down = true;
    for (let i = 0; i < 5; i++) await shop.get("/about", { cookie: "__session=abc" });
    expect(lines).toHaveLength(3);
  });

  it("describes the database being away as the 503 its requests answer", () => {
    const lines: string[] = [];
    failureLog((line) => lines.push(line)).failed(databaseUnavailable());
    expect(lines).toEqual(["Page cache: answer 503 (database unavailable); requests pass through uncached until it works again"]);
  });

  it("describes a thrown error by its message", () => {
    const lines: string[] = [];
    const failures = failureLog((line) => lines.push(line));
    for (let i = 0; i < 10; i++) failures.failed(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    failures.succeeded();
    failures.succeeded();
    expect(lines).toEqual([
      "Page cache: Error: connect ECONNREFUSED 127.0.0.1:5432; requests pass through uncached until it works again",
      expect.stringMatching(/^Page cache: working again after 10 failed requests in \d+\.\d s$/),
    ]);
  });
});
