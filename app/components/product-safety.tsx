import type { ProductSafetyView } from "~/models/product.server";
import { useT } from "~/i18n/use-t";
import { ChevronDownIcon, ShieldIcon } from "./icons";

/**
 * The product page's "Product safety" section (GPSR, EU 2023/988 Art. 19): manufacturer, postal and
 * e-mail address, the EU responsible person (when there is one), the product identifier and the
 * safety information. Plain markup, no client code: a <details> folded on phones and always open
 * from md (app.css: .safety-details), readable without JavaScript either way. The e-mail address
 * and the GTIN are isolated left to right (Arabic pages).
 */
export function ProductSafety({ safety, articleNumber }: { safety: ProductSafetyView; articleNumber: string }) {
  const { t } = useT();
  return (
    <details className="safety-details card group" data-testid="product-safety">
      <summary className="flex cursor-pointer list-none items-center gap-2 p-4 md:cursor-auto md:pb-0 [&::-webkit-details-marker]:hidden">
        <ShieldIcon className="h-5 w-5 shrink-0 text-brand-700" />
        <h2 className="flex-1 text-lg font-bold">{t("product.safety.title")}</h2>
        <ChevronDownIcon className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 md:hidden" />
      </summary>
      <dl className="grid gap-x-4 gap-y-1 px-4 pt-2 pb-4 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr] sm:gap-y-2">
        {safety.manufacturerName || safety.manufacturerAddress ? (
          <>
            <dt className="font-semibold text-slate-800">{t("product.safety.manufacturer")}</dt>
            <dd className="mb-2 whitespace-pre-line text-slate-700 sm:mb-0" data-testid="safety-manufacturer">
              {safety.manufacturerName}
              {safety.manufacturerName && safety.manufacturerAddress ? "\n" : null}
              {safety.manufacturerAddress}
            </dd>
          </>
        ) : null}
        {safety.manufacturerEmail ? (
          <>
            <dt className="font-semibold text-slate-800">{t("product.safety.email")}</dt>
            <dd className="mb-2 sm:mb-0">
              <a href={`mailto:${safety.manufacturerEmail}`} dir="ltr" className="break-all text-brand-700 underline">
                {safety.manufacturerEmail}
              </a>
            </dd>
          </>
        ) : null}
        {safety.responsiblePerson ? (
          <>
            <dt className="font-semibold text-slate-800">{t("product.safety.responsiblePerson")}</dt>
            <dd className="mb-2 whitespace-pre-line text-slate-700 sm:mb-0">{safety.responsiblePerson}</dd>
          </>
        ) : null}
        <dt className="font-semibold text-slate-800">{t(safety.gtin ? "product.safety.gtin" : "product.safety.articleNumber")}</dt>
        <dd className="mb-2 text-slate-700 sm:mb-0">
          <span dir="ltr" className="font-mono break-all" data-testid="safety-identifier">{safety.gtin ?? articleNumber}</span>
        </dd>
        {safety.safetyInfo ? (
          <>
            <dt className="font-semibold text-slate-800">{t("product.safety.info")}</dt>
            <dd className="whitespace-pre-line leading-relaxed text-slate-700" data-testid="safety-info">{safety.safetyInfo}</dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}
