import type { RequestHandler } from "express";
import { localeOf, refuse, type TranslatorFor } from "./refusal";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether a state-changing request comes from our own pages. Its source is the Origin header or,
 * without one, the Referer; it must name one of `hosts` (host:port). A request with neither
 * header (curl, old proxies) passes: a browser always sends Origin on a cross-site POST. An opaque
 * origin ("null": sandboxed frames, some redirects) or an unparsable one does not.
 */
export function isSameOriginWrite(
  method: string,
  headers: { origin?: string; referer?: string },
  hosts: ReadonlyArray<string | undefined>,
): boolean {
  if (!UNSAFE.has(method.toUpperCase())) return true;
  const source = headers.origin ?? headers.referer;
  if (source === undefined) return true;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  return hosts.some((host) => {
    if (!host) return false;
    try {
      // Normalized like the source: lower case, the scheme's default port dropped.
      return new URL(`${url.protocol}//${host}`).host === url.host;
    } catch {
      return false;
    }
  });
}

/**
 * The one cross-site check for every action (together with SameSite=Lax cookies and "no GET changes
 * data" it stops forged form posts): a POST/PUT/PATCH/DELETE from another site gets a 403 page in
 * the visitor's language before any route runs. Our hosts: the Host header, X-Forwarded-Host from a
 * trusted proxy, and SITE_URL's host.
 */
export function sameOrigin({ siteUrl, trustProxy, translator }: { siteUrl: () => string; trustProxy: boolean; translator: TranslatorFor }): RequestHandler {
  return (req, res, next) => {
    const forwarded = trustProxy ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
    let site: string | undefined;
    try {
      site = new URL(siteUrl()).host;
    } catch {
      site = undefined;
    }
    const headers = { origin: req.get("origin"), referer: req.get("referer") };
    if (isSameOriginWrite(req.method, headers, [req.get("host"), forwarded, site])) return next();
    const locale = localeOf(req);
    const t = translator(locale);
    refuse(req, res, 403, { title: t("common.error.forbidden"), message: t("common.error.crossSite"), home: t("common.notFound.home"), locale });
  };
}
