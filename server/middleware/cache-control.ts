import type http from "node:http";
import type { Request, RequestHandler } from "express";

export const PERSONAL_CACHE_CONTROL = "private, no-store";

/**
 * `Cache-Control: private, no-store` on every answer of the app (pages, single-fetch data, resource
 * routes, action answers, redirects) that names no policy of its own, so that no shared proxy keeps
 * a visitor's name, address, cart or orders. Two exceptions:
 * - a request the shared page cache answers with the page every visitor without cart or account
 *   gets (`isShared`: app/page-cache/key.server.ts decides) keeps what the page renders with,
 *   so the cache still stores it (it keeps no answer marked `no-store`/`private`);
 * - an answer that sets a cookie is the visitor's own even there.
 * Runs in front of the page cache and Remix: a page of a kind of visitor carries the cache's own
 * `private, no-cache`, and a render the cache sends without keeping it is treated like any answer.
 */
export function privateByDefault(isShared: (method: string, url: string, cookieHeader: string | undefined) => boolean): RequestHandler {
  return (req, res, next) => {
    const writeHead = res.writeHead as (...args: unknown[]) => http.ServerResponse;
    res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
      // Headers handed to writeHead itself (Node merges them there): set them first, to see them.
      const last = args[args.length - 1];
      if (last && typeof last === "object" && !Array.isArray(last)) {
        for (const [name, value] of Object.entries(last as http.OutgoingHttpHeaders)) if (value !== undefined) this.setHeader(name, value);
        args = args.slice(0, -1);
      }
      if (!this.hasHeader("cache-control") && (this.hasHeader("set-cookie") || !sharedRequest(req, isShared))) {
        this.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
      }
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

/** HEAD asks for what GET answers, with the same headers. */
function sharedRequest(req: Request, isShared: (method: string, url: string, cookieHeader: string | undefined) => boolean): boolean {
  return isShared(req.method === "HEAD" ? "GET" : req.method, req.originalUrl, req.headers.cookie);
}
