import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useFetcher, useFetchers, useLoaderData } from "@remix-run/react";
import { requestContext } from "~/services/request-context.server";
import { cartOwnerForWrite } from "~/services/cart-session.server";
import {
  addToCart,
  clearCart,
  getCart,
  removeFromCart,
  setCartQuantity,
  type CartChange,
  type CartLineView,
} from "~/models/cart.server";
import { localizedName } from "~/models/product.server";
import { safeRedirect } from "~/utils/redirect";
import { flashToast, type Toast } from "~/utils/session.server";
import { pageMeta } from "~/utils/seo";
import { useT } from "~/i18n/use-t";
import { Money, VatNote } from "~/components/price";
import { VatRows } from "~/components/vat-lines";
import { vatByRate, vatRateFor } from "~/utils/vat";
import { CheckIcon, MinusIcon, PlusIcon, TrashIcon } from "~/components/icons";
import { useFetcherToast, useHydrated } from "~/components/client-toast";
import { readFormData } from "~/utils/form-data.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { StatusButton } from "~/components/status-button";
import { cartQuantitySchema, type CartQuantityInput } from "~/components/cart/cart-quantity.schema";
import { MAX_LINE_QUANTITY } from "~/models/cart-limits";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { routeMessages, translateToast } from "~/i18n/catalogues.server";
import { type I18nHandle } from "~/i18n/namespaces";
import { logActionFailure } from "~/services/action-failure.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("cart.meta.title"), description: t("cart.meta.description"), noindex: true }));

export const handle = { i18n: ["cart", "pricing", "catalogue", "product"] } satisfies I18nHandle;

export async function loader(args: LoaderFunctionArgs) {
  const { locale, currency, country, cartOwner } = await requestContext(args);
  // The VAT shown is that of the shopper's country (the order takes the delivery country's).
  return { cart: await getCart(cartOwner, locale, currency), vatRate: vatRateFor(country), messages: routeMessages(locale, handle) };
}

type Outcome = { status: number; toast: Toast };

/** "3", " 12 ", "-1": a whole number; "abc", "1e9", "1.5", "" and absurdly long input are not. */
function parseQuantity(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || !/^\s*-?\d{1,6}\s*$/.test(value)) return null;
  return Number.parseInt(value, 10);
}

const error = (status: number, description: string, vars?: Toast["vars"]): Outcome => ({
  status,
  toast: { kind: "error", title: "cart.toast.errorTitle", description, vars },
});

