import type http from "node:http";
import { catalogueGeneration } from "~/db/catalogue-version.server";
import { header } from "~/utils/node-headers.server";
import type { PageCacheConfig } from "./config.server";
import { pageFromAnswer } from "./encoding.server";
import { failureLog } from "./failures.server";
import { isShareable, renderPage, type PageRender, type RenderedAnswer } from "./fill.server";
import { cacheKey, hasPersonalCookie, isSharedPagePath, requestOf } from "./key.server";
import { namesPlaceholder, personaOf, type Persona, type VisitorValues } from "./persona.server";
import { relay, send } from "./respond.server";
import { PageStore, type CachedPage, type Entry } from "./store.server";
import { shownFavorites, ShownProducts, variantKey } from "./variants.server";

/**
 * The shared page cache: the server entry's middleware in front of Remix (server/app.ts), made by
 * the app build (serverRuntime.createPageCache) so that its state is this process's one instance.
 * What it keeps, for whom, and how: README.md in this folder.
 */

export { pageCacheConfig, type PageCacheConfig } from "./config.server";
export { isSharedPageRequest } from "./key.server";
export type { FillContext, PageRender } from "./fill.server";
export type { Persona, VisitorValues } from "./persona.server";

export interface PageCacheOptions {
  /** The app's request handler, called in-process to render a miss (server/index.ts wires Remix's). */
  render: PageRender;
  /** The visitor's values from their cookies, or null when their page must render for them alone. Without it, visitors with a cart or an account always pass through. */
  resolveVisitor?: (request: Request) => Promise<VisitorValues | null>;
  /** Where failures are logged (one line per run of them): console.error by default. */
  log?: (message: string) => void;
}

export interface PageCache {
  store: PageStore;
  /**
   * Answers `req` from the cache, rendering it first on a miss (true), or leaves it to the rest of
   * the server (false; `next` not called). `url` is the absolute address the app would see for the
   * request (the server works it out as Remix's Express adapter does).
   */
  handle(req: http.IncomingMessage, res: http.ServerResponse, next: () => void, url?: string): boolean;
}

type Filled = { answer: RenderedAnswer; page: CachedPage | null };
type Obtained = { entry?: Entry; filled?: Filled; first: boolean };

export function createPageCache(config: PageCacheConfig, options: PageCacheOptions): PageCache {
  const store = new PageStore(config);
  const failures = failureLog(options.log);
  const filling = new Map<string, Promise<Filled>>();
  const shownProducts = new ShownProducts(config.maxEntries);

  /** Renders the page, keeps it when it may be shared, else remembers to pass the address through for a while. */
  async function fill(req: http.IncomingMessage, url: string, key: string, persona: Persona | null, generation: number): Promise<Filled> {
    const answer = await renderPage(options.render, req, url, persona);
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

  /** The kept entry for `key`, or its render (one render shared by every request for it meanwhile). */
  async function obtain(req: http.IncomingMessage, url: string, key: string, persona: Persona | null, generation: number): Promise<Obtained> {
    const entry = store.get(key, Date.now(), catalogueGeneration());
    if (entry) return { entry, first: false };
    let pending = filling.get(key);
    const first = !pending;
    if (!pending) {
      pending = fill(req, url, key, persona, generation).finally(() => filling.delete(key));
      filling.set(key, pending);
    }
    return { filled: await pending, first };
  }

  const pageOf = (result: Obtained) => (result.entry?.kind === "page" ? result.entry : result.filled?.page);

  /** A visitor without cart or account: the page every such visitor gets. */
  async function serveShared(req: http.IncomingMessage, res: http.ServerResponse, next: () => void, url: string) {
    const key = await cacheKey(req);
    const result = await obtain(req, url, key, null, catalogueGeneration());
    if (result.entry) return result.entry.kind === "page" ? send(req, res, result.entry, "hit") : next();
    const { answer, page } = result.filled!;
    if (page) return send(req, res, page, result.first ? "miss" : "hit");
    // The answer was rendered from this visitor's own headers: it is theirs. Requests that waited
    // for it get it too unless it sets a cookie (which may be meant for one visitor only).
    if (result.first || answer.headers["set-cookie"] === undefined) return relay(res, answer);
    next();
  }

  /**
   * A visitor with a cart or an account: the page of their kind, rendered once as a persona for
   * everyone alike, with their own strings put in as it is sent. Anything else (a toast to show,
   * an ended session…) renders for them alone.
   */
  async function servePersonal(req: http.IncomingMessage, res: http.ServerResponse, next: () => void, url: string) {
    // An address naming a placeholder (no visitor knows them) is never rendered as a persona's page.
    if (namesPlaceholder(req.url)) return next();
    const request = requestOf(req);
    const values = await options.resolveVisitor!(request);
    failures.succeeded();
    if (!values) return next();
    const baseKey = await cacheKey(req, request);
    const variant = (shown: string[], generation: number) =>
      obtain(req, url, variantKey(baseKey, values, shown), personaOf(values, shown), generation);
    let known = shownProducts.current(baseKey, catalogueGeneration(), Date.now());
    let result: Obtained | undefined;
    if (!known) {
      // Which products does the page show? Its render without favourites tells (and serves most visitors).
      result = await variant([], catalogueGeneration());
      const page = pageOf(result);
      if (!page) return next();
      known = shownProducts.learn(baseKey, page);
    }
    const shown = shownFavorites(values, known);
    if (!result || shown.length > 0) result = await variant(shown, known.generation);
    const page = pageOf(result);
    if (!page) return next();
    send(req, res, page, result.first ? "miss" : "hit", values);
  }

  return {
    store,
    handle(req, res, next, url = `http://${header(req, "host") ?? "localhost"}${req.url}`) {
      if (!config.enabled || !isSharedPagePath(req.method, req.url)) return false;
      const personal = hasPersonalCookie(header(req, "cookie"));
      if (personal && !options.resolveVisitor) return false;
      (personal ? servePersonal : serveShared)(req, res, next, url).catch((error: unknown) => {
        failures.failed(error);
        if (!res.headersSent) next();
      });
      return true;
    },
  };
}
