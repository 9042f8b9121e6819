/** Plain (unsigned, unencoded) cookies whose names and values are contracts: lng, preferred-*. */

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

export function serializeCookie(
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
  if (secureCookies()) parts.push("Secure");
  return parts.join("; ");
}

/**
 * Cookies are Secure in production (browsers accept them on http://localhost too). COOKIE_SECURE=false
 * turns that off for a plain-http server on another host name, which should not exist in real use.
 */
export function secureCookies(): boolean {
  if (process.env.COOKIE_SECURE === "false") return false;
  return process.env.NODE_ENV === "production";
}
