import { useFetcher, useLocation } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { CartIcon } from "./icons";
import { useFetcherToast, useHydrated } from "./client-toast";
import { StatusButton } from "./forms";
import { submitThroughFetcher } from "./shared-form";

/**
 * Posts to /cart (intent=add). Without JavaScript the post redirects back here with a flash toast;
 * with JavaScript a fetcher sends it, the page stays where it is, the answer's toast is shown and
 * the header badge moves at once (optimistic count). The server checks stock and the product, not
 * just this button. On a card it is only a button of the grid's shared cart form (`form`: its id,
 * see shared-form.tsx), which adds one piece.
 */
export function AddToCartForm({
  productId,
  available,
  source,
  withQuantity = false,
  maxQuantity,
  form,
}: {
  productId: string;
  available: boolean;
  source: "card" | "detail" | "offer";
  withQuantity?: boolean;
  maxQuantity?: number;
  form?: string;
}) {
  const fetcher = useFetcher<{ ok: boolean }>({ key: `add-to-cart-${source}-${productId}` });
  const { t } = useT();
  const location = useLocation();
  const hydrated = useHydrated();
  useFetcherToast(fetcher.data);
  const icon = <CartIcon className={source === "card" ? "hidden h-4 w-4 shrink-0 sm:block" : "h-4 w-4"} />;
  const button = (
    <StatusButton
      // A card's button (two columns on a phone) is narrow: smaller text, the icon from sm up.
      className={source === "card" ? "btn-card" : "btn-primary flex-1"}
      data-testid="add-to-cart"
      disabled={!available}
      pendingLabel={
        <>
          {icon}
          {t("product.adding")}
        </>
      }
      // On a card: a button of the grid's shared cart form, carrying its product.
      {...(form ? { form, name: "productId", value: productId, onClick: (event) => submitThroughFetcher(event, fetcher) } : {})}
    >
      {icon}
      {available ? t("product.addToCart") : t("product.soldOut")}
    </StatusButton>
  );
  if (form) return button;
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
      {button}
    </fetcher.Form>
  );
}
