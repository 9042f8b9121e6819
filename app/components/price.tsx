import { Link } from "@remix-run/react";
import { formatPrice, type Currency } from "~/utils/money";
import { useT } from "~/i18n/use-t";

/** A price in the shopper's currency, with the struck original price when discounted. */
export function Price({
  cents,
  originalCents,
  currency,
  size = "md",
}: {
  cents: number;
  originalCents?: number | null;
  currency: Currency;
  size?: "sm" | "md" | "lg";
}) {
  const { t } = useT();
  const sizes = { sm: "text-base", md: "text-lg", lg: "text-3xl" };
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      {/* dir="ltr": "12,90 €" keeps its order inside Arabic text (else it reads "€ 12,90"). */}
      <span className={`${sizes[size]} font-bold text-ink`} dir="ltr" data-testid="price">
        {formatPrice(cents, currency)}
      </span>
      {originalCents ? (
        <s className="text-sm text-slate-600">
          <span className="sr-only">{t("common.price.original")} </span>
          <span dir="ltr">{formatPrice(originalCents, currency)}</span>
        </s>
      ) : null}
    </span>
  );
}

/**
 * The price note German and Swiss shop law asks for near prices: gross prices ("inkl. MwSt.")
 * and a link to the shipping terms.
 */
export function VatNote({ className = "" }: { className?: string }) {
  const { t } = useT();
  return (
    <p className={`text-sm text-slate-600 ${className}`} data-testid="vat-note">
      {t("catalogue.vatNote")}{" "}
      <Link to="/shipping" className="underline hover:text-brand-700">
        {t("catalogue.shippingLink")}
      </Link>
    </p>
  );
}
