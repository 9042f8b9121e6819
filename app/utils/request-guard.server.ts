import type http from "node:http";
import { getTranslator } from "~/i18n/catalogues.server";
import { defaultLocale, isLocale, type Locale } from "~/i18n/config";
import { onHttpServerListen } from "./http-server-hooks.server";
import { CLIENT_ADDRESS_HEADER } from "./client-address.server";
import { isShuttingDown } from "./graceful-shutdown.server";
import { header } from "./node-headers.server";
import { createPageCache } from "./page-cache.server";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);


/**
 * The address rate limits count per: the connection's peer address, or — only when TRUST_PROXY is
 * set, behind a proxy that sets it — the first X-Forwarded-For entry. Trusting X-Forwarded-For
 * without a proxy would let anyone pick a new address for every request.
 */
export function clientAddressOf(socketAddress: string | undefined, forwardedFor: string | undefined, trustProxy: boolean): string {
  const forwarded = trustProxy ? forwardedFor?.split(",")[0]?.trim() : undefined;
  return forwarded || socketAddress || "unknown";
}

/** Whether a state-changing request names an origin other than the host it was sent to. */
export function isCrossSiteWrite(method: string | undefined, origin: string | undefined, host: string | undefined): boolean {
  if (!method || !UNSAFE.has(method.toUpperCase()) || origin === undefined) return false;
  if (origin === "null" || !host) return true;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** 405 for PUT/PATCH/DELETE, 415 for a POST whose body is not a form; null when the request may pass. */
export function refuseUnsupportedWrite(method: string | undefined, contentType: string | undefined): 405 | 415 | null {
  const verb = method?.toUpperCase();
  if (verb === "PUT" || verb === "PATCH" || verb === "DELETE") return 405;
  if (verb !== "POST") return null;
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return FORM_TYPES.includes(type) ? null : 415;
}

/** 400 for an address whose path is not valid percent-encoding (the router would throw on it). */
export function refuseMalformedPath(url: string | undefined): 400 | null {
  const path = url?.split("?")[0] ?? "";
  try {
    decodeURIComponent(path);
    return null;
  } catch {
    return 400;
  }
}

function localeOf(req: http.IncomingMessage): Locale {
  const cookie = header(req, "cookie")?.match(/(?:^|;\s*)lng=([a-z]{2})/)?.[1];
  if (isLocale(cookie)) return cookie;
  const accepted = header(req, "accept-language")?.slice(0, 2).toLowerCase();
  return isLocale(accepted) ? accepted : defaultLocale;
}

/**
 * Runs before remix-serve's handler on every request:
 * - it notes the client's address for rate limits (CLIENT_ADDRESS_HEADER);
 * - Remix itself refuses a POST whose Origin does not match the Host, but with a bare 500 and an
 *   error in the log: the guard answers such requests first with a 403 and a short page in the
 *   visitor's language. Actions still call requireSameOrigin (which also checks the Referer when
 *   there is no Origin).
 */
export function installRequestGuard() {
  const trustProxy = process.env.TRUST_PROXY === "true";
  const pageCache = createPageCache();
  onHttpServerListen((server) => {
    const handlers = server.listeners("request") as Array<(req: http.IncomingMessage, res: http.ServerResponse) => void>;
    server.removeAllListeners("request");
    server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
      // A page cache fill comes over loopback on a visitor's behalf and carries their address.
      if (!pageCache.isOwnFill(req)) {
        req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req.socket.remoteAddress, header(req, "x-forwarded-for"), trustProxy);
      }
      if (isShuttingDown()) res.setHeader("Connection", "close");
      const host = header(req, "x-forwarded-host")?.split(",")[0]?.trim() || header(req, "host");
      if (isCrossSiteWrite(req.method, header(req, "origin"), host)) {
        const locale = localeOf(req);
        const t = getTranslator(locale);
        const wantsHtml = (header(req, "accept") ?? "").includes("text/html");
        const title = t("common.error.forbidden");
        const message = t("common.error.crossSite");
        res.writeHead(403, {
          "Content-Type": wantsHtml ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
        });
        res.end(
          wantsHtml
            ? `<!doctype html><html lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}"><meta charset="utf-8"><title>403 – ${title}</title><main style="font-family:system-ui;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${title}</h1><p>${message}</p><p><a href="/">${t("common.notFound.home")}</a></p></main></html>`
            : `${title}: ${message}`,
        );
        req.resume();
        return;
      }
      // Every form here is a POST of a form encoding: anything else would make the action's
      // formData() throw, a 500. Other methods and body types get 405 / 415 instead.
      const refusal = refuseUnsupportedWrite(req.method, header(req, "content-type")) ?? refuseMalformedPath(req.url);
      if (refusal) {
        const t = getTranslator(localeOf(req));
        res.writeHead(refusal, {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
          ...(refusal === 405 ? { Allow: "GET, HEAD, POST" } : {}),
        });
        res.end(t("common.error.badRequest"));
        req.resume();
        return;
      }
      const next = () => {
        for (const handler of handlers) handler.call(server, req, res);
      };
      // Pages every visitor without a cart or account sees alike come from the shared page cache.
      if (pageCache.handle(server, req, res, next)) return;
      next();
    });
  });
}
