import type { RequestHandler } from "express";
import { localeOf, refuse, type TranslatorFor } from "./refusal";

export interface BodyLimits {
  /** application/x-www-form-urlencoded posts, anywhere. */
  form: number;
  /** multipart/form-data posts, only where uploads are taken. */
  upload: number;
  /** Whether a path takes multipart uploads (the admin's product and offer forms). */
  takesUploads: (path: string) => boolean;
}

/** The admin's routes: the only ones with file uploads (product images and videos, offer images). */
export const adminUploadPaths = (path: string) => /^\/admin(?:\/|\.data$|$)/.test(path);

/** 400 for an address whose path is not valid percent-encoding (the router would throw on it). */
export function isMalformedPath(url: string): boolean {
  try {
    decodeURIComponent(url.split("?")[0] ?? "");
    return false;
  } catch {
    return true;
  }
}

export type Refusal = { status: 400 | 405 | 411 | 413 | 415; limit?: number };

/** The methods the shop serves; any other (OPTIONS, TRACE, CONNECT, PROPFIND, PUT…) is a 405. */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST"]);
export const ALLOWED_METHODS = [...SERVED_METHODS].join(", ");

/**
 * The request target as the app takes it. RFC 9112 §3.2.2 has servers accept the absolute form
 * (`GET http://host/path HTTP/1.1`): one that names the request's own Host is the same request as
 * its origin form, so it is taken as its path and query. One that names another host (a proxy
 * request, or an attempt to make the target and Host disagree) stays as it is and is refused with
 * 400 by refusalFor, like the asterisk form (`*`), the authority form (`host:443`) and anything
 * else not starting with `/`.
 */
export function ownTarget(url: string, host: string | undefined): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || !host) return url;
  try {
    const target = new URL(url);
    const ours = new URL(`${target.protocol}//${host}`).host;
    const web = target.protocol === "http:" || target.protocol === "https:";
    return web && !target.username && !target.password && target.host === ours ? `${target.pathname}${target.search}` : url;
  } catch {
    return url;
  }
}

/**
 * What the shop refuses before any route reads a body. Every form here is a POST of a form
 * encoding; anything else would make an action's formData() throw:
 * - 405 for any method but GET, HEAD and POST (Remix cannot even build a request of TRACE or
 *   CONNECT), 400 for a target that is no path (`*`, `host:443`, another host's absolute form);
 * - 415 for a POST that is not a form, or multipart where no uploads are taken;
 * - 411 for a body without Content-Length (chunked): browsers always say how much they send, and
 *   a declared length lets the limit be checked before a byte is read (Node's parser never reads
 *   past it);
 * - 413 for a body over the limit of its kind.
 */
export function refusalFor(method: string, url: string, headers: Record<string, string | string[] | undefined>, limits: BodyLimits): Refusal | null {
  if (isMalformedPath(url)) return { status: 400 };
  const verb = method.toUpperCase();
  if (!SERVED_METHODS.has(verb)) return { status: 405 };
  if (!url.startsWith("/")) return { status: 400 };
  if (verb !== "POST") return null;
  const type = String(headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const path = url.split("?")[0] ?? "/";
  const limit = type === "application/x-www-form-urlencoded" ? limits.form : type === "multipart/form-data" && limits.takesUploads(path) ? limits.upload : null;
  if (limit === null) return { status: 415 };
  const declared = headers["content-length"];
  if (declared === undefined) return headers["transfer-encoding"] === undefined ? null : { status: 411 };
  return Number(declared) > limit ? { status: 413, limit } : null;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

export function refusals({ limits, translator }: { limits: BodyLimits; translator: TranslatorFor }): RequestHandler {
  return (req, res, next) => {
    const target = ownTarget(req.originalUrl, req.headers.host);
    if (target !== req.originalUrl) req.url = req.originalUrl = target;
    const refusal = refusalFor(req.method, target, req.headers, limits);
    if (!refusal) {
      // A client that asked before sending its body (Expect: 100-continue, the server's
      // checkContinue listener) may send it now.
      if (req.headers.expect?.toLowerCase() === "100-continue") res.writeContinue();
      return next();
    }
    const locale = localeOf(req);
    const t = translator(locale);
    const home = t("common.notFound.home");
    if (refusal.status === 413) {
      const limit = megabytes(refusal.limit ?? 0);
      return refuse(req, res, 413, { title: t("common.error.tooLarge"), message: t("common.error.tooLargeMessage", { limit }), home, locale });
    }
    refuse(req, res, refusal.status, { message: t("common.error.badRequest"), home, locale }, refusal.status === 405 ? { Allow: ALLOWED_METHODS } : {});
  };
}
