import { createHash, timingSafeEqual } from "node:crypto";
import cluster, { type Worker } from "node:cluster";
import type { RequestHandler, Response } from "express";
import { AggregatorRegistry, type Counter, type Histogram, type Registry } from "prom-client";
import type { Logger } from "./log";

/**
 * /metrics for Prometheus (prom-client's text format): 404 (the shop's own) unless METRICS_TOKEN is
 * set, then only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). With several server
 * processes (WEB_CONCURRENCY, server/cluster.ts) the process that takes the scrape asks the primary,
 * which collects every process's metrics and sums them (prom-client's AggregatorRegistry; metrics
 * read from the one database say `aggregator: max|min` instead): one scrape, the whole server.
 *
 * Every request is timed into http_request_duration_seconds by method, status and route PATTERN —
 * the Remix route it reached (`/products/:id`, never the id or the query), `(static)` for files,
 * `(refused)` for what the server refused before the app, or the path of /healthz, /readyz,
 * /metrics — so the labels stay few however many products there are. Pages answered by the page
 * cache (X-Page-Cache) count as hits and misses.
 */

export interface ServerMetrics {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status">;
  pageCache: Counter<"outcome">;
}

/** Remix's route manifest entries (ServerBuild["routes"]): what a pattern is made of. */
export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}

type Segment = { kind: "static"; text: string } | { kind: "param" } | { kind: "splat" };

function expandOptional(segments: string[]): string[][] {
  const index = segments.findIndex((segment) => segment.endsWith("?"));
  if (index < 0) return [segments];
  const without = [...segments.slice(0, index), ...segments.slice(index + 1)];
  const withIt = [...segments.slice(0, index), segments[index]!.slice(0, -1), ...segments.slice(index + 1)];
  return [...expandOptional(withIt), ...expandOptional(without)];
}

/**
 * A function from a path to the pattern of the route that answers it ("/products/:id"), or null
 * when none does. The most specific pattern wins (static segments over parameters over a splat),
 * as in Remix's own ranking.
 */
export function routeMatcher(routes: Record<string, RouteEntry | undefined>): (pathname: string) => string | null {
  const fullPath = (route: RouteEntry): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const base = parent ? fullPath(parent) : "";
    return [base, route.path ?? ""].filter(Boolean).join("/").replace(/\/+/g, "/");
  };
  const candidates: Array<{ label: string; segments: Segment[]; score: number }> = [];
  const seen = new Set<string>();
  for (const route of Object.values(routes)) {
    if (!route || (route.path === undefined && !route.index)) continue;
    for (const parts of expandOptional(fullPath(route).split("/").filter(Boolean))) {
      const label = `/${parts.join("/")}`;
      if (seen.has(label)) continue;
      seen.add(label);
      const segments: Segment[] = parts.map((part) =>
        part === "*" ? { kind: "splat" } : part.startsWith(":") ? { kind: "param" } : { kind: "static", text: part.toLowerCase() },
      );
      const score = segments.reduce((sum, s) => sum + (s.kind === "static" ? 10 : s.kind === "param" ? 3 : 1), 0);
      candidates.push({ label, segments, score });
    }
  }
  const isSplat = (c: { segments: Segment[] }) => (c.segments[c.segments.length - 1]?.kind === "splat" ? 1 : 0);
  // A splat is the least specific: any pattern without one that matches comes first.
  candidates.sort((a, b) => isSplat(a) - isSplat(b) || b.score - a.score || b.segments.length - a.segments.length);
  return (pathname) => {
    let parts: string[];
    try {
      parts = pathname.split("/").filter(Boolean).map((part) => decodeURIComponent(part).toLowerCase());
    } catch {
      return null;
    }
    for (const candidate of candidates) {
      const { segments } = candidate;
      const splat = segments[segments.length - 1]?.kind === "splat";
      const fixed = splat ? segments.length - 1 : segments.length;
      if (splat ? parts.length < fixed : parts.length !== fixed) continue;
      let ok = true;
      for (let i = 0; i < fixed && ok; i++) {
        const segment = segments[i]!;
        if (segment.kind === "static" && segment.text !== parts[i]) ok = false;
      }
      if (ok) return candidate.label;
    }
    return null;
  };
}

