/** Plain (unsigned, unencoded) cookies whose names and values are contracts: lng, preferred-*. */
import { env } from "./env.server";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export const ONE_YEAR = 60 * 60 * 24 * 365;
export const THIRTY_DAYS = 60 * 60 * 24 * 30;

/** Every cookie the shop sets goes through here (or through commitSession, with the same flag). */
export function serializeCookie(
  request: Request,
  name: string,
  value: string,
  options: { maxAge?: number; httpOnly?: boolean } = {},
): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${options.maxAge ?? ONE_YEAR}`,
    "SameSite=Lax",
  ];
  if (options.httpOnly) parts.push("HttpOnly");
  if (secureCookies(request)) parts.push("Secure");
  return parts.join("; ");
}

export type CookieSecureMode = "auto" | "always";

/**
 * COOKIE_SECURE: `auto` (default) or `always`. Anything else stops the server at start
 * (checkServerConfig), rather than guessing what an old `true`/`false` meant.
 */
export function cookieSecureMode(): CookieSecureMode {
  return env().COOKIE_SECURE;
}

/** Whether the request reached us over HTTPS: directly, or through a trusted proxy (TRUST_PROXY=true) that says so. */
export function isHttpsRequest(request: Request): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  if (!env().TRUST_PROXY) return false;
  return request.headers.get("X-Forwarded-Proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/**
 * The Secure flag follows the request's scheme: a browser drops Secure cookies that arrive over
 * plain HTTP (except from localhost), so a shop opened by its network address or a LAN host name
 * would silently lose its cart and sign-in. COOKIE_SECURE=always sets it on every answer.
 */
export function secureCookies(request: Request): boolean {
  return cookieSecureMode() === "always" || isHttpsRequest(request);
}