/**
 * Every cart change: POST /cart with intent add | update | remove | clear (any page may post here).
 * A plain form post is answered with a redirect back and a flash toast; a fetcher (JavaScript on,
 * marked by the `_fetcher` field) gets the toast in its data and the right status, and the root
 * loader revalidates the header badge. Quantities and prices are never taken from the form.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const [form, { locale, userId, cartOwner }] = await Promise.all([readFormData(request), requestContext({ request, context })]);
  const viaFetcher = form.get("_fetcher") === "1";
  const redirectTo = safeRedirect(form.get("redirectTo"), "/cart");
  const intent = form.get("intent");
  const productId = String(form.get("productId") ?? "");
  const headers = new Headers();

  const describe = (change: Extract<CartChange, { ok: false }>, fallback: string): Outcome => {
    const name = change.product ? localizedName(change.product, locale) : "";
    if (change.reason === "not_found") return error(404, "cart.toast.notFound");
    if (change.reason === "sold_out") return error(409, "cart.toast.soldOut", { name });
    if (change.reason === "stock_limit") return error(409, "cart.toast.stockLimit", { name, stock: change.product?.stock ?? 0 });
    return error(404, fallback);
  };

  let outcome: Outcome;
  try {
    if (intent === "add") {
      const source = form.get("source") === "detail" ? "detail" : form.get("source") === "offer" ? "offer" : "card";
      const quantity = parseQuantity(form.get("quantity") ?? "1");
      if (quantity === null || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
        outcome = error(400, "cart.toast.invalidQuantity", { max: MAX_LINE_QUANTITY });
      } else {
        const { owner, setCookie } = cartOwnerForWrite(userId, request);
        const change = await addToCart(owner, productId, quantity);
        if (change.ok) {
          if (setCookie) headers.append("Set-Cookie", setCookie);
          const name = localizedName(change.product, locale);
          outcome = change.limited
            ? { status: 200, toast: { kind: "info", title: "cart.toast.limitedTitle", description: "cart.toast.limited", vars: { name, stock: change.product.stock, quantity: change.quantity } } }
            : { status: 200, toast: { kind: "success", title: `cart.toast.added.${source}`, description: `cart.toast.addedText.${source}`, vars: { name } } };
        } else {
          outcome = describe(change, source === "offer" ? "cart.toast.offerAddFailed" : "cart.toast.addFailed");
        }
      }
    } else if (intent === "update") {
      // The line's quantity form: the same schema the page validates with before posting.
      const submission = parseWithZod(form, { schema: cartQuantitySchema });
      const owner = cartOwner;
      if (submission.status !== "success") {
        outcome = error(400, "cart.toast.updateFailed");
      } else if (!owner) {
        outcome = error(404, "cart.toast.updateFailed");
      } else {
        const change = await setCartQuantity(owner, productId, submission.value.quantity);
        if (change.ok) {
          const name = localizedName(change.product, locale);
          outcome =
            change.quantity === 0
              ? { status: 200, toast: { kind: "success", title: "cart.toast.removed", description: "cart.toast.removedText", vars: { name } } }
              : change.limited
                ? { status: 200, toast: { kind: "info", title: "cart.toast.limitedTitle", description: "cart.toast.limited", vars: { name, stock: change.product.stock, quantity: change.quantity } } }
                : { status: 200, toast: { kind: "success", title: "cart.toast.updated", description: "cart.toast.updatedText", vars: { name, quantity: change.quantity } } };
        } else {
          outcome = change.reason === "sold_out" ? describe(change, "") : error(change.reason === "not_found" ? 404 : 409, "cart.toast.updateFailed");
        }
      }
    } else if (intent === "remove") {
      const owner = cartOwner;
      const change = owner ? await removeFromCart(owner, productId) : ({ ok: false, reason: "not_in_cart" } as const);
      outcome = change.ok
        ? { status: 200, toast: { kind: "success", title: "cart.toast.removed", description: "cart.toast.removedText", vars: { name: localizedName(change.product, locale) } } }
        : error(404, "cart.toast.removeFailed");
    } else if (intent === "clear") {
      const owner = cartOwner;
      const removed = owner ? await clearCart(owner) : 0;
      outcome = { status: 200, toast: { kind: "success", title: "cart.toast.cleared", description: "cart.toast.clearedText", vars: { count: removed } } };
    } else {
      outcome = error(400, "cart.toast.invalidRequest");
    }
  } catch (cause) {
    logActionFailure("cart action failed", cause);
    const description =
      intent === "update" ? "cart.toast.updateFailed" : intent === "remove" ? "cart.toast.removeFailed" : form.get("source") === "offer" ? "cart.toast.offerAddFailed" : "cart.toast.addFailed";
    outcome = error(500, description);
  }

  if (viaFetcher) {
    return data({ ok: outcome.status < 300, toast: translateToast(outcome.toast, locale) }, { status: outcome.status, headers });
  }
  headers.append("Set-Cookie", await flashToast(request, outcome.toast));
  return redirect(redirectTo, { status: 303, headers });
}

/** What a line shows while its own form is on the way (JavaScript on). */
function usePendingQuantity(line: CartLineView): number {
  const fetcher = useFetchers().find((f) => f.key === `cart-line-${line.productId}` && f.formData);
  const form = fetcher?.formData;
  if (!form) return line.quantity;
  if (form.get("intent") === "remove") return 0;
  const quantity = Number(form.get("quantity"));
  return form.get("intent") === "update" && Number.isInteger(quantity) ? Math.max(0, Math.min(quantity, line.stock)) : line.quantity;
}

function HiddenFields({ line, intent }: { line: CartLineView; intent: "update" | "remove" }) {
  const hydrated = useHydrated();
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="previousQuantity" value={line.quantity} />
      <input type="hidden" name="redirectTo" value="/cart" />
      {hydrated ? <input type="hidden" name="_fetcher" value="1" /> : null}
    </>
  );
}

/**
 * A line's quantity form: Conform with the action's own schema, so a wrong number is named at the
 * field before anything is posted (JavaScript on); without JavaScript the native min/max/required
 * guard and the action answers with a toast. Keyed by the quantity shown, so it starts afresh.
 */
