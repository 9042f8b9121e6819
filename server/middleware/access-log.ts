import type { RequestHandler } from "express";
import type { Logger } from "../log";

/**
 * One line per request once it is answered: method, path (without the query, which may carry
 * tokens), status, milliseconds. A client that went away before the answer was sent is logged
 * with 499. The page cache's own renders never pass here (they call Remix in-process).
 */
export function accessLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const path = req.originalUrl.split("?")[0] ?? "/";
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const cache = res.getHeader("x-page-cache");
      log.access({
        method: req.method,
        path,
        status: res.headersSent || res.writableFinished ? res.statusCode : 499,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
        ...(typeof cache === "string" ? { cache } : {}),
      });
    };
    res.once("finish", done);
    res.once("close", done);
    next();
  };
}
