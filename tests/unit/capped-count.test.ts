import { describe, expect, it } from "vitest";
import { formatWhole } from "~/utils/numbers";
import { createTranslator } from "~/i18n/translate";
import type { Locale } from "~/i18n/config";
import de from "~/locales/de/catalogue.json";
import en from "~/locales/en/catalogue.json";
import fr from "~/locales/fr/catalogue.json";
import ar from "~/locales/ar/catalogue.json";

/* "More than 1 000": what a listing says when a search counted only up to its limit. */
const translators = { de, en, fr, ar };
const t = (locale: Locale) => createTranslator({ catalogue: translators[locale] }, locale);

describe("a capped count", () => {
  it("is written in the language's digit grouping, in Latin digits in Arabic too", () => {
    expect(formatWhole(1000, "de")).toBe("1.000");
    expect(formatWhole(1000, "en")).toBe("1,000");
    expect(formatWhole(1000, "fr")).toBe("1\u202f000");
    expect(formatWhole(1000, "ar")).toMatch(/^1[,٬]000$/);
    // Whole numbers (the dashboard's trend percentages use it too), the same on every call.
    expect([formatWhole(12.5, "de"), formatWhole(12.4, "de"), formatWhole(1234567, "de")]).toEqual(["13", "12", "1.234.567"]);
  });

  it("reads 'more than' in every language, where the exact count reads the number", () => {
    const vars = (locale: Locale) => ({ count: formatWhole(1000, locale), query: "lampe" });
    expect(t("de")("catalogue.search.resultsMore", vars("de"))).toBe("Mehr als 1.000 Ergebnisse für „lampe“");
    expect(t("de")("catalogue.search.results", { count: 1, query: "lampe" })).toBe("1 Ergebnis für „lampe“");
    expect(t("en")("catalogue.titleMore", vars("en"))).toBe("All products (over 1,000)");
    expect(t("fr")("catalogue.resultCountMore", vars("fr"))).toBe("Plus de 1\u202f000 produits");
    expect(t("ar")("catalogue.resultCountMore", vars("ar"))).toMatch(/^أكثر من 1[,٬]000 منتج$/);
  });
});
