import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { catalogueGeneration } from "~/db/catalogue-version.server";
import { env, parseEnv, type RawEnv } from "./env.server";
import { CART_COOKIE } from "~/models/cart.server";
import { getLocale } from "~/i18n/i18n.server";
import { CLIENT_ADDRESS_HEADER } from "./client-address.server";
import { header, headersWithout } from "./node-headers.server";
import { mentionsPersonaToken, PERSONA_TOKENS, personaUser, runAsPersona, type Persona, type PersonaRole } from "./persona.server";
import { getPreferences } from "./preferences.server";
import { SESSION_COOKIE } from "./session.server";

/**
 * A shared page cache for visitors without a cart or an account.
 *
 * Such a visitor's page depends only on its address, the language, the currency and country (and
 * the host, for absolute links), so every such visitor can be served the same bytes: rendered once,
 * compressed once (gzip and brotli), then answered straight from memory, in front of the app (the
 * server entry runs it as middleware: server/app.ts).
 * A request that carries the session or cart cookie is never served from here — those pages show
 * a cart badge, favourites, an account or a toast, and always render.
 *
 * Filling: on a miss the cache asks its own server for the page over loopback (marked so that the
 * request passes through, with the visitor's own headers), so the page is rendered by exactly the
 * same code as for everyone else. Requests for the same page that arrive meanwhile wait for that one
 * render. Only 200 answers without Set-Cookie and without `no-store`/`private` are kept; for any
 * other answer the address passes through uncached for a while.
 *
 * Freshness: every committed write to what these pages show (products, stock, offers) moves the
 * catalogue generation (app/db/catalogue-version.server.ts), which retires every cached page of
 * this process at once. Each page also
 * expires after PAGE_CACHE_TTL seconds, which bounds staleness when several processes share one
 * database or when the catalogue is edited outside the shop (SQL console).
 */

/** Cookies that make a page personal: the session (account, toasts) and the visitor's cart. */
export const PERSONAL_COOKIES = [SESSION_COOKIE, CART_COOKIE];

/** Pages every visitor without a cart or account sees alike, and their single-fetch data. */
const SHARED_PAGE =
  /^\/(?:|_root\.data|products(?:\/[^/]+)?|category\/[^/]+|search|about|blog|faq|shipping|returns|warranty|privacy|terms|cookies|impressum)(?:\.data)?$/;

const MAX_URL_LENGTH = 1024;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
const FILL_TIMEOUT_MS = 15_000;
const FILL_HEADER = "x-shop-page-cache-fill";
/** On a fill: which persona to render as (an id of this process's own list, never the persona itself). */
const PERSONA_HEADER = "x-shop-page-cache-persona";
/** Headers of the filled answer that belong to that one connection, not to the page. */
const CONNECTION_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "date", "vary", "etag"]);
/** Request headers a filling request must not copy: they would change the body or the connection. */
const NOT_FORWARDED = new Set(["accept-encoding", "connection", "keep-alive", "content-length", "transfer-encoding", "if-none-match", "if-modified-since", "upgrade", "cookie", FILL_HEADER, PERSONA_HEADER]);

export type PageCacheConfig = { enabled: boolean; ttlMs: number; maxBytes: number; maxEntries: number };

export function pageCacheConfig(source?: RawEnv): PageCacheConfig {
  const settings = source ? parseEnv(source) : env();
  const ttlMs = settings.PAGE_CACHE_TTL * 1000;
  const maxMb = settings.PAGE_CACHE_MAX_MB;
  return {
    enabled: settings.PAGE_CACHE !== "off" && ttlMs > 0 && maxMb > 0,
    ttlMs,
    maxBytes: maxMb * 1024 * 1024,
    maxEntries: 5_000,
  };
}

function cookieNames(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  return cookieHeader.split(";").map((part) => part.slice(0, Math.max(0, part.indexOf("="))).trim());
}

/** Whether the address is one of the shared pages (checkout, cart, account and admin never are). */
export function isSharedPagePath(method: string | undefined, url: string | undefined): boolean {
  if (method !== "GET" || !url || url.length > MAX_URL_LENGTH) return false;
  const query = url.indexOf("?");
  return SHARED_PAGE.test(query < 0 ? url : url.slice(0, query));
}

