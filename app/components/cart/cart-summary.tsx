import { Link, useFetchers } from "@remix-run/react";
import type { CartLineView } from "~/models/cart.server";
import type { Currency } from "~/utils/money";
import { vatByRate } from "~/utils/vat";
import { useT } from "~/i18n/use-t";
import { Money, VatNote } from "~/components/price";
import { VatRows } from "~/components/vat-lines";
import { CART_LINE_KEY, CLEAR_CART_KEY } from "./cart-action-data";

/**
 * The pieces and subtotal the page shows. Totals follow the quantities the lines show while their
 * forms (or the clear form) are on the way.
 */
export function useCartTotals(lines: CartLineView[]): { pieces: number; subtotal: number } {
  const fetchers = useFetchers();
  const pending = new Map<string, number>();
  for (const f of fetchers) {
    if (!f.key.startsWith(CART_LINE_KEY) || !f.formData) continue;
    const quantity = f.formData.get("intent") === "remove" ? 0 : Number(f.formData.get("quantity"));
    if (Number.isInteger(quantity)) pending.set(f.key.slice(CART_LINE_KEY.length), Math.max(0, quantity));
  }
  const clearing = fetchers.some((f) => f.key === CLEAR_CART_KEY && f.formData);
  if (clearing) for (const line of lines) pending.set(line.productId, 0);
  const shown = lines.map((line) => {
    const quantity = Math.min(pending.get(line.productId) ?? line.quantity, line.stock);
    return { ...line, quantity };
  });
  const pieces = shown.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = shown.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  return { pieces, subtotal };
}

export function ContinueShoppingLink() {
  const { t } = useT();
  return (
    <Link to="/products" className="btn-secondary">
      {t("cart.continueShopping")}
    </Link>
  );
}

/** The summary beside the lines: pieces, subtotal, free shipping, total with its VAT, checkout. */
export function CartSummary({ pieces, subtotal, currency, vatRate }: { pieces: number; subtotal: number; currency: Currency; vatRate: number }) {
  const { t } = useT();
  return (
    <aside className="card h-fit p-6 lg:sticky lg:top-24" aria-labelledby="cart-summary" data-testid="cart-summary">
      <h2 id="cart-summary" className="text-lg font-bold">
        {t("cart.summary.title")}
      </h2>
      <dl className="mt-4 flex flex-col gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt>{t("cart.summary.items")}</dt>
          <dd data-testid="summary-count">{pieces}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{t("cart.summary.subtotal")}</dt>
          <dd><Money cents={subtotal} currency={currency} /></dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{t("cart.summary.shipping")}</dt>
          <dd className="font-semibold text-emerald-800">{t("cart.summary.free")}</dd>
        </div>
        <div className="mt-2 flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-bold">
          <dt>{t("cart.summary.total")}</dt>
          <dd data-testid="summary-total"><Money cents={subtotal} currency={currency} /></dd>
        </div>
        <VatRows lines={vatByRate([{ total: subtotal, vatRate }])} currency={currency} />
      </dl>
      <VatNote className="mt-2" />
      <div className="mt-6 flex flex-col gap-3">
        <Link to="/checkout" className="btn-primary">
          {t("cart.summary.checkout")}
        </Link>
        <ContinueShoppingLink />
      </div>
    </aside>
  );
}
