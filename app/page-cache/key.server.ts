import type http from "node:http";
import { getLocale } from "~/i18n/i18n.server";
import { CART_COOKIE } from "~/models/cart.server";
import { CLIENT_ADDRESS_HEADER } from "~/utils/client-address.server";
import { header } from "~/utils/node-headers.server";
import { getPreferences } from "~/utils/preferences.server";
import { SESSION_COOKIE } from "~/utils/session.server";
import { MAX_URL_LENGTH } from "./config.server";

/** Which requests the cache may answer, and what a kept page is keyed by. */

/** Cookies that make a page personal: the session (account, toasts) and the visitor's cart. */
export const PERSONAL_COOKIES = [SESSION_COOKIE, CART_COOKIE];

/** Pages every visitor of a kind sees alike, and their single-fetch data. */
const SHARED_PAGE =
  /^\/(?:|_root\.data|products(?:\/[^/]+)?|category\/[^/]+|search|about|blog|faq|shipping|returns|warranty|privacy|terms|cookies|impressum)(?:\.data)?$/;

function cookieNames(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  return cookieHeader.split(";").map((part) => part.slice(0, Math.max(0, part.indexOf("="))).trim());
}

/** Whether the address is one of the shared pages (checkout, cart, account and admin never are). */
export function isSharedPagePath(method: string | undefined, url: string | undefined): boolean {
  if (method !== "GET" || !url || url.length > MAX_URL_LENGTH) return false;
  const query = url.indexOf("?");
  return SHARED_PAGE.test(query < 0 ? url : url.slice(0, query));
}

export function hasPersonalCookie(cookieHeader: string | undefined): boolean {
  return cookieNames(cookieHeader).some((name) => PERSONAL_COOKIES.includes(name));
}

/** Whether a request gets the page every visitor without cart or account gets (before looking at language or currency). */
export function isSharedPageRequest(method: string | undefined, url: string | undefined, cookieHeader: string | undefined): boolean {
  return isSharedPagePath(method, url) && !hasPersonalCookie(cookieHeader);
}

/** The cookie header without the personal cookies (a persona's render must not see the visitor's own). */
export function withoutPersonalCookies(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const kept = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !PERSONAL_COOKIES.includes(part.slice(0, Math.max(0, part.indexOf("="))).trim()));
  return kept.length > 0 ? kept.join("; ") : undefined;
}

/** What language, currency and the visitor's values are read from (the client's address: for an optional GeoIP lookup). */
export function requestOf(req: http.IncomingMessage): Request {
  const host = header(req, "host") ?? "localhost";
  const headers = new Headers();
  for (const name of ["cookie", "accept-language", "cf-ipcountry", "x-vercel-ip-country", "x-country-code", CLIENT_ADDRESS_HEADER]) {
    const value = header(req, name);
    if (value !== undefined) headers.set(name, value);
  }
  return new Request(`http://${host}${req.url}`, { headers });
}

/** Everything a shared page varies by: host and address, language, currency and country. */
export async function cacheKey(req: http.IncomingMessage, request = requestOf(req)): Promise<string> {
  const host = header(req, "host") ?? "localhost";
  const [locale, { currency, country }] = await Promise.all([getLocale(request), getPreferences(request)]);
  return [host, header(req, "x-forwarded-host"), header(req, "x-forwarded-proto"), req.url, locale, currency, country].join("\n");
}
