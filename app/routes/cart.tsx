import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requestContext } from "~/services/request-context.server";
import { addCartLine, cartAddSource, cartWriteFailed, clearCartLines, removeCartLine, unknownCartIntent, updateCartLine, type CartOutcome } from "~/services/cart-actions.server";
import { logActionFailure } from "~/services/action-failure.server";
import { getCart } from "~/models/cart.server";
import { safeRedirect } from "~/utils/redirect";
import { flashToast } from "~/utils/session.server";
import { pageMeta } from "~/utils/seo";
import { vatRateFor } from "~/utils/vat";
import { readFormData } from "~/utils/form-data.server";
import { routeMessages, translateToast } from "~/i18n/catalogues.server";
import { type I18nHandle } from "~/i18n/namespaces";
import { useT } from "~/i18n/use-t";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { CLEAR_CART_KEY, cartLineFetcherKey, type CartActionData } from "~/components/cart/cart-action-data";
import { CartLine, UnavailableLines } from "~/components/cart/cart-line";
import { CartSummary, ContinueShoppingLink, useCartTotals } from "~/components/cart/cart-summary";
import { ClearCartForm } from "~/components/cart/clear-cart-form";
import { FetcherToast } from "~/components/cart/fetcher-toast";

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("cart.meta.title"), description: t("cart.meta.description"), noindex: true }));

export const handle = { i18n: ["cart", "pricing", "catalogue", "product"] } satisfies I18nHandle;

export async function loader(args: LoaderFunctionArgs) {
  const { locale, currency, country, cartOwner } = await requestContext(args);
  // The VAT shown is that of the shopper's country (the order takes the delivery country's).
  return { cart: await getCart(cartOwner, locale, currency), vatRate: vatRateFor(country), messages: routeMessages(locale, handle) };
}

/**
 * Every cart change: POST /cart with intent add | update | remove | clear (any page may post here),
 * written by app/services/cart-actions.server.ts. A plain form post is answered with a redirect back
 * and a flash toast; a fetcher (JavaScript on, marked by the `_fetcher` field) gets the toast in its
 * data and the right status, and the root loader revalidates the header badge.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const [form, { locale, userId, cartOwner: owner }] = await Promise.all([readFormData(request), requestContext({ request, context })]);
  const intent = form.get("intent");
  const productId = String(form.get("productId") ?? "");
  const source = cartAddSource(form.get("source"));

  let outcome: CartOutcome;
  try {
    switch (intent) {
      case "add":
        outcome = await addCartLine({ userId, request, productId, quantity: form.get("quantity"), source, locale });
        break;
      case "update":
        outcome = await updateCartLine({ owner, productId, quantity: form.get("quantity"), locale });
        break;
      case "remove":
        outcome = await removeCartLine({ owner, productId, locale });
        break;
      case "clear":
        outcome = await clearCartLines(owner);
        break;
      default:
        outcome = unknownCartIntent();
    }
  } catch (cause) {
    logActionFailure("cart action failed", cause);
    outcome = cartWriteFailed(intent, source);
  }

  const headers = new Headers();
  if (outcome.setCookie) headers.append("Set-Cookie", outcome.setCookie);
  if (form.get("_fetcher") === "1") {
    const answer: CartActionData = { ok: outcome.status < 300, toast: translateToast(outcome.toast, locale) };
    return data(answer, { status: outcome.status, headers });
  }
  headers.append("Set-Cookie", await flashToast(request, outcome.toast));
  return redirect(safeRedirect(form.get("redirectTo"), "/cart"), { status: 303, headers });
}

export default function CartPage() {
  const { cart, vatRate } = useLoaderData<typeof loader>();
  const { t } = useT();
  const { pieces, subtotal } = useCartTotals(cart.lines);

  const toasts = (
    <>
      {[...cart.lines, ...cart.unavailable].map((line) => (
        <FetcherToast key={line.productId} fetcherKey={cartLineFetcherKey(line.productId)} />
      ))}
      <FetcherToast fetcherKey={CLEAR_CART_KEY} />
    </>
  );

  if (cart.itemCount === 0 || (cart.lines.length > 0 && pieces === 0 && cart.unavailable.length === 0)) {
    return (
      <div className="container-page py-16 text-center" data-testid="cart-empty">
        {toasts}
        <h1 className="text-2xl font-bold">{t("cart.empty.title")}</h1>
        <p className="mt-2 text-slate-600">{t("cart.empty.text")}</p>
        <div className="mt-6 flex justify-center"><ContinueShoppingLink /></div>
      </div>
    );
  }

  if (cart.lines.length === 0) {
    return (
      <div className="container-page py-12">
        {toasts}
        <h1 className="text-2xl font-bold">{t("cart.title")}</h1>
        <section className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-6" data-testid="cart-unavailable" role="status">
          <h2 className="text-lg font-bold text-amber-900">{t("cart.unavailable.title")}</h2>
          <p className="mt-1 text-amber-900">
            {t("cart.unavailable.counts", { items: cart.itemCount, available: cart.lines.length })}
          </p>
          <UnavailableLines lines={cart.unavailable} />
          <div className="mt-4 flex flex-wrap gap-3"><ContinueShoppingLink /></div>
        </section>
      </div>
    );
  }

  return (
    <div className="container-page py-8">
      {toasts}
      <h1 className="text-2xl font-bold sm:text-3xl">{t("cart.title")}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div>
          {cart.unavailable.length > 0 ? (
            <section className="mb-4 rounded-2xl border border-amber-300 bg-amber-50 p-4" data-testid="cart-unavailable">
              <h2 className="font-bold text-amber-900">{t("cart.unavailable.title")}</h2>
              <p className="text-sm text-amber-900">{t("cart.unavailable.counts", { items: cart.itemCount, available: cart.lines.length })}</p>
              <UnavailableLines lines={cart.unavailable} />
            </section>
          ) : null}
          <ul className="flex flex-col gap-4" aria-label={t("cart.linesLabel")}>
            {cart.lines.map((line) => (
              <CartLine key={line.productId} line={line} currency={cart.currency} />
            ))}
          </ul>
          <ClearCartForm />
        </div>
        <CartSummary pieces={pieces} subtotal={subtotal} currency={cart.currency} vatRate={vatRate} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  // The spec's load error: a title, a text and a reload button.
  return <GeneralErrorBoundary loadError={{ title: "common.pageErrors.cartLoad.title", message: "common.pageErrors.cartLoad.message" }} />;
}
