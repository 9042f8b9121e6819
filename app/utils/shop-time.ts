import { intlLocale, type Locale } from "~/i18n/config";
import { formatWhole } from "~/utils/numbers";

/**
 * The shop's own time and the admin's numbers (browser-safe): every date and time in the admin is
 * shown in the shop's time zone (SHOP_TIME_ZONE, default Europe/Berlin) in the admin's language, and
 * the stat cards compare the last 30 days with the 30 days before.
 */
export const DEFAULT_SHOP_TIME_ZONE = "Europe/Berlin";
export const TREND_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether Intl knows the zone (an IANA name such as Europe/Berlin). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A moment as date (and time) in `timeZone`, in the language's own format (Gregorian calendar). */
export function formatShopDateTime(iso: string | Date, options: { locale: Locale; timeZone: string; withTime?: boolean }): string {
  return new Intl.DateTimeFormat(intlLocale[options.locale], {
    timeZone: options.timeZone,
    calendar: "gregory",
    dateStyle: "medium",
    ...(options.withTime === false ? {} : { timeStyle: "short" }),
  }).format(new Date(iso));
}

/** The two periods the stat cards compare: the last TREND_DAYS days up to `now`, and the ones before. */
export function trendPeriods(now: Date, days = TREND_DAYS) {
  const end = now.getTime();
  return {
    current: { from: new Date(end - days * DAY_MS), to: new Date(end) },
    previous: { from: new Date(end - 2 * days * DAY_MS), to: new Date(end - days * DAY_MS) },
  };
}

/**
 * The change from `previous` to `current` in whole percent (rounded half away from zero), or null
 * when there is nothing to compare with (the period before had nothing).
 */
export function trendPercent(current: number, previous: number): number | null {
  if (!Number.isFinite(current) || !Number.isFinite(previous) || previous <= 0) return null;
  const exact = ((current - previous) * 100) / previous;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** "+12 %" style, with the sign always shown (the minus as U+2212). */
export function formatTrend(percent: number, locale: Locale): string {
  const number = formatWhole(Math.abs(percent), locale);
  return `${percent > 0 ? "+" : percent < 0 ? "−" : "±"}${number} %`;
}

/**
 * The exact moment of a declaration (a withdrawal's receipt: § 356a BGB asks for date and time), in
 * the shop's time zone with the zone named, in the language's own format.
 */
export function formatReceiptDateTime(iso: string | Date, options: { locale: Locale; timeZone: string }): string {
  return new Intl.DateTimeFormat(intlLocale[options.locale], {
    timeZone: options.timeZone,
    calendar: "gregory",
    numberingSystem: "latn",
    dateStyle: "long",
    timeStyle: "long",
  }).format(new Date(iso));
}
