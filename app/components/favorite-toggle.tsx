import { useFetcher, useLocation } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { HeartIcon } from "./icons";
import { useFetcherToast, useHydrated } from "./client-toast";
import { submitThroughFetcher } from "./shared-form";

/**
 * The heart: a form that toggles the favourite on the server (works without JavaScript, then
 * redirects back with a toast). With JavaScript the heart flips at once and the answer's toast shows.
 * On a card the heart is only a button of the grid's shared favourites form (`form`: its id, see
 * shared-form.tsx); on the product page it has its own form.
 */
export function FavoriteToggle({
  productId,
  active,
  productName,
  form,
  className,
}: {
  productId: string;
  active: boolean;
  productName: string;
  form?: string;
  className?: string;
}) {
  const fetcher = useFetcher<{ ok: boolean; active?: boolean }>({ key: `favorite-${productId}` });
  const { t } = useT();
  const location = useLocation();
  const hydrated = useHydrated();
  useFetcherToast(fetcher.data);
  // With JavaScript the heart flips at once; the server's answer confirms it.
  const pending = fetcher.formData?.get("productId") === productId;
  const shown = pending ? !active : active;
  const button = (
    <button
      type="submit"
      form={form}
      name={form ? "productId" : undefined}
      value={form ? productId : undefined}
      onClick={form ? (event) => submitThroughFetcher(event, fetcher) : undefined}
      aria-pressed={shown}
      aria-label={shown ? t("favorites.remove", { name: productName }) : t("favorites.add", { name: productName })}
      className={`fav-btn${shown ? " text-red-700" : ""}${className ? ` ${className}` : ""}`}
      data-testid="favorite-toggle"
    >
      <HeartIcon filled={shown} />
    </button>
  );
  if (form) return button;
  return (
    <fetcher.Form method="post" action="/favorites">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="_fetcher" value="1" /> : null}
      {button}
    </fetcher.Form>
  );
}
