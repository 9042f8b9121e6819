import http from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import type { Duplex } from "node:stream";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { ServerRuntime } from "../app/entry.server";
import { CLIENT_ADDRESS_HEADER } from "../app/utils/client-address.server";
import type { ServerConfig } from "./config";
import type { Logger } from "./log";
import { accessLog } from "./middleware/access-log";
import { privateByDefault } from "./middleware/cache-control";
import { health } from "./middleware/health";
import { localeOf } from "./middleware/refusal";
import { adminUploadPaths, ALLOWED_METHODS, refusals } from "./middleware/refusals";
import { sameOrigin } from "./middleware/same-origin";
import { mediaSources, securityHeaders } from "./middleware/security-headers";

/** What the app takes from the build's runtime (tests pass stand-ins for parts of it). */
export type AppRuntime = Pick<
  ServerRuntime,
  "pingDatabase" | "runInRequestScope" | "translator" | "siteUrl" | "maxUploadRequestBytes" | "isSharedPageRequest"
>;

export interface PageCache {
  isOwnFill(req: http.IncomingMessage): boolean;
  handle(server: http.Server, req: http.IncomingMessage, res: http.ServerResponse, next: () => void): boolean;
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
  /** The HTTP server the app runs in (the page cache renders its pages through it). */
  httpServer: () => http.Server | undefined;
  isShuttingDown: () => boolean;
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
 * 1. `Connection: close` once shutting down; the access log; the client's address for rate limits;
 * 2. security headers with a per-request CSP nonce; /healthz and /readyz;
 * 3. the refusals that need no app: cross-site writes (403), malformed paths (400), other methods
 *    (405), non-form bodies (415), bodies without a length (411) or over the limit (413);
 * 4. compression; static files (hashed assets immutable for a year, other public files an hour);
 * 5. the shared page cache; Remix, whose answers without a caching policy of their own are
 *    `private, no-store` unless they are the shared page of visitors without cart or account.
 */
export function createApp(options: AppOptions): express.Express {
  const { config, log, runtime, pageCache } = options;
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For / -Proto / -Host count only behind a proxy we were told about.
  app.set("trust proxy", config.trustProxy);

  const isOwnFill = (req: http.IncomingMessage) => pageCache?.isOwnFill(req) ?? false;
  app.use((_req, res, next) => {
    if (options.isShuttingDown()) res.setHeader("Connection", "close");
    next();
  });
  app.use(accessLog(log, isOwnFill));
  app.use((req, _res, next) => {
    // The address rate limits count per (X-Forwarded-For only with TRUST_PROXY: see `trust proxy`).
    // A page cache fill comes over loopback on a visitor's behalf and carries their address.
    if (!isOwnFill(req)) req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
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
  if (options.clientDir) {
    app.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: true }));
    app.use(express.static(options.clientDir, { maxAge: "1h" }));
  }
  if (pageCache) {
    app.use((req, res, next) => {
      const server = options.httpServer();
      if (!server || !pageCache.handle(server, req, res, () => next())) next();
    });
  }
  app.use(privateByDefault(runtime.isSharedPageRequest));
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
