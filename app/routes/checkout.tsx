import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useState } from "react";
import { getLocale } from "~/i18n/i18n.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { getPreferences } from "~/utils/preferences.server";
import { getUser } from "~/auth/user.server";
import { cartOwnerFor, getCart, readCartSessionId } from "~/models/cart.server";
import { addressCountries, paymentMethods } from "~/models/checkout-options";
import {
  checkoutConstraintSchema,
  checkoutSchema,
  EmptyCartError,
  OutOfStockError,
  placeOrder,
} from "~/models/order.server";
import { requireSameOrigin } from "~/utils/csrf.server";
import { flashToast, type Toast } from "~/utils/session.server";
import { formatPrice } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import { useT } from "~/i18n/use-t";
import { Field, FieldErrors, SelectField } from "~/components/field";
import { ErrorState } from "~/components/error-state";
import { VatNote } from "~/components/price";
import { useFetcherToast, useHydrated } from "~/components/client-toast";
import { readFormData } from "~/utils/form-data.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("checkout.meta.title"), description: t("checkout.meta.description"), noindex: true }));

const emptyCartToast: Toast = { kind: "error", title: "checkout.toast.emptyCart", description: "checkout.toast.emptyCartText" };

async function toCartWithToast(request: Request, toast: Toast) {
  return redirect("/cart", { status: 303, headers: { "Set-Cookie": await flashToast(request, toast) } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [locale, preferences, user] = await Promise.all([getLocale(request), getPreferences(request), getUser(request)]);
  const cart = await getCart(cartOwnerFor(user?.id ?? null, request), locale, preferences.currency);
  if (cart.lines.length === 0) throw await toCartWithToast(request, emptyCartToast);
  const other = cart.currency === "EUR" ? "CHF" : "EUR";
  return {
    cart,
    // One order per rendered form, however often it is submitted.
    idempotencyKey: crypto.randomUUID(),
    // The spec's alternate-currency figure: the subtotal times 1.1, shown in the other currency.
    alternate: { currency: other, amount: Math.round((cart.subtotal * 11) / 10) },
    defaults: {
      firstName: user?.firstName ?? "",
      lastName: user?.lastName ?? "",
      email: user?.email ?? "",
      phone: user?.phone ?? "",
      shippingAddress: { street: "", city: "", postalCode: "", country: preferences.country },
      useSameAddress: true,
      billingAddress: { street: "", city: "", postalCode: "", country: "DE" },
    },
    emailLocked: Boolean(user),
    // Native constraints (required, minLength…) computed here, so no Zod goes to the browser.
    constraint: getZodConstraint(checkoutConstraintSchema),
  };
}

/**
 * Validates the form (always on the server), then places the order in one transaction and sends the
 * shopper to the confirmation page. Invalid input comes back with status 400, every message at its
 * field and every value kept; a line with too little stock names the product and writes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const [form, locale, preferences, user] = await Promise.all([
    readFormData(request),
    getLocale(request),
    getPreferences(request),
    getUser(request),
  ]);
  // A signed-in shopper orders with the account's e-mail, whatever the form says.
  if (user) form.set("email", user.email);
  const submission = parseWithZod(form, { schema: checkoutSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null }, { status: 400 });
  }
  const owner = cartOwnerFor(user?.id ?? null, request);
  if (!owner) throw await toCartWithToast(request, emptyCartToast);
  const t = getTranslator(locale);
  try {
    const { orderId } = await placeOrder({
      owner,
      userId: user?.id ?? null,
      sessionId: readCartSessionId(request),
      input: submission.value,
      currency: preferences.currency,
      locale,
    });
    const toast: Toast = { kind: "success", title: "checkout.toast.success", description: "checkout.toast.successText" };
    return redirect(`/order-confirmation/${orderId}`, { status: 303, headers: { "Set-Cookie": await flashToast(request, toast) } });
  } catch (error) {
    if (error instanceof EmptyCartError) throw await toCartWithToast(request, emptyCartToast);
    const failed: Toast = { kind: "error", title: "checkout.toast.failed", description: "checkout.toast.failedText" };
    if (error instanceof OutOfStockError) {
      const message = t("checkout.errors.outOfStock", { name: error.productName, available: error.available });
      return data({ result: submission.reply({ formErrors: [message] }), toast: { ...failed, description: message } }, { status: 409 });
    }
    console.error("order placement failed", error);
    return data(
      { result: submission.reply({ formErrors: [t("checkout.toast.failedText")] }), toast: failed },
      { status: 500 },
    );
  }
}

type AddressShape = { street: string; city: string; postalCode: string; country: string };
/** The form's shape for Conform's field names (the schema itself stays on the server). */
type CheckoutShape = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  shippingAddress: AddressShape;
  useSameAddress: boolean;
  billingAddress: AddressShape;
  paymentMethod: string;
  idempotencyKey: string;
};

export default function Checkout() {
  const { cart, idempotencyKey, alternate, defaults, emailLocked, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  useFetcherToast(hydrated ? actionData : undefined);
  const [form, fields] = useForm<CheckoutShape>({
    id: "checkout",
    lastResult: actionData?.result,
    defaultValue: defaults,
    constraint,
    shouldValidate: "onSubmit",
  });
  const shipping = fields.shippingAddress.getFieldset();
  const billing = fields.billingAddress.getFieldset();
  const [sameAddress, setSameAddress] = useState(fields.useSameAddress.initialValue === "on");
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" && Boolean(navigation.formAction?.startsWith("/checkout"));
  const countryOptions = addressCountries.map((code) => ({ value: code, label: t(`checkout.countries.${code}`) }));

  const addressFields = (set: typeof shipping, autoCompleteSection: "shipping" | "billing") => (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <Field meta={set.street} label={t("checkout.street")} autoComplete={`${autoCompleteSection} street-address`} className="sm:col-span-2" />
      <Field meta={set.postalCode} label={t("checkout.postalCode")} autoComplete={`${autoCompleteSection} postal-code`} />
      <Field meta={set.city} label={t("checkout.city")} autoComplete={`${autoCompleteSection} address-level2`} />
      <SelectField meta={set.country} label={t("checkout.country")} options={countryOptions} autoComplete={`${autoCompleteSection} country`} />
    </div>
  );

  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("checkout.title")}</h1>
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem]">
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div className="flex flex-col gap-6">
          {form.errors ? (
            <div id={form.errorId} role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900" data-testid="form-error">
              <p className="font-semibold">{t("checkout.toast.failed")}</p>
              {form.errors.map((message) => (
                <p key={message}>{t(message)}</p>
              ))}
            </div>
          ) : null}
          <fieldset className="card p-6">
            <legend className="px-1 text-lg font-bold">{t("checkout.customer")}</legend>
            <div className="mt-2 grid gap-x-4 sm:grid-cols-2">
              <Field meta={fields.firstName} label={t("checkout.firstName")} autoComplete="given-name" />
              <Field meta={fields.lastName} label={t("checkout.lastName")} autoComplete="family-name" />
              <Field
                meta={fields.email}
                type="email"
                label={t("checkout.email")}
                autoComplete="email"
                disabled={emailLocked}
                hint={emailLocked ? t("checkout.emailLocked") : undefined}
              />
              <Field meta={fields.phone} type="tel" label={t("checkout.phone")} autoComplete="tel" />
            </div>
          </fieldset>
          <fieldset className="card p-6">
            <legend className="px-1 text-lg font-bold">{t("checkout.shipping")}</legend>
            <div className="mt-2">{addressFields(shipping, "shipping")}</div>
            <div className="mt-2 flex items-center gap-2">
              <input
                {...getInputProps(fields.useSameAddress, { type: "checkbox" })}
                className="h-4 w-4"
                onChange={(event) => setSameAddress(event.currentTarget.checked)}
              />
              <label htmlFor={fields.useSameAddress.id}>{t("checkout.useSameAddress")}</label>
            </div>
          </fieldset>
          <fieldset className="card p-6" hidden={hydrated && sameAddress} data-testid="billing-address">
            <legend className="px-1 text-lg font-bold">{t("checkout.billing")}</legend>
            {hydrated ? null : <p className="mb-2 text-sm text-slate-600">{t("checkout.billingIgnored")}</p>}
            <div className="mt-2">{addressFields(billing, "billing")}</div>
          </fieldset>
          <fieldset className="card p-6" aria-describedby={fields.paymentMethod.errors ? fields.paymentMethod.errorId : undefined}>
            <legend className="px-1 text-lg font-bold">{t("checkout.payment.legend")}</legend>
            <div className="mt-2 flex flex-col gap-3">
              {paymentMethods.map((method) => (
                <label key={method} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600">
                  <input
                    {...getInputProps(fields.paymentMethod, { type: "radio", value: method })}
                    id={`${fields.paymentMethod.id}-${method}`}
                    className="mt-1 h-4 w-4"
                  />
                  <span>
                    <span className="block font-medium">{t(`checkout.payment.${method}`)}</span>
                    <span className="block text-sm text-slate-600">{t(`checkout.payment.${method}Text`)}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldErrors meta={fields.paymentMethod} />
          </fieldset>
        </div>
        <aside className="card h-fit p-6 lg:sticky lg:top-24" aria-labelledby="checkout-summary" data-testid="checkout-summary">
          <h2 id="checkout-summary" className="text-lg font-bold">
            {t("checkout.summary.title")}
          </h2>
          <ul className="mt-4 flex flex-col gap-3 text-sm">
            {cart.lines.map((line) => (
              <li key={line.productId} className="flex justify-between gap-3">
                <span>
                  {line.name} <span className="text-slate-600">× {line.quantity}</span>
                </span>
                <span className="shrink-0">{formatPrice(line.lineTotal, cart.currency)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm">
            <div className="flex justify-between gap-4">
              <dt>{t("checkout.summary.items")}</dt>
              <dd>{cart.quantity}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t("checkout.summary.subtotal")}</dt>
              <dd>{formatPrice(cart.subtotal, cart.currency)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t("checkout.summary.shipping")}</dt>
              <dd className="font-semibold text-emerald-800">{t("checkout.summary.free")}</dd>
            </div>
            <div className="mt-2 flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-bold">
              <dt>{t("checkout.summary.total")}</dt>
              <dd data-testid="checkout-total">{formatPrice(cart.total, cart.currency)}</dd>
            </div>
          </dl>
          <p className="mt-1 text-end text-xs text-slate-600" data-testid="alternate-currency">
            {t("checkout.summary.alternate", {
              currency: alternate.currency,
              amount: formatPrice(alternate.amount, alternate.currency as "EUR" | "CHF"),
            })}
          </p>
          <VatNote className="mt-2" />
          <button type="submit" className="btn-primary mt-6 w-full py-3 text-base" disabled={submitting}>
            {submitting ? t("checkout.submitting") : t("checkout.submit")}
          </button>
          <p className="mt-3 text-xs text-slate-600">
            {t("checkout.legalIntro")}{" "}
            <Link to="/terms" className="underline">
              {t("checkout.legalTerms")}
            </Link>
            {" · "}
            <Link to="/privacy" className="underline">
              {t("checkout.legalPrivacy")}
            </Link>
            {" · "}
            <Link to="/returns" className="underline">
              {t("checkout.legalReturns")}
            </Link>
          </p>
        </aside>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorState status={isRouteErrorResponse(error) ? error.status : 500} />;
}
