import type { RequestHandler } from "express";

export interface HealthOptions {
  /** Resolves when the database answers a trivial query, rejects otherwise. */
  ping: () => Promise<void>;
  timeoutMs: number;
  isShuttingDown: () => boolean;
}

function answer(res: Parameters<RequestHandler>[1], status: number, text: string) {
  res.status(status).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).send(text);
}

/**
 * For load balancers and orchestrators: `/healthz` says the process answers (no database involved:
 * restarting the process would not bring a database back); `/readyz` says it can serve pages — the
 * database answers `select 1` within `timeoutMs`, and the server is not shutting down — else 503.
 */
export function health({ ping, timeoutMs, isShuttingDown }: HealthOptions): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path === "/healthz") return answer(res, 200, "ok");
    if (req.path !== "/readyz") return next();
    if (isShuttingDown()) return answer(res, 503, "shutting down");
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
    });
    Promise.race([ping(), deadline])
      .then(
        () => answer(res, 200, "ready"),
        () => answer(res, 503, "database unavailable"),
      )
      .finally(() => clearTimeout(timer));
  };
}