function QuantityForm({ line, quantity, busy }: { line: CartLineView; quantity: number; busy: boolean }) {
  const { t } = useT();
  const fetcher = useFetcher<typeof action>({ key: `cart-line-${line.productId}` });
  const [form, fields] = useForm<CartQuantityInput>({
    id: `quantity-${line.productId}-form`,
    defaultValue: { quantity },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cartQuantitySchema }),
  });
  const error = fields.quantity.errors?.[0];
  return (
    <fetcher.Form method="post" action="/cart" className="flex flex-wrap items-center gap-1" {...getFormProps(form)}>
      <HiddenFields line={line} intent="update" />
      <div>
        <label htmlFor={fields.quantity.id} className="sr-only">
          {t("cart.quantityOf", { name: line.name })}
        </label>
        <input
          {...getInputProps(fields.quantity, { type: "number" })}
          key={fields.quantity.key}
          min={0}
          max={line.stock}
          required
          inputMode="numeric"
          className="input h-9 w-14 !px-1 text-center"
          data-testid="quantity-input"
        />
      </div>
      <StatusButton className="btn-secondary h-9 w-9 !p-0" disabled={busy} title={t("cart.updateQuantity")}>
        <CheckIcon className="h-4 w-4" />
        <span className="sr-only">{t("cart.updateQuantity")}</span>
      </StatusButton>
      {error ? (
        <p id={fields.quantity.errorId} className="w-full text-xs text-red-700" data-testid="quantity-error">
          {t(error, { max: MAX_LINE_QUANTITY })}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function CartLine({ line, currency }: { line: CartLineView; currency: "EUR" | "CHF" }) {
  const { t } = useT();
  const fetcher = useFetcher<typeof action>({ key: `cart-line-${line.productId}` });
  const quantity = usePendingQuantity(line);
  if (quantity === 0) return null;
  const busy = fetcher.state !== "idle";
  return (
    <li className="card flex gap-3 p-3 sm:gap-4 sm:p-4" data-testid="cart-line" data-product-id={line.productId}>
      <img src={line.image} alt="" width={96} height={96} loading="lazy" className="h-16 w-16 shrink-0 rounded-lg bg-slate-100 object-cover sm:h-24 sm:w-24" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="font-semibold">
              <Link to={`/products/${line.productId}`} className="hover:underline">
                {line.name}
              </Link>
            </h2>
            <p className="line-clamp-2 text-sm text-slate-600">{line.description}</p>
          </div>
          <fetcher.Form method="post" action="/cart">
            <HiddenFields line={line} intent="remove" />
            <StatusButton className="-m-1 rounded-md p-2 text-red-700 hover:bg-red-50" aria-label={t("cart.remove", { name: line.name })} disabled={busy}>
              <TrashIcon className="h-5 w-5" />
            </StatusButton>
          </fetcher.Form>
        </div>
        {/* The stepper: − [n] ✓ + (✓ applies a typed number; it is what submits it without JavaScript). */}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-1">
            <fetcher.Form method="post" action="/cart">
              <HiddenFields line={line} intent="update" />
              <input type="hidden" name="quantity" value={quantity - 1} />
              <StatusButton className="btn-secondary h-9 w-9 !p-0" disabled={quantity <= 1 || busy} aria-label={t("cart.decrease", { name: line.name })}>
                <MinusIcon className="h-4 w-4" />
              </StatusButton>
            </fetcher.Form>
            <QuantityForm key={quantity} line={line} quantity={quantity} busy={busy} />
            <fetcher.Form method="post" action="/cart">
              <HiddenFields line={line} intent="update" />
              <input type="hidden" name="quantity" value={quantity + 1} />
              <StatusButton className="btn-secondary h-9 w-9 !p-0" disabled={quantity >= line.stock || busy} aria-label={t("cart.increase", { name: line.name })}>
                <PlusIcon className="h-4 w-4" />
              </StatusButton>
            </fetcher.Form>
          </div>
          <dl className="text-end text-sm">
            <div className="flex justify-end gap-2">
              <dt className="text-slate-600">{t("cart.unitPrice")}</dt>
              <dd><Money cents={line.unitPrice} currency={currency} /></dd>
            </div>
            <div className="flex justify-end gap-2 font-bold">
              <dt>{t("cart.lineTotal")}</dt>
              <dd data-testid="line-total"><Money cents={line.unitPrice * quantity} currency={currency} /></dd>
            </div>
          </dl>
        </div>
        {line.stock < 5 ? <p className="text-xs text-amber-800">{t("cart.stockLeft", { count: line.stock })}</p> : null}
      </div>
    </li>
  );
}

function UnavailableLines({ lines }: { lines: CartLineView[] }) {
  const { t } = useT();
  return (
    <ul className="mt-4 flex flex-col gap-2">
      {lines.map((line) => (
        <UnavailableLine key={line.productId} line={line} label={t("cart.remove", { name: line.name })} />
      ))}
    </ul>
  );
}

function UnavailableLine({ line, label }: { line: CartLineView; label: string }) {
  const { t } = useT();
  const fetcher = useFetcher<typeof action>({ key: `cart-line-${line.productId}` });
  if (fetcher.formData?.get("intent") === "remove") return null;
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg bg-white p-3" data-testid="unavailable-line">
      <span>
        <span className="font-medium">{line.name}</span>{" "}
        <span className="text-sm text-slate-600">
          × {line.quantity} · {t("cart.noLongerAvailable")}
        </span>
      </span>
      <fetcher.Form method="post" action="/cart">
        <HiddenFields line={line} intent="remove" />
        <StatusButton className="btn-secondary" aria-label={label}>
          <TrashIcon className="h-4 w-4" />
          {t("cart.delete")}
        </StatusButton>
      </fetcher.Form>
    </li>
  );
}

function ClearCartForm() {
  const { t } = useT();
  const fetcher = useFetcher<typeof action>({ key: "cart-clear" });
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

/**
 * Shows the answer's toast of one cart form. Rendered by the page for every line, whatever the lines
 * show, so a toast still appears when its line (or the whole list) has already gone from view.
 */
function FetcherToast({ fetcherKey }: { fetcherKey: string }) {
  const fetcher = useFetcher<typeof action>({ key: fetcherKey });
  useFetcherToast(fetcher.data);
  return null;
}

export default function CartPage() {
  const { cart, vatRate } = useLoaderData<typeof loader>();
  const { t } = useT();
  const fetchers = useFetchers();
  // Totals follow the quantities the lines show while their forms are on the way.
  const pending = new Map<string, number>();
  for (const f of fetchers) {
    if (!f.key.startsWith("cart-line-") || !f.formData) continue;
    const quantity = f.formData.get("intent") === "remove" ? 0 : Number(f.formData.get("quantity"));
    if (Number.isInteger(quantity)) pending.set(f.key.slice("cart-line-".length), Math.max(0, quantity));
  }
  const clearing = fetchers.some((f) => f.key === "cart-clear" && f.formData);
  if (clearing) for (const line of cart.lines) pending.set(line.productId, 0);
  const shown = cart.lines.map((line) => {
    const quantity = Math.min(pending.get(line.productId) ?? line.quantity, line.stock);
    return { ...line, quantity };
  });
  const pieces = shown.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = shown.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);

  const toasts = (
    <>
      {[...cart.lines, ...cart.unavailable].map((line) => (
        <FetcherToast key={line.productId} fetcherKey={`cart-line-${line.productId}`} />
      ))}
      <FetcherToast fetcherKey="cart-clear" />
    </>
  );

  const continueLink = (
    <Link to="/products" className="btn-secondary">
      {t("cart.continueShopping")}
    </Link>
  );

  if (cart.itemCount === 0 || (cart.lines.length > 0 && pieces === 0 && cart.unavailable.length === 0)) {
    return (
      <div className="container-page py-16 text-center" data-testid="cart-empty">
        {toasts}
        <h1 className="text-2xl font-bold">{t("cart.empty.title")}</h1>
        <p className="mt-2 text-slate-600">{t("cart.empty.text")}</p>
        <div className="mt-6 flex justify-center">{continueLink}</div>
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
          <div className="mt-4 flex flex-wrap gap-3">{continueLink}</div>
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
        <aside className="card h-fit p-6 lg:sticky lg:top-24" aria-labelledby="cart-summary" data-testid="cart-summary">
          <h2 id="cart-summary" className="text-lg font-bold">
            {t("cart.summary.title")}
          </h2>
          <dl className="mt-4 flex flex-col gap-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt>{t("cart.summary.items")}</dt>
              <dd data-testid="summary-count">{pieces}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t("cart.summary.subtotal")}</dt>
              <dd><Money cents={subtotal} currency={cart.currency} /></dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t("cart.summary.shipping")}</dt>
              <dd className="font-semibold text-emerald-800">{t("cart.summary.free")}</dd>
            </div>
            <div className="mt-2 flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-bold">
              <dt>{t("cart.summary.total")}</dt>
              <dd data-testid="summary-total"><Money cents={subtotal} currency={cart.currency} /></dd>
            </div>
            <VatRows lines={vatByRate([{ total: subtotal, vatRate }])} currency={cart.currency} />
          </dl>
          <VatNote className="mt-2" />
          <div className="mt-6 flex flex-col gap-3">
            <Link to="/checkout" className="btn-primary">
              {t("cart.summary.checkout")}
            </Link>
            {continueLink}
          </div>
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  // The spec's load error: a title, a text and a reload button.
  return <GeneralErrorBoundary loadError={{ title: "common.pageErrors.cartLoad.title", message: "common.pageErrors.cartLoad.message" }} />;
}
