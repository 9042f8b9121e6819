import type { Locale } from "~/i18n/config";
import { stickyLanguageCookie } from "~/i18n/i18n.server";
import { serializeCookie } from "~/utils/cookies.server";
import { currencyForCountry, type Country } from "~/utils/preferences.server";

/*
 * Writing the shopper's preferences (the contract's cookies lng, preferred-country and
 * preferred-currency). Routes read preferences from the request context and write them here; they
 * never touch the cookies themselves.
 */

/** The Set-Cookie values that make `country` the shopper's country, with its currency (CH → CHF, else EUR). */
export function countryCookies(request: Request, country: Country): string[] {
  return [serializeCookie(request, "preferred-country", country), serializeCookie(request, "preferred-currency", currencyForCountry(country))];
}

/** The Set-Cookie value that makes `locale` the shopper's language. */
export function languageCookie(request: Request, locale: Locale): string {
  return serializeCookie(request, "lng", locale);
}

/** The language cookie a request's `?lng=` asks to keep (null when there is nothing to keep). */
export { stickyLanguageCookie };
