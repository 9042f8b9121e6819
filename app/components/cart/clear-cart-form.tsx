import { useFetcher } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { TrashIcon } from "~/components/icons";
import { useHydrated } from "~/components/client-toast";
import { StatusButton } from "~/components/forms";
import { CLEAR_CART_KEY, type CartActionData } from "./cart-action-data";

/** Empties the cart (intent=clear); the page shows it empty while the post is on the way. */
export function ClearCartForm() {
  const { t } = useT();
  const fetcher = useFetcher<CartActionData>({ key: CLEAR_CART_KEY });
  const hydrated = useHydrated();
  return (
    <fetcher.Form method="post" action="/cart" className="mt-4 flex justify-end">
      <input type="hidden" name="intent" value="clear" />
      <input type="hidden" name="redirectTo" value="/cart" />
      {hydrated ? <input type="hidden" name="_fetcher" value="1" /> : null}
      <StatusButton className="btn-secondary text-red-700" disabled={fetcher.state !== "idle"}>
        <TrashIcon className="h-4 w-4" />
        {t("cart.clear")}
      </StatusButton>
    </fetcher.Form>
  );
}
