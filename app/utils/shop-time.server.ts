import { intlLocale, type Locale } from "~/i18n/config";
import { env } from "./env.server";

/** SHOP_TIME_ZONE (default Europe/Berlin), checked at start by the typed environment. */
export function shopTimeZone(): string {
  return env().SHOP_TIME_ZONE;
}

/** A printable document's date (invoice, credit note, delivery note): the day in the shop's time zone, written out in the document's language. */
export function documentDate(moment: string | Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: "long", timeZone: shopTimeZone() }).format(new Date(moment));
}
