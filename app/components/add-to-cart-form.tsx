import { useFetcher, useLocation } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { CartIcon } from "./icons";
import { useFetcherToast, useHydrated } from "./client-toast";
import { StatusButton } from "./status-button";

/**
 * Posts to /cart (intent=add). Without JavaScript the post redirects back here with a flash toast;
 * with JavaScript a fetcher sends it, the page stays where it is, the answer's toast is shown and
 * the header badge moves at once (optimistic count). The server checks stock and the product, not
 * just this button.
 */
export function AddToCartForm({
  productId,
  available,
  source,
  withQuantity = false,
  maxQuantity,
}: {
  productId: string;
  available: boolean;
  source: "card" | "detail" | "offer";
  withQuantity?: boolean;
  maxQuantity?: number;
}) {
  const fetcher = useFetcher<{ ok: boolean }>({ key: `add-to-cart-${source}-${productId}` });
  const { t } = useT();
  const location = useLocation();
  const hydrated = useHydrated();
  useFetcherToast(fetcher.data);
  return (
    <fetcher.Form method="post" action="/cart" className="flex items-end gap-2">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="_fetcher" value="1" /> : null}
      {withQuantity && available ? (
        <div>
          <label htmlFor={`qty-${productId}`} className="label">
            {t("product.quantity")}
          </label>
          <input
            id={`qty-${productId}`}
            type="number"
            name="quantity"
            min={1}
            max={maxQuantity}
            defaultValue={1}
            required
            inputMode="numeric"
            className="input w-24"
          />
        </div>
      ) : (
        <input type="hidden" name="quantity" value="1" />
      )}
      <StatusButton
        // On a card (two columns on a phone) the button is narrow: smaller text, the icon from sm up.
        className={source === "card" ? "btn-primary flex-1 !px-2 text-xs sm:!px-4 sm:text-sm" : "btn-primary flex-1"}
        disabled={!available}
        pendingLabel={
          <>
            <CartIcon className={source === "card" ? "hidden h-4 w-4 shrink-0 sm:block" : "h-4 w-4"} />
            {t("product.adding")}
          </>
        }
      >
        <CartIcon className={source === "card" ? "hidden h-4 w-4 shrink-0 sm:block" : "h-4 w-4"} />
        {available ? t("product.addToCart") : t("product.soldOut")}
      </StatusButton>
    </fetcher.Form>
  );
}
