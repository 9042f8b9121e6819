import http from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { ServerRuntime } from "../app/server-runtime.server";
import { CLIENT_ADDRESS_HEADER } from "../app/utils/client-address.server";
import type { ServerConfig } from "./config";
import type { Logger } from "./log";
import { accessLog } from "./middleware/access-log";
import { privateByDefault } from "./middleware/cache-control";
import { publicFiles } from "./middleware/public-files";
import { health } from "./middleware/health";
import { metricsMiddleware, reachedApp, type MetricsOptions } from "./metrics";
import { localeOf } from "./middleware/refusal";
import { adminUploadPaths, ALLOWED_METHODS, refusals } from "./middleware/refusals";
import { sameOrigin } from "./middleware/same-origin";
import { mediaSources, securityHeaders } from "./middleware/security-headers";

/** What the app takes from the build's runtime (tests pass stand-ins for parts of it). */
export type AppRuntime = Pick<
  ServerRuntime,
  "pingDatabase" | "runInRequestScope" | "translator" | "siteUrl" | "maxUploadRequestBytes" | "isSharedPageRequest"
>;

/** The shared page cache (app/page-cache/: serverRuntime.createPageCache), or a stand-in. */
export interface PageCache {
  /** Answers from the cache (true), or leaves the request to the server (false, `next` not called). */
  handle(req: http.IncomingMessage, res: http.ServerResponse, next: () => void, url: string): boolean;
}

export interface AppOptions {
  config: ServerConfig;
  log: Logger;
  runtime: AppRuntime;
  /** Remix's request handler (@remix-run/express), or a stand-in. */
  handler: RequestHandler;
  pageCache?: PageCache;
  /** The build's client folder (build/client): hashed assets under assets/, the public files. */
  clientDir?: string;
  isShuttingDown: () => boolean;
  /** /metrics and the request metrics (server/metrics.ts); without it, neither. */
  metrics?: MetricsOptions;
}

/**
 * The address Remix's Express adapter gives the app for a request (createRemixRequest in
 * @remix-run/express): scheme and host name as `trust proxy` allows, the port from
 * X-Forwarded-Host or Host, the original path and query. The page cache renders its misses for it.
 * Null where the adapter would fail (a host no URL can hold): Remix's own handling answers those.
 */
export function remixUrl(req: express.Request): string | null {
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(":")[1] ?? "", 10);
  const port = [portOf(req.get("X-Forwarded-Host")), portOf(req.get("host"))].find(Number.isSafeInteger);
  try {
    return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`).href;
  } catch {
    return null;
  }
}

/**
 * The server's "connect" listener. Node hands a CONNECT request (a proxy's tunnel) to that listener
 * instead of the app (Express could not route its `host:port` target anyway), and without one
 * drops the connection unanswered. The shop is no proxy: 405, logged like any request, and the
 * connection is closed.
 */
export function connectListener(log: Logger) {
  return (req: http.IncomingMessage, socket: Duplex) => {
    const started = process.hrtime.bigint();
    const res = new http.ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket as Socket);
    socket.on("error", () => socket.destroy());
    res.once("finish", () => {
      res.detachSocket(socket as Socket);
      socket.end();
      log.access({ method: req.method ?? "CONNECT", path: req.url ?? "", status: 405, ms: Number(process.hrtime.bigint() - started) / 1e6 });
    });
    const body = "Method Not Allowed";
    res.writeHead(405, {
      Allow: ALLOWED_METHODS,
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "no-store",
      Connection: "close",
    });
    res.end(body);
  };
}

/**
 * The shop's HTTP layer, in order:
 * 1. `Connection: close` once shutting down; the access log; request metrics and /metrics
 *    (server/metrics.ts); the client's address for rate limits;
 * 2. security headers with a per-request CSP nonce; /healthz and /readyz;
 * 3. the refusals that need no app: cross-site writes (403), malformed paths (400), other methods
 *    (405), non-form bodies (415), bodies without a length (411) or over the limit (413);
 * 4. compression; static files (hashed assets immutable for a year, other public files an hour);
 * 5. `Cache-Control: private, no-store` on answers without a caching policy of their own unless
 *    they are the shared page of visitors without cart or account; the shared page cache (which
 *    renders a miss by calling Remix's handler in-process); Remix.
 */
export function createApp(options: AppOptions): express.Express {
  const { config, log, runtime, pageCache } = options;
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For / -Proto / -Host count only behind a proxy we were told about.
  app.set("trust proxy", config.trustProxy);

  app.use((_req, res, next) => {
    if (options.isShuttingDown()) res.setHeader("Connection", "close");
    next();
  });
  app.use(accessLog(log));
  if (options.metrics) app.use(metricsMiddleware(options.metrics));
  app.use((req, _res, next) => {
    // The address rate limits count per (X-Forwarded-For only with TRUST_PROXY: see `trust proxy`).
    // The page cache's render of a miss carries it too: it is made of the visitor's request.
    req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  app.use(securityHeaders(mediaSources()));
  app.use(health({ ping: runtime.pingDatabase, timeoutMs: config.readyTimeoutMs, isShuttingDown: options.isShuttingDown }));
  app.use(sameOrigin({ siteUrl: runtime.siteUrl, trustProxy: config.trustProxy, translator: runtime.translator }));
  app.use(
    refusals({
      limits: { form: config.formBodyLimit, upload: runtime.maxUploadRequestBytes, takesUploads: adminUploadPaths },
      translator: runtime.translator,
    }),
  );
  // What the page cache keeps is compressed already; compression() leaves answers that carry a
  // Content-Encoding alone.
  app.use(compression());
  if (options.clientDir) app.use(publicFiles(options.clientDir));
  app.use(privateByDefault(runtime.isSharedPageRequest));
  app.use(reachedApp);
  if (pageCache) {
    app.use((req, res, next) => {
      const url = remixUrl(req);
      if (!url || !pageCache.handle(req, res, () => next(), url)) next();
    });
  }
  app.all("*", (req, res, next) => runtime.runInRequestScope(() => options.handler(req, res, next)));

  const errors: ErrorRequestHandler = (error, req, res, _next) => {
    log.error(`${req.method} ${req.originalUrl.split("?")[0]} failed`, error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const t = runtime.translator(localeOf(req));
    res.status(500).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).send(t("common.error.title"));
  };
  app.use(errors);
  return app;
}
