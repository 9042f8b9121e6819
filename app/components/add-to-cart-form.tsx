import { useFetcher, useLocation } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { CartIcon } from "./icons";
import { useFetcherToast, useHydrated } from "./client-toast";

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
  const busy = fetcher.state !== "idle";
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
      <button type="submit" className="btn-primary flex-1" disabled={!available || busy}>
        <CartIcon className="h-4 w-4" />
        {available ? (busy ? t("product.adding") : t("product.addToCart")) : t("product.soldOut")}
      </button>
    </fetcher.Form>
  );
}
