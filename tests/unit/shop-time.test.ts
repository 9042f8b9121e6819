import { describe, expect, it } from "vitest";
import { formatShopDateTime, formatTrend, isTimeZone, trendPercent, trendPeriods } from "~/utils/shop-time";

describe("the admin in the shop's time", () => {
  it("shows a UTC moment in Berlin time: +1 h in winter, +2 h in summer, across midnight", () => {
    expect(formatShopDateTime("2026-11-23T18:37:00Z", { locale: "de", timeZone: "Europe/Berlin" })).toBe("23.11.2026, 19:37");
    expect(formatShopDateTime("2026-07-01T22:30:00Z", { locale: "de", timeZone: "Europe/Berlin" })).toBe("02.07.2026, 00:30");
    expect(formatShopDateTime("2026-07-01T22:30:00Z", { locale: "de", timeZone: "Europe/Berlin", withTime: false })).toBe("02.07.2026");
    // The last Sunday of March: 01:59 UTC is 03:59 summer time, 00:59 UTC still 01:59 winter time.
    expect(formatShopDateTime("2026-03-29T00:59:00Z", { locale: "de", timeZone: "Europe/Berlin" })).toBe("29.03.2026, 01:59");
    expect(formatShopDateTime("2026-03-29T01:00:00Z", { locale: "de", timeZone: "Europe/Berlin" })).toBe("29.03.2026, 03:00");
  });

  it("uses the admin's language and another zone when configured; unknown zones are refused", () => {
    expect(formatShopDateTime("2026-11-23T18:37:00Z", { locale: "en", timeZone: "Europe/Berlin" })).toBe("23 Nov 2026, 19:37");
    expect(formatShopDateTime("2026-11-23T18:37:00Z", { locale: "fr", timeZone: "Europe/Zurich" })).toMatch(/^23 nov\. 2026,? (à )?19:37$/);
    // Arabic in the Gregorian calendar (ar-SA would otherwise show Hijri dates).
    expect(formatShopDateTime("2026-11-23T18:37:00Z", { locale: "ar", timeZone: "Europe/Berlin", withTime: false })).toMatch(/٢٠٢٦|2026/);
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});

describe("trends: the last 30 days against the 30 before", () => {
  it("splits time into two 30-day periods ending now", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    const { current, previous } = trendPeriods(now);
    expect(current.to.toISOString()).toBe("2026-11-24T12:00:00.000Z");
    expect(current.from.toISOString()).toBe("2026-10-25T12:00:00.000Z");
    expect(previous.to.toISOString()).toBe(current.from.toISOString());
    expect(previous.from.toISOString()).toBe("2026-09-25T12:00:00.000Z");
  });

  it("computes the change in whole percent, and none when there is nothing to compare", () => {
    expect(trendPercent(12, 10)).toBe(20);
    expect(trendPercent(5, 10)).toBe(-50);
    expect(trendPercent(10, 10)).toBe(0);
    expect(trendPercent(1, 3)).toBe(-67);
    expect(trendPercent(2, 3)).toBe(-33);
    expect(trendPercent(1, 8)).toBe(-88); // −87.5 rounds away from zero
    expect(trendPercent(7, 0)).toBeNull();
    expect(trendPercent(0, 0)).toBeNull();
    expect(formatTrend(20, "de")).toBe("+20 %");
    expect(formatTrend(-50, "en")).toBe("−50 %");
    expect(formatTrend(0, "fr")).toBe("±0 %");
  });
});
