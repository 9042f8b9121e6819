import { clientAddress } from "./client-address.server";
import { readCookie } from "./cookies.server";
import type { Currency } from "./money";
import { env } from "./env.server";

export type { Currency };
export type Country = "DE" | "CH";

export function currencyForCountry(country: string | null | undefined): Currency {
  return country === "CH" ? "CHF" : "EUR";
}

export function isCurrency(value: unknown): value is Currency {
  return value === "EUR" || value === "CHF";
}

const COUNTRY_HEADERS = ["cf-ipcountry", "x-vercel-ip-country", "x-country-code"];

/**
 * Country and currency: the preference cookies first; else the country header a proxy adds;
 * else the optional lookup of the client's address at GEOIP_LOOKUP_URL (short timeout, remembered
 * per address); CH gives CH/CHF, anything else (or any failure) DE/EUR.
 */
export async function getPreferences(request: Request): Promise<{ country: Country; currency: Currency }> {
  const cookieCountry = readCookie(request, "preferred-country");
  const cookieCurrency = readCookie(request, "preferred-currency");
  if ((cookieCountry === "DE" || cookieCountry === "CH") && isCurrency(cookieCurrency)) {
    return { country: cookieCountry, currency: cookieCurrency };
  }
  const country = (await countryFromRequest(request)) === "CH" ? "CH" : "DE";
  return { country, currency: currencyForCountry(country) };
}

async function countryFromRequest(request: Request): Promise<string | undefined> {
  for (const name of COUNTRY_HEADERS) {
    const value = request.headers.get(name);
    if (value) return value.trim().toUpperCase();
  }
  const lookupUrl = env().GEOIP_LOOKUP_URL;
  if (!lookupUrl) return undefined;
  const address = clientAddress(request);
  if (!isPublicAddress(address)) return undefined;
  return lookupCountry(lookupUrl, address);
}

declare global {
  var __shopGeoCache: Map<string, { expires: number; country: Promise<string | undefined> }> | undefined;
}

const GEO_CACHE_ENTRIES = 10_000;
const GEO_CACHE_MS = 24 * 60 * 60 * 1000;

/**
 * The country of a client address from GEOIP_LOOKUP_URL, where `{ip}` stands for the address
 * (e.g. https://ipapi.co/{ip}/json/); the answer is JSON with `country_code`. Each address is
 * looked up once a day at most (concurrent requests share the lookup); a failed lookup is
 * remembered for a minute, so a service that is down does not slow every page.
 */
function lookupCountry(template: string, address: string): Promise<string | undefined> {
  const cache = (globalThis.__shopGeoCache ??= new Map());
  const now = Date.now();
  const known = cache.get(address);
  if (known && known.expires > now) return known.country;
  const entry = { expires: now + GEO_CACHE_MS, country: fetchCountry(template.replaceAll("{ip}", encodeURIComponent(address))) };
  entry.country.then((country) => {
    if (country === undefined) entry.expires = Date.now() + 60_000;
  });
  cache.delete(address);
  cache.set(address, entry);
  if (cache.size > GEO_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return entry.country;
}

async function fetchCountry(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(800) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { country_code?: unknown };
    return typeof body.country_code === "string" ? body.country_code.toUpperCase() : undefined;
  } catch {
    return undefined;
  }
}

/** Loopback, private and link-local addresses have no country: no lookup for them. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^::ffff:/i, "");
  if (ip === "unknown" || ip === "::1" || /^(127|10|0)\./.test(ip) || /^192\.168\./.test(ip) || /^169\.254\./.test(ip)) return false;
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(ip) || /^(fc|fd|fe80)/i.test(ip)) return false;
  return /^[0-9a-f.:]+$/i.test(ip);
}