export function hasPersonalCookie(cookieHeader: string | undefined): boolean {
  return cookieNames(cookieHeader).some((name) => PERSONAL_COOKIES.includes(name));
}

/** Whether a request may be answered with the page every new visitor gets (before looking at language or currency). */
export function isSharedPageRequest(method: string | undefined, url: string | undefined, cookieHeader: string | undefined): boolean {
  return isSharedPagePath(method, url) && !hasPersonalCookie(cookieHeader);
}

/** The cookie header without the personal cookies (a persona's render must not see the visitor's own). */
export function withoutPersonalCookies(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const kept = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !PERSONAL_COOKIES.includes(part.slice(0, Math.max(0, part.indexOf("="))).trim()));
  return kept.length > 0 ? kept.join("; ") : undefined;
}

/** What a visitor's page varies by beyond the shared page (resolved from their cookies: app/auth/persona.server.ts). */
export interface VisitorValues {
  role: PersonaRole;
  cartCount: number;
  favoriteIds: string[];
  user: { id: string; email: string; firstName: string } | null;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TOKEN = new RegExp(Object.values(PERSONA_TOKENS).join("|"), "g");

/** The page with the visitor's own strings in place of the persona's placeholders. */
export function substituteUser(page: string, user: NonNullable<VisitorValues["user"]>): string {
  const values: Record<string, string> = {
    [PERSONA_TOKENS.id]: user.id,
    [PERSONA_TOKENS.email]: user.email,
    [PERSONA_TOKENS.firstName]: user.firstName,
  };
  return page.replace(TOKEN, (token) => values[token] ?? "");
}

/** Whether a request's address (decoded as the app decodes it) contains a placeholder; undecodable ones count as such. */
export function namesPlaceholder(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return mentionsPersonaToken(decodeURIComponent(url.replace(/\+/g, " ")));
  } catch {
    return true;
  }
}

/** The best encoding the client accepts among those kept: brotli, gzip, or none. */
export function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (weightOf("br") > 0 && weightOf("br") >= weightOf("gzip")) return "br";
  if (weightOf("gzip") > 0) return "gzip";
  return null;
}

export type CachedPage = {
  kind: "page";
  headers: Record<string, string | string[]>;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  expires: number;
  generation: number;
  size: number;
  /** The identity body as text, once a visitor's strings or a nonce had to be put in. */
  text?: string;
  /**
   * The Content-Security-Policy nonce the page was rendered with, when its body uses it (its inline
   * scripts): every answer gets a nonce of its own in its place (header and body), never the
   * render's, which would be the same for every visitor until the page expires.
   */
  nonce?: string;
};
/** An address whose answer cannot be shared (an error, a redirect, a cookie): passes through. */
type PassThrough = { kind: "pass"; expires: number; generation: number; size: number };
type Entry = CachedPage | PassThrough;

