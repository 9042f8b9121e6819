import { intlLocale, type Locale } from "~/i18n/config";

const wholeFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * A number rounded to a whole one in the language's grouping, with Latin digits as every number of
 * the shop ("1.000", "1,000", "1 000"). One formatter per language, made once: making one costs about
 * 0.1 ms (it loads the locale's data), formatting with it a microsecond.
 */
export function formatWhole(value: number, locale: Locale): string {
  let format = wholeFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[locale], { maximumFractionDigits: 0, numberingSystem: "latn" });
    wholeFormats.set(locale, format);
  }
  return format.format(value);
}