/** The address Remix answers for a single-fetch data request (`/products/x.data` → `/products/x`, `/_root.data` → `/`). */
function documentPath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

const OWN_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const REACHED_APP = Symbol("reachedApp");

/** Marks a request as one the app (page cache or Remix) answers: its route label is its Remix route's pattern. */
export const reachedApp: RequestHandler = (_req, res, next) => {
  (res.locals as Record<symbol, boolean>)[REACHED_APP] = true;
  next();
};

function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

function plain(res: Response, status: number, text: string, headers: Record<string, string> = {}) {
  res.status(status).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers }).send(text);
}

export interface MetricsOptions {
  metrics: () => ServerMetrics;
  /** METRICS_TOKEN (read per request: unset means /metrics is the shop's 404). */
  token: () => string | undefined;
  /** The Remix routes' patterns (routeMatcher over the build's routes). */
  match: (pathname: string) => string | null;
  /** With several server processes: the sum over all of them (askPrimaryForMetrics). */
  clusterText?: () => Promise<string>;
}

/** Times every request (see above) and answers GET /metrics. */
export function metricsMiddleware({ metrics, token, match, clusterText }: MetricsOptions): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const pathname = req.path;
    res.once("finish", () => {
      const { httpDuration, pageCache } = metrics();
      const inApp = (res.locals as Record<symbol, boolean>)[REACHED_APP] === true;
      const route = inApp
        ? (match(documentPath(pathname)) ?? "(unmatched)")
        : OWN_PATHS.has(pathname)
          ? pathname
          : res.statusCode < 400
            ? "(static)"
            : "(refused)";
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpDuration.observe({ method: METHODS.has(req.method) ? req.method : "OTHER", route, status: String(res.statusCode) }, seconds);
      const cache = res.getHeader("x-page-cache");
      if (cache === "hit" || cache === "miss") pageCache.inc({ outcome: cache });
    });
    if (pathname !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const expected = token();
    if (!expected) return next();
    const given = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "")?.[1];
    if (!given || !sameSecret(given, expected)) {
      return plain(res, 401, "Unauthorized: /metrics needs Authorization: Bearer <METRICS_TOKEN>.", { "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
    const { registry } = metrics();
    (clusterText ? clusterText() : registry.metrics()).then(
      (text) => {
        // Exactly prom-client's content type (Express's send() would add a charset).
        res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(text) });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => plain(res, 503, `Metrics unavailable: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
}

// ---------------------------------------------------------------- several server processes

const ASK = "shop:metrics-request";
const ANSWER = "shop:metrics-answer";
type Ask = { type: typeof ASK; id: number };
type Answer = { type: typeof ANSWER; id: number; text?: string; error?: string };

/**
 * In a worker: lets the primary collect this process's registry (prom-client's own messages), and
 * returns how to ask the primary for everyone's sum.
 */
export function clusterWorkerMetrics(registry: Registry): () => Promise<string> {
  // The constructor adds prom-client's listener that answers the primary with this registry.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  let next = 0;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  process.on("message", (message: Answer) => {
    if (message?.type !== ANSWER) return;
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    clearTimeout(pending.timer);
    if (message.error !== undefined || message.text === undefined) pending.reject(new Error(message.error ?? "no answer"));
    else pending.resolve(message.text);
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("the primary process did not answer in time"));
      }, 10_000);
      waiting.set(id, { resolve, reject, timer });
      process.send?.({ type: ASK, id } satisfies Ask);
    });
}

/** In the primary: answers a worker's request with the sum of every worker's metrics. */
export function serveClusterMetrics(log: Logger): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker: Worker, message: Ask) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (error: unknown) => {
        log.error("Collecting the server processes' metrics failed:", error);
        if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies Answer);
      },
    );
  });
}