export type RenderedAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** Whether a rendered answer may be kept and shown to every visitor without cart or account. */
export function isShareable(answer: RenderedAnswer): boolean {
  if (answer.status !== 200 || answer.headers["set-cookie"] !== undefined) return false;
  if (answer.body.byteLength > MAX_PAGE_BYTES) return false;
  const cacheControl = String(answer.headers["cache-control"] ?? "").toLowerCase();
  if (/no-store|private/.test(cacheControl)) return false;
  const type = String(answer.headers["content-type"] ?? "");
  return type.startsWith("text/html") || type.startsWith("text/x-script");
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const NONCE_SOURCE = /'nonce-([A-Za-z0-9+/_=-]{16,})'/;

/** The script nonce of a Content-Security-Policy header, if it has one. */
export function nonceOf(csp: unknown): string | undefined {
  return typeof csp === "string" ? NONCE_SOURCE.exec(csp)?.[1] : undefined;
}

/** The nonce a rendered page was made with, when its body carries it (an HTML page's inline scripts). */
function renderedNonce(answer: RenderedAnswer): string | undefined {
  const nonce = nonceOf(answer.headers["content-security-policy"]);
  return nonce && answer.body.includes(nonce, 0, "latin1") ? nonce : undefined;
}

/**
 * This answer's own nonce: the one its Content-Security-Policy already carries (the security
 * headers make one per request), else a new one.
 */
function answerNonce(res: http.ServerResponse): string {
  return nonceOf(res.getHeader("content-security-policy")) ?? randomBytes(16).toString("base64");
}

/** A page's headers and body with `nonce` in place of the one it was rendered with. */
export function withNonce(headers: Record<string, string | string[]>, body: string, rendered: string, nonce: string) {
  const csp = headers["content-security-policy"];
  return {
    headers: typeof csp === "string" ? { ...headers, "content-security-policy": csp.split(rendered).join(nonce) } : headers,
    body: body.split(rendered).join(nonce),
  };
}

export async function pageFromAnswer(answer: RenderedAnswer, expires: number, generation: number): Promise<CachedPage> {
  const headers = headersWithout(answer.headers, CONNECTION_HEADERS);
  const nonce = renderedNonce(answer);
  // Compressed off the main thread, once per page rather than once per request.
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(answer.body, { level: 9 }),
    brotliAsync(answer.body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: answer.body.byteLength,
      },
    }),
  ]);
  const etag = `"${createHash("sha1").update(answer.body).digest("base64url").slice(0, 27)}"`;
  return {
    kind: "page",
    headers,
    identity: answer.body,
    gzip: gzipped,
    br: brotli,
    etag,
    expires,
    generation,
    size: answer.body.byteLength + gzipped.byteLength + brotli.byteLength + 512,
    ...(nonce ? { nonce } : {}),
  };
}

/** Least-recently-used pages, bounded in bytes and entries; stale and expired entries are dropped on read. */
export class PageStore {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly limits: { maxBytes: number; maxEntries: number }) {}

  get(key: string, now: number, generation: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.delete(key);
    if (entry.expires <= now || entry.generation !== generation) return undefined;
    this.entries.set(key, entry);
    this.bytes += entry.size;
    return entry;
  }

  set(key: string, entry: Entry) {
    this.delete(key);
    if (entry.size > this.limits.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.size;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.limits.maxBytes && this.entries.size <= this.limits.maxEntries) break;
      this.delete(oldest);
    }
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}

/** What language, currency and the visitor's values are read from (the client's address: for an optional GeoIP lookup). */
function requestOf(req: http.IncomingMessage): Request {
  const host = header(req, "host") ?? "localhost";
  const headers = new Headers();
  for (const name of ["cookie", "accept-language", "cf-ipcountry", "x-vercel-ip-country", "x-country-code", CLIENT_ADDRESS_HEADER]) {
    const value = header(req, name);
    if (value !== undefined) headers.set(name, value);
  }
  return new Request(`http://${host}${req.url}`, { headers });
}

/** Everything a shared page varies by: host and address, language, currency and country. */
async function cacheKey(req: http.IncomingMessage, request = requestOf(req)): Promise<string> {
  const host = header(req, "host") ?? "localhost";
  const [locale, { currency, country }] = await Promise.all([getLocale(request), getPreferences(request)]);
  return [host, header(req, "x-forwarded-host"), header(req, "x-forwarded-proto"), req.url, locale, currency, country].join("\n");
}

/** Asks this server for the page over loopback, with the visitor's headers, uncompressed. */
function renderOwnPage(server: http.Server, req: http.IncomingMessage, marker: string, agent: http.Agent, personaId?: string): Promise<RenderedAnswer> {
  const address = server.address();
  const target =
    typeof address === "string"
      ? { socketPath: address }
      : { host: isWildcard(address) ? "127.0.0.1" : address?.address, port: address?.port };
  const cookie = withoutPersonalCookies(header(req, "cookie"));
  const headers: http.OutgoingHttpHeaders = {
    ...headersWithout(req.headers, NOT_FORWARDED),
    ...(cookie ? { cookie } : {}),
    [FILL_HEADER]: marker,
    ...(personaId ? { [PERSONA_HEADER]: personaId } : {}),
  };
  return new Promise((resolve, reject) => {
    const request = http.request({ ...target, agent, method: "GET", path: req.url, headers, timeout: FILL_TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 500, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error("page cache fill timed out")));
    request.on("error", reject);
    request.end();
  });
}

