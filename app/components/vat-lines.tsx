import type { Locale } from "~/i18n/config";
import { useT } from "~/i18n/use-t";
import { formatPrice, type Currency } from "~/utils/money";
import { formatRate, type VatLine } from "~/utils/vat";

/** "19 %", "8,1 %" in German and French, "8.1 %" in English and Arabic. */
export function rateLabel(rate: number, locale: Locale): string {
  return formatRate(rate, locale === "de" || locale === "fr");
}

/**
 * The VAT contained in a gross total, one row per rate ("enthaltene MwSt. 19 %  31,77 €"), as rows
 * of a summary's description list.
 */
export function VatRows({ lines, currency }: { lines: VatLine[]; currency: Currency }) {
  const { t, locale } = useT();
  return (
    <>
      {lines.map((line) => (
        <div key={line.rate} className="flex justify-between gap-4 text-slate-600" data-testid="vat-line" data-rate={line.rate}>
          <dt>{t("pricing.vat.contained", { rate: rateLabel(line.rate, locale) })}</dt>
          <dd dir="ltr" data-testid="vat-amount">{formatPrice(line.vat, currency)}</dd>
        </div>
      ))}
    </>
  );
}
