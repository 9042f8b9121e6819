import { RemixI18Next } from "remix-i18next/server";
import { defaultLocale, isLocale, locales, type Locale } from "./config";
import { readCookie } from "~/utils/cookies.server";

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
