import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

/**
 * The build's public files: hashed assets (immutable for a year) and the others (favicon, demo
 * images: an hour). Only a path under one of the folder's own top-level names is looked up, so
 * that a page request costs no file-system call (express.static stats every path it is asked for).
 * The folder is the build's: it does not change while the server runs.
 */
export function publicFiles(clientDir: string): RequestHandler {
  const names = new Set(readdirSync(clientDir));
  const files = express.Router();
  files.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: true }));
  files.use(express.static(clientDir, { maxAge: "1h" }));
  return (req, res, next) => {
    if (names.has(topName(req.path))) files(req, res, next);
    else next();
  };
}

/** The first segment of a path as express.static reads it (percent-decoded); '' when it does not decode. */
function topName(urlPath: string): string {
  const segment = urlPath.split("/", 2)[1] ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}