function isWildcard(address: AddressInfo | null): boolean {
  return !address || address.address === "::" || address.address === "0.0.0.0";
}

function send(req: http.IncomingMessage, res: http.ServerResponse, page: CachedPage, outcome: "hit" | "miss", values?: VisitorValues) {
  if (values) {
    // A page of a kind of visitor: never kept by anything between us and them.
    page = { ...page, headers: { ...page.headers, "cache-control": "private, no-cache" } };
    if (values.user) return sendPersonalized(res, page, outcome, values.user);
  }
  const notModified = header(req, "if-none-match")?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === page.etag);
  if (page.nonce) {
    // The body differs per answer by its nonce only: a weak validator. A browser revalidating keeps
    // its copy with that copy's own header (a new nonce in a 304's header would not match its body).
    const etag = `W/${page.etag}`;
    if (notModified) {
      res.removeHeader("content-security-policy");
      const { "content-security-policy": _csp, ...headers } = page.headers;
      res.writeHead(304, { ...headers, Vary: "Accept-Encoding", ETag: etag, "X-Page-Cache": outcome });
      return res.end();
    }
    return sendPersonalized(res, page, outcome, null, { Vary: "Accept-Encoding", ETag: etag });
  }
  const encoding = preferredEncoding(header(req, "accept-encoding"));
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  res.writeHead(notModified ? 304 : 200, {
    ...page.headers,
    ...(encoding && !notModified ? { "Content-Encoding": encoding } : {}),
    ...(notModified ? {} : { "Content-Length": body.byteLength }),
    Vary: "Accept-Encoding",
    ETag: page.etag,
    "X-Page-Cache": outcome,
  });
  res.end(notModified ? undefined : body);
}

/**
 * Sends the page with this answer's own nonce and the signed-in visitor's own strings put in
 * (uncompressed here: compression() compresses it).
 */
function sendPersonalized(
  res: http.ServerResponse,
  page: CachedPage,
  outcome: "hit" | "miss",
  user: VisitorValues["user"],
  extraHeaders: Record<string, string> = {},
) {
  page.text ??= page.identity.toString("utf8");
  let headers = page.headers;
  let text = page.text;
  if (page.nonce) ({ headers, body: text } = withNonce(headers, text, page.nonce, answerNonce(res)));
  if (user) text = substituteUser(text, user);
  const body = Buffer.from(text, "utf8");
  res.writeHead(200, { ...headers, ...extraHeaders, "Content-Length": body.byteLength, "X-Page-Cache": outcome });
  res.end(body);
}

/** Sends a rendered answer that is not kept, as it came (uncompressed: it is not a shared page), with a nonce of its own. */
function relay(res: http.ServerResponse, answer: RenderedAnswer) {
  let headers = headersWithout(answer.headers, CONNECTION_HEADERS);
  let body = answer.body;
  const rendered = renderedNonce(answer);
  if (rendered) {
    // Requests that waited for this render get it too: each with its own nonce.
    const fresh = withNonce(headers, body.toString("utf8"), rendered, answerNonce(res));
    headers = fresh.headers;
    body = Buffer.from(fresh.body, "utf8");
  }
  res.writeHead(answer.status, { ...headers, "content-length": body.byteLength });
  res.end(body);
}

/**
 * The page cache's failures, logged once per run of them: a database outage makes every personal
 * request fail alike (70 requests in 8 s), so the first failure is logged as one plain line, the
 * rest are counted, and the first success after them logs that the cache works again.
 */
export function failureLog(log: (message: string) => void = console.error) {
  let run: { since: number; count: number } | null = null;
  return {
    failed(error: unknown) {
      if (run) {
        run.count += 1;
        return;
      }
      run = { since: Date.now(), count: 1 };
      log(`Page cache: ${describeFailure(error)}; requests pass through uncached until it works again`);
    },
    succeeded() {
      if (!run) return;
      const seconds = ((Date.now() - run.since) / 1000).toFixed(1);
      log(`Page cache: working again after ${run.count} failed request${run.count === 1 ? "" : "s"} in ${seconds} s`);
      run = null;
    },
  };
}

