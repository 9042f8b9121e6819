import { Link } from "@remix-run/react";
import { formatPrice, type Currency } from "~/utils/money";
import { useT } from "~/i18n/use-t";

/**
 * A price in the shopper's currency. A reduced price shows the price it was reduced from only when
 * § 11 PAngV allows: the lowest price of the 30 days before the reduction, struck and labelled so.
 */
export function Price({
  cents,
  referenceCents,
  currency,
  size = "md",
}: {
  cents: number;
  referenceCents?: number | null;
  currency: Currency;
  size?: "sm" | "md" | "lg";
}) {
  const sizes = { sm: "text-base", md: "text-lg", lg: "text-3xl" };
  return (
    <span className="price-row">
      {/* dir="ltr": "12,90 €" keeps its order inside Arabic text (else it reads "€ 12,90"). */}
      <span className={`${sizes[size]} font-bold text-ink`} dir="ltr" data-testid="price">
        {formatPrice(cents, currency)}
      </span>
      {referenceCents ? <ReferencePrice cents={referenceCents} currency={currency} /> : null}
    </span>
  );
}

/** "Lowest price of the last 30 days: ~~299,00 €~~" (§ 11 PAngV), beside a reduced price. */
export function ReferencePrice({ cents, currency }: { cents: number; currency: Currency }) {
  const { t } = useT();
  return (
    <span className="text-sm text-slate-600" data-testid="reference-price">
      {`${t("pricing.lowest30")} `}
      <s dir="ltr">{formatPrice(cents, currency)}</s>
    </span>
  );
}

/**
 * An amount of money as text ("12,90 €", "12.90 CHF"), isolated left to right so it keeps its order
 * inside Arabic text (else it reads "€ 12,90" / "CHF 12.90"). Every amount a page shows goes through here or Price.
 */
export function Money({ cents, currency, className, testId }: { cents: number; currency: Currency; className?: string; testId?: string }) {
  return (
    <span dir="ltr" className={className} data-testid={testId}>
      {formatPrice(cents, currency)}
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
