import { useFetcher, useLocation } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { HeartIcon } from "./icons";

/** The heart: a form that toggles the favourite on the server (works without JavaScript). */
export function FavoriteToggle({ productId, active, productName }: { productId: string; active: boolean; productName: string }) {
  const fetcher = useFetcher({ key: `favorite-${productId}` });
  const { t } = useT();
  const location = useLocation();
  // With JavaScript the heart flips at once; the server's answer confirms it.
  const pending = fetcher.formData?.get("productId") === productId;
  const shown = pending ? !active : active;
  return (
    <fetcher.Form method="post" action="/favorites">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-pressed={shown}
        aria-label={shown ? t("favorites.remove", { name: productName }) : t("favorites.add", { name: productName })}
        className={`grid h-9 w-9 place-items-center rounded-full bg-white/90 shadow ${shown ? "text-red-700" : "text-slate-600"} hover:text-red-700`}
      >
        <HeartIcon filled={shown} />
      </button>
    </fetcher.Form>
  );
}
