import type { Locale } from "~/i18n/config";

/**
 * An offer's texts per language (browser-safe): `title`, `subtitle` and `timeLeft` are the German
 * texts and the fallback of every other language.
 */
export interface OfferTexts {
  title: string;
  titleEn: string;
  titleFr: string;
  titleAr: string;
  subtitle: string;
  subtitleEn: string;
  subtitleFr: string;
  subtitleAr: string;
  timeLeft: string;
  timeLeftEn: string;
  timeLeftFr: string;
  timeLeftAr: string;
}

export const OFFER_TEXT_LOCALES = ["En", "Fr", "Ar"] as const;

const suffix: Record<Locale, "" | (typeof OFFER_TEXT_LOCALES)[number]> = { de: "", en: "En", fr: "Fr", ar: "Ar" };

/** The offer's title, subtitle and time left in the shopper's language, else in German. */
export function localizedOfferTexts(offer: OfferTexts, locale: Locale): { title: string; subtitle: string; timeLeft: string } {
  const s = suffix[locale];
  const pick = (base: "title" | "subtitle" | "timeLeft") => (s ? offer[`${base}${s}`] : "") || offer[base];
  return { title: pick("title"), subtitle: pick("subtitle"), timeLeft: pick("timeLeft") };
}
