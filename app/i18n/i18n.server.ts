import { RemixI18Next } from "remix-i18next/server";
import { defaultLocale, isLocale, locales, type Locale } from "./config";
import { readCookie, serializeCookie } from "~/utils/cookies.server";

/**
 * remix-i18next detects the language: ?lng= first, then the lng cookie, then Accept-Language,
 * then German. Texts are translated by our own small translator (app/i18n/translate.ts).
 */
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...locales],
    fallbackLanguage: defaultLocale,
    searchParamKey: "lng",
    order: ["searchParams", "custom", "header"],
    async findLocale(request) {
      const value = readCookie(request, "lng");
      return isLocale(value) ? value : null;
    },
  },
});

export async function getLocale(request: Request): Promise<Locale> {
  const locale = await detector.getLocale(request);
  return isLocale(locale) ? locale : defaultLocale;
}

/**
 * A visit with `?lng=xx` (hreflang alternates, e-mail links) keeps that language for the next plain
 * link: the Set-Cookie for `lng` when the address names a language the cookie doesn't hold yet, else
 * null. Without cookies the page itself still renders in ?lng.
 */
export function stickyLanguageCookie(request: Request): string | null {
  const lng = new URL(request.url).searchParams.get("lng");
  if (!isLocale(lng) || readCookie(request, "lng") === lng) return null;
  return serializeCookie(request, "lng", lng);
}
