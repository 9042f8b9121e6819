import { useFetcher, useLocation } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { HeartIcon } from "./icons";
import { useFetcherToast, useHydrated } from "./client-toast";

/**
 * The heart: a form that toggles the favourite on the server (works without JavaScript, then
 * redirects back with a toast). With JavaScript the heart flips at once and the answer's toast shows.
 */
export function FavoriteToggle({ productId, active, productName }: { productId: string; active: boolean; productName: string }) {
  const fetcher = useFetcher<{ ok: boolean; active?: boolean }>({ key: `favorite-${productId}` });
  const { t } = useT();
  const location = useLocation();
  const hydrated = useHydrated();
  useFetcherToast(fetcher.data);
  // With JavaScript the heart flips at once; the server's answer confirms it.
  const pending = fetcher.formData?.get("productId") === productId;
  const shown = pending ? !active : active;
  return (
    <fetcher.Form method="post" action="/favorites">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="_fetcher" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={shown}
        aria-label={shown ? t("favorites.remove", { name: productName }) : t("favorites.add", { name: productName })}
        className={`grid h-9 w-9 place-items-center rounded-full bg-white/90 shadow ${shown ? "text-red-700" : "text-slate-600"} hover:text-red-700`}
        data-testid="favorite-toggle"
      >
        <HeartIcon filled={shown} />
      </button>
    </fetcher.Form>
  );
}
