import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requestContext } from "~/services/request-context.server";
import { cartOwnerForWrite } from "~/auth/cart-session.server";
import { listFavoriteProducts, toggleFavorite } from "~/models/favorite.server";
import { listFeaturedProducts, localizedName, toProductCard } from "~/models/product.server";
import { safeRedirect } from "~/utils/redirect";
import { flashToast, type Toast } from "~/utils/session.server";
import { pageMeta } from "~/utils/seo";
import { useT } from "~/i18n/use-t";
import { ProductGrid } from "~/components/product-card";
import { VatNote } from "~/components/price";
import { readFormData } from "~/utils/form-data.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { routeMessages, translateToast } from "~/i18n/catalogues.server";
import { type I18nHandle, PRODUCT_CARD_TEXTS } from "~/i18n/namespaces";
import { logActionFailure } from "~/services/action-failure.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("favorites.meta.title"), description: t("favorites.meta.description") }));

/** Favourites are at most this many featured suggestions when the list is empty (spec: 6). */
const FEATURED_SUGGESTIONS = 6;

export const handle = { i18n: ["favorites", ...PRODUCT_CARD_TEXTS] } satisfies I18nHandle;

export async function loader(args: LoaderFunctionArgs) {
  const { locale, currency, cartOwner } = await requestContext(args);
  const favorites = await listFavoriteProducts(cartOwner);
  const featured = favorites.length === 0 ? await listFeaturedProducts(FEATURED_SUGGESTIONS) : [];
  return {
    favorites: favorites.map((product) => toProductCard(product, locale, currency)),
    featured: featured.map((product) => toProductCard(product, locale, currency)),
    messages: routeMessages(locale, handle),
  };
}

/**
 * POST /favorites, intent=toggle: marks or unmarks a product for the user (or the visitor's cart
 * session, created here when needed). Plain posts redirect back with a flash toast; fetchers
 * (`_fetcher`) get the toast and the new state in their data.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const [form, { locale, userId }] = await Promise.all([readFormData(request), requestContext({ request, context })]);
  const viaFetcher = form.get("_fetcher") === "1";
  const redirectTo = safeRedirect(form.get("redirectTo"), "/favorites");
  const headers = new Headers();
  let status = 200;
  let toast: Toast;
  let active: boolean | undefined;
  if (form.get("intent") !== "toggle") {
    status = 400;
    toast = { kind: "error", title: "favorites.toast.errorTitle", description: "favorites.toast.invalidRequest" };
  } else {
    const { owner, setCookie } = cartOwnerForWrite(userId, request);
    try {
      const result = await toggleFavorite(owner, String(form.get("productId") ?? ""));
      if (result.ok) {
        if (setCookie) headers.append("Set-Cookie", setCookie);
        active = result.active;
        const vars = { name: localizedName(result.product, locale) };
        toast = result.active
          ? { kind: "success", title: "favorites.toast.added", description: "favorites.toast.addedText", vars }
          : { kind: "success", title: "favorites.toast.removed", description: "favorites.toast.removedText", vars };
      } else {
        status = 404;
        toast = { kind: "error", title: "favorites.toast.errorTitle", description: "favorites.toast.notFound" };
      }
    } catch (cause) {
      logActionFailure("favourite toggle failed", cause);
      status = 500;
      toast = { kind: "error", title: "favorites.toast.errorTitle", description: "favorites.toast.failed" };
    }
  }
  if (viaFetcher) return data({ ok: status < 300, active, toast: translateToast(toast, locale) }, { status, headers });
  headers.append("Set-Cookie", await flashToast(request, toast));
  return redirect(redirectTo, { status: 303, headers });
}

export default function Favorites() {
  const { favorites, featured } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("favorites.title")}</h1>
      {favorites.length > 0 ? (
        <div className="mt-6" data-testid="favorites-list">
          <h2 className="sr-only">{t("favorites.listHeading")}</h2>
          <ProductGrid products={favorites} favoriteIds={favorites.map((product) => product.id)} eagerCount={2} />
          <VatNote className="mt-4" />
        </div>
      ) : (
        <>
          <div className="card mt-6 p-8 text-center" data-testid="favorites-empty">
            <p className="text-lg font-semibold">{t("favorites.empty.title")}</p>
            <p className="mt-1 text-slate-600">{t("favorites.empty.text")}</p>
            <Link to="/products" className="btn-primary mt-4">
              {t("favorites.browse")}
            </Link>
          </div>
          {featured.length > 0 ? (
            <section className="mt-10" aria-labelledby="featured-heading" data-testid="favorites-featured">
              <h2 id="featured-heading" className="mb-4 text-xl font-bold">
                {t("favorites.featured")}
              </h2>
              <ProductGrid products={featured} favoriteIds={[]} />
              <VatNote className="mt-4" />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