/** One line for what went wrong: a thrown answer by its status (a 503: the database away), an error by its message. */
export function describeFailure(error: unknown): string {
  if (error instanceof Response) return `answer ${error.status}${error.status === 503 ? " (database unavailable)" : ""}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`.replace(/\s+/g, " ").slice(0, 300);
  return String(error).replace(/\s+/g, " ").slice(0, 300);
}

type Filled = { answer: RenderedAnswer; page: CachedPage | null };

/**
 * Returns the cache's request handler: it answers a shared page itself, or calls `next` (the rest
 * of the server) for anything personal, uncacheable or failing.
 */
export function createPageCache(
  config: PageCacheConfig = pageCacheConfig(),
  options: {
    /** The visitor's values from their cookies, or null when their page must render for them alone. */
    resolveVisitor?: (request: Request) => Promise<VisitorValues | null>;
    /** Where failures are logged (one line per run of them): console.error by default. */
    log?: (message: string) => void;
  } = {},
) {
  const store = new PageStore(config);
  const failures = failureLog(options.log);
  const filling = new Map<string, Promise<Filled>>();
  const marker = randomBytes(16).toString("hex");
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  /** The personas of the fills under way, by the id their loopback request carries. */
  const personas = new Map<string, Persona>();
  /** Per shared page: the product ids it shows (every id in its body), so a visitor's favourites can be narrowed to those. */
  const pageIds = new Map<string, { generation: number; expires: number; ids: Set<string> }>();

  async function fill(server: http.Server, req: http.IncomingMessage, key: string, persona?: { baseKey: string; persona: Persona; generation: number }): Promise<Filled> {
    const generation = persona?.generation ?? catalogueGeneration();
    const personaId = persona ? randomBytes(12).toString("hex") : undefined;
    if (personaId) personas.set(personaId, persona!.persona);
    let answer: RenderedAnswer;
    try {
      answer = await renderOwnPage(server, req, marker, agent, personaId);
    } finally {
      if (personaId) personas.delete(personaId);
    }
    if (answer.status < 500) failures.succeeded();
    const expires = Date.now() + config.ttlMs;
    if (!isShareable(answer)) {
      // A stable answer that cannot be shared (not found, a redirect, a cookie) passes through for
      // a while; a server error (the database away) is tried again on the next request.
      if (answer.status < 500) store.set(key, { kind: "pass", expires, generation, size: key.length + 64 });
      return { answer, page: null };
    }
    const page = await pageFromAnswer(answer, expires, generation);
    store.set(key, page);
    return { answer, page };
  }

  /** Notes the product ids a page shows: every id in its body (a few more than the hearts cost only sharing, never correctness). */
  function learn(baseKey: string, page: CachedPage) {
    const known = { generation: page.generation, expires: page.expires, ids: new Set(page.identity.toString("latin1").match(UUID) ?? []) };
    pageIds.delete(baseKey);
    pageIds.set(baseKey, known);
    for (const oldest of pageIds.keys()) {
      if (pageIds.size <= config.maxEntries) break;
      pageIds.delete(oldest);
    }
    return known;
  }

  /** The kept page for `key`, or its render (shared with every request for it meanwhile). */
  async function obtain(server: http.Server, req: http.IncomingMessage, key: string, persona?: Parameters<typeof fill>[3]) {
    const entry = store.get(key, Date.now(), catalogueGeneration());
    if (entry) return { entry, first: false };
    let pending = filling.get(key);
    const first = !pending;
    if (!pending) {
      pending = fill(server, req, key, persona).finally(() => filling.delete(key));
      filling.set(key, pending);
    }
    return { filled: await pending, first };
  }

  /**
   * A visitor with a cart or an account: served the page of their kind — keyed by role, cart count
   * and those of their favourites the page shows — rendered once for everyone alike, with their own
   * strings put in as it is sent. Anything else (a toast to show, an ended session…) renders for them.
   */
  async function servePersonal(server: http.Server, req: http.IncomingMessage, res: http.ServerResponse, next: () => void) {
    // An address naming a placeholder (no visitor knows them) is never rendered as a persona's page.
    if (namesPlaceholder(req.url)) return next();
    const request = requestOf(req);
    const values = await options.resolveVisitor!(request);
    failures.succeeded();
    if (!values) return next();
    const baseKey = await cacheKey(req, request);
    const variant = (favoriteIds: string[], generation: number) => ({
      baseKey,
      generation,
      persona: { role: values.role, cartCount: values.cartCount, favoriteIds, user: values.user ? personaUser(values.role === "admin") : null },
    });
    const keyOf = (favoriteIds: string[]) => [baseKey, values.role, values.cartCount, favoriteIds.join(",")].join("\n");
    const current = () => {
      const known = pageIds.get(baseKey);
      return known && known.generation === catalogueGeneration() && known.expires > Date.now() ? known : undefined;
    };
    const pageOf = (result: Awaited<ReturnType<typeof obtain>>) => (result.entry?.kind === "page" ? result.entry : result.filled?.page);
    let known = current();
    let result: Awaited<ReturnType<typeof obtain>> | undefined;
    if (!known) {
      // Which products does the page show? Its render without favourites tells (and serves most visitors).
      result = await obtain(server, req, keyOf([]), variant([], catalogueGeneration()));
      const page = pageOf(result);
      if (!page) return next();
      known = learn(baseKey, page);
    }
    const ids = known.ids;
    const shown = values.favoriteIds.filter((id) => ids.has(id)).sort();
    if (!result || shown.length > 0) result = await obtain(server, req, keyOf(shown), variant(shown, known.generation));
    const page = pageOf(result);
    if (!page) return next();
    send(req, res, page, result.first ? "miss" : "hit", values);
  }

  async function serve(server: http.Server, req: http.IncomingMessage, res: http.ServerResponse, next: () => void) {
    const key = await cacheKey(req);
    const entry = store.get(key, Date.now(), catalogueGeneration());
    if (entry?.kind === "page") return send(req, res, entry, "hit");
    if (entry?.kind === "pass") return next();
    let pending = filling.get(key);
    const first = !pending;
    if (!pending) {
      pending = fill(server, req, key).finally(() => filling.delete(key));
      filling.set(key, pending);
    }
    const { answer, page } = await pending;
    if (page) return send(req, res, page, first ? "miss" : "hit");
    // The answer was rendered from this visitor's own headers: it is theirs. Requests that waited
    // for it get it too unless it sets a cookie (which may be meant for one visitor only).
    if (first || answer.headers["set-cookie"] === undefined) return relay(res, answer);
    next();
  }

  /** Whether this request is the cache's own loopback render (which carries the visitor's headers). */
  const isOwnFill = (req: http.IncomingMessage) => req.headers[FILL_HEADER] === marker;

  return {
    store,
    isOwnFill,
    /**
     * Answers from the cache (true), or leaves the request to the server (false, `next` not called),
     * or (true) passes the cache's own render of a persona to the server inside that persona's scope.
     */
    handle(server: http.Server, req: http.IncomingMessage, res: http.ServerResponse, next: () => void): boolean {
      // The marker and the persona id never reach the app; forged ones are simply dropped.
      const ownFill = isOwnFill(req);
      const personaId = header(req, PERSONA_HEADER);
      delete req.headers[FILL_HEADER];
      delete req.headers[PERSONA_HEADER];
      if (!config.enabled) return false;
      if (ownFill) {
        const persona = personaId ? personas.get(personaId) : undefined;
        if (!persona) return false;
        runAsPersona(persona, next);
        return true;
      }
      if (!isSharedPagePath(req.method, req.url)) return false;
      const personal = hasPersonalCookie(header(req, "cookie"));
      if (personal && !options.resolveVisitor) return false;
      (personal ? servePersonal : serve)(server, req, res, next).catch((error: unknown) => {
        failures.failed(error);
        if (!res.headersSent) next();
      });
      return true;
    },
  };
}
