import { useFetcher, useLocation } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { CartIcon } from "./icons";

/**
 * Posts to /cart (intent=add). Without JavaScript the post redirects back here with a flash toast;
 * with JavaScript a fetcher sends it and the page stays where it is.
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
  const fetcher = useFetcher({ key: `add-to-cart-${productId}` });
  const { t } = useT();
  const location = useLocation();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/cart" className="flex items-end gap-2">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
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
