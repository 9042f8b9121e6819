import { readCookie } from "./cookies.server";
import type { Currency } from "./money";

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
 * else the optional lookup at GEOIP_LOOKUP_URL (short timeout); CH gives CH/CHF, anything else
 * (or any failure) DE/EUR.
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
  const lookupUrl = process.env.GEOIP_LOOKUP_URL;
  if (!lookupUrl) return undefined;
  try {
    const response = await fetch(lookupUrl, { signal: AbortSignal.timeout(800) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { country_code?: unknown };
    return typeof body.country_code === "string" ? body.country_code.toUpperCase() : undefined;
  } catch {
    return undefined;
  }
}
